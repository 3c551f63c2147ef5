import ProctorCore

extension ProblemCode {
    package static let aasaTypeMismatch = ProblemCode("aasa_type_mismatch", summary: "An apple-app-site-association value has the wrong JSON type.")
    package static let aasaMissingValue = ProblemCode(
        "aasa_missing_value", summary: "An apple-app-site-association file leaves out a value it needs.")
    package static let aasaInvalidValue = ProblemCode(
        "aasa_invalid_value", summary: "An apple-app-site-association value of the right type cannot be used.")
    /// A warning: iOS ignores keys it does not know, so the file still works, but a misspelt key
    /// (`component`, `exclued`) silently does nothing.
    package static let aasaUnknownKey = ProblemCode(
        "aasa_unknown_key", severity: .warning, summary: "An apple-app-site-association file has a key iOS does not read.")
}

extension ProblemCode {
    package static let aasaByteOrderMark = ProblemCode(
        "aasa_byte_order_mark", severity: .warning, summary: "An apple-app-site-association file starts with a byte-order mark.")
}

extension JSONFieldReader.Codes {
    /// apple-app-site-association files.
    package static let siteAssociation = JSONFieldReader.Codes(
        typeMismatch: .aasaTypeMismatch, missingValue: .aasaMissingValue, invalidValue: .aasaInvalidValue, unknownKey: .aasaUnknownKey)
}
