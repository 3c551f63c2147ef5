import UIKit

/// Where the app's own links lead: the widget's, and those other apps open with the notes: scheme.
final class Router {
    func open(_ url: URL) {
        guard url.scheme == "notes" else { return }
        switch url.host {
        case "note":
            openNote(url.lastPathComponent)
        case "new":
            // A new note goes to the inbox unless the link names a folder: not a query item it needs.
            let folder = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "folder" }?.value ?? "inbox"
            compose(in: folder)
        case "search":
            guard let text = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "q" })?.value
            else { return }
            search(text)
        default:
            break
        }
    }

    func openNote(_ noteID: String) {}
    func compose(in folder: String) {}
    func search(_ text: String) {}
}

let router = Router()
