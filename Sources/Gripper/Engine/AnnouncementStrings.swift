@_spi(Benchmarks) import GripperEditing
import GripperLayout

/// The words the engine says for each `Announcement`: a table of
/// templates, English by default, that an app replaces (whole or key by
/// key) to speak another language or its own phrasing.
///
/// A template names what it says in braces: `{item}` and `{section}` (the
/// names the delegate gives, `CollectionDelegate/accessibilityLabel(for:)`
/// and `CollectionDelegate/accessibilityLabel(forSection:)`), `{position}`
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
        /// A drag hovering an item that accepts drops proposes dropping
        /// into it: `{item}` (the grabbed item), `{target}`.
        case proposedInto
        /// One item dropped into another: `{item}`, `{target}`.
        case droppedInto
        /// Several items dropped into another: `{count}`, `{item}` (the first), `{target}`.
        case droppedManyInto
        /// An item's menu opened: `{item}`, `{count}` (its entries), `{actions}`.
        case menuOpened
        /// An entry of the open menu selected with a key: `{action}`,
        /// `{item}`, `{position}` (from 1), `{count}`.
        case menuEntry
        /// The menu closed without performing an entry: `{item}`.
        case menuDismissed
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
        .proposedInto: "Over {target}: release to drop into it",
        .droppedInto: "{item} dropped into {target}",
        .droppedManyInto: "{count} items dropped into {target}",
        .menuOpened: "Menu for {item}, {count} actions: {actions}",
        .menuEntry: "{action}, {position} of {count}",
        .menuDismissed: "Menu closed",
    ]

    /// The template for `key`.
    public subscript(key: Key) -> String {
        get { templates[key] ?? Self.englishTemplates[key] ?? "" }
        set { templates[key] = newValue }
    }

    /// `announcement` in words, with the names `itemName` and `sectionName` give.
    /// - Complexity: O(t) for the template's and the names' length; no
    ///   dictionary is built (a keyboard step that announces makes one per
    ///   key press).
    package func spoken(_ announcement: Announcement, itemName: (ItemID) -> String,
                       sectionName: (SectionID) -> String) -> SpokenAnnouncement {
        let key: Key
        var values = Values()
        func place(_ item: ItemID, _ p: ListPosition) {
            values.item = itemName(item)
            values.position = p.position
            values.count = p.count
            values.section = sectionName(p.section)
        }
        switch announcement {
        case .pickedUp(let item, let p):
            key = .pickedUp
            place(item, p)
        case .moved(let item, let p):
            key = .moved
            place(item, p)
        case .dropped(let item, let p):
            key = .dropped
            place(item, p)
        case .cancelled(let item, let p):
            if let p {
                key = .cancelled
                place(item, p)
            } else {
                key = .cancelledRemoved
                values.item = itemName(item)
            }
        case .refused(let refusal):
            switch refusal {
            case .busy(let phase):
                key = .refusedBusy
                values.state = Self.phaseWords(phase)
            case .noFocus: key = .refusedNoFocus
            case .notMovable: key = .refusedNotMovable
            case .vetoed: key = .refusedVetoed
            case .noSuchSection: key = .refusedNoSuchSection
            }
            if let item = refusal.item { values.item = itemName(item) }
        case .actionsRevealed(let item, let actions):
            key = .actionsRevealed
            values.item = itemName(item)
            values.actions = actions.joined(separator: ", ")
        case .actionPerformed(let title, let item):
            key = .actionPerformed
            values.action = title
            values.item = itemName(item)
        case .deleted(let items):
            key = items.count == 1 ? .deletedOne : .deletedMany
            values.count = items.count
            if let first = items.first { values.item = itemName(first) }
        case .proposedInto(let item, let target):
            key = .proposedInto
            values.item = itemName(item)
            values.target = itemName(target)
        case .droppedInto(let items, let target):
            key = items.count == 1 ? .droppedInto : .droppedManyInto
            values.count = items.count
            if let first = items.first { values.item = itemName(first) }
            values.target = itemName(target)
        case .menuOpened(let item, let actions):
            key = .menuOpened
            values.item = itemName(item)
            values.count = actions.count
            values.actions = actions.joined(separator: ", ")
        case .menuEntrySelected(let title, let item, let position, let count):
            key = .menuEntry
            values.action = title
            values.item = itemName(item)
            values.position = position
            values.count = count
        case .menuDismissed(let item):
            key = .menuDismissed
            values.item = itemName(item)
        }
        return SpokenAnnouncement(key: key, text: Self.fill(self[key], values))
    }

    /// The values a template names, as plain fields: looking one up
    /// compares the name's bytes, so an announcement builds no dictionary.
    struct Values {
        var item: String?
        var section: String?
        var position: Int?
        var count: Int?
        var action: String?
        var actions: String?
        var state: String?
        var target: String?

        /// Appends the value called `name` (UTF-8) to `out`; false when
        /// there is none.
        func append(_ name: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
            func named(_ s: StaticString) -> Bool {
                guard s.utf8CodeUnitCount == name.count else { return false }
                let p = s.utf8Start
                for k in 0..<name.count where p[k] != name[k] { return false }
                return true
            }
            func text(_ v: String?) -> Bool {
                guard let v else { return false }
                out.append(contentsOf: v.utf8)
                return true
            }
            func number(_ v: Int?) -> Bool {
                guard let v else { return false }
                out.append(contentsOf: String(v).utf8)
                return true
            }
            switch name.count {
            case 4: return named("item") ? text(item) : false
            case 5: return named("count") ? number(count) : named("state") ? text(state) : false
            case 6: return named("action") ? text(action) : named("target") ? text(target) : false
            case 7: return named("section") ? text(section) : named("actions") ? text(actions) : false
            case 8: return named("position") ? number(position) : false
            default: return false
            }
        }
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
        case .menu: "a menu"
        case .idle, .batchEditingIdle: "nothing"
        }
    }

    /// `template` with each `{name}` of `values` replaced; other braces stay.
    /// - Complexity: O(t) for the template's length plus the values'.
    static func fill(_ template: String, _ values: Values) -> String {
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
                guard j < t.count else { break }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: t[copied..<i]))
                if values.append(UnsafeBufferPointer(rebasing: t[(i + 1)..<j]), to: &out) {
                    copied = j + 1
                    i = j + 1
                } else {
                    // Not a known value: the brace stays as written.
                    copied = i
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
