import SwiftUI

@main
struct KitchenApp: App {
    var body: some Scene { WindowGroup { Text("Kitchen") } }
}
