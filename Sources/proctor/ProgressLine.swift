import Dispatch
import Foundation
import ProctorCore

/// A line on standard error saying how far a run has got ("lint: 4,096 of 10,000 files"), for a
/// person at a terminal: only when standard error is one (not in CI logs or pipes), not with
/// `--quiet` or `TERM=dumb`, and only once the run has taken a second, so quick runs print
/// nothing. It is redrawn in place and erased before any report is written.
final class ProgressLine: @unchecked Sendable {
    private let counter: ProgressCounter
    private let label: String
    private let noun: String
    private let queue = DispatchQueue(label: "proctor.progress")
    private var timer: DispatchSourceTimer?
    /// Touched only on `queue`.
    private var drawn = false
    /// When the line is due: a run still going then shows it, even if the timer has not fired yet.
    private var due = DispatchTime.now()

    /// Starts a progress line for `counter` when standard error is a terminal; nil otherwise.
    /// `PROCTOR_PROGRESS_DELAY_MS` shortens the one-second wait, for tests.
    static func start(counting counter: ProgressCounter, label: String, noun: String, quiet: Bool) -> ProgressLine? {
        let environment = ProcessInfo.processInfo.environment
        guard !quiet, isatty(STDERR_FILENO) == 1, environment["TERM"] != "dumb" else { return nil }
        let delay = environment["PROCTOR_PROGRESS_DELAY_MS"].flatMap(Int.init) ?? 1000
        let line = ProgressLine(counter: counter, label: label, noun: noun)
        line.schedule(after: .milliseconds(max(0, delay)))
        return line
    }

    private init(counter: ProgressCounter, label: String, noun: String) {
        self.counter = counter
        self.label = label
        self.noun = noun
    }

    private func schedule(after delay: DispatchTimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        due = .now() + delay
        timer.schedule(deadline: due, repeating: .milliseconds(100))
        timer.setEventHandler { [unowned self] in self.draw() }
        self.timer = timer
        timer.resume()
    }

    private func draw() {
        let (done, total) = counter.state
        guard total > 0 else { return }
        // \r returns to the line's start, ESC[K clears what a longer line left behind.
        Output.terminalControl("\r\(Self.text(label: label, done: done, total: total, noun: noun))\u{1B}[K")
        drawn = true
    }

    /// The line's text: "lint: 4,096 of 10,000 files (40%)".
    static func text(label: String, done: Int, total: Int, noun: String) -> String {
        let format = { (number: Int) in number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US_POSIX"))) }
        let percent = total == 0 ? 0 : done * 100 / total
        return "\(label): \(format(done)) of \(format(total)) \(noun)\(total == 1 ? "" : "s") (\(percent)%)"
    }

    /// Stops redrawing and erases the line, if one was drawn.
    func stop() {
        queue.sync {
            timer?.cancel()
            timer = nil
            // A run that lasted past the wait shows where it ended, even when the timer's thread
            // had no turn yet (a loaded machine), then clears it.
            if !drawn && DispatchTime.now() >= due { draw() }
            if drawn { Output.terminalControl("\r\u{1B}[K") }
            drawn = false
        }
    }
}
