// ProctorKit is the one module users import: it re-exports the modules it is built from, so
// `import ProctorKit` brings the problems, the vocabulary, the app's facts and the reports along
// with the pipelines.
@_exported import ProctorAppFacts
@_exported import ProctorCore
@_exported import ProctorFiles
@_exported import ProctorReports
@_exported import ProctorVocabulary
