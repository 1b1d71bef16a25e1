import Synchronization
import Testing
import GripperGeometry
import GripperLayout
import GripperTesting
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// A data source of `counts[s]` items per section named "s.i", that counts
/// the identities it is asked for. A class, so a test can change it behind
/// the engine's back (what an app must not do).
final class CountingSource: CollectionDataSource, @unchecked Sendable {
    var counts: [Int]
    var duplicateAt: ItemPath?
    var sectionIDs: [SectionID]?
    let asked = Atomic<Int>(0)

    init(_ counts: [Int]) { self.counts = counts }

    var numberOfSections: Int { counts.count }
    func sectionID(at section: Int) -> SectionID { sectionIDs?[section] ?? SectionID("S\(section)") }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    func itemID(at indexPath: ItemPath) -> ItemID {
        asked.add(1, ordering: .relaxed)
        precondition(indexPath.item < counts[indexPath.section], "asked out of range")
        if indexPath == duplicateAt { return ItemID("\(indexPath.section).0") }
        return ItemID("\(indexPath.section).\(indexPath.item)")
    }
}

/// The data source side: lazy opening, the first edit's checked copy, and a
/// source that contradicts itself.
@Suite struct DataSourceTests {
    @Test func openingAMillionItemsAsksNoIdentity() throws {
        let source = CountingSource([1_000_000, 3])
        let model = try CollectionModel(dataSource: source)
        #expect(model.numberOfItems == 1_000_003)
        #expect(source.asked.load(ordering: .relaxed) == 0)
        #expect(model.item(at: ip(0, 999_999)) == "0.999999")
        #expect(model.item(at: ip(0, 1_000_000)) == nil)
        #expect(source.asked.load(ordering: .relaxed) == 1)
        #expect(model.sections.map(\.items.isLazy) == [true, true])
    }

    @Test func anEditCopiesOnlyTheSectionsItTouches() throws {
        var model = try CollectionModel(dataSource: CountingSource([5, 4, 3]))
        try model.apply(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(1, 0)), .insertItem("n", at: ip(0, 0))]))
        #expect(model.sections.map(\.items.isLazy) == [false, false, true])
        #expect(model.sections[0].items.array == ["n", "0.1", "0.2", "0.3", "0.4"])
        #expect(model.sections[1].items.array == ["0.0", "1.0", "1.1", "1.2", "1.3"])
        #expect(model.checkInvariants() == nil)
        // An insert's identity check still sees the lazy sections.
        #expect(throws: BatchUpdateError.self) { try model.apply(BatchUpdate([.insertItem("2.1", at: ip(0, 0))])) }
    }

    /// A run of a section's items read in one pass is what one look-up each
    /// gives — on a lazy section, on an array, on runs after edits, for
    /// ranges that reach past the end — and nothing once the source's count
    /// changed without a batch (where each look-up gives nil too). A range
    /// from below zero or in a section that does not exist gives nothing.
    @Test func itemsReadInOnePassAreWhatOneLookUpEachGives() throws {
        let source = CountingSource([5_000, 7, 40])
        var model = try CollectionModel(dataSource: source)
        try model.apply(BatchUpdate([.moveItem(from: ip(0, 10), to: ip(0, 4_000)), .insertItem("n", at: ip(0, 17)),
                                     .deleteItem(ip(1, 2))]))
        var rng = SeededGenerator(seed: 5)
        func check(_ what: Comment) {
            for s in 0..<3 {
                let count = model.numberOfItems(inSection: s) ?? 0
                for _ in 0..<40 {
                    let low = Int.random(in: 0...(count + 3), using: &rng)
                    let range = low..<(low + Int.random(in: 0...60, using: &rng))
                    let one = range.compactMap { model.item(at: ip(s, $0)) }
                    let read = model.items(inSection: s, range)
                    #expect(read == (one.isEmpty && model.item(at: ip(s, 0)) == nil ? nil : one), what)
                }
            }
        }
        #expect(model.sections.map(\.items.isLazy) == [false, false, true])
        check("after an edit: runs, an array, a lazy section")
        #expect(model.items(inSection: 0, -1..<3) == nil)
        #expect(model.items(inSection: 3, 0..<3) == nil)
        #expect(model.items(inSection: 1, 0..<Int.max) == (0..<6).compactMap { model.item(at: ip(1, $0)) })
        #expect(model.items(inSection: 0, (Int.max - 1)..<Int.max) == [])
        #expect(model.items(inSection: 2, 38..<45) == ["2.38", "2.39"])
        source.counts[2] = 30 // the lazy section's source shrank behind the model's back
        source.counts[0] = 4_000 // and the runs' source
        #expect(model.items(inSection: 2, 0..<5) == nil && model.item(at: ip(2, 0)) == nil)
        #expect(model.items(inSection: 0, 0..<5) == nil && model.item(at: ip(0, 0)) == nil)
        check("after the counts changed")
    }

    @Test func aCountChangedWithoutABatchRejectsTheEditAndHidesTheSection() throws {
        let source = CountingSource([5, 4])
        var model = try CollectionModel(dataSource: source)
        source.counts[0] = 3  // the app's data shrank behind the engine's back
        let before = model
        do {
            try model.apply(BatchUpdate([.deleteItem(ip(0, 4))]))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .dataSource(.countChanged(section: 0, expected: 5, found: 3)))
            #expect(error.operationIndex == 0)
            #expect("\(error)".contains("a count changed without a batch"))
        }
        #expect(model.sections[0].items.isLazy && model.numberOfItems == before.numberOfItems)
        // Reads never go out of the source's range: no item, or a placeholder.
        #expect(model.item(at: ip(0, 4)) == nil)
        #expect(model.sections[0].items[4] == "⊥0.4")
        // The other section is fine.
        try model.apply(BatchUpdate([.deleteItem(ip(1, 0))]))
        #expect(model.sections[1].items.array == ["1.1", "1.2", "1.3"])
    }

    @Test func aRepeatedIdentityIsFoundWhereAnEditMeetsIt() throws {
        let source = CountingSource([5])
        source.duplicateAt = ip(0, 3)
        var model = try CollectionModel(dataSource: source)
        #expect(throws: BatchUpdateError(operationIndex: 0, operation: .deleteItem(ip(0, 1)),
                                         reason: .dataSource(.duplicateItemID("0.0", at: ip(0, 0), ip(0, 3))))) {
            try model.apply(BatchUpdate([.deleteItem(ip(0, 1))]))
        }
        #expect(model.numberOfItems == 5 && model.sections[0].items.isLazy)
        #expect(model.checkInvariants() == .duplicateItemID("0.0"))
    }

    @Test func badSectionsFailTheOpening() {
        let source = CountingSource([1, 1])
        source.sectionIDs = ["A", "A"]
        #expect(throws: DataSourceError.duplicateSectionID("A", sections: 0, 1)) { try CollectionModel(dataSource: source) }
        let negative = CountingSource([2, -1])
        #expect(throws: DataSourceError.negativeCount(section: 1, count: -1)) { try CollectionModel(dataSource: negative) }
    }

    @Test func aUserDragOnALazySectionCommitsItsMove() throws {
        var h = MachineHarness(try CollectionModel(dataSource: CountingSource([6, 3])))
        AppBatchTests.drag(&h, row: 0, to: 3)
        h.send(.contactLifted(h.point(row: 3)))
        #expect(h.committed.count == 1)
        #expect(h.machine.model.sections[0].items.array == ["0.1", "0.2", "0.3", "0.0", "0.4", "0.5"])
        #expect(h.machine.model.sections[1].items.isLazy)
        #expect(h.machine.invariantViolations().isEmpty)
    }
}

/// The delegate side: defaults that match UIKit, the new questions, and
/// redirects that cannot be followed.
@Suite struct CollectionDelegateTests {
    struct Defaults: CollectionDelegate {}

    @Test func theDefaultsAreUIKits() {
        let d = Defaults()
        let p = ip(0, 0)
        #expect(d.canHighlight("a", at: p) && d.canSelect("a", at: p) && d.canDeselect("a", at: p))
        #expect(d.canEdit("a", at: p) && d.canMove("a", at: p))
        #expect(d.target(forMoving: "a", from: p, proposed: ip(1, 0)) == .accept)
        #expect(d.trailingActions(for: "a", at: p) == SwipeActions([.delete], fullSwipeAction: "delete"))
        #expect(d.leadingActions(for: "a", at: p).isEmpty)
        #expect(d.perform(.delete, on: "a", at: p) == .deleteItem)
        #expect(d.perform(EditingAction(id: "flag", title: "Flag"), on: "a", at: p) == .keepItem)
        #expect(d.selectionMode == .single)
    }

    struct Rules: CollectionDelegate {
        var redirect: ItemPath?
        var selectionMode: SelectionMode { .multiple }
        func canDeselect(_ item: ItemID, at indexPath: ItemPath) -> Bool { item != "a1" }
        func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { item != "a2" }
        func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
            redirect.map { .redirect($0) } ?? .accept
        }
        func perform(_ action: EditingAction, on item: ItemID, at indexPath: ItemPath) -> ActionOutcome { .keepItem }
    }

    @Test func deselectionAndHighlightAreAsked() {
        var h = AppBatchTests.small(policy: StaticEditingPolicy())
        h = MachineHarness(h.machine.model, policy: Rules())
        h.send(.tap(h.point(row: 1)))
        #expect(h.machine.selection == ["a1"])
        h.send(.tap(h.point(row: 1)), after: 400)
        #expect(h.machine.selection == ["a1"])  // may not be deselected
        h.send(.touchDown(h.point(row: 2)), after: 400)
        #expect(h.machine.presentation.highlighted.isEmpty)
        h.send(.contactLifted(h.point(row: 2)))
        h.send(.touchDown(h.point(row: 3)), after: 400)
        #expect(h.machine.presentation.highlighted == [ip(0, 3)])
    }

    @Test func aDelegateCanKeepAnItemADestructiveActionWouldDelete() {
        var h = MachineHarness(AppBatchTests.small().machine.model, policy: Rules())
        h.pan(from: h.point(row: 0, x: 250), by: Point(x: -300, y: 0), velocity: Point(x: -2000, y: 0))
        #expect(h.machine.model.numberOfItems == 9)
        #expect(h.committed.map(\.edit) == [.action("delete", item: "a0")])
    }

    @Test(arguments: [ip(7, 0), ip(-1, 0), ip(1, 1_000), ip(0, -5)])
    func anImpossibleRedirectIsVetoedOrClamped(_ redirect: ItemPath) throws {
        var h = MachineHarness(AppBatchTests.small().machine.model, policy: Rules(redirect: redirect))
        AppBatchTests.drag(&h, row: 0, to: 6)
        let gap = try #require(h.machine.presentation.drag?.target)
        switch redirect.section {
        case 1: #expect(gap == ip(1, 5))       // clamped to B's end (0 ... 5)
        case 0: #expect(gap == ip(0, 0))       // clamped to A's top
        default: #expect(gap == ip(0, 0))      // no such section: a veto, the gap stays home
        }
        h.send(.contactLifted(h.point(row: 6)))
        #expect(h.machine.model.numberOfItems == 9)
        #expect(Set(h.machine.model.allItems).count == 9)
        #expect(h.machine.invariantViolations().isEmpty)
    }
}
