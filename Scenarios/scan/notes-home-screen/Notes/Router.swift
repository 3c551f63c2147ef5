import UIKit

/// Where the app's own links lead: the widget's, and those other apps open with the notes: scheme.
final class Router {
    func open(_ url: URL) {
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
    func compose() {}
    func search() {}
}

let router = Router()
