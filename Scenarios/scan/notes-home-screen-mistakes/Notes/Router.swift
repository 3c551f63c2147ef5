import UIKit

/// Where the app's own links lead: the widget's, those other apps open with the notes: scheme, and
/// the share extension's notes-share: links.
final class Router {
    func open(_ url: URL) {
        if url.scheme == "notes-share" {
            importSharedNote(url)
            return
        }
        guard url.scheme == "notes" else { return }
        switch url.host {
        case "note":
            openNote(url.lastPathComponent)
        case "new":
            compose()
        default:
            break
        }
    }

    func openNote(_ noteID: String) {}
    func openFolder(_ folderID: String) {}
    func importSharedNote(_ url: URL) {}
    func compose() {}
    func search() {}
    func openFavorites() {}
    func openShared() {}
    func scanDocument() {}
}

let router = Router()
