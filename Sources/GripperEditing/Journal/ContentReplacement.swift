/// What the app put in place of the whole content in one step — a
/// segmented source switching segments — as the journal and the
/// transcript tell it: which segment, and how much it brought, never the
/// items themselves (a switch to a segment of 100,000 items is one short
/// line).
///
/// The model took the new content wholesale, as lazy views of the data
/// source (as opening a collection does), so there is no batch to undo
/// it: the journal restarts at it (`Journal/replaceContent(with:as:at:)`),
/// and the user's undo stops there, as at any change the app makes.
public struct ContentReplacement: Hashable, Sendable {
    /// The index of the segment shown now.
    public var segment: Int
    /// Its key (the header's title).
    public var key: String
    /// How many sections were shown before.
    public var sectionsBefore: Int
    /// How many sections are shown now.
    public var sections: Int
    /// How many items are shown now.
    public var items: Int

    /// Creates the record of a replacement.
    package init(segment: Int, key: String, sectionsBefore: Int, sections: Int, items: Int) {
        self.segment = segment
        self.key = key
        self.sectionsBefore = sectionsBefore
        self.sections = sections
        self.items = items
    }

    /// `segment 1 sent: sections 0..1, 100000 items`; `no sections` for an
    /// empty segment.
    public var summary: String {
        let range = sections > 0 ? "sections 0..\(sections - 1)" : "no sections"
        return "segment \(segment) \(key): \(range), \(items) items"
    }
}
