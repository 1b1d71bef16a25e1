import GripperEditing
import GripperLayout

/// The words the engine says for each ``Announcement``: a table of
/// templates, English by default, that an app replaces (whole or key by
/// key) to speak another language or its own phrasing.
///
/// A template names what it says in braces: `{item}` and `{section}` (the
/// names the delegate gives, ``CollectionDelegate/accessibilityLabel(for:)``
/// and ``CollectionDelegate/accessibilityLabel(forSection:)``), `{position}`
/// (from 1) and `{count}`, `{action}` and `{actions}` (titles, joined with
/// ", "), `{state}` (the state that made a lift wait). A name a template
/// does not know stays as written.
///
/// ```swift
/// var strings = AnnouncementStrings.english
/// strings[.pickedUp] = "{item} angehoben, Position {position} von {count} in {section}"
/// engine.announcementStrings = strings
/// ```
public struct AnnouncementStrings: Hashable, Sendable {
    /// What a template is for; the JSON form's `kind`.
    public enum Key: String, Hashable, Sendable, CaseIterable {
        /// An item lifted: `{item}`, `{position}`, `{count}`, `{section}`.
        case pickedUp
        /// The gap moved: `{item}`, `{position}`, `{count}`, `{section}`.
        case moved
        /// The item dropped: `{item}`, `{position}`, `{count}`, `{section}`.
        case dropped
        /// A move cancelled, the item back at its place: `{item}`, `{position}`, `{count}`, `{section}`.
        case cancelled
        /// A move cancelled because the item went: `{item}`.
        case cancelledRemoved
        /// A lift refused while something else is in flight: `{state}`.
        case refusedBusy
        /// A lift or a command without a focus.
        case refusedNoFocus
        /// A lift of an item that cannot move: `{item}`.
        case refusedNotMovable
        /// A step or a command to a place the delegate vetoes: `{item}`.
        case refusedVetoed
        /// A command to a section that does not exist: `{item}`.
        case refusedNoSuchSection
        /// A swipe revealed actions: `{item}`, `{actions}`.
        case actionsRevealed
        /// A swipe action performed: `{action}`, `{item}`.
        case actionPerformed
        /// One item deleted: `{item}`.
        case deletedOne
        /// Several items deleted: `{count}`.
        case deletedMany
    }

    private var templates: [Key: String]

    /// The English table, with `overrides` in place of its templates.
    public init(_ overrides: [Key: String] = [:]) {
        templates = Self.englishTemplates.merging(overrides) { _, new in new }
    }

    /// The default, English table.
    public static let english = AnnouncementStrings()

    private static let englishTemplates: [Key: String] = [
        .pickedUp: "Picked up {item}, position {position} of {count} in {section}",
        .moved: "{item} moved to position {position} of {count} in {section}",
        .dropped: "{item} dropped",
        .cancelled: "Move cancelled, {item} returned to position {position} of {count} in {section}",
        .cancelledRemoved: "Move cancelled, {item} was removed",
        .refusedBusy: "Cannot pick up while {state} is in progress",
        .refusedNoFocus: "Nothing to move: no item has focus",
        .refusedNotMovable: "{item} cannot be moved",
        .refusedVetoed: "{item} cannot move there",
        .refusedNoSuchSection: "{item} cannot move: no such section",
        .actionsRevealed: "Actions for {item}: {actions}",
        .actionPerformed: "{action}: {item}",
        .deletedOne: "{item} deleted",
        .deletedMany: "{count} items deleted",
    ]

    /// The template for `key`.
    public subscript(key: Key) -> String {
        get { templates[key] ?? Self.englishTemplates[key] ?? "" }
        set { templates[key] = newValue }
    }

    /// `announcement` in words, with the names `itemName` and `sectionName` give.
    /// - Complexity: O(t) for the template's and the names' length.
    public func spoken(_ announcement: Announcement, itemName: (ItemID) -> String,
                       sectionName: (SectionID) -> String) -> SpokenAnnouncement {
        func place(_ p: ListPosition) -> [String: String] {
            ["position": String(p.position), "count": String(p.count), "section": sectionName(p.section)]
        }
        let key: Key
        var values: [String: String] = [:]
        switch announcement {
        case .pickedUp(let item, let p):
            key = .pickedUp
            values = place(p)
            values["item"] = itemName(item)
        case .moved(let item, let p):
            key = .moved
            values = place(p)
            values["item"] = itemName(item)
        case .dropped(let item, let p):
            key = .dropped
            values = place(p)
            values["item"] = itemName(item)
        case .cancelled(let item, let p):
            if let p {
                key = .cancelled
                values = place(p)
            } else {
                key = .cancelledRemoved
            }
            values["item"] = itemName(item)
        case .refused(let refusal):
            switch refusal {
            case .busy(let phase):
                key = .refusedBusy
                values["state"] = Self.phaseWords(phase)
            case .noFocus: key = .refusedNoFocus
            case .notMovable: key = .refusedNotMovable
            case .vetoed: key = .refusedVetoed
            case .noSuchSection: key = .refusedNoSuchSection
            }
            if let item = refusal.item { values["item"] = itemName(item) }
        case .actionsRevealed(let item, let actions):
            key = .actionsRevealed
            values["item"] = itemName(item)
            values["actions"] = actions.joined(separator: ", ")
        case .actionPerformed(let title, let item):
            key = .actionPerformed
            values["action"] = title
            values["item"] = itemName(item)
        case .deleted(let items):
            key = items.count == 1 ? .deletedOne : .deletedMany
            values["count"] = String(items.count)
            if let first = items.first { values["item"] = itemName(first) }
        }
        return SpokenAnnouncement(key: key, text: Self.fill(self[key], values))
    }

    /// What a state is called in a refusal (`a drag`, `a swipe` …); English
    /// only: a table that speaks another language says `{state}`-free words.
    private static func phaseWords(_ phase: EditingPhase) -> String {
        switch phase {
        case .dragging, .batchEditingDragging: "a drag"
        case .swiping: "a swipe"
        case .open: "an open cell"
        case .batchEditingOpen: "a delete confirmation"
        case .tracking, .batchEditingTracking: "a touch"
        case .scrolling, .batchEditingScrolling: "a scroll"
        case .keyboardMoving, .batchEditingKeyboardMoving: "a move"
        case .idle, .batchEditingIdle: "nothing"
        }
    }

    /// `template` with each `{name}` of `values` replaced; other braces stay.
    /// - Complexity: O(t) for the template's length plus the values'.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        // Braces are ASCII, so the template is scanned as UTF-8 bytes (a
        // Character scan cost most of an announcing keyboard step) and cut
        // at the braces, which are always character boundaries.
        var template = template
        return template.withUTF8 { t in
            let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            var out: [UInt8] = []
            out.reserveCapacity(t.count + 48)
            var copied = 0, i = 0
            while i < t.count {
                guard t[i] == open else { i += 1; continue }
                var j = i + 1
                while j < t.count, t[j] != close { j += 1 }
                if j < t.count, let value = values[String(decoding: UnsafeBufferPointer(rebasing: t[(i + 1)..<j]), as: UTF8.self)] {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: t[copied..<i]))
                    out.append(contentsOf: value.utf8)
                    copied = j + 1
                    i = j + 1
                } else {
                    i += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: t[copied..<t.count]))
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// An announcement in words, as the engine hands it over (in a transcript
/// entry, ``Transcript/Entry/announcement``) for whatever speaks it: on
/// Linux, an AT-SPI bridge (the app's accessible object's `announcement`
/// signal, or a live region's text change).
public struct SpokenAnnouncement: Hashable, Sendable {
    /// What it says, as the table's key (`pickedUp`, `moved` …).
    public var key: AnnouncementStrings.Key
    /// The words.
    public var text: String

    /// An announcement.
    public init(key: AnnouncementStrings.Key, text: String) {
        self.key = key
        self.text = text
    }
}
