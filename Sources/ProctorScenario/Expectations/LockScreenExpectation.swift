import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// The Wallet passes the lock screen shows now: exactly these, by description.
package struct LockScreenExpectation: Sendable {
    package var device: Int
    /// Exactly the passes shown, when given.
    package var passes: [ExpectedLockScreenPass]?
    /// The media suggestion shown, when given.
    package var media: ExpectedMediaSuggestion?
}

/// What the Lock Screen shows of a suggested media app: `shown` is `none`, `appSuggestion` (the
/// Handoff banner), `nowPlaying` or `mediaSuggestion` (Siri's suggestion of a donated
/// `INPlayMediaIntent`); the other fields, when given, describe the Now Playing item (and the
/// suggestion's title).
package struct ExpectedMediaSuggestion: Sendable {
    package static let keys = ["shown", "title", "subtitle", "artwork", "playing"]

    package enum Shown: String, CaseIterable, Sendable {
        case none, appSuggestion, nowPlaying, mediaSuggestion
    }

    package var shown: Shown
    package var title: String??
    package var subtitle: String??
    package var artwork: Bool?
    package var playing: Bool?
}

package struct ExpectedLockScreenPass: Sendable {
    /// The pass's `description`.
    package var description: String
    /// The relevant text shown, when given: `.some(nil)` expects none.
    package var text: String??
}

extension LockScreenExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "lockScreen"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .optional(
                "passes",
                [
                    "type": "array", "description": "Exactly the passes the lock screen shows now, by description.",
                    "items": ScenarioSchema.object(
                        ["description": ["type": "string"], "text": ScenarioSchema.ref("nullableString")], required: ["description"]),
                ]),
            .optional("media", mediaSchema),
        ]
    }

    static var constraints: [String: Any] { ["anyOf": [["required": ["passes"]], ["required": ["media"]]]] }

    /// The media suggestion expected (`ExpectedMediaSuggestion`, docs/media.md).
    static var mediaSchema: [String: Any] {
        var media = ScenarioSchema.object(
            [
                "shown": [
                    "enum": ExpectedMediaSuggestion.Shown.allCases.map(\.rawValue),
                    "description":
                        "none, the app in the Handoff banner (appSuggestion), the prepared item with a Play button (nowPlaying), or Siri's suggestion of a donated INPlayMediaIntent (mediaSuggestion).",
                ],
                "title": ScenarioSchema.ref("nullableString"), "subtitle": ScenarioSchema.ref("nullableString"),
                "artwork": ["type": "boolean"], "playing": ["type": "boolean"],
            ], required: ["shown"])
        media["description"] = "The media suggestion the Lock Screen shows (docs/media.md)."
        // What describes a Now Playing item needs one; a title also fits Siri's suggestion.
        let describing = { (keys: [String]) -> [String: Any] in ["not": ["anyOf": keys.map { ["required": [$0]] }]] }
        media["allOf"] = [
            [
                "if": ["properties": ["shown": ["enum": ["none", "appSuggestion"]]]],
                "then": describing(["title", "subtitle", "artwork", "playing"]),
            ],
            ["if": ["properties": ["shown": ["const": "mediaSuggestion"]]], "then": describing(["subtitle", "artwork", "playing"])],
        ]
        return media
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.lockScreenExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateLockScreen(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the \([passes.map { _ in "passes" }, media.map { "media suggestion (\($0.shown.rawValue))" }].compactMap { $0 }.joined(separator: " and ")) on the lock screen of '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func lockScreenExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> LockScreenExpectation? {
        guard let fields = reader.object(node, pointer, what: "a lock screen expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: LockScreenExpectation.keys, in: "a lock screen expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context)
        var passes: [ExpectedLockScreenPass]?
        if let member = fields["passes"], let elements = reader.array(member.value, pointer.appending("passes")) {
            passes = []
            for (index, element) in elements.enumerated() {
                let at = pointer.appending("passes").appending(index)
                guard let pass = reader.object(element, at, what: "a lock screen pass") else { continue }
                reader.checkKeys(pass, at, allowed: ["description", "text"], in: "a lock screen pass")
                guard let description = reader.required(pass, "description", element, at).flatMap({ reader.string($0, at.appending("description")) })
                else { continue }
                var expected = ExpectedLockScreenPass(description: description)
                if let text = pass["text"] { expected.text = reader.nullableString(text.value, at.appending("text")) }
                passes?.append(expected)
            }
        }
        let media = fields["media"].flatMap { mediaExpectation($0.value, pointer.appending("media")) }
        if fields["passes"] == nil && fields["media"] == nil && reader.errorCount == errorsBefore {
            reader.missing("'passes' or 'media'", node, pointer)
        }
        guard let device, reader.errorCount == errorsBefore else { return nil }
        return LockScreenExpectation(device: device, passes: passes, media: media)
    }

    mutating func mediaExpectation(_ node: JSONNode, _ pointer: JSONPointer) -> ExpectedMediaSuggestion? {
        guard let fields = reader.object(node, pointer, what: "a media suggestion") else { return nil }
        reader.checkKeys(fields, pointer, allowed: ExpectedMediaSuggestion.keys, in: "a media suggestion")
        guard
            let shown = reader.required(fields, "shown", node, pointer).flatMap({
                reader.choice($0, pointer.appending("shown"), ExpectedMediaSuggestion.Shown.self)
            })
        else { return nil }
        var expected = ExpectedMediaSuggestion(shown: shown)
        if let member = fields["title"] { expected.title = reader.nullableString(member.value, pointer.appending("title")) }
        if let member = fields["subtitle"] { expected.subtitle = reader.nullableString(member.value, pointer.appending("subtitle")) }
        expected.artwork = fields["artwork"].flatMap { reader.bool($0.value, pointer.appending("artwork")) }
        expected.playing = fields["playing"].flatMap { reader.bool($0.value, pointer.appending("playing")) }
        let described =
            shown == .nowPlaying ? [] : shown == .mediaSuggestion ? ["subtitle", "artwork", "playing"] : ["title", "subtitle", "artwork", "playing"]
        if let extra = described.first(where: { fields[$0] != nil }) {
            reader.report(
                ProblemCode.scenarioInvalidValue, "'\(extra)' describes a Now Playing item; it needs \"shown\": \"nowPlaying\"", fields[extra]!.value,
                pointer.appending(extra))
        }
        return expected
    }
}

extension ScenarioPlayer {
    mutating func evaluateLockScreen(_ expected: LockScreenExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        if let passes = expected.passes {
            let shown = model.wallet.lockScreen(on: expected.device, location: model.location.state(of: expected.device), now: model.now)
            let matches =
                shown.count == passes.count
                && zip(passes, shown).allSatisfy { want, have in
                    want.description == have.description && (want.text == nil || want.text! == have.text)
                }
            if !matches {
                problem = ExpectationMismatch(
                    "the lock screen of '\(deviceName(expected.device))' shows other passes",
                    expected: quoted(passes.map { $0.description + ($0.text.map { " (\($0 ?? "no text"))" } ?? "") }),
                    actual: shown.isEmpty ? "no passes" : quoted(shown.map { "\($0.description) (\($0.text ?? "no text"); \($0.reason))" }))
            }
        }
        if let media = expected.media {
            if problem == nil { problem = evaluateMedia(media, on: expected.device) }
            // A Play that played nothing is examined by an expectation that says so.
            if media.shown != .nowPlaying || media.playing == false {
                examineRefusals { $0.subject == AnyHashable(PlaybackRefusal(device: expected.device)) }
            }
        }
        return problem
    }
}

extension ScenarioPlayer {
    /// `expect.lockScreen`'s `media`: what the Lock Screen shows of the suggested media app.
    func evaluateMedia(_ expected: ExpectedMediaSuggestion, on device: Int) -> ExpectationMismatch? {
        let promotion = model.media.promotion(on: device)
        var wanted = [expected.shown.rawValue]
        var have = [promotion.shown.rawValue]
        func compare(_ label: String, _ want: String??, _ actual: String?) {
            guard let want, want != actual else { return }
            wanted.append("\(label) \(want.map { "'\($0)'" } ?? "none")")
            have.append("\(label) \(actual.map { "'\($0)'" } ?? "none")")
        }
        if case .mediaSuggestion(let title) = promotion { compare("title", expected.title, title) }
        if case .nowPlaying(let title, let subtitle, let artwork, let playing) = promotion {
            compare("title", expected.title, title)
            compare("subtitle", expected.subtitle, subtitle)
            if let want = expected.artwork, want != artwork {
                wanted.append(want ? "artwork" : "no artwork")
                have.append(artwork ? "artwork" : "no artwork")
            }
            if let want = expected.playing, want != playing {
                wanted.append(want ? "playing" : "paused")
                have.append(playing ? "playing" : "paused")
            }
        }
        guard wanted != have else { return nil }
        return ExpectationMismatch(
            "the Lock Screen of '\(deviceName(device))' shows another media suggestion: \(promotion.summary)",
            expected: wanted.joined(separator: "; "), actual: have.joined(separator: "; "))
    }
}
