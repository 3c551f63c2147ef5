// ProctorKit is the one module users import: it re-exports the modules it is built from, so
// `import ProctorKit` brings the problems, dates and reports along with the pipelines.
@_exported import ProctorCore
@_exported import ProctorReports
