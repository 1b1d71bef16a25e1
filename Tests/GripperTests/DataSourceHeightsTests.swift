import GripperEditing
import GripperGeometry
import GripperLayout
import GripperTesting
import Synchronization
import Testing
@testable import Gripper
import GripperScripting

/// Opening a data source with a height per item lays the untouched sections
/// out by index: no identity is made, and the heights are the source's.
@Suite struct DataSourceHeightsTests {
    final class Heights: CollectionDataSource, @unchecked Sendable {
        let heights: [Double]
        let identities = Atomic<Int>(0)
        init(_ heights: [Double]) { self.heights = heights }
        var numberOfSections: Int { 1 }
        func sectionID(at section: Int) -> SectionID { "s" }
        func numberOfItems(inSection section: Int) -> Int { heights.count }
        func itemID(at indexPath: ItemPath) -> ItemID {
            identities.add(1, ordering: .relaxed)
            return ItemID("i\(indexPath.item)")
        }
        var hasItemHeights: Bool { true }
        func height(ofItemAt indexPath: ItemPath) -> Double? { heights[indexPath.item] }
        func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { heights[indexPath.item] }
    }

    struct Rules: CollectionDelegate {}

    @Test func anUntouchedSectionIsLaidOutByIndex() throws {
        let source = Heights((0..<10_000).map { Double(20 + $0 % 7 * 10) })
        let engine = try Engine(dataSource: source, delegate: Rules(), viewport: Size(width: 390, height: 844),
                                device: TestDevices.probeTouchscreen)
        #expect(source.identities.load(ordering: .relaxed) == 0)
        let third = try #require(engine.layout.attributes(for: ItemPath(section: 0, item: 2)))
        #expect(third.frame.height == 40 && third.frame.minY == 20 + 30)
    }
}
