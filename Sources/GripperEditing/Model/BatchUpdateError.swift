import GripperLayout

/// Why a ``BatchUpdate`` was rejected: which operation (by its index in
/// ``BatchUpdate/operations``) and why. A rejected batch leaves the model as it was.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with an operation.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A section index outside the model (before the batch for deletes,
        /// reloads and section move sources, after it for inserts and move
        /// destinations).
        case sectionOutOfRange(Int, sectionCount: Int, afterBatch: Bool)
        /// An item index outside its section.
        case itemOutOfRange(ItemPath, itemCount: Int, afterBatch: Bool)
        /// The same section deleted twice.
        case duplicateSectionDelete(Int)
        /// Two sections inserted (or moved) to the same index.
        case duplicateSectionInsert(Int)
        /// The same section moved twice.
        case duplicateSectionMove(Int)
        /// The same section reloaded twice.
        case duplicateSectionReload(Int)
        /// The same section deleted and moved.
        case deleteAndMoveSection(Int)
        /// The same section deleted and reloaded.
        case deleteAndReloadSection(Int)
        /// The same section reloaded and moved.
        case reloadAndMoveSection(Int)
        /// An item delete, reload or move source inside a section the batch
        /// reloads (the reload reads the section again as a whole).
        case itemInReloadedSection(ItemPath)
        /// An insert or move destination inside a section the batch reloads.
        case destinationInReloadedSection(ItemPath)
        /// The same item deleted twice.
        case duplicateDelete(ItemPath)
        /// Two inserts (or move destinations) at the same path.
        case duplicateInsert(ItemPath)
        /// The same item reloaded twice.
        case duplicateReload(ItemPath)
        /// The same item moved twice.
        case duplicateMove(ItemPath)
        /// The same item deleted and moved.
        case deleteAndMove(ItemPath)
        /// The same item deleted and reloaded.
        case deleteAndReload(ItemPath)
        /// The same item reloaded and moved.
        case reloadAndMove(ItemPath)
        /// An item delete, reload or move inside a section the batch deletes.
        case itemInDeletedSection(ItemPath)
        /// An insert or move destination in a section the batch deletes (its
        /// index no longer exists after the batch).
        case destinationInDeletedSection(ItemPath)
        /// An inserted item or section whose identity the model (after the
        /// batch) would hold twice.
        case duplicateItemID(ItemID)
        /// An inserted section whose identity the model would hold twice.
        case duplicateSectionID(SectionID)
        /// The data source behind a lazy section the batch touches contradicts
        /// itself (its count changed without a batch, or an identity repeats).
        case dataSource(DataSourceError)

        public var description: String {
            switch self {
            case .sectionOutOfRange(let s, let n, let after):
                "section \(s) is out of range: \(n) sections \(after ? "after" : "before") the batch"
            case .itemOutOfRange(let p, let n, let after):
                "item \(p) is out of range: section has \(n) items \(after ? "after" : "before") the batch"
            case .duplicateSectionDelete(let s): "section \(s) is deleted twice"
            case .duplicateSectionInsert(let s): "two sections are inserted or moved to \(s)"
            case .duplicateSectionMove(let s): "section \(s) is moved twice"
            case .duplicateSectionReload(let s): "section \(s) is reloaded twice"
            case .deleteAndMoveSection(let s): "section \(s) is both deleted and moved"
            case .deleteAndReloadSection(let s): "section \(s) is both deleted and reloaded"
            case .reloadAndMoveSection(let s): "section \(s) is both reloaded and moved"
            case .itemInReloadedSection(let p): "item \(p) is in a section the batch reloads"
            case .destinationInReloadedSection(let p): "destination \(p) is in a section the batch reloads"
            case .duplicateDelete(let p): "item \(p) is deleted twice"
            case .duplicateInsert(let p): "two items are inserted at \(p)"
            case .duplicateReload(let p): "item \(p) is reloaded twice"
            case .duplicateMove(let p): "item \(p) is moved twice"
            case .deleteAndMove(let p): "item \(p) is both deleted and moved"
            case .deleteAndReload(let p): "item \(p) is both deleted and reloaded"
            case .reloadAndMove(let p): "item \(p) is both reloaded and moved"
            case .itemInDeletedSection(let p): "item \(p) is in a section the batch deletes"
            case .destinationInDeletedSection(let p): "destination \(p) is in a section the batch deletes"
            case .duplicateItemID(let id): "item id \(id) would appear twice"
            case .duplicateSectionID(let id): "section id \(id) would appear twice"
            case .dataSource(let error): "\(error)"
            }
        }
    }

    /// The index of the offending operation in the batch.
    public var operationIndex: Int
    /// The offending operation.
    public var operation: BatchUpdate.Operation
    /// What was wrong.
    public var reason: Reason

    /// Creates an error.
    package init(operationIndex: Int, operation: BatchUpdate.Operation, reason: Reason) {
        self.operationIndex = operationIndex
        self.operation = operation
        self.reason = reason
    }

    public var description: String {
        "batch operation #\(operationIndex) (\(operation)): \(reason)"
    }
}
