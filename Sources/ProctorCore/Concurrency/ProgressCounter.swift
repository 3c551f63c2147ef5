import Foundation

/// How far a run has got: the files it will check and those checked so far, counted from the
/// threads that check them and read by whoever shows progress (the CLI's progress line). A lock
/// per file costs nothing next to reading and judging the file.
package final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private var done = 0

    package init() {}

    /// `count` more files the run will check, once it knows (a run of several projects adds
    /// each project's).
    package func expect(_ count: Int) {
        lock.withLock { total += count }
    }

    /// One more file checked.
    package func advance(by count: Int = 1) {
        lock.withLock { done += count }
    }

    /// Files checked so far, and the total (0 until known).
    package var state: (done: Int, total: Int) {
        lock.withLock { (done, total) }
    }
}
