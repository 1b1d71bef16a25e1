import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperInput

/// Turns the gesture arena's events into the editing machine's inputs.
///
/// The first contact down is the primary one; touch notices of other
/// contacts while it is down become ``ContactInput/secondContact``, and
/// such a contact that lifts again within ``secondTapDuration`` and
/// ``secondTapSlop`` of where it went down becomes
/// ``ContactInput/secondTap(_:)`` (a tap by another finger: it adds an item
/// to a drag in flight). Taps, long-presses (began, changed as contact
/// motion, ended as a lift), pans and wheel scrolls map one to one; swipes
/// are not needed (a pan's end carries its velocity) and failures say
/// nothing.
package struct GestureInputAdapter: Hashable, Sendable {
    /// Another contact down while the primary is.
    private struct Extra: Hashable, Sendable {
        var id: Int
        var location: Point
        var time: EventTime
    }

    private var primary: Int?
    /// The other contacts down (at most ``extraLimit``, the oldest forgotten).
    private var extras: [Extra] = []
    private static let extraLimit = 16
    /// The longest another finger may stay down and still tap (the arena's
    /// default maximum tap duration).
    package static let secondTapDuration = Duration.milliseconds(300)
    /// How far, in layout points, another finger may move and still tap
    /// (about the arena's 1.27 mm touch slop on a 160 dpi panel, rounded up).
    package static let secondTapSlop = 10.0

    /// Creates an adapter with no contact down.
    package init() {}

    /// The machine input for one gesture event, if it makes one (each event
    /// makes at most one: an optional, so a frame allocates no array).
    /// - Complexity: O(1) (at most 16 other contacts are remembered).
    package mutating func input(for event: GestureEvent) -> EditingInput? {
        switch event.gesture {
        case .touch(let phase, let contact):
            return touchNotice(phase, contact, at: event.time)
        case .tap(_, let contact):
            return .contact(.tap(contact.location))
        case .longPress(let phase, let motion):
            switch phase {
            case .began: return .contact(.longPress(motion.location))
            case .changed: return .contact(.contactMoved(motion.location))
            case .ended: return .contact(.contactLifted(motion.location))
            case .cancelled: return .command(.cancelInteraction)
            }
        case .pan(let phase, _, let motion):
            let pan = ContactInput.Pan(location: motion.location, translation: motion.translation,
                                       velocity: motion.velocity)
            switch phase {
            case .began: return .contact(.panBegan(pan))
            case .changed: return .contact(.panChanged(pan))
            case .ended: return .contact(.panEnded(pan))
            case .cancelled: return .command(.cancelInteraction)
            }
        case .scroll(let distance, _, _):
            return .contact(.scroll(distance.y))
        case .swipe, .tapFailed, .longPressFailed, .swipeFailed:
            return nil
        case .pinch:
            return nil // the engine's, not the editing machine's: it changes the layout
        }
    }

    private mutating func touchNotice(_ phase: Gesture.TouchPhase, _ contact: GestureContact,
                                      at time: EventTime) -> EditingInput? {
        switch phase {
        case .began:
            if primary == nil {
                primary = contact.id
                extras = []
                return .contact(.touchDown(contact.location))
            }
            if extras.count >= Self.extraLimit { extras.removeFirst() }
            extras.append(Extra(id: contact.id, location: contact.location, time: time))
            return .contact(.secondContact)
        case .ended:
            guard primary == contact.id else { return secondLift(contact, at: time).map(EditingInput.contact) }
            primary = nil
            return .contact(.contactLifted(contact.location))
        case .cancelled:
            guard primary == contact.id else {
                extras.removeAll { $0.id == contact.id }
                return nil
            }
            primary = nil
            return .command(.cancelInteraction)
        }
    }

    /// Another contact lifted: a tap when the primary is still down and it
    /// lifted soon enough near enough to where it went down.
    private mutating func secondLift(_ contact: GestureContact, at time: EventTime) -> ContactInput? {
        guard let i = extras.firstIndex(where: { $0.id == contact.id }) else { return nil }
        let down = extras.remove(at: i)
        guard primary != nil, time - down.time <= Self.secondTapDuration,
              contact.location.distance(to: down.location) <= Self.secondTapSlop else { return nil }
        return .secondTap(down.location)
    }
}
