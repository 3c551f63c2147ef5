import ProctorCore

/// The codes of problems in scenario files. Each is an input error: the scenario is not played,
/// every other scenario still is. docs/scenario-format.md lists them with examples.
extension ProblemCode {
    public static let scenarioUnsupportedFormat = ProblemCode("scenario_unsupported_format", summary: "An input problem (scenario_unsupported_format).")
    public static let scenarioUnknownKey = ProblemCode("scenario_unknown_key", summary: "An input problem (scenario_unknown_key).")
    public static let scenarioUnknownStep = ProblemCode("scenario_unknown_step", summary: "An input problem (scenario_unknown_step).")
    public static let scenarioTypeMismatch = ProblemCode("scenario_type_mismatch", summary: "An input problem (scenario_type_mismatch).")
    public static let scenarioMissingValue = ProblemCode("scenario_missing_value", summary: "An input problem (scenario_missing_value).")
    public static let scenarioInvalidValue = ProblemCode("scenario_invalid_value", summary: "An input problem (scenario_invalid_value).")
    /// A device, route or activity that the scenario does not define (or not yet).
    public static let scenarioUnknownReference = ProblemCode("scenario_unknown_reference", summary: "An input problem (scenario_unknown_reference).")
    public static let scenarioDuplicateName = ProblemCode("scenario_duplicate_name", summary: "An input problem (scenario_duplicate_name).")
    /// A step that cannot happen after the steps before it: an invalidated activity becoming
    /// current again, an activity moving between devices, a donation on a device without the app.
    public static let scenarioInvalidSequence = ProblemCode("scenario_invalid_sequence", summary: "An input problem (scenario_invalid_sequence).")
    /// A file reference (`infoPlist`) that leads outside the project directory.
    public static let scenarioReferenceOutsideProject = ProblemCode("scenario_reference_outside_project", summary: "An input problem (scenario_reference_outside_project).")
    /// Found while playing: a launch that two routes accept.
    public static let scenarioAmbiguousRoute = ProblemCode("scenario_ambiguous_route", summary: "An input problem (scenario_ambiguous_route).")
}
