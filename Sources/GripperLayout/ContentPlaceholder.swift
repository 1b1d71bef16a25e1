import GripperGeometry

/// What a collection shows in place of its items while it has none to
/// show: a loading indicator during the first load, or a placeholder with
/// a title and a message for no content and for an error (the placeholder views of
/// the WWDC 2014 talk *Advanced User Interfaces with Collection Views*). It spans the viewport below the global header, at
/// the current content offset, so it stays in view; a renderer draws it
/// above the cells.
public struct ContentPlaceholder: Hashable, Sendable {
    /// Which placeholder.
    public enum Kind: String, Hashable, Sendable {
        /// The first load is in flight: a loading indicator at ``ContentPlaceholder/indicatorFrame``.
        case loading
        /// Loaded, and nothing to show.
        case noContent
        /// The load failed.
        case error
    }

    /// Which placeholder.
    public var kind: Kind
    /// The title the data source gives (empty while loading).
    public var title: String
    /// The message below it (empty while loading).
    public var message: String
    /// The area it covers, in the layout's scroll-space content coordinates.
    public var frame: Rect
    /// The sections it covers, for the placeholder of one child of a
    /// composed source (its sections' items areas, from the first to the
    /// last); `nil` for the whole collection's.
    public var sections: Range<Int>?

    /// The side of the loading indicator's square.
    public static let indicatorSide = 40.0

    /// Creates a placeholder.
    package init(kind: Kind, title: String = "", message: String = "", frame: Rect, sections: Range<Int>? = nil) {
        self.kind = kind
        self.title = title
        self.message = message
        self.frame = frame
        self.sections = sections
    }

    /// The loading indicator's square: centred across, a third of the way down the frame.
    public var indicatorFrame: Rect {
        let side = min(Self.indicatorSide, frame.width, frame.height)
        return Rect(x: frame.minX + (frame.width - side) / 2, y: frame.minY + max(0, frame.height / 3 - side / 2),
                    width: side, height: side)
    }

    /// The area a placeholder covers: the viewport (`viewport`, scroll
    /// space) below a global header `globalHeaderHeight` tall, at content
    /// offset `contentOffset`. Negative or non-finite inputs count as 0.
    /// - Complexity: O(1).
    package static func area(viewport: Size, contentOffset: Double, globalHeaderHeight: Double) -> Rect {
        func clean(_ x: Double) -> Double { x.isFinite ? max(0, x) : 0 }
        let header = min(clean(globalHeaderHeight), clean(viewport.height))
        let offset = contentOffset.isFinite ? contentOffset : 0
        return Rect(x: 0, y: offset + header, width: clean(viewport.width), height: clean(viewport.height) - header)
    }
}
