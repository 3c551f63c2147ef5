import Foundation
import ProctorJSON
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario
@testable import ProctorVocabulary

/// The Handoff size rule skips encoding when a cheap upper bound is under the limit; the bound
/// must never be below the real encoded size, or an oversized payload would go unreported.
@Suite struct PropertyListEncodingTests {
    private static func entries(seed: UInt64) -> [PropertyListEntry] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func value(depth: Int) -> PropertyListValue {
            switch next() % (depth > 2 ? 6 : 9) {
            case 0: return .string(String(repeating: "é", count: Int(next() % 40)))
            case 1: return .string(String(repeating: "a", count: Int(next() % 300)))
            case 2: return .integer(Int64(bitPattern: next()))
            case 3: return .real(Double(next() % 1000) / 7)
            case 4: return .boolean(next() % 2 == 0)
            case 5: return .data(Data(repeating: 7, count: Int(next() % 200)))
            case 6: return .array((0..<Int(next() % 6)).map { _ in PropertyListElement(value: value(depth: depth + 1), parent: .root, index: 0) })
            case 7: return .set((0..<Int(next() % 4)).map { _ in PropertyListElement(value: value(depth: depth + 1), parent: .root, index: 0) })
            default:
                return .dictionary(
                    (0..<Int(next() % 5)).map { index in
                        PropertyListEntry(key: "k\(index)", value: value(depth: depth + 1), parent: .root)
                    })
            }
        }
        return (0..<Int(next() % 20 + 1)).map { index in
            PropertyListEntry(key: "key\(index)-\(next() % 1000)", value: value(depth: 0), parent: .root)
        }
    }

    @Test(arguments: 0..<200)
    func upperBoundIsNeverBelowTheEncodedSize(seed: Int) throws {
        let payload = Self.entries(seed: UInt64(seed))
        let exact = try #require(PropertyListEncoding.binarySize(of: payload))
        #expect(PropertyListEncoding.upperBound(of: payload) >= exact)
    }

    @Test func oversizedPayloadIsMeasuredExactly() throws {
        let payload = [PropertyListEntry(key: "body", value: .string(String(repeating: "x", count: 4000)), parent: .root)]
        let size = try #require(PropertyListEncoding.binarySize(of: payload, ifOver: 3072))
        #expect(size == PropertyListEncoding.binarySize(of: payload))
        #expect(PropertyListEncoding.binarySize(of: [PropertyListEntry(key: "id", value: .integer(4), parent: .root)], ifOver: 3072) == nil)
    }
}
