import Foundation
import ProctorCore
import ProctorInputs
import ProctorVocabulary
import SwiftSyntax

/// `// proctor:ignore rule_id: reason` comments in Swift (docs/scan.md, "Suppressions"): a
/// finding of the rule on the comment's line, or on the line of code below a comment that has a
/// line of its own, is accepted with the reason, counted and shown as suppressed in every report.
/// Several rules share a reason with commas (`rule_a, rule_b: reason`). An ignore without a
/// reason is an error and suppresses nothing; one that covers nothing is a warning, as in payloads.
enum SourceSuppressions {
    static let marker = "proctor:ignore"

    /// The ignores written in `tree`, and the problems of those written wrong.
    static func read(_ tree: SourceFileSyntax, text: String, lines: SourceLines) -> (ignores: [PayloadSuppression], problems: [Diagnostic]) {
        var ignores: [PayloadSuppression] = []
        var problems: [Diagnostic] = []
        // Nearly every file has none: its tokens are not walked.
        guard ByteSearch.contains(marker, in: text) else { return (ignores, problems) }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            // A comment before the token is on a line of its own when a newline follows it:
            // it applies to the token's line. One after the token applies to the token's line too.
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia {
                if case .lineComment(let text) = piece {
                    read(text, at: lines.location(ofOffset: offset), applyingTo: lines.location(of: token).line ?? 0, into: &ignores, &problems)
                }
                offset += piece.sourceLength.utf8Length
            }
            offset = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                if case .lineComment(let text) = piece {
                    read(text, at: lines.location(ofOffset: offset), applyingTo: lines.location(of: token).line ?? 0, into: &ignores, &problems)
                }
                offset += piece.sourceLength.utf8Length
            }
        }
        return (ignores, problems)
    }

    private static func read(
        _ comment: String, at location: ProctorCore.SourceLocation, applyingTo line: Int, into ignores: inout [PayloadSuppression],
        _ problems: inout [Diagnostic]
    ) {
        let body = comment.dropFirst(2).trimmingCharacters(in: .whitespaces)
        guard body.hasPrefix(marker) else { return }
        let rest = body.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
        let parts = rest.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let rules = (parts.first ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let reason = parts.count > 1 ? parts[1] : ""
        guard !rules.isEmpty else {
            problems.append(
                Diagnostic(
                    code: DonationDecoder.suppressionWithoutReason, severity: .error,
                    message: "write the rule and the reason: // proctor:ignore title_length: marketing chose the long title", location: location))
            return
        }
        guard !reason.isEmpty else {
            problems.append(
                Diagnostic(
                    code: DonationDecoder.suppressionWithoutReason, severity: .error,
                    message:
                        "ignoring \(rules.map { "'\($0)'" }.joined(separator: ", ")) needs a reason after a colon, such as // proctor:ignore \(rules[0]): marketing chose the long title; without one the finding stands",
                    location: location))
            return
        }
        for rule in rules { ignores.append(PayloadSuppression(rule: rule, reason: reason, scope: "", line: line, location: location)) }
    }
}
