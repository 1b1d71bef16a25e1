// A change to the slot life cycle here changes the diagram in Documentation/ContactTracking.md too.
import GripperGeometry

extension ContactTracker {
    /// One protocol B slot (or the single track of a single-touch device or
    /// a mouse): what is known of it and what happened to it in the frame in
    /// progress.
    struct Slot: Sendable {
        /// The life cycle of a slot (diagram in Documentation/ContactTracking.md).
        enum State: Sendable {
            /// Nothing is known: the stream started here or lost sync. A
            /// position update in this state adopts a touch already down.
            case unknown
            /// Known to be empty.
            case idle
            /// A contact is down: its id, the device's tracking id (nil when
            /// adopted or not applicable) and the position last reported.
            case down(id: Int, trackingID: Int32?, reported: Point)

            /// The id of the contact down, if any.
            var contactID: Int? {
                switch self {
                case .unknown, .idle: return nil
                case .down(let id, _, _): return id
                }
            }
        }

        var state: State = .unknown
        /// The latest position values, in device units (a mouse: counts).
        var position: Point
        /// Whether the contact down began in the frame in progress.
        var begun = false
        /// The contact that ended in the frame in progress, already built.
        var frameEnded: Contact?
        /// How far the contact down moved in the last frame.
        var motion: Point = .zero

        init(position: Point) {
            self.position = position
        }

        /// Forgets the per-frame flags.
        mutating func resetFrame() {
            begun = false
            frameEnded = nil
            motion = .zero
        }
    }

    /// A protocol A contact: its id and where it was in the last two frames.
    struct Track: Sendable {
        var id: Int
        var position: Point
        var previous: Point
    }

    /// Bits of the key state the single-touch, protocol A and mouse modes keep.
    enum KeyBit {
        static let touch: UInt8 = 1 << 0
        static let toolFinger: UInt8 = 1 << 1
        static let toolDoubleTap: UInt8 = 1 << 2
        static let toolTripleTap: UInt8 = 1 << 3
        static let toolQuadTap: UInt8 = 1 << 4
        static let toolQuintTap: UInt8 = 1 << 5
        static let left: UInt8 = 1 << 6

        /// The bit of a touch-meaning key (`BTN_TOUCH`, finger tools), or 0.
        static func touchBit(for code: UInt16) -> UInt8 {
            switch code {
            case KeyCode.btnTouch: return touch
            case KeyCode.btnToolFinger: return toolFinger
            case KeyCode.btnToolDoubleTap: return toolDoubleTap
            case KeyCode.btnToolTripleTap: return toolTripleTap
            case KeyCode.btnToolQuadTap: return toolQuadTap
            case KeyCode.btnToolQuintTap: return toolQuintTap
            default: return 0
            }
        }

        /// Every touch-meaning bit.
        static let anyTouch: UInt8 = touch | toolFinger | toolDoubleTap | toolTripleTap | toolQuadTap | toolQuintTap
    }
}
