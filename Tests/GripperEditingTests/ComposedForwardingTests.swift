import Testing
import GripperLayout
@testable import GripperEditing

/// A child with one section of items, names for them, folders among them,
/// and a log of the drops it was told of.
private struct FolderChild: CollectionDataSource, CollectionDelegate {
    var items: [ItemID]
    var folders: Set<ItemID> = []
    var delay: Duration = .milliseconds(500)
    var locates = true
    var labels: [ItemID: String] = [:]
    var sectionLabel: String?
    let dropped = CallLog()

    init(_ items: [String]) { self.items = items.map { ItemID($0) } }

    var numberOfSections: Int { 1 }
    func sectionID(at section: Int) -> SectionID { "s" }
    func numberOfItems(inSection section: Int) -> Int { items.count }
    func itemID(at indexPath: ItemPath) -> ItemID { items[indexPath.item] }
    var locatesItems: Bool { locates }
    func indexPath(ofItem item: ItemID) -> ItemPath? {
        guard locates, let i = items.firstIndex(of: item) else { return nil }
        return ItemPath(section: 0, item: i)
    }

    var acceptsDropsIntoItems: Bool { !folders.isEmpty }
    func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool { folders.contains(target) }
    func dropIntoDelay(for target: ItemID) -> Duration { delay }
    func didDrop(_ items: [ItemID], into target: ItemID) {
        dropped.note("\(items.map(\.rawValue)) into \(target)")
    }
    func accessibilityLabel(for item: ItemID) -> String { labels[item] ?? item.rawValue }
    func accessibilityLabel(forSection section: SectionID) -> String { sectionLabel ?? section.rawValue }
}

/// A child whose group rule redirects every group to its first slot.
private struct GroupRuleChild: CollectionDataSource, CollectionDelegate {
    var items: [ItemID]
    let asked = CallLog()
    var numberOfSections: Int { 1 }
    func sectionID(at section: Int) -> SectionID { "s" }
    func numberOfItems(inSection section: Int) -> Int { items.count }
    func itemID(at indexPath: ItemPath) -> ItemID { items[indexPath.item] }
    func target(forMovingItems items: [ItemID], from sources: [ItemPath], proposed: ItemPath) -> MoveTarget {
        asked.note("\(sources) \(proposed)")
        return .redirect(ItemPath(section: 0, item: 0))
    }
}

/// The delegate questions a composed or segmented source passes on that
/// name an item rather than a path: drops into items, the names spoken in
/// announcements, a group's landing.
@Suite struct ComposedForwardingTests {
    private func ip(_ s: Int, _ i: Int) -> ItemPath { ItemPath(section: s, item: i) }

    @Test func dropsIntoItemsGoToTheChildThatHoldsTheTarget() throws {
        var a = FolderChild(["a0", "a1"])
        var b = FolderChild(["f", "b1"])
        b.folders = ["f"]
        b.delay = .milliseconds(250)
        let composed = try ComposedDataSource([ChildDataSource(key: "a", a), ChildDataSource(key: "b", b)])
        #expect(composed.acceptsDropsIntoItems)
        #expect(composed.canAcceptDrop(of: ["a0"], into: "f"))
        #expect(!composed.canAcceptDrop(of: ["a0"], into: "b1"))
        #expect(!composed.canAcceptDrop(of: ["b1"], into: "a1"))
        #expect(composed.dropIntoDelay(for: "f") == .milliseconds(250))
        #expect(composed.dropIntoDelay(for: "a1") == .milliseconds(500))
        composed.didDrop(["a0"], into: "f")
        #expect(b.dropped.take() == ["[\"a0\"] into f"])
        #expect(a.dropped.take().isEmpty)
        // No child takes drops: the composition says so, and the engine asks nothing.
        a.folders = []
        b.folders = []
        let none = try ComposedDataSource([ChildDataSource(key: "a", a), ChildDataSource(key: "b", b)])
        #expect(!none.acceptsDropsIntoItems)
        #expect(!none.canAcceptDrop(of: ["a0"], into: "f"))
    }

    @Test func aTargetNoChildLocatesGoesToAChildThatTakesIt() throws {
        var a = FolderChild(["a0"])
        a.locates = false
        var b = FolderChild(["f"])
        b.locates = false
        b.folders = ["f"]
        b.delay = .milliseconds(100)
        let composed = try ComposedDataSource([ChildDataSource(key: "a", a), ChildDataSource(key: "b", b)])
        #expect(composed.canAcceptDrop(of: ["a0"], into: "f"))
        #expect(composed.dropIntoDelay(for: "f") == .milliseconds(100))
        composed.didDrop(["a0"], into: "f")
        #expect(b.dropped.take() == ["[\"a0\"] into f"])
    }

    @Test func namesComeFromTheChildThatHoldsTheItemOrTheSection() throws {
        var a = FolderChild(["pear"])
        a.labels = ["pear": "Pear"]
        a.sectionLabel = "Fruit"
        var b = FolderChild(["kale"])
        b.labels = ["kale": "Kale", "pear": "Not a pear"]
        b.locates = false
        let composed = try ComposedDataSource([ChildDataSource(key: "a", a), ChildDataSource(key: "b", b)])
        #expect(composed.accessibilityLabel(for: "pear") == "Pear")
        #expect(composed.accessibilityLabel(for: "kale") == "Kale", "no child locates it: the first name given")
        #expect(composed.accessibilityLabel(for: "nobody") == "nobody")
        #expect(composed.accessibilityLabel(forSection: "a/s") == "Fruit")
        #expect(composed.accessibilityLabel(forSection: "b/s") == "s")
        #expect(composed.accessibilityLabel(forSection: "nowhere") == "nowhere")
        let segmented = try SegmentedDataSource([ChildDataSource(key: "a", a), ChildDataSource(key: "b", b)])
        #expect(segmented.accessibilityLabel(for: "pear") == "Pear")
        #expect(segmented.accessibilityLabel(forSection: "a/s") == "Fruit")
    }

    @Test func aGroupInsideOneChildGetsThatChildsGroupRule() throws {
        let a = GroupRuleChild(items: ["a0", "a1", "a2"])
        let b = GroupRuleChild(items: ["b0", "b1"])
        let composed = try ComposedDataSource([ChildDataSource(key: "a", a), ChildDataSource(key: "b", b)])
        // Inside child b (global section 1): b's own rule, in b's paths, its redirect mapped back.
        #expect(composed.target(forMovingItems: ["b0", "b1"], from: [ip(1, 0), ip(1, 1)], proposed: ip(1, 1))
                == .redirect(ip(1, 0)))
        #expect(b.asked.take() == ["[[0, 0], [0, 1]] [0, 1]"])
        // Across children: the one-item question per item (plain delegates keep their items: veto).
        #expect(composed.target(forMovingItems: ["a0", "b0"], from: [ip(0, 0), ip(1, 0)], proposed: ip(1, 1)) == .veto)
        #expect(a.asked.take().isEmpty)
    }
}
