import SwiftUI
import WidgetKit

struct NoteEntry: TimelineEntry {
    let date: Date
    let noteID: String
    let title: String
}

/// The medium widget: a tap on it opens the note, its button composes a new one.
struct NoteWidgetView: View {
    let entry: NoteEntry

    var body: some View {
        HStack {
            Text(entry.title)
                .widgetURL(URL(string: "notes://note/\(entry.noteID)"))
            Link(destination: URL(string: "notes://compose")!) {
                Image(systemName: "square.and.pencil")
            }
        }
        .widgetURL(URL(string: "notes://new"))
    }
}
