import Dispatch

/// Work spread over the cores with the order of the results kept: every pipeline (lint, run,
/// conformance) maps its inputs through here.
package enum Parallel {
    /// Files per batch: enough that each batch's parser is reused many times, few enough that
    /// the batches still spread evenly over the cores.
    package static let batchSize = 64

    /// Maps `body` over consecutive batches of `items` (on all cores when `parallel`; as one batch
    /// otherwise), returning the batches' outputs in order. Batches let each iteration set up
    /// per-thread state, such as a parser, once for many files.
    package static func mapBatches<Input: Sendable, Output: Sendable>(
        _ items: [Input], parallel: Bool, _ body: @Sendable (ArraySlice<Input>) -> Output
    ) -> [Output] {
        let batchCount = (items.count + batchSize - 1) / batchSize
        guard parallel, batchCount > 1 else { return [body(items[...])] }
        return map(Array(0..<batchCount), parallel: true) { index in
            body(items[index * batchSize..<min(items.count, (index + 1) * batchSize)])
        }
    }

    /// Maps `body` over `items` on all cores, keeping the order of `items`.
    package static func map<Input: Sendable, Output: Sendable>(
        _ items: [Input], parallel: Bool, _ body: @Sendable (Input) -> Output
    ) -> [Output] {
        guard parallel, items.count > 1 else { return items.map(body) }
        let results = ResultSlots<Output>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.store(body(items[index]), at: index)
        }
        return results.values()
    }
}

/// Slots written once each from concurrent iterations, at distinct indices, then read after
/// all iterations end; `concurrentPerform` returning is the synchronisation point. A raw buffer,
/// because concurrent mutating accesses to an array property would trip exclusivity checks.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) { slots[index] = value }

    func values() -> [Value] { slots.map { $0! } }
}
