import GripperGeometry

/// How a ``PlacementLayout`` places one section's items: the frames of its
/// *slots*, the places the section's items take in reading order.
///
/// This is the part of a layout an app writes (a mosaic, a circle, a
/// staggered grid): everything else — sections stacked along the scroll
/// axis with their insets, headers, footers (pinned or not), backgrounds
/// and the global header; the drag's gap and hidden source within and
/// across sections; a drag of several items; swipe actions and editing
/// controls; menus; hit testing, rect queries and the drop rule — is the
/// layout's, written once.
///
/// A placement works in one section's *items area*, in scroll space (see
/// ``LayoutOrientation``): x runs across the scroll axis from the leading
/// edge, y along it from the area's start; `width` is the area's width
/// across the scroll axis (the viewport's, less the section's insets).
/// Slot `k` of `count` is where the `k`-th item in reading order is
/// drawn; during a drag the section shows its items in other slots (the
/// gap takes one, the dragged item leaves one), so a slot's frame may
/// depend on the slot and the count, never on which item is in it.
///
/// The layout asks for the frames on every query, so each call should be
/// cheap (O(1) or O(log n)). Answers that are not finite are taken as an
/// empty frame at the area's origin (drawn nowhere, hit by nothing).
///
/// ```swift
/// /// Rows of two square tiles and one wide tile, by turns.
/// struct Mosaic: ItemPlacement {
///     var spacing = 4.0
///     func extent(ofSlots count: Int, width: Double) -> Double {
///         let rows = (count + 2) / 3 * 2 - (count % 3 == 1 ? 1 : 0)
///         return Double(rows) * (width / 2) + Double(max(0, rows - 1)) * spacing
///     }
///     func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
///         let side = (width - spacing) / 2, row = slot / 3 * 2 + (slot % 3 == 2 ? 1 : 0)
///         let y = Double(row) * (width / 2 + spacing)
///         switch slot % 3 {
///         case 0: return Rect(x: 0, y: y, width: side, height: side)
///         case 1: return Rect(x: side + spacing, y: y, width: side, height: side)
///         default: return Rect(x: 0, y: y, width: width, height: side)
///         }
///     }
/// }
/// ```
public protocol ItemPlacement: Sendable {
    /// The length along the scroll axis that `count` slots take in an items
    /// area `width` wide: the section's items area is this long (at least
    /// its ``SectionMetrics/minimumItemsHeight``). Asked when a section is
    /// laid out, for its count and one slot fewer and more (a drag); it
    /// should be finite, at least 0 and at most 2^40 points (the longest
    /// length a layout takes): a NaN or negative one is taken as 0, a
    /// longer one as 2^40.
    /// - Complexity: should be O(1).
    func extent(ofSlots count: Int, width: Double) -> Double

    /// The frame of slot `slot` (0 ..< `count`) among `count` slots,
    /// relative to the items area's start.
    /// - Complexity: should be O(1) or O(log n).
    func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect

    /// The slots whose frames may intersect `rect` (items-area
    /// coordinates), as a range of slots: more than those is fine, fewer
    /// is not. What a rect query, a hit test and the drop rule cost. The
    /// default is every slot, O(1) itself but O(n) for the layout that
    /// then asks each frame: give a narrower range for large sections.
    /// Values outside `0 ..< count` are clamped.
    /// - Complexity: should be O(1) or O(log n).
    func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int>

    /// The elements of kinds the app defines
    /// (``ElementKind/supplementary(_:)``, ``ElementKind/decoration(_:)``)
    /// in section `section` of `count` slots that may meet `rect`
    /// (items-area coordinates, as the slots' frames): each with its kind,
    /// its index path (the section, and the app's own index of the element
    /// within it), its frame in items-area coordinates, its z-order (see
    /// ``ZIndex``) and any ``LayoutAttributes/transform`` or
    /// ``LayoutAttributes/value``. Asked by every rect query that reaches
    /// the section and by a query for one such element (with a rect as
    /// large as a layout holds); during a drag `count` is the slots shown.
    /// Elements of other kinds, and those whose frames are not finite or
    /// have a negative size, are left out. The default is none.
    /// - Complexity: should be O(k) for the k elements returned.
    func elements(in rect: Rect, section: Int, count: Int, width: Double) -> [LayoutAttributes]

    /// Dresses the cell shown in `slot` of `count` (its attributes as the
    /// layout made them, content coordinates): an app's layout may set its
    /// ``LayoutAttributes/transform``, ``LayoutAttributes/zIndex``,
    /// ``LayoutAttributes/alpha`` (0 to 1) and ``LayoutAttributes/value``;
    /// the layout keeps everything else as it was (the frame stays the
    /// slot's, which hit testing and the drop rule use). The default leaves
    /// the cell as it is.
    /// - Complexity: should be O(1).
    func adjustCell(_ cell: inout LayoutAttributes, slot: Int, count: Int, width: Double)
}

extension ItemPlacement {
    /// Every slot: `0 ..< count`.
    public func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int> { 0..<max(0, count) }

    /// None.
    public func elements(in rect: Rect, section: Int, count: Int, width: Double) -> [LayoutAttributes] { [] }

    /// As it is.
    public func adjustCell(_ cell: inout LayoutAttributes, slot: Int, count: Int, width: Double) {}
}
