@_spi(Benchmarks) import GripperEditing
import GripperGeometry
import GripperInput
import GripperLayout

extension Engine {
    // MARK: - Keys

    /// Handles one evdev key event: fires the deadlines due at or before
    /// its time, then acts on the key (see ``KeyboardKey``; other keys are
    /// ignored). `value` is evdev's: 1 a press, 2 an autorepeat (the
    /// arrows, Home and End act again; Space, Enter and Escape do not), 0 a
    /// release (nothing).
    ///
    /// At rest the arrows, Home and End move the focus (``focus``) through
    /// the layout's rows and columns and across sections; Space or Enter
    /// lifts the focused item into a keyboard move (refused, with a
    /// `moveRefused` line, when it cannot move or a pointer drag, a swipe or
    /// a touch is in flight); while it moves the arrows move its gap, Space
    /// or Enter drops it (one journal entry) and Escape puts it back.
    /// Escape also cancels a pointer drag, a swipe or an open cell. The
    /// arrows follow the layout's orientation: in a right-to-left layout
    /// Left goes to the next item in a row; in a horizontal one Left and
    /// Right go through rows.
    ///
    /// ```swift
    /// engine.handleKey(code: 108, value: 1, at: t)       // KEY_DOWN: focus the first item
    /// engine.handleKey(code: 57, value: 1, at: t + .milliseconds(300))  // KEY_SPACE: pick it up
    /// ```
    /// - Complexity: O(c log n) for a step (c the section's columns), plus
    ///   a commit for a drop.
    /// - Returns: the transcript entries produced, recorded or not: a `key`
    ///   entry for a key it acts on, then what it did (`focus`,
    ///   `dragBegan`, `gapMoved`, `announce` …).
    @discardableResult
    public mutating func handleKey(code: UInt16, value: Int32, at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        if now.map({ time > $0 }) ?? true { now = time }
        routeKey(code: code, value: value, at: time)
        return takeOutbox()
    }

    /// A key pressed (or repeated) at `time`, with what is due before it fired.
    mutating func pressKey(_ key: KeyboardKey, repeated: Bool, at time: EventTime) {
        append(.key(key, repeated: repeated), at: time)
        let input = keyboardInput(for: key)
        transact(at: time, endedBy: .command) { $2 = $0.handle(input, at: time, geometry: $1) }
    }

    /// The key in the layout's scroll space.
    func keyboardInput(for key: KeyboardKey) -> KeyboardInput {
        let screen: Point
        switch key {
        case .space, .enter: return .activate
        case .escape: return .cancel
        case .menu: return .menu
        case .tab: return .next
        case .shiftTab: return .previous
        case .home: return .home
        case .end: return .end
        case .up: screen = Point(x: 0, y: -1)
        case .down: screen = Point(x: 0, y: 1)
        case .left: screen = Point(x: -1, y: 0)
        case .right: screen = Point(x: 1, y: 0)
        }
        let v = orientation.scrollVector(screen)
        if v.y != 0 { return v.y < 0 ? .up : .down }
        return v.x < 0 ? .left : .right
    }

    // MARK: - Commands

    /// The keyboard focus: the item arrow keys start from and Space or
    /// Enter lifts; kept on its item through every change (see
    /// `EditingFocus`). Nil before the first key or ``setFocus(_:at:)``.
    /// - Complexity: O(1).
    public var focus: EditingFocus? { machine.focus }

    /// Puts the focus on the item at `indexPath` (nil: no focus), as an app
    /// does when its own focus moves. A path outside the model is refused
    /// with a `rejected` entry and changes nothing.
    /// - Complexity: O(log n).
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func setFocus(_ indexPath: ItemPath?, at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        if now.map({ time > $0 }) ?? true { now = time }
        focusDue(indexPath, at: time)
        return takeOutbox()
    }

    mutating func focusDue(_ indexPath: ItemPath?, at time: EventTime) {
        var accepted = true
        transact(at: time) { machine, _, effects in (accepted, effects) = machine.setFocus(indexPath) }
        if !accepted, let p = indexPath {
            appendRejected("focus [\(p.section),\(p.item)]: no item there", at: time)
        }
    }

    /// Moves without a pointer: the keyboard move in flight (its gap), or
    /// at rest the focused item at once — one move committed, one journal
    /// entry that one undo takes back. See `MoveCommand` for what each
    /// command means; the delegate's target rules apply as to a drag (a
    /// veto refuses the command), and a refusal is a `moveRefused` entry.
    ///
    /// ```swift
    /// engine.setFocus(ItemPath(section: 0, item: 1), at: t)
    /// engine.move(.toSection(1), at: t)     // "Pear moved to position 4 of 4 in Vegetables"
    /// ```
    /// - Complexity: O(s) for s sections, plus a commit at rest.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func move(_ command: MoveCommand, at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        if now.map({ time > $0 }) ?? true { now = time }
        moveDue(command, at: time)
        return takeOutbox()
    }

    mutating func moveDue(_ command: MoveCommand, at time: EventTime) {
        transact(at: time) { $2 = $0.handle(command, at: time, geometry: $1) }
    }

    // MARK: - Announcements

    /// The words for an announcement the editing machine made, with the
    /// delegate's names.
    func spoken(_ announcement: Announcement) -> SpokenAnnouncement {
        let strings = announcementStrings ?? .english
        let delegate = self.delegate
        return strings.spoken(announcement, itemName: { delegate.accessibilityLabel(for: $0) },
                              sectionName: { delegate.accessibilityLabel(forSection: $0) })
    }
}
