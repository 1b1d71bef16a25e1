import GripperGeometry

/// The drawing order of the layout's elements, lowest first.
package enum ZIndex {
    /// Section backgrounds.
    package static let background = 0
    /// The drag gap.
    package static let placeholder = 5
    /// Cells.
    package static let cell = 10
    /// Swipe-action buttons, over the part of the cell the content left.
    package static let action = 11
    /// Separators.
    package static let separator = 15
    /// Headers and footers at their natural place.
    package static let supplementary = 20
    /// Pinned headers and footers.
    package static let pinned = 30
    /// The global header.
    package static let globalHeader = 40
    /// An item's open menu, above the content and its headers.
    package static let menu = 90
    /// A menu's entries, on its panel.
    package static let menuEntry = 91
    /// The drag proxy, above everything.
    package static let dragProxy = 100
}
