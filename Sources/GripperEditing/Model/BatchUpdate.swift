import GripperLayout

/// A set of changes applied to a ``CollectionModel`` at once, whole or not at all.
///
/// The ordering rules (those of UIKit's batch updates):
/// - section deletes, item deletes and item reloads name index paths in the
///   model **before** the batch, and apply in descending order;
/// - section inserts and item inserts name index paths in the model **after**
///   the batch, and apply in ascending order;
/// - a move names its source in the model before and its destination in the
///   model after: a delete plus an insert of the same item; a section move
///   (``Operation/moveSection(from:to:)``) likewise, the section keeping its
///   identity and its items;
/// - a section reload names a section in the model before; the section
///   keeps its place among the others (it counts as neither deleted nor
///   inserted) and its items' identities.
///
/// Item operations may name a moved section (by its index before the batch
/// for deletes, reloads and move sources, by its index after the batch for
/// inserts and move destinations), as they may name any section that
/// stays; none may name a reloaded section, whose content the batch reads
/// again as a whole (UIKit refuses an item change in a reloaded section
/// too). See ``BatchUpdateError/Reason`` for every rule.
///
/// Operations are kept in the order given so that an error can name the one
/// at fault; the order does not change the outcome.
public struct BatchUpdate: Hashable, Sendable, CustomStringConvertible {
    /// One change of a batch.
    public enum Operation: Hashable, Sendable, CustomStringConvertible {
        /// Delete the section at this index (before the batch), with its items.
        case deleteSection(Int)
        /// Insert this section, with its items, at this index (after the batch).
        case insertSection(CollectionSection, at: Int)
        /// Delete the item at this path (before the batch).
        case deleteItem(ItemPath)
        /// Insert an item with this identity at this path (after the batch).
        case insertItem(ItemID, at: ItemPath)
        /// Reload the item at this path (before the batch): its identity and
        /// place stay, its content is to be redrawn.
        case reloadItem(ItemPath)
        /// Move the item at `from` (before the batch) to `to` (after the batch).
        case moveItem(from: ItemPath, to: ItemPath)
        /// Move the section at `from` (before the batch), with its identity
        /// and items, to `to` (after the batch): UIKit's
        /// `moveSection(_:toSection:)`. The sections between slide over by
        /// one, as for a delete at `from` and an insert at `to`.
        case moveSection(from: Int, to: Int)
        /// Reload the section at this index (before the batch): its identity,
        /// place and items stay; what the engine reads of it from the data
        /// source (its items' heights and widths, its metrics) is read again
        /// and its cells are to be redrawn — UIKit's `reloadSections(_:)`
        /// for a data source that keeps its identities.
        case reloadSection(Int)

        public var description: String {
            switch self {
            case .deleteSection(let s): "delete section \(s)"
            case .insertSection(let section, let s): "insert section \(section.id) at \(s)"
            case .deleteItem(let p): "delete item \(p)"
            case .insertItem(let id, let p): "insert item \(id) at \(p)"
            case .reloadItem(let p): "reload item \(p)"
            case .moveItem(let from, let to): "move item \(from) → \(to)"
            case .moveSection(let from, let to): "move section \(from) → \(to)"
            case .reloadSection(let s): "reload section \(s)"
            }
        }
    }

    /// The operations, in the order given.
    public var operations: [Operation]

    /// Creates a batch from its operations.
    public init(_ operations: [Operation] = []) {
        self.operations = operations
    }

    /// Whether the batch changes nothing at all.
    public var isEmpty: Bool { operations.isEmpty }

    /// The number of item moves in the batch.
    public var moveCount: Int {
        operations.reduce(0) { n, op in
            if case .moveItem = op { return n + 1 }
            return n
        }
    }

    public var description: String {
        "{" + operations.map(\.description).joined(separator: "; ") + "}"
    }
}
