import GripperEditing

/// Why an ``Engine`` could not open on a data source.
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data source contradicts itself (a repeated section identity, a negative count).
    case dataSource(DataSourceError)
    /// The layout rejects the metrics or an item's height; the layout's message.
    case layout(String)

    public var description: String {
        switch self {
        case .dataSource(let error): "\(error)"
        case .layout(let message): "the layout rejects the data: \(message)"
        }
    }
}
