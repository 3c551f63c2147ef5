import ProctorCore

/// JUnit XML that validates against both the Jenkins xunit schema (junit-10.xsd) and the strict
/// Ant schema (windyroad JUnit.xsd), and that GitLab, junitparser and the GitHub Actions JUnit
/// actions read.
///
/// Mapping (docs/reports.md): `<testsuites>` with no attributes (the Ant schema allows none);
/// one `<testsuite>` per suite with the required `package`, `id`, `hostname` and a zone-less
/// `timestamp`; one `<testcase>` per case with a unique classname and name. Warnings and notes
/// that do not fail the run go to the suite's `<system-out>`, because the Ant schema allows no
/// output inside a test case. Durations are 0: reports are deterministic.
enum JUnitReporter {
    static func render(_ report: RunReport) -> String {
        var xml = XMLWriter()
        xml.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        xml.open("testsuites")
        let timestamp = String(DateFormat.format(report.timestamp).dropLast())  // no zone: the Ant schema forbids it
        for (index, suite) in report.suites.enumerated() {
            let cases = suite.cases
            let failures = cases.filter(\.outcome.isFailure).count
            let errors = cases.filter(\.outcome.isError).count
            let skipped = cases.filter(\.outcome.isSkipped).count
            xml.open("testsuite", [
                ("name", suite.name), ("package", "proctor.\(report.command)"), ("id", String(index)),
                ("timestamp", timestamp), ("hostname", "localhost"), ("tests", String(cases.count)),
                ("failures", String(failures)), ("errors", String(errors)), ("skipped", String(skipped)), ("time", "0"),
            ])
            xml.open("properties")
            xml.empty("property", [("name", "proctor.version"), ("value", ProctorVersion.current)])
            xml.empty("property", [("name", "proctor.strict"), ("value", String(report.strict))])
            xml.close("properties")
            for testCase in cases {
                let attributes = [("name", testCase.name), ("classname", testCase.classname), ("time", "0")]
                switch testCase.outcome {
                case .passed:
                    xml.empty("testcase", attributes)
                case .skipped(let reason):
                    xml.open("testcase", attributes)
                    xml.empty("skipped", [("message", reason)])
                    xml.close("testcase")
                case .failed(let type, let message, let details):
                    xml.open("testcase", attributes)
                    xml.element("failure", [("type", type), ("message", message)], text: located(details, testCase))
                    xml.close("testcase")
                case .errored(let type, let message, let details):
                    xml.open("testcase", attributes)
                    xml.element("error", [("type", type), ("message", message)], text: located(details, testCase))
                    xml.close("testcase")
                }
            }
            let quiet = suite.diagnostics.filter { !report.fails($0.severity) && $0.severity != .error }
                .map { $0.compilerLine() }
                + suite.findings.filter { $0.suppression != nil || !report.fails($0.severity) }
                .map { $0.compilerLine() }
            xml.element("system-out", [], text: quiet.joined(separator: "\n"))
            xml.element("system-err", [], text: "")
            xml.close("testsuite")
        }
        xml.close("testsuites")
        return xml.output
    }

    /// The failure body starts with `path:line:col` when the case has a location: the Ant schema
    /// has no attribute for it, and CI pages show the body.
    private static func located(_ details: String, _ testCase: RunReport.TestCase) -> String {
        guard let location = testCase.location, !details.hasPrefix(location.compilerStyle) else { return details }
        return location.compilerStyle + "\n" + details
    }
}

/// A minimal XML writer that escapes every attribute and text node and drops the characters XML
/// 1.0 forbids (control characters, U+FFFE, U+FFFF), which make a whole file unreadable even
/// inside CDATA. It never writes CDATA, so `]]>` in a message needs no special case.
struct XMLWriter {
    private(set) var output = ""
    private var depth = 0

    mutating func raw(_ text: String) { output += text }

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        output += indentation + "<" + name + Self.attributes(attributes) + ">\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        output += indentation + "</" + name + ">\n"
    }

    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        output += indentation + "<" + name + Self.attributes(attributes) + "/>\n"
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text: String) {
        output += indentation + "<" + name + Self.attributes(attributes) + ">" + Self.escape(text, attribute: false) + "</" + name + ">\n"
    }

    private var indentation: String { String(repeating: "  ", count: depth) }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        var text = ""
        for (name, value) in pairs {
            text += " "
            text += name
            text += "=\""
            text += escape(value, attribute: true)
            text += "\""
        }
        return text
    }

    static func escape(_ text: String, attribute: Bool) -> String {
        // Most names and messages need no escaping: a byte scan says so without building a copy.
        // 0xEF starts U+FFFE and U+FFFF (and other characters, which then take the slow path).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == 0xEF }) {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\n" where attribute: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where attribute: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    // Forbidden in XML 1.0: show it instead of breaking the file.
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
