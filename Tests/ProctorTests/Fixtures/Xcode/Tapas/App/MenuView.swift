import SwiftUI

struct MenuView: View {
    var body: some View { Text("Menu") }
}
