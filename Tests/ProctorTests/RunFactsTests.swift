import Testing

@testable import ProctorPayloads

/// RunFacts keeps the facts each kind contributes by key, in input order, as a value.
struct RunFactsTests {
    private enum Names: RunFactKey { typealias Fact = String }
    private enum Numbers: RunFactKey { typealias Fact = Int }

    @Test func eachKeyKeepsItsFactsInInputOrderAcrossParts() {
        var first = RunFacts()
        first.add("a", as: Names.self)
        first.add(1, as: Numbers.self)
        first.add("b", as: Names.self)
        var second = RunFacts()
        second.add(2, as: Numbers.self)
        second.add("c", as: Names.self)
        var third = RunFacts()
        third.add("d", as: Names.self)

        var run = RunFacts()
        run.reserveCapacity(toAppend: [first, second, third])
        for part in [first, second, third] { run.append(part) }
        #expect(run.all(Names.self) == ["a", "b", "c", "d"])
        #expect(run.all(Numbers.self) == [1, 2])
        // A key no kind added to has no facts.
        #expect(RunFacts().all(Names.self).isEmpty)
    }

    @Test func factsAreAValue() {
        var original = RunFacts()
        original.add("a", as: Names.self)
        let copy = original
        original.add("b", as: Names.self)
        var appended = copy
        appended.append(original)
        #expect(copy.all(Names.self) == ["a"], "adding to one store leaves its copies as they were")
        #expect(original.all(Names.self) == ["a", "b"])
        #expect(appended.all(Names.self) == ["a", "a", "b"])
    }

    @Test func theKindsAccessorsReadTheirKeys() {
        var facts = RunFacts()
        #expect(!facts.hasComputedItemIdentifier)
        facts.add("Donations.json", as: RunFacts.ComputedItemIdentifiers.self)
        #expect(facts.hasComputedItemIdentifier)
        #expect(facts.regions.isEmpty && facts.sites.isEmpty && facts.itemIdentifiers.isEmpty)
    }
}
