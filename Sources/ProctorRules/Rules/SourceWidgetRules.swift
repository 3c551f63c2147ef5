import ProctorEngine
import ProctorJSON

// Rules over an app's widget views as its Swift sources write them, judged by proctor scan
// (docs/scan.md). Whether each widget's URL is one a route of the app takes is the routes file's
// `widgetLinks`, checked against the app's URL routes. Their examples are Swift files.

/// A widget view and, beside it, a view controller that donates an activity (every example holds a
/// donation); `body` is the widget view's body.
private func widget(body: String) -> String {
    """
    import SwiftUI
    import UIKit
    import WidgetKit

    final class NoteViewController: UIViewController {
        func show() {
            let activity = NSUserActivity(activityType: "com.example.notes.edit")
            activity.title = "Edit note"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }
    }

    struct NoteEntry: TimelineEntry {
        let date: Date
        let noteID: String?
    }

    struct NoteWidgetView: View {
        let entry: NoteEntry

        var body: some View {
    \(body)
        }
    }
    """
}

/// One widgetURL per widget view hierarchy.
struct SourceWidgetURLSingleRule: Rule {
    static let description = RuleDescription(
        id: "source_widget_url_single",
        name: "One widgetURL Per Widget",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "A widget's view hierarchy must have one widgetURL modifier: two in one view's declaration that apply together (not in different clauses of an if, a switch or ?:) leave the URL a tap opens undefined.",
        rationale: """
            widgetURL(_:) sets the URL the containing app opens when the user taps the widget, and \
            Apple's documentation of it says: "Widgets support one widgetURL modifier in their view \
            hierarchy. If multiple views have widgetURL modifiers, the behavior is undefined." A tap \
            may then open either screen, or the app's first one. Parts of a widget that open \
            different screens are Links (medium and large widgets), and the widget as a whole has \
            one widgetURL. The scan compares the modifiers written in one declaration (a view's \
            body, or a function or property that builds part of it): two in different clauses of \
            an if, a switch or a ?: never apply together, and one applied to a subview another \
            view's declaration builds is not seen, nor one repeated by a ForEach.
            """,
        sources: ["Apple, SwiftUI, View.widgetURL(_:) (\"Widgets support one widgetURL modifier in their view hierarchy\") [H]"],
        passing: [
            RuleExample(
                widget(
                    body: """
                                if let noteID = entry.noteID {
                                    Text(noteID).widgetURL(URL(string: "notes://note/\\(noteID)"))
                                } else {
                                    Text("No note").widgetURL(URL(string: "notes://new"))
                                }
                        """), named: "NoteWidget.swift"),
            RuleExample(
                widget(
                    body: """
                                VStack {
                                    Text(entry.noteID ?? "")
                                    Link(destination: URL(string: "notes://new")!) { Image(systemName: "plus") }
                                }
                                .widgetURL(URL(string: "notes://list"))
                        """), named: "NoteWidget.swift"),
        ],
        failing: [
            RuleExample(
                widget(
                    body: """
                                VStack {
                                    Text(entry.noteID ?? "").widgetURL(URL(string: "notes://note"))
                                    Image(systemName: "plus").widgetURL(URL(string: "notes://new"))
                                }
                        """), named: "NoteWidget.swift", at: ["/NoteWidgetView.body/widgetURL/1"])
        ])

    func check(_ urls: SourceWidgetURLs, in context: RuleContext) -> [Violation] {
        urls.repeated.map { repeated in
            Violation(
                "a second widgetURL in \(repeated.symbol), which applies together with the one at \(repeated.earlier): a widget supports one widgetURL in its view hierarchy, and with several the URL a tap opens is undefined; keep one for the whole widget and make the parts Links",
                at: repeated.pointer)
        }
    }
}

/// A scene delegate that opens `notes://new` on both paths, beside the widget: the app's only URL
/// route.
private let notesURLHandler = """

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            self.scene(scene, openURLContexts: connectionOptions.urlContexts)
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            guard let url = URLContexts.first?.url else { return }
            if url.scheme == "notes", url.host == "new" { router.newNote() }
        }
    }
    """

/// A widget's URL is one the app's URL handlers take.
struct SourceWidgetURLRoutedRule: Rule {
    static let description = RuleDescription(
        id: "source_widget_url_routed",
        name: "Widget Link Has A Route",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "A widget's constant URL (widgetURL or Link) must be one the app's URL handlers tell apart: a tap on it hands the URL to the app, and a URL no route takes opens the app without showing what the widget showed.",
        rationale: """
            WidgetKit hands a tapped widget's URL (its widgetURL, or the Link tapped) to the \
            containing app's onOpenURL, application(_:open:options:) or scene(_:openURLContexts:), \
            and Apple asks the app to navigate to the widget's content. The URL goes through no \
            CFBundleURLTypes or association file: the app's handler alone gives it a screen, and a \
            URL it does not tell apart opens the app on whatever it showed last. Judged when the \
            scan knows every URL the handlers take (none takes every URL, hands it to code not \
            read or compares a value computed at run time: --emit-routes lists those under \
            leftOut) and read the app's launch code (a URL handler or any launch handler), so a \
            scan of a widget's folder alone judges nothing. A URL computed at run time is not judged.
            """,
        sources: [
            "Apple, WidgetKit, Linking to specific app scenes from your widget or Live Activity (the system passes the URL to onOpenURL(perform:), application(_:open:options:) or application(_:open:)) [H]"
        ],
        passing: [
            RuleExample(
                widget(
                    body: """
                                VStack {
                                    Text(entry.noteID ?? "")
                                    Link(destination: URL(string: "notes://new")!) { Image(systemName: "plus") }
                                }
                        """) + notesURLHandler, named: "NoteWidget.swift"),
            RuleExample(
                widget(
                    body: """
                                Text(entry.noteID ?? "").widgetURL(URL(string: "notes://note/today"))
                        """), named: "NoteWidget.swift"),
        ],
        failing: [
            RuleExample(
                widget(
                    body: """
                                Text(entry.noteID ?? "").widgetURL(URL(string: "notes://note/today"))
                        """) + notesURLHandler, named: "NoteWidget.swift", at: ["/NoteWidgetView.body/widgetURL/notes:~1~1note~1today"])
        ])

    func check(_ urls: SourceWidgetURLs, in context: RuleContext) -> [Violation] {
        urls.unrouted.map { link in
            let routes =
                link.patterns.isEmpty
                ? "the app's code has no URL handler that tells URLs apart"
                : "the app's URL routes take \(link.patterns.prefix(4).joined(separator: ", "))\(link.patterns.count > 4 ? ", …" : "")"
            return Violation(
                "the \(link.kind) '\(link.url)' in \(link.symbol) is taken by no URL route: \(routes), so a tap opens the app without showing what the widget showed; tell it apart in onOpenURL, scene(_:openURLContexts:) or application(_:open:options:)",
                at: link.pointer)
        }
    }
}

/// A scene delegate whose `note` route reads the query item `id`, on both paths.
private let notesQueryHandler = """

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            self.scene(scene, openURLContexts: connectionOptions.urlContexts)
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            guard let url = URLContexts.first?.url, url.scheme == "notes" else { return }
            switch url.host {
            case "note":
                guard let id = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "id" })?.value
                else { return }
                router.showNote(id)
            case "new":
                let folder = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "folder" }?.value ?? "inbox"
                router.newNote(in: folder)
            default:
                break
            }
        }
    }
    """

/// A widget's URL carries the query items the route that takes it reads.
struct SourceWidgetURLQueryItemsRule: Rule {
    static let description = RuleDescription(
        id: "source_widget_url_query_items",
        name: "Widget Link Carries The Query Items Its Route Reads",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "A widget's constant URL (widgetURL or Link) should carry the query items the app's URL route that takes it cannot go on without (guard let id = queryItems?.first(where: { $0.name == \"id\" })?.value).",
        rationale: """
            WidgetKit hands a tapped widget's URL to the containing app's URL handler, which finds \
            the widget's content by what the URL carries. Apple says nothing of query items: the \
            assumption is the scan's, that a handler which cannot go on without one (a guard let \
            of it, an if let with no else, a !) needs it, as a handler reading a userInfo key \
            needs the key (source_handler_key_donated, a warning too). A URL the route takes \
            without it opens the \
            app on a screen with nothing to show. Judged on the terms of source_widget_url_routed \
            (every URL the handlers take is known), only when each route taking the URL reads the \
            item; a route reading items by a name computed at run time may need more than it says.
            """,
        sources: [
            "Apple, WidgetKit, Linking to specific app scenes from your widget or Live Activity (the system passes the URL to onOpenURL(perform:), application(_:open:options:) or application(_:open:)) [H]",
            "Apple, Foundation, URLComponents.queryItems [H]",
        ],
        passing: [
            RuleExample(
                widget(
                    body: """
                                VStack {
                                    Text(entry.noteID ?? "").widgetURL(URL(string: "notes://note?id=today"))
                                    Link(destination: URL(string: "notes://new")!) { Image(systemName: "plus") }
                                }
                        """) + notesQueryHandler, named: "NoteWidget.swift")
        ],
        failing: [
            RuleExample(
                widget(
                    body: """
                                Text(entry.noteID ?? "").widgetURL(URL(string: "notes://note?today"))
                        """) + notesQueryHandler, named: "NoteWidget.swift",
                at: ["/NoteWidgetView.body/widgetURL/notes:~1~1note?today/queryItems"])
        ])

    func check(_ urls: SourceWidgetURLs, in context: RuleContext) -> [Violation] {
        urls.missingQueryItems.map { link in
            let items = link.missing.map { "'\($0)'" }.joined(separator: ", ")
            let routes = link.routes.map { "'\($0)'" }.joined(separator: " and ")
            return Violation(
                "the \(link.kind) '\(link.url)' in \(link.symbol) is taken by the URL route \(routes), which reads the query item\(link.missing.count == 1 ? "" : "s") \(items) the URL does not carry, so a tap opens the app with nothing to show; add \(link.missing.map { "\($0)=…" }.joined(separator: "&")) to its query",
                at: link.pointer)
        }
    }
}
