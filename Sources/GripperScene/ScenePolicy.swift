import GripperEditing
import GripperLayout

/// The delegate a scene describes: per-item permissions and actions, the
/// scene's selection mode, and whether moves may cross sections. With
/// ``SceneDataSource`` it is what `Engine(scene:device:)` opens. An item
/// the scene does not know may do nothing.
public struct ScenePolicy: CollectionDelegate {
    private let items: Scene.ItemIndex
    /// Whether any item of the scene (its reloads' too) says `"acceptsDrops": true`.
    public let acceptsDropsIntoItems: Bool
    private let movesBetweenSections: Bool
    private let sectionTitles: [SectionID: String]
    /// How many items a tap selects.
    public let selectionMode: SelectionMode
    /// Whether a tap on a header is reported (the scene's `headerTaps`).
    public let tapsOnHeaders: Bool

    /// The policy of `scene` (covering the items of its reloads too).
    public init(scene: Scene) {
        self.init(scene: scene, items: Scene.ItemIndex(scene))
    }

    /// The policy of `scene` with its items already gathered.
    init(scene: Scene, items: Scene.ItemIndex) {
        self.items = items
        acceptsDropsIntoItems = items.contains { $0.acceptsDrops }
        movesBetweenSections = scene.movesBetweenSections
        selectionMode = scene.selectionMode
        tapsOnHeaders = scene.headerTaps
        var titles: [SectionID: String] = [:]
        for section in scene.sections { if let t = section.title { titles[section.id] = t } }
        for stimulus in scene.stimuli {
            if case .reload = stimulus.action, let sections = stimulus.sections {
                for section in sections { if let t = section.title { titles[section.id] = t } }
            }
        }
        sectionTitles = titles
    }

    /// The item's label (its id when the scene gives none).
    /// - Complexity: O(1).
    public func accessibilityLabel(for item: ItemID) -> String { items[item]?.label ?? item.rawValue }
    /// The section's title (its id when the scene gives none).
    /// - Complexity: O(1).
    public func accessibilityLabel(forSection section: SectionID) -> String {
        sectionTitles[section] ?? section.rawValue
    }

    /// Whether the item may be swiped open and deleted; unknown items may not.
    /// - Complexity: O(1).
    public func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { items[item]?.isEditable ?? false }
    /// Whether the item may be dragged; unknown items may not.
    /// - Complexity: O(1).
    public func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { items[item]?.isMovable ?? false }
    /// Whether a touch highlights the item: when it may be selected.
    /// - Complexity: O(1).
    public func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { canSelect(item, at: indexPath) }
    /// Whether the item may be selected; unknown items may not.
    /// - Complexity: O(1).
    public func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool { items[item]?.isSelectable ?? false }
    /// Accepts any target in the source section; a target in another
    /// section is accepted when the scene allows moves between sections and
    /// vetoed otherwise (the gap stays in the source section).
    /// - Complexity: O(1).
    public func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        proposed.section == source.section || movesBetweenSections ? .accept : .veto
    }
    /// Whether `target` accepts drops: when the scene says `"acceptsDrops": true`.
    /// - Complexity: O(1).
    public func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool {
        self.items[target]?.acceptsDrops ?? false
    }
    /// The item's `"dropIntoDelay"`, else 500 ms.
    /// - Complexity: O(1).
    public func dropIntoDelay(for target: ItemID) -> Duration {
        items[target]?.dropIntoDelay ?? .milliseconds(500)
    }
    /// The item's trailing actions.
    /// - Complexity: O(1).
    public func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        items[item]?.trailingActions ?? .none
    }
    /// The item's leading actions.
    /// - Complexity: O(1).
    public func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        items[item]?.leadingActions ?? .none
    }
    /// The item's menu entries (`"menu"`), none for an unknown item.
    /// - Complexity: O(1).
    public func menuActions(for item: ItemID, at indexPath: ItemPath) -> [EditingAction] {
        items[item]?.menuActions ?? []
    }
}
