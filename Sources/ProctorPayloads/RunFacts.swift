import ProctorEngine

/// Facts that can only be judged across all the inputs of a run, gathered while each file is
/// checked so that no parsed document has to be kept.
///
/// A store of typed facts that names no kind: a payload kind declares what it contributes, in
/// its own folder, as a ``RunFactKey`` (the key is a type, its facts of one type), adds its facts
/// while its files are checked (``add(_:as:)``), and gives the rules over the run an accessor
/// (`facts.sites`, `facts.regions`). The store keeps the facts of each key in input order.
package struct RunFacts: RuleSubject, Sendable {
    package static let scope = RuleScope.run

    /// The facts of each key, in input order.
    private var lists: [ObjectIdentifier: any RunFactList] = [:]

    package init() {}

    /// Every fact of `key` the run gathered, in input order.
    package func all<Key: RunFactKey>(_ key: Key.Type) -> [Key.Fact] {
        (lists[ObjectIdentifier(key)] as? FactList<Key>)?.facts ?? []
    }

    /// Adds a fact of `key`, after the earlier ones.
    package mutating func add<Key: RunFactKey>(_ fact: Key.Fact, as key: Key.Type) {
        var list = take(key)
        list.facts.append(fact)
        lists[ObjectIdentifier(key)] = list
    }

    /// Adds the facts of a later part of the run after the ones of the same key here.
    package mutating func append(_ later: RunFacts) {
        for list in later.lists.values { list.append(to: &self) }
    }

    /// Makes room for the facts of `parts`, appended next, so each key's facts grow once.
    package mutating func reserveCapacity(toAppend parts: [RunFacts]) {
        var counts: [ObjectIdentifier: Int] = [:]
        for part in parts {
            for (key, list) in part.lists { counts[key, default: 0] += list.count }
        }
        for part in parts {
            for list in part.lists.values { list.reserve(counts[list.key, default: 0], in: &self) }
        }
    }

    /// The facts of `key`, taken out of the store so that growing them never copies them (the
    /// store would hold a second reference to the array otherwise).
    fileprivate mutating func take<Key: RunFactKey>(_ key: Key.Type) -> FactList<Key> {
        var taken = lists.removeValue(forKey: ObjectIdentifier(key))
        let list = taken as? FactList<Key> ?? FactList()
        taken = nil
        return list
    }

    fileprivate mutating func put<Key: RunFactKey>(_ list: FactList<Key>) {
        lists[ObjectIdentifier(Key.self)] = list
    }
}

/// A kind of fact one payload kind contributes to a run, for the rules that judge across files
/// (the identifiers of searchable items, the domains of entitlements files): a type used as a key,
/// whose facts are ``Fact`` values. Declared in the kind's folder, with an accessor on
/// ``RunFacts`` for its rules.
package protocol RunFactKey {
    associatedtype Fact: Sendable
}

/// The facts of one key, without their type: what the store holds.
private protocol RunFactList: Sendable {
    var key: ObjectIdentifier { get }
    var count: Int { get }
    /// Appends these facts after the ones of the same key in `facts`.
    func append(to facts: inout RunFacts)
    /// Reserves room for `count` facts of this key in `facts`, when it is still empty there.
    func reserve(_ count: Int, in facts: inout RunFacts)
}

private struct FactList<Key: RunFactKey>: RunFactList {
    var facts: [Key.Fact] = []

    var key: ObjectIdentifier { ObjectIdentifier(Key.self) }
    var count: Int { facts.count }

    func append(to store: inout RunFacts) {
        var list = store.take(Key.self)
        // The first part's facts are taken as they are, not copied.
        if list.facts.isEmpty && list.facts.capacity < facts.count { list = self } else { list.facts += facts }
        store.put(list)
    }

    func reserve(_ count: Int, in store: inout RunFacts) {
        var list = store.take(Key.self)
        if list.facts.isEmpty { list.facts.reserveCapacity(count) }
        store.put(list)
    }
}
