/// An app's own storage that follows the engine's model: the app's
/// elements (its rows, messages, photos) by section, in the order the
/// engine shows them. ``JournalMirror`` brings the user's edits into it —
/// moves, deletes, drops, actions that delete, and their undo and redo —
/// so the app never writes the switch over journal entries itself.
///
/// The storage is also the engine's data source (a value: the engine's
/// copy is a snapshot of what it opened with). The mirror reads the item
/// at a path with ``/GripperEditing/CollectionDataSource/itemID(at:)`` before it takes it
/// out, and checks every path against
/// ``/GripperEditing/CollectionDataSource/numberOfItems(inSection:)`` before it changes
/// anything.
///
/// ```swift
/// struct Inbox: MirroredStorage {
///     var messages: [Message]
///     var numberOfSections: Int { 1 }
///     func sectionID(at section: Int) -> SectionID { "inbox" }
///     func numberOfItems(inSection section: Int) -> Int { messages.count }
///     func itemID(at indexPath: ItemPath) -> ItemID { ItemID(messages[indexPath.item].id) }
///     mutating func removeElement(at path: ItemPath) -> Message { messages.remove(at: path.item) }
///     mutating func insertElement(_ message: Message, at path: ItemPath) { messages.insert(message, at: path.item) }
/// }
/// ```
public protocol MirroredStorage<Element>: CollectionDataSource {
    /// What the storage keeps for one item.
    associatedtype Element

    /// Takes the element at `path` out (the items after it move up one)
    /// and returns it. The mirror calls it only for a path that exists.
    mutating func removeElement(at path: ItemPath) -> Element

    /// Puts `element` at `path` (the item there and those after it move
    /// down one). The mirror calls it only for an existing section, with
    /// `path.item` at most that section's count.
    mutating func insertElement(_ element: Element, at path: ItemPath)

    /// The element for `id` when an edit brings in an item the mirror did
    /// not see leave: a tool's `Edit.batch` entry that inserts, or the undo
    /// of the app's own reload. Nil (the default) when the app has none;
    /// the mirror then reports ``JournalMirror/Failure/unknownItem(_:sequence:)``
    /// and changes nothing.
    func element(for id: ItemID) -> Element?
}

extension MirroredStorage {
    /// No element for items the mirror did not see leave.
    public func element(for id: ItemID) -> Element? { nil }

    /// Whether the storage holds exactly the items of `model`, section by
    /// section, in order: the check an app (or its test) makes after a run.
    /// - Complexity: O(n) for the n items.
    public func holdsItems(of model: CollectionModel) -> Bool {
        guard numberOfSections == model.sections.count else { return false }
        for (s, section) in model.sections.enumerated() {
            guard numberOfItems(inSection: s) == section.items.count else { return false }
            for (i, id) in section.items.enumerated() where itemID(at: ItemPath(section: s, item: i)) != id {
                return false
            }
        }
        return true
    }
}
