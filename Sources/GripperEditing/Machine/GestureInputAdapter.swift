import GripperGestures

/// Turns the gesture arena's events into the editing machine's inputs.
///
/// The first contact down is the primary one; touch notices of other
/// contacts while it is down become ``EditingInput/secondContact``. Taps,
/// long-presses (began, changed as contact motion, ended as a lift), pans and
/// wheel scrolls map one to one; swipes are not needed (a pan's end carries
/// its velocity) and failures say nothing.
package struct GestureInputAdapter: Hashable, Sendable {
    private var primary: Int?

    /// Creates an adapter with no contact down.
    package init() {}

    /// The machine inputs for one gesture event, in order.
    /// - Complexity: O(1).
    package mutating func inputs(for event: GestureEvent) -> [EditingInput] {
        switch event.gesture {
        case .touch(let phase, let contact):
            return touchNotice(phase, contact)
        case .tap(_, let contact):
            return [.tap(contact.location)]
        case .longPress(let phase, let motion):
            switch phase {
            case .began: return [.longPress(motion.location)]
            case .changed: return [.contactMoved(motion.location)]
            case .ended: return [.contactLifted(motion.location)]
            case .cancelled: return [.contactCancelled]
            }
        case .pan(let phase, _, let motion):
            let pan = EditingInput.Pan(location: motion.location, translation: motion.translation,
                                       velocity: motion.velocity)
            switch phase {
            case .began: return [.panBegan(pan)]
            case .changed: return [.panChanged(pan)]
            case .ended: return [.panEnded(pan)]
            case .cancelled: return [.contactCancelled]
            }
        case .scroll(let distance, _, _):
            return [.scroll(distance.y)]
        case .swipe, .tapFailed, .longPressFailed, .swipeFailed:
            return []
        }
    }

    private mutating func touchNotice(_ phase: Gesture.TouchPhase, _ contact: GestureContact) -> [EditingInput] {
        switch phase {
        case .began:
            if primary == nil {
                primary = contact.id
                return [.touchDown(contact.location)]
            }
            return [.secondContact]
        case .ended:
            guard primary == contact.id else { return [] }
            primary = nil
            return [.contactLifted(contact.location)]
        case .cancelled:
            guard primary == contact.id else { return [] }
            primary = nil
            return [.contactCancelled]
        }
    }
}
