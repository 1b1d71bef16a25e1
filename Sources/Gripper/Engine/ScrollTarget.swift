import GripperLayout

/// Where the app asks the content to scroll (``Stimulus/scroll(_:animated:)``,
/// ``Engine/scroll(to:animated:at:)``).
public enum ScrollTarget: Hashable, Sendable, CustomStringConvertible {
    /// A content offset along the scroll axis (clamped to the content).
    case offset(Double)
    /// An item's cell, placed in the viewport as `position` says.
    case item(ItemPath, ScrollPosition)

    /// The target as the transcript writes it (`offset 120.00`, `[0,25] top`):
    /// the text of its fields (`Transcript.Field`).
    public var description: String { Transcript.text(of: transcriptFields) }

    /// The target's fields in both transcript forms: `offset`, or `item` and `position`.
    var transcriptFields: [Transcript.Field] {
        switch self {
        case .offset(let y):
            let c = FixedDecimal.string(y, places: 2)
            return [Transcript.Field("offset", json: c, text: "offset " + c)]
        case .item(let p, let position): return [.path("item", p), .word("position", position.rawValue)]
        }
    }
}

/// Where in the viewport an item scrolled to ends up (UIKit's
/// `UICollectionView.ScrollPosition`).
public enum ScrollPosition: String, Hashable, Sendable, CaseIterable {
    /// Its top at the viewport's top.
    case top
    /// Its centre at the viewport's centre.
    case center
    /// Its bottom at the viewport's bottom.
    case bottom
    /// The least scroll that shows it whole: nothing when it is, else its
    /// top at the top (it was above) or its bottom at the bottom (below);
    /// an item taller than the viewport goes to the top.
    case nearest
}
