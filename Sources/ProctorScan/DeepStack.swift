import Foundation

/// Runs work on a thread with a large stack. swift-syntax's parser, its location converter and
/// its visitors recurse once per level of nesting, and some nesting has no limit in the parser (a
/// chain of 20,000 `.member`s, of `else if`s, of calls): on a thread's usual 8 MiB stack such a
/// file crashes the process. The stack is address space, touched only as deep as a file goes.
enum DeepStack {
    static let size = 1 << 30

    static func run<Value>(_ body: @escaping @Sendable () -> Value) -> Value {
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }
}

/// The result of a ``DeepStack`` thread: written once on it, read after it signals.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
