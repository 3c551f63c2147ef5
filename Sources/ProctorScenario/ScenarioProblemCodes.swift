import ProctorCore

/// The codes of problems in scenario files. Each is an input error: the scenario is not played,
/// every other scenario still is. docs/scenario-format.md lists them with examples.
extension ProblemCode {
    package static let scenarioUnsupportedFormat = ProblemCode(
        "scenario_unsupported_format", summary: "A scenario file's format is a version this Proctor does not read.")
    package static let scenarioUnknownKey = ProblemCode(
        "scenario_unknown_key", summary: "A scenario object has a key it does not take, or an expectation of an unknown kind.")
    package static let scenarioUnknownStep = ProblemCode("scenario_unknown_step", summary: "A scenario step is of no known kind.")
    package static let scenarioTypeMismatch = ProblemCode("scenario_type_mismatch", summary: "A scenario value has the wrong JSON type.")
    package static let scenarioMissingValue = ProblemCode("scenario_missing_value", summary: "A scenario leaves out a value it needs.")
    package static let scenarioInvalidValue = ProblemCode(
        "scenario_invalid_value", summary: "A scenario value of the right type cannot be used.")
    /// A device, route or activity that the scenario does not define (or not yet).
    package static let scenarioUnknownReference = ProblemCode(
        "scenario_unknown_reference", summary: "A scenario names a device, route, activity or rule it does not define.")
    package static let scenarioDuplicateName = ProblemCode(
        "scenario_duplicate_name", summary: "Two devices or two routes of a scenario have one name.")
    /// A step that cannot happen after the steps before it: an invalidated activity becoming
    /// current again, an activity moving between devices, a donation on a device without the app.
    package static let scenarioInvalidSequence = ProblemCode(
        "scenario_invalid_sequence", summary: "A scenario step cannot happen after the steps before it.")
    /// A file reference (`infoPlist`) that leads outside the project directory.
    package static let scenarioReferenceOutsideProject = ProblemCode(
        "scenario_reference_outside_project", summary: "A scenario names a file outside the project directory.")
    /// Found while playing: a launch that two routes accept.
    package static let scenarioAmbiguousRoute = ProblemCode(
        "scenario_ambiguous_route", summary: "A launch in a scenario is accepted by two or more routes.")
}

extension JSONFieldReader.Codes {
    /// A scenario's codes: every problem stops the scenario, an unknown key included (a misspelt
    /// key would silently change what the scenario tests).
    static let scenario = JSONFieldReader.Codes(
        typeMismatch: .scenarioTypeMismatch, missingValue: .scenarioMissingValue, invalidValue: .scenarioInvalidValue,
        unknownKey: .scenarioUnknownKey)
}
