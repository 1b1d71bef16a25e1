import Testing
@testable import Gripper
import GripperScripting
import GripperTesting

/// A child that brings its own section metrics: a row height and a header.
private struct Rows: CollectionDataSource, CollectionDelegate {
    var items: [ItemID]
    var own: SectionMetrics
    var numberOfSections: Int { 1 }
    func sectionID(at section: Int) -> SectionID { "s" }
    func numberOfItems(inSection section: Int) -> Int { items.count }
    func itemID(at indexPath: ItemPath) -> ItemID { items[indexPath.item] }
    func metrics(ofSection section: SectionID) -> SectionMetrics { section == "s" ? own : .inherited }
}

/// Each child of a composed source, and each segment of a segmented one,
/// lays out its sections with its own metrics (row height, header height,
/// columns), the layout's where it gives none.
@Suite struct ChildSectionMetricsTests {
    private static let size = Size(width: 400, height: 640)

    private func frame(_ engine: Engine, _ s: Int, _ i: Int) throws -> Rect {
        try #require(engine.layout.attributes(for: ItemPath(section: s, item: i))).frame
    }

    @Test func eachChildBringsItsOwnRowHeightAndHeader() throws {
        let home = try ComposedDataSource([
            ChildDataSource(key: "pinned", Rows(items: ["p0", "p1"], own: SectionMetrics(rowHeight: 40))),
            ChildDataSource(key: "recent", Rows(items: ["r0", "r1"],
                                                own: SectionMetrics(columns: 2, rowHeight: 80,
                                                                    header: SupplementaryMetrics(height: 30)))),
            ChildDataSource(key: "plain", Rows(items: ["q0"], own: .inherited)),
        ])
        #expect(home.metrics(ofSection: "recent/s").rowHeight == 80)
        #expect(home.metrics(ofSection: "nobody/s") == .inherited)
        let engine = try Engine(dataSource: home, delegate: home, viewport: Self.size,
                                metrics: LayoutMetrics(rowHeight: 50), device: TestDevices.probeTouchscreen)
        #expect(try frame(engine, 0, 0).height == 40 && frame(engine, 0, 1).minY == 40)
        // The second child: its header (30) first, then two columns of 80-point rows.
        let r0 = try frame(engine, 1, 0), r1 = try frame(engine, 1, 1)
        #expect(r0.minY == 80 + 30 && r0.height == 80 && r1.minY == r0.minY && r0.width < 250)
        // The third inherits the layout's 50.
        #expect(try frame(engine, 2, 0).height == 50 && frame(engine, 2, 0).minY == r0.maxY)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aSegmentsMetricsComeWithIt() throws {
        var mail = try SegmentedDataSource([
            ChildDataSource(key: "inbox", Rows(items: ["a", "b"], own: SectionMetrics(rowHeight: 44))),
            ChildDataSource(key: "sent", Rows(items: ["x", "y"], own: SectionMetrics(rowHeight: 90))),
        ])
        var engine = try Engine(dataSource: mail, delegate: mail, viewport: Self.size,
                                metrics: LayoutMetrics(rowHeight: 50), device: TestDevices.probeTouchscreen)
        #expect(try frame(engine, 0, 1).minY == 44)
        try engine.switchSegment(of: &mail, to: 1, at: EventTime(microseconds: 1_000_000))
        #expect(try frame(engine, 0, 1).minY == 90)
        #expect(engine._invariantViolations().isEmpty)
    }
}
