/// Whether a pattern can match some text that begins a given way: what `proctor scan` asks to
/// tell whether a component of an association file and a route of the app's code (a path prefix)
/// can take a URL in common.
extension LinkPattern {
    /// Whether some text that starts with `prefix` matches the whole pattern: the pattern run
    /// over `prefix`, with every token able to go on past its end (the text after the prefix
    /// is free). A variable with no values never matches.
    package func matchesSome(startingWith prefix: String, caseSensitive: Bool) -> Bool {
        let characters = Array(caseSensitive ? prefix : prefix.lowercased())
        guard characters.count + tokens.count <= Self.maximumLength else { return false }
        var reached = [Bool](repeating: false, count: characters.count + 1)
        reached[0] = true
        return Self.runOpenEnded(tokens, from: reached, over: characters, caseSensitive: caseSensitive)[characters.count]
    }

    /// As the automaton of ``matches(_:caseSensitive:)``, with the end of the text a place every
    /// token may stay in (it stands for the characters that follow).
    private static func runOpenEnded(_ tokens: [Token], from start: [Bool], over text: [Character], caseSensitive: Bool) -> [Bool] {
        var reached = start
        let end = text.count
        for token in tokens {
            var next = [Bool](repeating: false, count: reached.count)
            switch token {
            case .character(let expected):
                let wanted = caseSensitive ? expected : Character(String(expected).lowercased())
                for index in 0..<end where reached[index] && text[index] == wanted { next[index + 1] = true }
                if reached[end] { next[end] = true }
            case .anyOne:
                for index in 0..<end where reached[index] { next[index + 1] = true }
                if reached[end] { next[end] = true }
            case .anyRun:
                if let first = reached.firstIndex(of: true) {
                    for index in first..<next.count { next[index] = true }
                }
            case .oneOf(let alternatives):
                for alternative in alternatives {
                    let ends = runOpenEnded(alternative, from: reached, over: text, caseSensitive: caseSensitive)
                    for index in ends.indices where ends[index] { next[index] = true }
                }
            }
            guard next.contains(true) else { return next }
            reached = next
        }
        return reached
    }
}
