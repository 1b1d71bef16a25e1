import GripperGestures

/// Turns the gesture arena's events into the editing machine's inputs.
///
/// The first contact down is the primary one; touch notices of other
/// contacts while it is down become ``EditingInput/secondContact``. Taps,
/// long-presses (began, changed as contact motion, ended as a lift), pans and
/// wheel scrolls map one to one; swipes are not needed (a pan's end carries
/// its velocity) and failures say nothing.
public struct GestureInputAdapter: Hashable, Sendable {
    private var primary: Int?

    /// Creates an adapter with no contact down.
    public init() {}

    /// The machine inputs for one gesture event, in order.
    /// - Complexity: O(1).
    public mutating func inputs(for event: GestureEvent) -> [EditingInput] {
        switch event.kind {
        case .touch:
            return touchNotice(event)
        case .tap:
            return event.state == .recognized ? [.tap(event.location)] : []
        case .longPress:
            switch event.state {
            case .began: return [.longPress(event.location)]
            case .changed: return [.contactMoved(event.location)]
            case .ended: return [.contactLifted(event.location)]
            case .cancelled: return [.contactCancelled]
            case .recognized, .failed: return []
            }
        case .pan:
            let pan = EditingInput.Pan(location: event.location, translation: event.translation, velocity: event.velocity)
            switch event.state {
            case .began: return [.panBegan(pan)]
            case .changed: return [.panChanged(pan)]
            case .ended: return [.panEnded(pan)]
            case .cancelled: return [.contactCancelled]
            case .recognized, .failed: return []
            }
        case .swipe:
            return []
        case .scroll:
            return event.state == .recognized ? [.scroll(event.translation.y)] : []
        }
    }

    private mutating func touchNotice(_ event: GestureEvent) -> [EditingInput] {
        guard let id = event.contactID else { return [] }
        switch event.state {
        case .began:
            if primary == nil {
                primary = id
                return [.touchDown(event.location)]
            }
            return [.secondContact]
        case .ended:
            guard primary == id else { return [] }
            primary = nil
            return [.contactLifted(event.location)]
        case .cancelled:
            guard primary == id else { return [] }
            primary = nil
            return [.contactCancelled]
        case .changed, .recognized, .failed:
            return []
        }
    }
}
