import GripperLayout

/// The app's data as the engine reads it: the sections, and per section its
/// identity, its item count and the identity (and optionally the height) of
/// the item at an index — the questions a UIKit collection view's data source
/// answers.
///
/// The engine asks lazily: opening asks each section for its identity, its
/// count and (when ``hasItemHeights``) every item's height; an item's
/// identity is asked only when something needs it (a hit, a picture, an
/// edit that touches its section). Opening 1M items with fixed heights builds
/// no per-item value at all.
///
/// **Hand the engine a value.** The engine keeps the data source it is given
/// and reads its untouched sections from it for as long as it runs, so what
/// it reads must stay what it opened with: a struct over arrays (copy on
/// write) is a free snapshot. The app's later changes reach the engine only
/// as batches (`EditingStateMachine/apply(_:at:)`); the engine's own copy of
/// a section's identities starts at the first edit that touches it. A
/// reference-type source that changes anyway is caught where the engine reads
/// it: see ``DataSourceError``.
///
/// ```swift
/// struct Inbox: CollectionDataSource {
///     var messages: [Message]        // the app's storage, a value
///     var numberOfSections: Int { 1 }
///     func sectionID(at section: Int) -> SectionID { "inbox" }
///     func numberOfItems(inSection section: Int) -> Int { messages.count }
///     func itemID(at indexPath: ItemPath) -> ItemID { ItemID(messages[indexPath.item].id) }
/// }
/// ```
///
/// Identities must be unique over the whole collection; the engine does not
/// scan 1M items to check it up front (it is the app's promise), and finds a
/// repeat where an edit meets one (a typed error, the edit rejected).
public protocol CollectionDataSource: Sendable {
    /// The number of sections.
    /// - Complexity: asked once, at opening.
    var numberOfSections: Int { get }
    /// The stable identity of section `section` (`0..<numberOfSections`).
    /// - Complexity: asked once per section, at opening.
    func sectionID(at section: Int) -> SectionID
    /// The number of items in section `section`.
    /// - Complexity: asked at opening and again each time the engine reads or
    ///   copies the section (to catch a count that changed); should be O(1).
    func numberOfItems(inSection section: Int) -> Int
    /// The stable identity of the item at `indexPath`; the engine asks only
    /// for paths inside the counts the source gives.
    /// - Complexity: asked on demand (hits, pictures, the first edit of a
    ///   section reads it whole); should be O(1).
    func itemID(at indexPath: ItemPath) -> ItemID
    /// Whether items have heights of their own (``height(ofItem:at:)``); when
    /// false, every row is the layout's row height and opening is O(sections).
    var hasItemHeights: Bool { get }
    /// The height (or estimate) of `item`, which is or will be at
    /// `indexPath`; nil for the layout's row height. Asked for every item at
    /// opening when ``hasItemHeights``, and for each item a batch inserts —
    /// then before your storage need hold it, so answer by identity when you
    /// can (nil gives the row height).
    /// - Complexity: should be O(1); opening costs O(n) calls.
    func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double?
    /// The height (or estimate) of the item at `indexPath` in your storage,
    /// as it was when the engine opened it: asked at opening and for
    /// sections no edit has touched yet, so the engine needs no identity to
    /// lay them out. By default the item's identity is read and
    /// ``height(ofItem:at:)`` asked; answer by index (an array of heights)
    /// to open a million items with heights without making a million
    /// identities.
    /// - Complexity: should be O(1); opening costs O(n) calls.
    func height(ofItemAt indexPath: ItemPath) -> Double?
    /// Whether ``indexPath(ofItem:)`` answers: then a batch that inserts
    /// checks each new identity against the sections the engine still reads
    /// from you with one question each (O(k) for k inserts); otherwise by
    /// reading every identity it has not copied (O(n) for n items).
    var locatesItems: Bool { get }
    /// Where `item` is in your storage as it was when the engine opened it,
    /// or nil when it is not there. Asked only when ``locatesItems``, for
    /// identities a batch brings in; the answer is checked (the identity at
    /// the path must be `item`), so a wrong path is treated as nil.
    /// - Complexity: should be O(1) (a dictionary, or an identity that
    ///   encodes its place).
    func indexPath(ofItem item: ItemID) -> ItemPath?
    /// The number of columns of section `section`, or nil for the layout's.
    /// Asked once per section at opening, and for a section a batch inserts
    /// (by its identity).
    func columns(ofSection section: SectionID) -> Int?
    /// The layout metrics of section `section` where they differ from the
    /// layout's (`SectionMetrics`: columns, row height, spacing, insets,
    /// header and footer, separators; nil inherits). The default is
    /// ``columns(ofSection:)`` alone. A child of a ``ComposedDataSource`` or
    /// a segment of a ``SegmentedDataSource`` brings its own this way: its
    /// row height, its header's height. Asked when the section is laid out
    /// (at opening, for a section a batch inserts, when the layout is rebuilt).
    /// - Complexity: should be O(1).
    func metrics(ofSection section: SectionID) -> SectionMetrics
    /// Whether items have widths of their own (``width(ofItem:at:)``), which
    /// a flow layout wraps into lines; the grid ignores them.
    var hasItemWidths: Bool { get }
    /// The width (the extent across the scroll axis) of `item`, which is or
    /// will be at `indexPath`; nil for the layout's default. Asked for every
    /// item at opening when ``hasItemWidths``, and for each item a batch inserts.
    /// - Complexity: should be O(1).
    func width(ofItem item: ItemID, at indexPath: ItemPath) -> Double?
}

extension CollectionDataSource {
    /// No item heights of their own: every row is the layout's row height.
    public var hasItemHeights: Bool { false }
    /// The layout's row height.
    public func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { nil }
    /// Items cannot be located: a batch that inserts reads the identities.
    public var locatesItems: Bool { false }
    /// Not located (see ``locatesItems``).
    public func indexPath(ofItem item: ItemID) -> ItemPath? { nil }
    /// The layout's column count.
    public func columns(ofSection section: SectionID) -> Int? { nil }
    /// The column count of ``columns(ofSection:)``; everything else the layout's.
    public func metrics(ofSection section: SectionID) -> SectionMetrics {
        SectionMetrics(columns: columns(ofSection: section))
    }
    /// No item widths of their own.
    public var hasItemWidths: Bool { false }
    /// The layout's default width.
    public func width(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { nil }
    /// The height of the item whose identity is at `indexPath`.
    public func height(ofItemAt indexPath: ItemPath) -> Double? {
        hasItemHeights ? height(ofItem: itemID(at: indexPath), at: indexPath) : nil
    }
}
