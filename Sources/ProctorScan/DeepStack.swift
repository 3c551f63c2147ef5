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

extension DeepStack {
    /// `body` applied to each element on as many deep-stack threads as there are processors
    /// (files are parsed this way: each is independent), the results in the elements' order.
    static func concurrentMap<Element: Sendable, Value: Sendable>(_ elements: [Element], _ body: @escaping @Sendable (Element) -> Value) -> [Value] {
        // At most 8: each reserves a 1 GiB stack of address space, which a machine with strict
        // overcommit or a ulimit -v may not grant for many.
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, elements.count, 8)
        guard workers > 1 else { return elements.map(body) }
        let results = ResultSlots<Value>(count: elements.count)
        let next = NextIndex()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            let thread = Thread {
                while let index = next.take(below: elements.count) { results.set(index, body(elements[index])) }
                done.signal()
            }
            thread.stackSize = size
            thread.start()
        }
        for _ in 0..<workers { done.wait() }
        return results.values
    }
}

/// The next element a worker of ``DeepStack/concurrentMap(_:_:)`` takes.
private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

/// One slot per element, each written by the one worker that took its index, read once all
/// workers are done.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] { slots.map { $0! } }
}

/// The result of a ``DeepStack`` thread: written once on it, read after it signals.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
