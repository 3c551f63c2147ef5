import WidgetKit
import SwiftUI

@main
struct TapasWidget: Widget {
    var body: some WidgetConfiguration { StaticConfiguration(kind: WidgetKind.name, provider: Provider()) { _ in Text("Tapas") } }
}
