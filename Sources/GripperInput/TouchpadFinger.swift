// A change to these roles changes the finger-role diagram in Documentation/ContactTracking.md too.
import GripperGeometry

/// What a ``TouchpadTracker`` knows of one finger down: where it is, what it
/// did in the last frame and its role — a finger, or a palm or a thumb that
/// moves nothing and taps nothing (libinput's palm and thumb detection).
///
/// A small state machine: ``init(id:time:position:millimetres:zones:otherActiveFinger:)``
/// picks the first role, ``update(at:zones:otherActiveFinger:palmBySize:)``
/// moves it on with event time, place and the other fingers.
struct TouchpadFinger: Sendable {
    /// The finger's role.
    enum Role: Sendable, Hashable {
        /// A finger: moves the pointer, scrolls, taps.
        case finger
        /// It touched in an edge zone: a palm unless it leaves the zone
        /// within ``TouchpadTracker/palmEdgeTimeout``. Moves and taps nothing.
        case edgePalm
        /// A palm for the rest of its touch (edge timed out, pressure, size).
        case palm
        /// It touched in the bottom 15 % of a clickpad: a finger for now, a
        /// thumb if it rests in the bottom 8 % past
        /// ``TouchpadTracker/thumbRestDuration``.
        case thumbCandidate
        /// A resting thumb: moves and taps nothing until it lifts.
        case thumb
    }

    let id: Int
    /// When and where (mm) it touched.
    let began: EventTime
    let start: Point
    /// Where it is, in device units and in millimetres.
    private(set) var position: Point
    private(set) var millimetres: Point
    private(set) var role: Role
    /// Whether it touched as an edge palm (and may have become a finger since).
    private(set) var wasEdgePalm = false
    /// A clickpad finger that touched in the software button area and has
    /// not left it: it moves nothing (its press picks the button).
    private(set) var inButtonArea: Bool
    /// Whether the tap machine knows it.
    var inTap = false
    /// Where it was after the last frame and whether it moved the pointer
    /// then; nil in the frame it touched.
    private var last: (position: Point, millimetres: Point)?
    private var movedPointerLast = false
    /// When it last changed place before the frame in progress (when it
    /// touched, at first): its speed is its step over the time since then,
    /// whatever other fingers' frames came in between.
    private(set) var movedAt: EventTime

    init(id: Int, time: EventTime, position: Point, millimetres: Point, zones: TouchpadZones,
         otherActiveFinger: Bool) {
        self.id = id
        began = time
        start = millimetres
        self.position = position
        self.millimetres = millimetres
        movedAt = time
        let area = zones.buttonArea(at: millimetres)
        inButtonArea = area != nil
        // No edge palm in the software button area, nor beside a finger
        // already at work (two-finger scrolling starts at the edge too).
        if zones.isInEdge(millimetres), area == nil, !otherActiveFinger {
            role = .edgePalm
            wasEdgePalm = true
        } else if let line = zones.upperThumbLine, millimetres.y > line {
            role = .thumbCandidate
        } else {
            role = .finger
        }
    }

    /// Whether it taps (as far as the tap machine goes).
    var countsForTap: Bool {
        switch role {
        case .finger, .thumbCandidate: return true
        case .edgePalm, .palm, .thumb: return false
        }
    }

    /// Whether it moves the pointer (and counts for two-finger scrolling).
    var movesPointer: Bool { countsForTap && !inButtonArea }

    /// Whether it is (or may still be) a palm.
    var isPalm: Bool { role == .palm || role == .edgePalm }

    /// Whether it touched in the frame in progress.
    var isNew: Bool { last == nil }

    /// Its motion since the last frame in device units, when it moved the
    /// pointer then and does now; nil otherwise.
    var step: Point? {
        guard movedPointerLast, movesPointer, let last else { return nil }
        return position - last.position
    }

    /// ``step`` in millimetres (zero without one).
    var stepMillimetres: Point {
        guard movedPointerLast, movesPointer, let last else { return .zero }
        return millimetres - last.millimetres
    }

    /// It is at a new place.
    mutating func move(to position: Point, millimetres: Point) {
        self.position = position
        self.millimetres = millimetres
    }

    /// The frame at `time` is over: remembers where it is, when it last
    /// moved and whether it moved the pointer.
    mutating func endFrame(at time: EventTime) {
        if let last, last.position != position { movedAt = time }
        last = (position, millimetres)
        movedPointerLast = movesPointer
    }

    /// A palm for the rest of its touch.
    mutating func becomePalm() {
        role = .palm
    }

    /// Moves the role on at `time` (an event time, after the finger's last
    /// motion): pressure or size make a palm of anything; an edge palm that
    /// left its zone before ``TouchpadTracker/palmEdgeTimeout`` (moving
    /// away from the edge), or has an active finger beside it, is a finger,
    /// and one still undecided at the timeout a palm; a thumb candidate
    /// above the thumb line or 7 mm from where it touched is a finger, and
    /// one in the bottom 8 % after ``TouchpadTracker/thumbRestDuration`` a
    /// thumb.
    mutating func update(at time: EventTime, zones: TouchpadZones, otherActiveFinger: Bool, palmBySize: Bool) {
        if inButtonArea, zones.buttonArea(at: millimetres) == nil { inButtonArea = false }
        if palmBySize { role = .palm }
        let elapsed = time - began
        switch role {
        case .finger, .palm, .thumb:
            break
        case .edgePalm:
            if elapsed < TouchpadTracker.palmEdgeTimeout {
                if otherActiveFinger || (!zones.isInEdge(millimetres) && zones.leavesEdge(from: start, to: millimetres)) {
                    role = .finger
                }
            } else {
                role = .palm
            }
        case .thumbCandidate:
            guard let upper = zones.upperThumbLine, let lower = zones.lowerThumbLine else {
                role = .finger
                break
            }
            let travel = start.distance(to: millimetres)
            if millimetres.y < upper || !(travel <= TouchpadTracker.thumbMaximumMotionMillimetres) {
                role = .finger
            } else if millimetres.y > lower, elapsed > TouchpadTracker.thumbRestDuration {
                role = .thumb
            }
        }
    }
}
