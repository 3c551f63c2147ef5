/// Checks a property list's bytes before Foundation parses them, for the two things Foundation
/// reports badly or not at all: a damaged binary property list (Foundation falls back to its text
/// parsers and says "Unexpected character b at line 1"), and XML that declares entities.
///
/// Binary: the trailer, the offset table and every object reachable from the top are checked
/// against the format (`bplist00`, as written by CFBinaryPList), with references in range, no
/// object that contains itself, no set (not a property-list type, and one crashes Foundation on
/// Linux) and no nesting deeper than ``maximumDepth``, so that what reaches Foundation is well
/// formed and each problem is named with its byte offset.
///
/// XML: a document type with an internal subset (`<!DOCTYPE plist [ ... ]>`) or an `<!ENTITY`
/// declaration is refused; the same words inside a comment, a processing instruction or a CDATA
/// section declare nothing and are read. Proctor never loads a DTD, resolves an external entity or expands an entity
/// (the "billion laughs"); Apple's own Info.plists carry only the public DOCTYPE line.
enum PropertyListSafety {
    struct Problem: Equatable {
        var message: String
        /// The line, for XML; binary property lists have none (their messages give byte offsets).
        var line: Int?
    }

    /// Deeper nesting is refused: real Info.plists nest a handful of levels.
    static let maximumDepth = 512

    /// What is wrong with `bytes`, or nil when Foundation may parse them.
    static func problem(in bytes: [UInt8]) -> Problem? {
        if bytes.starts(with: Array("bplist".utf8)) {
            var check = BinaryCheck(bytes)
            return check.problem().map { Problem(message: $0) }
        }
        return xmlProblem(bytes)
    }

    // MARK: - XML

    /// Walks the markup from one `<` to the next, as an XML parser reads it: comments,
    /// processing instructions and CDATA sections are skipped whole, since whatever they hold
    /// (`<?foo <!ENTITY x "y"?>`, `<!-- <!ENTITY … -->`) declares nothing, and a tag is skipped
    /// to its `>` past its quoted attribute values. What is left is markup that declares: a
    /// `<!DOCTYPE` with an internal subset, or an `<!ENTITY`, either of which is refused.
    private static func xmlProblem(_ bytes: [UInt8]) -> Problem? {
        func starts(_ prefix: String, at index: Int) -> Bool { bytes[index...].starts(with: prefix.utf8) }
        /// The index just past the first `terminator` at or after `index`; the end of the text
        /// when there is none (an unterminated comment runs to the end: Foundation refuses it).
        func past(_ terminator: String, from index: Int) -> Int {
            let needle = Array(terminator.utf8)
            var index = index
            while index < bytes.count {
                if bytes[index] == needle[0] && bytes[index...].starts(with: needle) { return index + needle.count }
                index += 1
            }
            return bytes.count
        }
        /// Where the markup opened before `index` ends: just past its `>`, skipping quoted
        /// text, or at a `[` outside quotes (a DOCTYPE's internal subset) when `stopAtSubset`.
        func close(from index: Int, stopAtSubset: Bool = false) -> (end: Int, subset: Int?) {
            var index = index
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return (index + 1, nil)
                } else if byte == UInt8(ascii: "["), stopAtSubset {
                    return (bytes.count, index)
                }
                index += 1
            }
            return (bytes.count, nil)
        }
        /// The first `<!ENTITY` declared in the internal subset that opens at `subset`, read
        /// the same way as the document: its comments and processing instructions skipped.
        func firstEntity(inSubsetAt subset: Int) -> Int? {
            var index = subset + 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                if starts("<!ENTITY", at: index) { return index }
                if starts("<!--", at: index) {
                    index = past("-->", from: index + 4)
                } else if starts("<?", at: index) {
                    index = past("?>", from: index + 2)
                } else {
                    index = close(from: index + 1).end
                }
            }
            return nil
        }
        func entityProblem(at offset: Int) -> Problem {
            Problem(
                message: "the Info.plist declares an XML entity (<!ENTITY); Proctor never expands or loads entities, so the file is refused",
                line: line(at: offset, in: bytes))
        }
        var index = 0
        while index < bytes.count {
            guard let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
            if starts("<!--", at: open) {
                index = past("-->", from: open + 4)
            } else if starts("<?", at: open) {
                index = past("?>", from: open + 2)
            } else if starts("<![CDATA[", at: open) {
                index = past("]]>", from: open + 9)
            } else if starts("<!ENTITY", at: open) {
                return entityProblem(at: open)
            } else if starts("<!DOCTYPE", at: open) {
                // The DOCTYPE ends at the first '>' unless an internal subset ('[') opens first.
                let (end, subset) = close(from: open + 9, stopAtSubset: true)
                if let subset {
                    if let entity = firstEntity(inSubsetAt: subset) { return entityProblem(at: entity) }
                    return Problem(
                        message: "the Info.plist's DOCTYPE has an internal subset ('['); Proctor reads no DTD declarations, so the file is refused",
                        line: line(at: subset, in: bytes))
                }
                index = end
            } else {
                index = close(from: open + 1).end
            }
        }
        return nil
    }

    /// The 1-based line of byte `offset`.
    static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    // MARK: - Binary

    /// Why a binary property list is damaged.
    private struct Damage: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// One pass over a binary property list's structure.
    private struct BinaryCheck {
        let bytes: [UInt8]
        var offsetSize = 0
        var referenceSize = 0
        var objectCount = 0
        var tableOffset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// Reads `size` bytes at `offset` as a big-endian unsigned integer; nil past the end or
        /// over Int.max.
        func integer(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        mutating func problem() -> String? {
            let header = 8
            let trailerSize = 32
            guard bytes.starts(with: Array("bplist00".utf8)) else {
                return "the Info.plist is a binary property list of a version Proctor does not read (only bplist00)"
            }
            guard bytes.count >= header + trailerSize + 1 else {
                return "the binary property list is truncated: \(bytes.count) bytes cannot hold its 8-byte header, an object and its 32-byte trailer"
            }
            let trailer = bytes.count - trailerSize
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(referenceSize) else {
                return
                    "the binary property list's trailer (at byte \(trailer)) is damaged: offset size \(offsetSize) and reference size \(referenceSize) must each be 1, 2, 4 or 8; the file may be truncated"
            }
            guard let count = integer(at: trailer + 8, size: 8), let top = integer(at: trailer + 16, size: 8),
                let table = integer(at: trailer + 24, size: 8)
            else {
                return "the binary property list's trailer (at byte \(trailer)) holds a count or offset too large to be real"
            }
            objectCount = count
            tableOffset = table
            let (tableSize, overflow) = count.multipliedReportingOverflow(by: offsetSize)
            guard count >= 1, !overflow, table >= header, table <= trailer, tableSize <= trailer - table else {
                return
                    "the binary property list's offset table (\(count) entries of \(offsetSize) bytes at byte \(table)) does not fit between the header and the trailer at byte \(trailer); the file is truncated or damaged"
            }
            guard top < count else {
                return "the binary property list's top object is number \(top), but it holds \(count) objects"
            }
            return walk(from: top)
        }

        /// The offset of object `number`, checked to lie between the header and the offset table.
        func offset(of number: Int) -> Result<Int, Damage> {
            let entry = tableOffset + number * offsetSize
            guard let offset = integer(at: entry, size: offsetSize), offset >= 8, offset < tableOffset else {
                return .failure(
                    Damage(
                        "object \(number)'s offset (in the offset table at byte \(entry)) points outside the objects, which lie between bytes 8 and \(tableOffset)"
                    ))
            }
            return .success(offset)
        }

        /// A count from an object's marker, or from the integer object after it (marker nibble
        /// 0xF); returns the count and where the object's content starts.
        func count(at offset: Int) -> (count: Int, content: Int)? {
            let nibble = Int(bytes[offset] & 0x0F)
            guard nibble == 0x0F else { return (nibble, offset + 1) }
            guard offset + 1 < tableOffset, bytes[offset + 1] & 0xF0 == 0x10 else { return nil }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            guard size <= 8, offset + 2 + size <= tableOffset, let count = integer(at: offset + 2, size: size) else { return nil }
            return (count, offset + 2 + size)
        }

        /// The references an object holds (none for a scalar), after checking that it fits.
        func references(of number: Int) -> Result<[Int], Damage> {
            let offset: Int
            switch self.offset(of: number) {
            case .failure(let damage): return .failure(damage)
            case .success(let found): offset = found
            }
            let marker = bytes[offset]
            let at = "object \(number) at byte \(offset)"
            func fits(_ size: Int, from start: Int) -> Bool { size >= 0 && start <= tableOffset && size <= tableOffset - start }
            func sized(_ unit: Int) -> Result<(count: Int, content: Int), Damage> {
                guard let (count, content) = count(at: offset) else {
                    return .failure(Damage("\(at) has a length that is not a valid integer object"))
                }
                let (size, overflow) = count.multipliedReportingOverflow(by: unit)
                guard !overflow, fits(size, from: content) else {
                    return .failure(
                        Damage(
                            "\(at) claims \(count) entries of \(unit) bytes, which run past the objects into the offset table at byte \(tableOffset)")
                    )
                }
                return .success((count, content))
            }
            switch marker >> 4 {
            case 0x0:
                guard [0x00, 0x08, 0x09, 0x0F].contains(marker) else {
                    return .failure(Damage("\(at) has an unknown type (0x\(String(marker, radix: 16)))"))
                }
                return .success([])
            case 0x1, 0x2:
                let exponent = Int(marker & 0x0F)
                guard exponent <= 4, fits(1 << exponent, from: offset + 1) else {
                    return .failure(Damage("\(at) is a number of 2^\(exponent) bytes, which is not a valid size or runs past the objects"))
                }
                return .success([])
            case 0x3:
                guard marker == 0x33, fits(8, from: offset + 1) else { return .failure(Damage("\(at) is a date that is not 8 bytes")) }
                return .success([])
            case 0x4, 0x5: return sized(1).map { _ in [] }
            case 0x6: return sized(2).map { _ in [] }
            case 0x8:
                guard fits(Int(marker & 0x0F) + 1, from: offset + 1) else { return .failure(Damage("\(at) is a UID that runs past the objects")) }
                return .success([])
            case 0xB, 0xC:
                // CFBinaryPList can write sets, but they are not a property-list type, and
                // Foundation on Linux crashes bridging one (an NSSet of any object).
                return .failure(Damage("\(at) is a set, which is not a property-list type (arrays, dictionaries, strings, numbers, dates, data)"))
            case 0xA, 0xD:
                // A dictionary holds its keys' references, then its values'.
                let perEntry = marker >> 4 == 0xD ? 2 : 1
                return sized(referenceSize * perEntry).flatMap { count, content in
                    var references: [Int] = []
                    references.reserveCapacity(count * perEntry)
                    for index in 0..<count * perEntry {
                        let reference = integer(at: content + index * referenceSize, size: referenceSize) ?? Int.max
                        guard reference < objectCount else {
                            return .failure(Damage("\(at) refers to object \(reference), but the property list holds \(objectCount) objects"))
                        }
                        references.append(reference)
                    }
                    return .success(references)
                }
            default:
                return .failure(Damage("\(at) has an unknown type (0x\(String(marker, radix: 16)))"))
            }
        }

        /// Depth-first over the objects reachable from `top`, without recursion: every object is
        /// checked once, and a reference to an object still being walked is a cycle.
        func walk(from top: Int) -> String? {
            enum State: UInt8 { case unseen, open, done }
            var states = [State](repeating: .unseen, count: objectCount)
            var stack: [(number: Int, references: [Int], next: Int)] = []
            func open(_ number: Int) -> String? {
                switch references(of: number) {
                case .failure(let damage): return "the binary property list is damaged: \(damage.message)"
                case .success(let references):
                    guard stack.count < maximumDepth else {
                        return "the binary property list nests deeper than \(maximumDepth) levels (at object \(number))"
                    }
                    states[number] = .open
                    stack.append((number, references, 0))
                    return nil
                }
            }
            if let problem = open(top) { return problem }
            while let last = stack.indices.last {
                guard stack[last].next < stack[last].references.count else {
                    states[stack[last].number] = .done
                    stack.removeLast()
                    continue
                }
                let child = stack[last].references[stack[last].next]
                stack[last].next += 1
                switch states[child] {
                case .done: continue
                case .open:
                    return "the binary property list is damaged: object \(child) contains itself (object \(stack[last].number) refers back to it)"
                case .unseen:
                    if let problem = open(child) { return problem }
                }
            }
            return nil
        }
    }
}
