import GripperGeometry

/// The drawing order of the layout's elements, lowest first.
public enum ZIndex {
    /// Section backgrounds.
    public static let background = 0
    /// The drag gap.
    public static let placeholder = 5
    /// Cells.
    public static let cell = 10
    /// Swipe-action buttons, over the part of the cell the content left.
    public static let action = 11
    /// Separators.
    public static let separator = 15
    /// Headers and footers at their natural place.
    public static let supplementary = 20
    /// Pinned headers and footers.
    public static let pinned = 30
    /// The global header.
    public static let globalHeader = 40
    /// An item's open menu, above the content and its headers.
    public static let menu = 90
    /// A menu's entries, on its panel.
    public static let menuEntry = 91
    /// The drag proxy, above everything.
    public static let dragProxy = 100
}
