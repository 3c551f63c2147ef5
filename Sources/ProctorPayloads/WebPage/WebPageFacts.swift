import ProctorCore

// What web pages contribute to the run: the URL a page states for itself and its markup about
// apps, for the rules that hold it against the app's association files and entitlements.

extension RunFacts {
    /// A web page's own URL and its markup about apps.
    package struct PageMention: Sendable {
        package var path: String
        /// The page's URL as it states it: `<link rel="canonical">`, else `og:url`.
        package var url: String
        /// Where that URL is written.
        package var urlLocation: SourceLocation
        /// The `<meta>` tags about apps: `apple-itunes-app`, `al:*` and `twitter:app:*`, key and content.
        package var appMarkup: [(key: String, content: String)]

        package init(path: String, url: String, urlLocation: SourceLocation, appMarkup: [(key: String, content: String)]) {
            self.path = path
            self.url = url
            self.urlLocation = urlLocation
            self.appMarkup = appMarkup
        }
    }

    /// The web pages that state their URL, in input order.
    package enum Pages: RunFactKey { package typealias Fact = PageMention }

    package var pages: [PageMention] { all(Pages.self) }
}
