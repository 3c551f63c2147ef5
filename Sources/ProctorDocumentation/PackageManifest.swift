/// The targets of Package.swift, read from its text: their names, kinds, dependencies and
/// exclusions, and the products that name them. What the module table of docs/architecture.md is
/// generated from, and what the test that every import is declared reads.
///
/// Read from the text rather than from `swift package dump-package`: that compiles the manifest
/// (about 2 s) and waits for the lock of the build directory, which `swift test` holds. The reader
/// takes the subset of Swift the manifest is written in (calls with labelled arguments, arrays,
/// string literals, comments) and fails, rather than guesses, on anything else it needs.
package struct PackageManifest: Equatable, Sendable {
    package struct Target: Equatable, Sendable {
        /// How the target is declared: `target`, `executableTarget`, `testTarget`,
        /// `systemLibrary`, `plugin`, ...
        package var kind: String
        package var name: String
        /// The targets of this package it depends on, in the order written.
        package var targets: [String]
        /// The products of other packages it depends on, in the order written.
        package var products: [Product]
        /// `path:` when written.
        package var path: String?
        /// `exclude:`, relative to the target's folder.
        package var exclude: [String]
        /// `pkgConfig:` of a system library.
        package var pkgConfig: String?

        /// The folder of its sources, relative to the package.
        package var folder: String { path ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)") }
    }

    package struct Product: Equatable, Hashable, Sendable {
        package var name: String
        package var package: String
    }

    /// Every target, in the order the manifest declares them.
    package var targets: [Target]
    /// The package's own products: kind (`library`, `executable`, `plugin`), name and targets.
    package var products: [(kind: String, name: String, targets: [String])]

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.targets == rhs.targets && lhs.products.map { [$0.kind, $0.name] + $0.targets } == rhs.products.map { [$0.kind, $0.name] + $0.targets }
    }

    package struct Unreadable: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    package func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// Reads the text of a Package.swift.
    package static func read(_ text: String) throws(Unreadable) -> PackageManifest {
        var parser = Parser(tokens: try tokenize(text))
        guard
            let start = parser.tokens.indices.first(where: {
                parser.tokens[$0] == .word("Package") && parser.tokens[safe: $0 + 1] == .punctuation("(")
            })
        else { throw Unreadable(description: "Package.swift has no Package(...)") }
        parser.position = start
        guard case .call(_, let arguments) = try parser.value() else { throw Unreadable(description: "Package(...) is not a call") }
        var manifest = PackageManifest(targets: [], products: [])
        for product in arguments.array("products") {
            guard case .call(let kind, let fields) = product, let name = fields.string("name") else { continue }
            manifest.products.append((kind, name, fields.array("targets").compactMap(\.string)))
        }
        for declaration in arguments.array("targets") {
            guard case .call(let kind, let fields) = declaration, let name = fields.string("name") else {
                throw Unreadable(description: "an element of targets: is not a call with a name: \(declaration)")
            }
            var target = Target(
                kind: kind, name: name, targets: [], products: [], path: fields.string("path"),
                exclude: fields.array("exclude").compactMap(\.string), pkgConfig: fields.string("pkgConfig"))
            for dependency in fields.array("dependencies") {
                switch dependency {
                case .string(let name): target.targets.append(name)
                case .call("target", let fields), .call("byName", let fields):
                    guard let name = fields.string("name") else { throw Unreadable(description: "a dependency of \(name) has no name") }
                    target.targets.append(name)
                case .call("product", let fields):
                    guard let product = fields.string("name"), let package = fields.string("package") else {
                        throw Unreadable(description: "a product dependency of \(name) has no name or package")
                    }
                    target.products.append(Product(name: product, package: package))
                default: throw Unreadable(description: "a dependency of \(name) is neither a name nor .product(...): \(dependency)")
                }
            }
            manifest.targets.append(target)
        }
        return manifest
    }

    // MARK: - Reading

    enum Token: Equatable {
        case word(String)
        case string(String)
        case punctuation(Character)
    }

    /// The tokens of `text` with its comments left out: words (identifiers, numbers), string
    /// literals (one line, `\` escapes kept as written) and single punctuation characters.
    static func tokenize(_ text: String) throws(Unreadable) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isWhitespace {
                index += 1
            } else if character == "/" && next == "/" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
            } else if character == "/" && next == "*" {
                index += 2
                while index + 1 < characters.count && !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 2
            } else if character == "\"" {
                if next == "\"" && index + 2 < characters.count && characters[index + 2] == "\"" {
                    throw Unreadable(description: "multi-line string literals are not read")
                }
                var literal = ""
                index += 1
                while index < characters.count && characters[index] != "\"" {
                    if characters[index] == "\n" { throw Unreadable(description: "a string literal is not closed on its line") }
                    if characters[index] == "\\" && index + 1 < characters.count {
                        literal.append(characters[index])
                        index += 1
                    }
                    literal.append(characters[index])
                    index += 1
                }
                index += 1
                tokens.append(.string(literal))
            } else if isWord(character) {
                var word = ""
                while index < characters.count && isWord(characters[index]) {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(.word(word))
            } else {
                tokens.append(.punctuation(character))
                index += 1
            }
        }
        return tokens
    }

    /// A value of the manifest: a call (`.target(...)`, `Package(...)`), an array, a string
    /// literal, or anything else, kept as its tokens' text.
    indirect enum Value: Equatable, CustomStringConvertible {
        case call(String, [Argument])
        case array([Value])
        case string(String)
        case other(String)

        var string: String? { if case .string(let text) = self { text } else { nil } }

        var description: String {
            switch self {
            case .call(let name, let arguments):
                ".\(name)(\(arguments.map { argument in (argument.label.map { label in "\(label): " } ?? "") + argument.value.description }.joined(separator: ", ")))"
            case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
            case .string(let text): "\"\(text)\""
            case .other(let text): text
            }
        }
    }

    struct Argument: Equatable {
        var label: String?
        var value: Value
    }

    struct Parser {
        var tokens: [Token]
        var position = 0

        mutating func expect(_ character: Character) throws(Unreadable) {
            guard tokens[safe: position] == .punctuation(character) else {
                throw Unreadable(description: "expected '\(character)' at token \(position) of Package.swift")
            }
            position += 1
        }

        /// Reads a value and stops before the `,`, `)` or `]` that ends it.
        mutating func value() throws(Unreadable) -> Value {
            switch tokens[safe: position] {
            case .string(let text):
                position += 1
                // A literal followed by more (an operator, a member) is not a plain string.
                if case .punctuation(let next) = tokens[safe: position], !",)]".contains(next) { return .other(try rest(from: "\"\(text)\"")) }
                return .string(text)
            case .punctuation("["):
                position += 1
                var values: [Value] = []
                while tokens[safe: position] != .punctuation("]") {
                    values.append(try value())
                    if tokens[safe: position] == .punctuation(",") { position += 1 }
                }
                position += 1
                return .array(values)
            case .punctuation("."):
                if case .word(let name) = tokens[safe: position + 1], tokens[safe: position + 2] == .punctuation("(") {
                    position += 2
                    return .call(name, try arguments())
                }
            case .word(let name):
                if tokens[safe: position + 1] == .punctuation("(") {
                    position += 1
                    return .call(name, try arguments())
                }
            case nil: throw Unreadable(description: "Package.swift ends inside a value")
            default: break
            }
            return .other(try rest(from: ""))
        }

        /// The tokens up to the end of the value, brackets balanced, as text.
        mutating func rest(from start: String) throws(Unreadable) -> String {
            var text = start
            var depth = 0
            while let token = tokens[safe: position] {
                if case .punctuation(let character) = token {
                    if depth == 0 && ",)]".contains(character) { break }
                    if "([{".contains(character) { depth += 1 }
                    if ")]}".contains(character) { depth -= 1 }
                }
                switch token {
                case .word(let word): text += word
                case .string(let literal): text += "\"\(literal)\""
                case .punctuation(let character): text.append(character)
                }
                position += 1
            }
            return text
        }

        /// `( label: value, value, ... )`, from the opening parenthesis.
        mutating func arguments() throws(Unreadable) -> [Argument] {
            try expect("(")
            var arguments: [Argument] = []
            while tokens[safe: position] != .punctuation(")") {
                guard tokens[safe: position] != nil else { throw Unreadable(description: "Package.swift ends inside a call") }
                var label: String?
                if case .word(let word) = tokens[safe: position], tokens[safe: position + 1] == .punctuation(":") {
                    label = word
                    position += 2
                }
                arguments.append(Argument(label: label, value: try value()))
                if tokens[safe: position] == .punctuation(",") { position += 1 }
            }
            position += 1
            return arguments
        }
    }
}

extension [PackageManifest.Argument] {
    fileprivate func value(_ label: String) -> PackageManifest.Value? { first { $0.label == label }?.value }
    fileprivate func string(_ label: String) -> String? { value(label)?.string }
    fileprivate func array(_ label: String) -> [PackageManifest.Value] {
        if case .array(let values) = value(label) { values } else { [] }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
