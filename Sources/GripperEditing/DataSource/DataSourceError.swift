import GripperLayout

/// A data source that contradicts itself or the engine, found where the
/// engine reads it. The read is refused rather than trusted: opening fails,
/// an edit is rejected with the model unchanged, a hit finds no item.
public enum DataSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two sections share an identity (found at opening).
    case duplicateSectionID(SectionID, sections: Int, Int)
    /// Two items of the section(s) an edit touches share an identity.
    case duplicateItemID(ItemID, at: ItemPath, ItemPath)
    /// A section's item count changed without a batch telling the engine:
    /// the engine opened (or last changed) it with `expected` items and the
    /// source now says `found`.
    case countChanged(section: Int, expected: Int, found: Int)
    /// A count or section count below zero.
    case negativeCount(section: Int?, count: Int)

    public var description: String {
        switch self {
        case .duplicateSectionID(let id, let a, let b):
            "data source: section id \(id) appears at sections \(a) and \(b)"
        case .duplicateItemID(let id, let p, let q):
            "data source: item id \(id) appears at \(p) and \(q)"
        case .countChanged(let s, let expected, let found):
            "data source: section \(s) has \(found) items, the engine knows \(expected) (a count changed without a batch)"
        case .negativeCount(let s, let n):
            s.map { "data source: section \($0) has \(n) items" } ?? "data source: \(n) sections"
        }
    }
}
