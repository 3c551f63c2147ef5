import ProctorEngine
import ProctorLinks

/// A whole association file as the rules see it: the decoded file and its size in bytes.
package struct SiteAssociationFile: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }
    /// The name Apple requires for the file, without an extension.
    package static let fileName = "apple-app-site-association"

    package var association: SiteAssociation
    package var byteCount: Int

    package init(association: SiteAssociation, byteCount: Int) {
        self.association = association
        self.byteCount = byteCount
    }
}
