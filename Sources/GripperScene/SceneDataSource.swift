import GripperEditing
import GripperLayout

/// The data source a scene describes: its sections and items, each item's
/// height where the scene gives one, and each section's columns (the
/// scene's reloads included, answered by identity). With ``ScenePolicy`` as
/// the delegate it is what `Engine(scene:device:)` opens.
public struct SceneDataSource: CollectionDataSource {
    private let sections: [Scene.Section]
    private let items: Scene.ItemIndex
    private let columns: [SectionID: Int]
    /// The metrics a segment gives its sections, by section identity.
    private let segmentMetrics: [SectionID: SectionMetrics]
    /// The metrics of every section this source has (a segment's own scene).
    private let ownMetrics: SectionMetrics
    /// Whether any item of the scene (or of its reloads) has a height of its own.
    public let hasItemHeights: Bool
    /// Whether any item of the scene has a width of its own.
    public let hasItemWidths: Bool

    /// The data source of `scene`.
    /// - Complexity: O(n) over the scene's items (and its reloads').
    public init(scene: Scene) {
        self.init(scene: scene, items: Scene.ItemIndex(scene))
    }

    /// The data source of `scene` with its items already gathered.
    init(scene: Scene, items: Scene.ItemIndex, metrics: SectionMetrics = .inherited) {
        sections = scene.sections
        self.items = items
        hasItemHeights = items.contains { $0.height != nil }
        hasItemWidths = items.contains { $0.width != nil }
        var columns: [SectionID: Int] = [:]
        for section in scene.sections { if let c = section.columns { columns[section.id] = c } }
        var segmentMetrics: [SectionID: SectionMetrics] = [:]
        for segment in scene.segments ?? [] {
            for section in segment.composedSections {
                if let c = section.columns { columns[section.id] = c }
                segmentMetrics[section.id] = segment.metrics
            }
        }
        self.segmentMetrics = segmentMetrics
        ownMetrics = metrics
        for stimulus in scene.stimuli {
            if let sections = stimulus.sections {
                for section in sections { if let c = section.columns { columns[section.id] = c } }
            }
        }
        self.columns = columns
    }

    /// The scene's section count.
    public var numberOfSections: Int { sections.count }
    /// The identity of the scene's section `section`.
    /// - Complexity: O(1).
    public func sectionID(at section: Int) -> SectionID { sections[section].id }
    /// The item count of the scene's section `section`.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    /// The identity of the scene's item at `indexPath`.
    /// - Complexity: O(1).
    public func itemID(at indexPath: ItemPath) -> ItemID { sections[indexPath.section].items[indexPath.item].id }
    /// The item's own height, by identity (reloaded and inserted items too).
    /// - Complexity: O(1).
    public func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { items[item]?.height }
    /// The item's own width, by identity (for a flow layout).
    /// - Complexity: O(1).
    public func width(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { items[item]?.width }
    /// The section's own column count, by identity (reloaded sections too).
    /// - Complexity: O(1).
    public func columns(ofSection section: SectionID) -> Int? { columns[section] }
    /// The section's metrics: its segment's (`rowHeight`, `headerHeight`)
    /// with its own column count.
    /// - Complexity: O(1).
    public func metrics(ofSection section: SectionID) -> SectionMetrics {
        var m = segmentMetrics[section] ?? ownMetrics
        if let c = columns[section] { m.columns = c }
        return m
    }
}
