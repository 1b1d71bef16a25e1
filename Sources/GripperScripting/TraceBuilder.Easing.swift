extension TraceBuilder {
    /// How a scripted move spreads its distance over its duration.
    public enum Easing: Hashable, Sendable {
        /// Constant speed.
        case linear
        /// Starts slowly and speeds up to the end (a flick: fastest at lift-off).
        case easeIn
        /// Starts fast and slows down to the end.
        case easeOut
        /// Speeds up, then slows down (a deliberate drag).
        case easeInOut

        /// The fraction of the distance covered at `t`, a fraction of the duration.
        public func progress(_ t: Double) -> Double {
            let t = min(max(t, 0), 1)
            switch self {
            case .linear: return t
            case .easeIn: return t * t * t
            case .easeOut:
                let u = 1 - t
                return 1 - u * u * u
            case .easeInOut: return t * t * (3 - 2 * t)
            }
        }
    }
}
