// What Proctor's executables and tests import: it re-exports the modules it is built from, so
// `import ProctorToolSupport` brings the problems, the vocabulary, the app's facts, the rules, the
// lint, scan and scenario pipelines and the reports, all at `package` access. Users import
// ProctorKit, whose API is public and documented.
@_exported import ProctorAppFacts
@_exported import ProctorConfiguration
@_exported import ProctorCore
@_exported import ProctorEngine
@_exported import ProctorFiles
@_exported import ProctorInputs
@_exported import ProctorPayloads
@_exported import ProctorLinks
@_exported import ProctorLint
@_exported import ProctorReports
@_exported import ProctorRules
@_exported import ProctorScenario
@_exported import ProctorVocabulary
@_exported import ProctorWeb
@_exported import ProctorScan
@_exported import ProctorXcode
