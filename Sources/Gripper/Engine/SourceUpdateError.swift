import GripperEditing

/// Why the engine refused a data source's change
/// (``Engine/apply(_:toChild:of:becoming:at:)``,
/// ``Engine/switchSegment(of:to:at:)``, ``Engine/land(_:in:at:)``,
/// ``Engine/land(_:at:)``); the engine and the source are then as they were.
public enum SourceUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The composition refused: no such child, a bad key, or a child's new
    /// data source whose section count the batch does not explain.
    case composition(CompositionError)
    /// The batch names a section outside the child's own (it would reach
    /// another child): the child's index and the operation at fault.
    case outsideChild(child: Int, operation: BatchUpdate.Operation)
    /// The batch, in global index paths, broke a batch rule.
    case batch(BatchUpdateError)
    /// The new content contradicts itself (a repeated section identity, a
    /// negative count).
    case dataSource(DataSourceError)

    public var description: String {
        switch self {
        case .composition(let error): "\(error)"
        case .outsideChild(let child, let op): "composed data source: child \(child)'s batch reaches outside its sections: \(op)"
        case .batch(let error): "\(error)"
        case .dataSource(let error): "\(error)"
        }
    }
}
