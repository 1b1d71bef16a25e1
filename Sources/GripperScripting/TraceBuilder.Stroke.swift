import GripperGeometry

extension TraceBuilder {
    /// One finger's script (or, on a mouse, one press of the left button):
    /// it touches down at ``start`` after ``delay``, follows its steps, and
    /// lifts at the end of the last one.
    ///
    /// ```swift
    /// let drag = TraceBuilder.Stroke(at: .fraction(0.2, 0.5))
    ///     .holding(.milliseconds(600))
    ///     .moving(to: .fraction(0.2, 0.8), over: .milliseconds(500))
    /// ```
    public struct Stroke: Hashable, Sendable {
        /// One part of a stroke.
        public enum Step: Hashable, Sendable {
            /// Move to a location over a duration.
            case move(to: Location, duration: Duration, easing: Easing)
            /// Stay put (give or take the tremor) for a duration.
            case hold(Duration)
        }

        /// Where the finger touches down.
        public var start: Location
        /// How long after the gesture's start the finger touches down.
        public var delay: Duration
        /// What the finger does while down.
        public var steps: [Step]

        /// A stroke that touches down at `start`, `delay` after the gesture starts.
        public init(at start: Location, after delay: Duration = .zero, steps: [Step] = []) {
            self.start = start
            self.delay = delay
            self.steps = steps
        }

        /// The stroke followed by a move.
        public func moving(to location: Location, over duration: Duration, easing: Easing = .easeInOut) -> Stroke {
            var copy = self
            copy.steps.append(.move(to: location, duration: duration, easing: easing))
            return copy
        }

        /// The stroke followed by a hold.
        public func holding(_ duration: Duration) -> Stroke {
            var copy = self
            copy.steps.append(.hold(duration))
            return copy
        }

        /// How long the finger is down: the sum of the steps.
        public var contactDuration: Duration {
            steps.reduce(Duration.zero) { total, step in
                switch step {
                case .move(_, let duration, _): return total + duration
                case .hold(let duration): return total + duration
                }
            }
        }

        /// Where the stroke's last step ends.
        public var end: Location {
            for step in steps.reversed() {
                switch step {
                case .move(let to, _, _): return to
                case .hold: continue
                }
            }
            return start
        }
    }
}
