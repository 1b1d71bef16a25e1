import GripperLayout

/// One child of a ``ComposedDataSource`` or a ``SegmentedDataSource``: a
/// key that names it (its sections are `key/section` in the composition),
/// its data and its rules.
///
/// A child is a whole data source of its own, indexed from zero: it
/// answers for its own sections with its own index paths, brings its own
/// column counts and heights (``CollectionDataSource/columns(ofSection:)``,
/// ``CollectionDataSource/height(ofItem:at:)``) and its own rules (may
/// edit, may move, actions, what an action does). Item identities must be
/// unique over all the children together (the app's promise, as for any
/// data source).
public struct ChildDataSource: Sendable {
    /// The child's name, unique among its siblings; its sections appear in
    /// the composition as `key/sectionID`.
    public var key: String
    /// The child's data.
    public var dataSource: any CollectionDataSource
    /// The child's rules.
    public var delegate: any CollectionDelegate

    /// Creates a child from its data and its rules.
    public init(key: String, dataSource: any CollectionDataSource, delegate: any CollectionDelegate) {
        self.key = key
        self.dataSource = dataSource
        self.delegate = delegate
    }

    /// Creates a child from one value that is both its data and its rules.
    public init(key: String, _ source: some CollectionDataSource & CollectionDelegate) {
        self.init(key: key, dataSource: source, delegate: source)
    }

    /// The identity a section of this child has in a composition.
    /// - Complexity: O(key + id) (one string).
    public func composedSectionID(_ id: SectionID) -> SectionID {
        SectionID(key + "/" + id.rawValue)
    }
}

/// The two questions a move between two children of a
/// ``ComposedDataSource`` asks, one of each child: may the item leave its
/// child, and where may it land in the other. A child whose delegate does
/// not conform keeps its items (and takes none): the move is vetoed.
public protocol CrossChildMoveRules: CollectionDelegate {
    /// Whether `item`, at `indexPath` in this child, may move to the child
    /// keyed `destination`.
    /// - Complexity: called per frame while dragging; should be O(1).
    func canMoveOut(_ item: ItemID, from indexPath: ItemPath, toChild destination: String) -> Bool
    /// Where `item`, from the child keyed `source`, may land in this child
    /// when the drag proposes `proposed` (an after-move path of this child).
    /// A redirect outside this child's sections is a veto.
    /// - Complexity: called per frame while dragging; should be O(1).
    func target(forMovingIn item: ItemID, fromChild source: String, proposed: ItemPath) -> MoveTarget
}
