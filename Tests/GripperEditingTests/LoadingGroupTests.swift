import Testing
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// A composed source's children loading together: their content is held
/// until the last load in flight ends, then released at once.
@Suite struct LoadingGroupTests {
    private func child(_ key: String, _ items: [String]) -> ChildDataSource {
        ChildDataSource(key: key, ArrayChild([("s", items)]))
    }

    private func keys(_ released: [ChildDataSource]) -> [String] { released.map(\.key) }

    @Test func contentIsHeldUntilEveryChildHasFinished() {
        var group = LoadingGroup(keys: ["pinned", "recent", "pinned"])
        #expect(group.keys == ["pinned", "recent"])
        #expect(!group.isLoading)
        group.handle(.beginLoading, forChild: "pinned")
        group.handle(.beginLoading, forChild: "recent")
        #expect(group.isLoading)
        let first = group.handle(.loadedContent, forChild: "pinned", content: child("pinned", ["p"]))
        #expect(first.step == .moved(from: .loadingContent, to: .contentLoaded) && first.released.isEmpty)
        #expect(group.heldCount == 1)
        // A plain change of a child while another loads is held too.
        #expect(group.update(child("pinned", ["p", "q"])).isEmpty)
        #expect(group.heldCount == 1, "a later content of the same child replaces the earlier")
        let last = group.handle(.loadedEmpty(LoadingPlaceholder(title: "None")), forChild: "recent",
                                content: child("recent", []))
        #expect(keys(last.released) == ["pinned", "recent"])
        #expect((last.released.first?.dataSource.numberOfItems(inSection: 0)) == 2)
        #expect(group.heldCount == 0 && !group.isLoading)
        #expect(group.machine(of: "recent")?.placeholder?.title == "None")
    }

    @Test func withNothingLoadingAnUpdateIsReleasedAtOnce() {
        var group = LoadingGroup(keys: ["a"])
        #expect(keys(group.update(child("a", ["x"]))) == ["a"])
        #expect(keys(group.update(child("z", ["y"]))) == ["z"], "a key outside the group is not held")
        #expect(group.heldCount == 0)
    }

    @Test func aStaleResultBringsNoContentAndAnUnknownKeyNothing() {
        var group = LoadingGroup(keys: ["a", "b"])
        // No load in flight: the result is ignored and its content dropped.
        let stale = group.handle(.loadedContent, forChild: "a", content: child("a", ["x"]))
        #expect(stale.step == .ignored(.initial, .loadedContent) && stale.released.isEmpty)
        #expect(group.heldCount == 0)
        let unknown = group.handle(.beginLoading, forChild: "nope")
        #expect(unknown.step == nil && unknown.released.isEmpty)
    }

    @Test func aRefreshHoldsLikeALoad() {
        var group = LoadingGroup(keys: ["a", "b"])
        for key in ["a", "b"] {
            group.handle(.beginLoading, forChild: key)
        }
        group.handle(.loadedContent, forChild: "a", content: child("a", ["1"]))
        #expect(keys(group.handle(.failed(LoadingPlaceholder(title: "Offline")), forChild: "b").released) == ["a"])
        group.handle(.refresh, forChild: "a")
        group.handle(.refresh, forChild: "b")
        #expect(group.handle(.loadedContent, forChild: "b", content: child("b", ["2"])).released.isEmpty)
        #expect(keys(group.handle(.loadedContent, forChild: "a", content: child("a", ["1", "3"])).released) == ["b", "a"])
    }
}
