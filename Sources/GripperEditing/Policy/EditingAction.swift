import GripperLayout

/// One action a swiped cell reveals: an identity, a title and a style.
public struct EditingAction: Hashable, Sendable {
    /// How an action looks and what performing it does to the model.
    public enum Style: String, Hashable, Sendable {
        /// A plain action: performing it is journaled, the model is unchanged.
        case normal
        /// A destructive action (red): performing it deletes the item.
        case destructive
    }

    /// The action's identity.
    public var id: ActionID
    /// The title shown on its button.
    public var title: String
    /// Its style.
    public var style: Style

    /// Creates an action.
    public init(id: ActionID, title: String, style: Style = .normal) {
        self.id = id
        self.title = title
        self.style = style
    }

    /// The layout's descriptor of this action (identity, title, style).
    package var layoutAction: SwipeAction {
        SwipeAction(id: id.rawValue, title: title, style: style == .destructive ? .destructive : .normal)
    }

    /// The usual delete action: destructive, titled "Delete".
    public static let delete = EditingAction(id: "delete", title: "Delete", style: .destructive)
}
