import Gripper
import GripperEditing

/// The words a picture writes, by identity: each item's label and its
/// actions' titles, each section's title, the global header's title. The
/// engine knows identities only; the app (or a scene, see
/// `Scene.pictureLabels`) knows the words. Asked only for what is drawn, so
/// a collection of a million items costs what is on screen.
///
/// ```swift
/// let labels = PictureLabels(item: { id in inbox.message(id).map { ItemLabel(text: $0.subject) } })
/// print(SnapshotRenderer.svg(engine.snapshot(labels: labels)))
/// ```
public struct PictureLabels: Sendable {
    /// The label of an item; nil draws an empty cell.
    public var item: @Sendable (ItemID) -> ItemLabel?
    /// The title of a section's header; nil draws the section's identity.
    public var sectionTitle: @Sendable (SectionID) -> String?
    /// The global header's title, if any.
    public var globalHeaderTitle: String?

    /// Labels from the given lookups; by default none (cells empty, headers
    /// titled with their sections' identities).
    public init(item: @escaping @Sendable (ItemID) -> ItemLabel? = { _ in nil },
                sectionTitle: @escaping @Sendable (SectionID) -> String? = { _ in nil },
                globalHeaderTitle: String? = nil) {
        self.item = item
        self.sectionTitle = sectionTitle
        self.globalHeaderTitle = globalHeaderTitle
    }
}

/// What a picture writes in an item's cell: its text, and the titles of its
/// swipe actions (an action with no title here is drawn with its identity).
public struct ItemLabel: Hashable, Sendable {
    /// The text drawn in the cell.
    public var text: String
    /// The item's actions with their titles; the first with an action's
    /// identity names it.
    public var actions: [EditingAction]

    /// Creates a label.
    public init(text: String, actions: [EditingAction] = []) {
        self.text = text
        self.actions = actions
    }

    /// The title of the action `id`, else `id` itself.
    /// - Complexity: O(a) for the item's a actions.
    package func title(ofAction id: String) -> String {
        actions.first { $0.id.rawValue == id }?.title ?? id
    }
}
