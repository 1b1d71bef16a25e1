import Synchronization
import Testing
import GripperLayout
import GripperTesting
@testable import GripperEditing
import GripperScripting

/// The questions a child was asked, in order, as `name item [s, i]`.
final class CallLog: Sendable {
    let calls = Mutex<[String]>([])
    func note(_ s: String) { calls.withLock { $0.append(s) } }
    func take() -> [String] { calls.withLock { c in defer { c = [] }; return c } }
}

/// A child: sections of identities held in arrays, rules that log each
/// question and answer from a few switches.
struct ArrayChild: CollectionDataSource, CrossChildMoveRules {
    var sections: [(id: SectionID, items: [ItemID])]
    var log = CallLog()
    var movable = true
    var leavesTo: Set<String> = []
    var takesFrom: Set<String> = []
    var redirect: ItemPath?
    var columns: Int?

    init(_ sections: [(String, [String])], log: CallLog = CallLog()) {
        self.sections = sections.map { (SectionID($0.0), $0.1.map { ItemID($0) }) }
        self.log = log
    }

    var numberOfSections: Int { sections.count }
    func sectionID(at section: Int) -> SectionID { sections[section].id }
    func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    func itemID(at indexPath: ItemPath) -> ItemID { sections[indexPath.section].items[indexPath.item] }
    func columns(ofSection section: SectionID) -> Int? { sections.contains { $0.id == section } ? columns : nil }

    func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { log.note("canEdit \(item) \(indexPath)"); return true }
    func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { log.note("canMove \(item) \(indexPath)"); return movable }
    func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        log.note("target \(item) \(source) \(proposed)")
        return redirect.map(MoveTarget.redirect) ?? .accept
    }
    func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        log.note("trailing \(item) \(indexPath)")
        return SwipeActions([EditingAction(id: "archive", title: "Archive")])
    }
    func perform(_ action: EditingAction, on item: ItemID, at indexPath: ItemPath) -> ActionOutcome {
        log.note("perform \(action.id) \(item) \(indexPath)")
        return .keepItem
    }
    func canMoveOut(_ item: ItemID, from indexPath: ItemPath, toChild destination: String) -> Bool {
        log.note("out \(item) \(indexPath) \(destination)")
        return leavesTo.contains(destination)
    }
    func target(forMovingIn item: ItemID, fromChild source: String, proposed: ItemPath) -> MoveTarget {
        log.note("in \(item) \(source) \(proposed)")
        return takesFrom.contains(source) ? .accept : .veto
    }
}

/// A delegate with no rules of its own (does not take part in cross-child moves).
struct PlainRules: CollectionDelegate {}

@Suite struct ComposedDataSourceTests {
    private func ip(_ s: Int, _ i: Int) -> ItemPath { ItemPath(section: s, item: i) }

    /// Random children: 0…4 sections of 0…5 items each, unique identities.
    private func randomChildren(_ count: Int, using rng: inout SeededGenerator) -> [ArrayChild] {
        var n = 0
        return (0..<count).map { c in
            ArrayChild((0..<rng.next(in: 0...4)).map { s in
                ("s\(s)", (0..<rng.next(in: 0...5)).map { _ in defer { n += 1 }; return "c\(c)i\(n)" })
            })
        }
    }

    private func compose(_ children: [ArrayChild]) throws -> ComposedDataSource {
        try ComposedDataSource(children.enumerated().map { ChildDataSource(key: "k\($0.offset)", $0.element) })
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func mappingAgreesWithANaiveFlattening(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let children = randomChildren(rng.next(in: 0...12), using: &rng)
        let composed = try compose(children)
        // The naive flattening: every (child, section) in order.
        var flat: [(child: Int, section: Int)] = []
        for (c, child) in children.enumerated() { for s in 0..<child.numberOfSections { flat.append((c, s)) } }
        #expect(composed.numberOfSections == flat.count, "seed \(seed)")
        for (g, (c, s)) in flat.enumerated() {
            #expect(composed.sectionID(at: g) == SectionID("k\(c)/s\(s)"), "seed \(seed)")
            #expect(composed.numberOfItems(inSection: g) == children[c].numberOfItems(inSection: s))
            #expect(composed.child(ofSection: g) == c)
            #expect(composed.globalSection(child: c, section: s) == g)
            for i in 0...children[c].numberOfItems(inSection: s) {
                let local = ChildItemPath(child: c, indexPath: ip(s, i))
                #expect(composed.childIndexPath(for: ip(g, i)) == local, "seed \(seed) at \(ip(g, i))")
                #expect(composed.globalIndexPath(for: local) == ip(g, i), "seed \(seed) at \(local)")
                if i < children[c].numberOfItems(inSection: s) {
                    #expect(composed.itemID(at: ip(g, i)) == children[c].itemID(at: ip(s, i)))
                }
            }
            #expect(composed.sections(ofChild: c).contains(g))
        }
        // Outside: no child, no section, negative items.
        #expect(composed.childIndexPath(for: ip(flat.count, 0)) == nil)
        #expect(composed.childIndexPath(for: ip(-1, 0)) == nil)
        #expect(composed.childIndexPath(for: ip(0, -1)) == nil)
        #expect(composed.childIndexPath(for: ip(Int.max, Int.max)) == nil)
        #expect(composed.globalIndexPath(for: ChildItemPath(child: children.count, indexPath: ip(0, 0))) == nil)
        #expect(composed.globalIndexPath(for: ChildItemPath(child: -1, indexPath: ip(0, 0))) == nil)
        #expect(composed.globalIndexPath(for: ChildItemPath(child: 0, indexPath: ip(Int.max, 0))) == nil)
        #expect(composed.globalSection(child: Int.min, section: Int.max) == nil)
        // The whole composed model is the flattening.
        let model = try CollectionModel(dataSource: composed)
        #expect(model.sections.map { $0.items.map(\.rawValue) }
                == flat.map { children[$0.child].sections[$0.section].items.map(\.rawValue) })
    }

    @Test func keysMustBeUniqueAndWellFormed() {
        let a = ArrayChild([("s", ["a"])])
        #expect(throws: CompositionError.duplicateKey("x", children: 0, 1)) {
            try ComposedDataSource([ChildDataSource(key: "x", a), ChildDataSource(key: "x", a)])
        }
        #expect(throws: CompositionError.badKey("a/b", child: 0)) { try ComposedDataSource([ChildDataSource(key: "a/b", a)]) }
        #expect(throws: CompositionError.badKey("", child: 0)) { try ComposedDataSource([ChildDataSource(key: "", a)]) }
        // Two children may name their sections alike: the composition keeps them apart.
        let composed = try? ComposedDataSource([ChildDataSource(key: "x", a),
                                                ChildDataSource(key: "y", ArrayChild([("s", ["b"])]))])
        #expect(composed.map { (0..<2).map($0.sectionID(at:)) } == ["x/s", "y/s"])
        #expect(throws: Never.self) { try CollectionModel(dataSource: composed!) }
    }

    @Test func eachQuestionGoesToTheOwningChildInItsOwnPaths() throws {
        let logA = CallLog(), logB = CallLog()
        var b = ArrayChild([("s", ["b0", "b1"]), ("t", ["b2"])], log: logB)
        b.columns = 3
        let composed = try ComposedDataSource([ChildDataSource(key: "a", ArrayChild([("s", ["a0"])], log: logA)),
                                               ChildDataSource(key: "b", b)])
        #expect(composed.canEdit("b2", at: ip(2, 0)))
        #expect(composed.trailingActions(for: "b1", at: ip(1, 1)).actions.map(\.id) == ["archive"])
        #expect(composed.perform(EditingAction(id: "archive", title: "Archive"), on: "a0", at: ip(0, 0)) == .keepItem)
        #expect(logA.take() == ["perform archive a0 [0, 0]"])
        #expect(logB.take() == ["canEdit b2 [1, 0]", "trailing b1 [0, 1]"])
        // Outside every child: nothing is asked, the answer is the safe one.
        #expect(!composed.canEdit("z", at: ip(3, 0)) && !composed.canMove("z", at: ip(-1, 0)))
        #expect(composed.trailingActions(for: "z", at: ip(9, 0)).isEmpty)
        #expect(logA.take().isEmpty && logB.take().isEmpty)
        // Each child brings its own metrics (by composed section identity).
        #expect(composed.columns(ofSection: "b/t") == 3)
        #expect(composed.columns(ofSection: "a/s") == nil)
        #expect(composed.columns(ofSection: "nokey") == nil && composed.columns(ofSection: "q/s") == nil)
    }

    @Test func aMoveInsideAChildAsksItAndARedirectIsMappedBackOrVetoed() throws {
        let log = CallLog()
        var b = ArrayChild([("s", ["b0", "b1"]), ("t", ["b2"])], log: log)
        b.redirect = ip(1, 0)
        var composed = try ComposedDataSource([ChildDataSource(key: "a", ArrayChild([("s", ["a0"])])),
                                               ChildDataSource(key: "b", b)])
        #expect(composed.target(forMoving: "b0", from: ip(1, 0), proposed: ip(1, 2)) == .redirect(ip(2, 0)))
        #expect(log.take() == ["target b0 [0, 0] [0, 2]"])
        b.redirect = ip(2, 0)  // a section the child does not have
        try composed.replaceChild(1, with: ChildDataSource(key: "b", b))
        #expect(composed.target(forMoving: "b0", from: ip(1, 0), proposed: ip(1, 1)) == .veto)
    }

    @Test func aMoveBetweenChildrenAsksBoth() throws {
        let logA = CallLog(), logB = CallLog()
        var a = ArrayChild([("s", ["a0", "a1"])], log: logA)
        var b = ArrayChild([("s", ["b0"])], log: logB)
        let plain = ChildDataSource(key: "p", dataSource: ArrayChild([("s", ["p0"])]), delegate: PlainRules())
        func composed() throws -> ComposedDataSource {
            try ComposedDataSource([ChildDataSource(key: "a", a), ChildDataSource(key: "b", b), plain])
        }
        // Neither agrees: the source is asked and says no; the destination is not asked.
        #expect(try composed().target(forMoving: "a0", from: ip(0, 0), proposed: ip(1, 1)) == .veto)
        #expect(logA.take() == ["out a0 [0, 0] b"] && logB.take().isEmpty)
        // The source lets it go, the destination refuses.
        a.leavesTo = ["b"]
        #expect(try composed().target(forMoving: "a0", from: ip(0, 0), proposed: ip(1, 1)) == .veto)
        #expect(logA.take() == ["out a0 [0, 0] b"] && logB.take() == ["in a0 a [0, 1]"])
        // Both agree.
        b.takesFrom = ["a"]
        #expect(try composed().target(forMoving: "a0", from: ip(0, 0), proposed: ip(1, 1)) == .accept)
        #expect(logA.take() == ["out a0 [0, 0] b"] && logB.take() == ["in a0 a [0, 1]"])
        // A child whose rules do not take part keeps its items and takes none.
        #expect(try composed().target(forMoving: "p0", from: ip(2, 0), proposed: ip(1, 0)) == .veto)
        #expect(try composed().target(forMoving: "a0", from: ip(0, 0), proposed: ip(2, 0)) == .veto)
    }

    /// A random change of one child (a random new child, diffed), applied
    /// to the composed model in global paths, gives the model of the new
    /// composition.
    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func aChildsBatchInGlobalPathsGivesTheNewComposition(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var children = randomChildren(rng.next(in: 1...6), using: &rng)
        var composed = try compose(children)
        var shown = try CollectionModel(dataSource: composed)
        for round in 0..<10 {
            let c = rng.next(in: 0...(children.count - 1))
            // The child's new content: a shuffle of its items over 0…4
            // sections, some dropped, some new.
            var items = children[c].sections.flatMap(\.items).filter { _ in rng.next(in: 0...4) > 0 }
            items += (0..<rng.next(in: 0...3)).map { ItemID("new\(seed).\(round).\($0)") }
            items.shuffle(using: &rng)
            let sectionCount = rng.next(in: 0...4)
            var sections = (0..<sectionCount).map { _ in (SectionID("s\(rng.next(in: 0...6))"), [ItemID]()) }
            var seen = Set<SectionID>()
            sections = sections.filter { seen.insert($0.0).inserted }
            if !sections.isEmpty {
                for item in items { sections[rng.next(in: 0...(sections.count - 1))].1.append(item) }
            }
            var newChild = children[c]
            newChild.sections = sections.map { (id: $0.0, items: $0.1) }
            let before = try CollectionModel(dataSource: children[c])
            let after = try CollectionModel(dataSource: newChild)
            let local = before.diff(to: after)
            #expect(composed.sectionCount(afterBatch: local, inChild: c) == newChild.numberOfSections, "seed \(seed)")
            let global = try #require(composed.globalBatch(local, inChild: c))
            try shown.apply(global)
            try composed.replaceChild(c, with: ChildDataSource(key: "k\(c)", newChild))
            children[c] = newChild
            #expect(shown == (try CollectionModel(dataSource: composed)), "seed \(seed) round \(round)")
        }
    }

    @Test func aBatchThatReachesOutsideItsChildIsFound() throws {
        let composed = try ComposedDataSource([ChildDataSource(key: "a", ArrayChild([("s", ["a0"])])),
                                               ChildDataSource(key: "b", ArrayChild([("s", ["b0"])]))])
        #expect(composed.sectionCount(afterBatch: BatchUpdate([.deleteItem(ip(1, 0))]), inChild: 0) == nil)
        #expect(composed.sectionCount(afterBatch: BatchUpdate([.moveItem(from: ip(0, 0), to: ip(1, 0))]), inChild: 0) == nil)
        #expect(composed.sectionCount(afterBatch: BatchUpdate([.deleteSection(0)]), inChild: 1) == 0)
        #expect(composed.sectionCount(afterBatch: BatchUpdate([.insertSection(CollectionSection(id: "t", items: []), at: 1)]),
                                      inChild: 0) == 2)
        #expect(composed.sectionCount(afterBatch: BatchUpdate(), inChild: 2) == nil)
        #expect(composed.globalBatch(BatchUpdate(), inChild: -1) == nil)
        #expect(composed.globalBatch(BatchUpdate([.insertSection(CollectionSection(id: "t", items: ["x"]), at: 1),
                                                  .moveItem(from: ip(0, 0), to: ip(1, 0))]), inChild: 1)
                == BatchUpdate([.insertSection(CollectionSection(id: "b/t", items: ["x"]), at: 2),
                                .moveItem(from: ip(1, 0), to: ip(2, 0))]))
    }
}
