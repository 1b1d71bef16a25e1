import GripperGeometry
@_spi(Benchmarks) import GripperInput

extension TraceSummary {
    /// One contact of a trace: when it was down, where it started and ended,
    /// and how far it travelled, in millimetres.
    public struct ContactSummary: Hashable, Sendable {
        /// The contact's id in the tracker's numbering (from 1).
        public var id: Int
        /// When it began, in seconds from the trace's first frame.
        public var startSeconds: Double
        /// When it ended (or was cancelled), in seconds from the first frame.
        public var endSeconds: Double
        /// Where it began, in millimetres from the device's origin.
        public var startMillimetres: Point
        /// Where it ended, in millimetres from the device's origin.
        public var endMillimetres: Point
        /// The length of its path, in millimetres.
        public var pathLengthMillimetres: Double
        /// How it ended: `ended`, or `cancelled` when the trace stopped or
        /// lost events while it was down.
        public var outcome: ContactPhase

        /// How long it was down, in seconds.
        public var durationSeconds: Double { endSeconds - startSeconds }

        /// A contact that began at `start` and has not moved yet.
        package init(id: Int, startSeconds: Double, startMillimetres: Point) {
            self.id = id
            self.startSeconds = startSeconds
            self.endSeconds = startSeconds
            self.startMillimetres = startMillimetres
            self.endMillimetres = startMillimetres
            self.pathLengthMillimetres = 0
            self.outcome = .began
        }

        /// Adds a point of the path.
        ///
        /// - Complexity: O(1).
        mutating func extend(to point: Point, at seconds: Double) {
            pathLengthMillimetres += endMillimetres.distance(to: point)
            endMillimetres = point
            endSeconds = seconds
        }
    }
}
