/// Why a ``CollectionModel`` could not be made from the given sections.
public enum CollectionModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two sections share an identity.
    case duplicateSectionID(SectionID)
    /// Two items share an identity (possibly in different sections).
    case duplicateItemID(ItemID)

    public var description: String {
        switch self {
        case .duplicateSectionID(let id): "section id \(id) appears more than once"
        case .duplicateItemID(let id): "item id \(id) appears more than once"
        }
    }
}
