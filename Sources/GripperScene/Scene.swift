import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// What a replay or a live run works on: the viewport, the layout metrics,
/// the sections and their items (labels, heights, what may be edited, moved
/// or selected, the swipe actions), the selection mode, and a track of
/// outside stimuli by time. Read from JSON with ``Scene/decode(_:fileName:)-([UInt8],_)``;
/// the schema is in `Documentation/Scenes.md`.
public struct Scene: Hashable, Sendable {
    /// The viewport's size in layout points; input maps onto it.
    public var viewport: Size
    /// The layout metrics (columns, row height, spacing, insets, headers and
    /// whether they are pinned, the global header's height …).
    public var metrics: LayoutMetrics
    /// The title drawn in the global header (`metrics.globalHeaderHeight`
    /// above 0), if any.
    public var globalHeaderTitle: String?
    /// The sections at the start, in order (in a segmented scene, the shown
    /// segment's, named `key/id` as the engine's model names them).
    public var sections: [Section]
    /// The segments of a segmented scene (`segments`), or nil: the engine
    /// opens a `SegmentedDataSource` (GripperEditing) of them showing ``selectedSegment``,
    /// and `segment` stimuli switch (`Engine.switchSegment(of:to:at:)`).
    public var segments: [Segment]?
    /// The segment shown at the start (`selectedSegment`, 0 by default).
    public var selectedSegment = 0
    /// The children of a composed scene (`children`), or nil: the engine
    /// opens a `ComposedDataSource` (GripperEditing) of them, each child a keyed part (as
    /// a segment is) with its own sections and metrics, all shown one
    /// after the other; a loading stimulus with a `source` goes to one
    /// child (`Stimulus.loadingChild`).
    public var children: [Segment]?
    /// How many items a tap selects.
    public var selectionMode: SelectionMode
    /// Whether a dragged item may land in another section.
    public var movesBetweenSections: Bool
    /// Whether a tap on a section's header is reported (`headerTaps`; a
    /// `headerTapped` entry): the delegate's `tapsOnHeaders`.
    public var headerTaps = false
    /// The layout changes a two-finger pinch makes (`pinch`: `closing` and
    /// `spreading`, each a `layout` stimulus's fields); nil: no pinch.
    public var pinchLayouts: PinchLayouts?
    /// Outside stimuli, in time order.
    public var stimuli: [Stimulus]
    /// The layout the scene is laid out with (`layout.kind`): the grid by default.
    public var layoutKind: LayoutKind = .grid
    /// The words a replay of the scene announces in (`announcements`), or
    /// nil (the default) for no announcements.
    public var announcements: AnnouncementStrings?

    /// Creates a scene.
    public init(viewport: Size, metrics: LayoutMetrics = LayoutMetrics(), globalHeaderTitle: String? = nil,
                sections: [Section], selectionMode: SelectionMode = .multiple, movesBetweenSections: Bool = true,
                stimuli: [Stimulus] = []) {
        self.viewport = viewport
        self.metrics = metrics
        self.globalHeaderTitle = globalHeaderTitle
        self.sections = sections
        self.selectionMode = selectionMode
        self.movesBetweenSections = movesBetweenSections
        self.stimuli = stimuli
    }

    /// The model at the start: sections of item identities.
    /// - Throws: ``SceneError`` when a section or item identity repeats.
    public func model() throws(SceneError) -> CollectionModel {
        try Self.model(of: sections, path: "sections")
    }

    /// The scene's stimuli as an ``/Gripper/EngineDriver``'s track.
    public var track: [TimedStimulus] { stimuli.map(\.timed) }

    /// The model of `sections`, naming `path` in the error on a repeated identity.
    static func model(of sections: [Section], path: String) throws(SceneError) -> CollectionModel {
        do {
            return try CollectionModel(sections: sections.map { CollectionSection(id: $0.id, items: $0.items.map(\.id)) })
        } catch {
            switch error {
            case .duplicateSectionID(let id):
                throw SceneError(path: path, problem: "the section id \(SceneError.quote(id.rawValue)) appears twice")
            case .duplicateItemID(let id):
                throw SceneError(path: path, problem: "the item id \(SceneError.quote(id.rawValue)) appears twice")
            }
        }
    }

    /// Every item the scene defines (at the start and in reloads), by identity.
    public var itemsByID: [ItemID: Item] {
        var out: [ItemID: Item] = [:]
        for section in sections { for item in section.items { out[item.id] = item } }
        for segment in (segments ?? []) + (children ?? []) {
            for section in segment.sections { for item in section.items { out[item.id] = item } }
        }
        for stimulus in stimuli {
            for section in stimulus.sections ?? [] { for item in section.items { out[item.id] = item } }
            if case .batch = stimulus.action {
                for item in stimulus.items { out[item.id] = item }
            }
        }
        return out
    }
}
