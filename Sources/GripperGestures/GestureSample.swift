import GripperGeometry
@_spi(Benchmarks) import GripperInput

/// One position of the followed contact at one time, in points and in
/// millimetres: what the recognizers and the velocity estimate consume.
struct GestureSample: Hashable, Sendable {
    /// The frame's time.
    var time: EventTime
    /// The position in layout points.
    var location: Point
    /// The position in millimetres on the device.
    var millimetres: Point

    /// The sample of `contact` at `time`.
    init(_ contact: Contact, at time: EventTime) {
        self.time = time
        self.location = contact.location
        self.millimetres = contact.millimetres
    }

    /// A sample from its parts.
    init(time: EventTime, location: Point, millimetres: Point) {
        self.time = time
        self.location = location
        self.millimetres = millimetres
    }
}
