import GripperGeometry
import GripperInput
import GripperTraces

/// Scripted gestures → the raw events a described device would send for
/// them, the way a person would do them: fingers that ease in and out of
/// moves and tremble a little while down, frames at a steady rate with some
/// timing jitter, all from a seeded generator so a script always gives the
/// same trace.
///
/// For a multitouch protocol B device it writes what the kernel writes: the
/// slot, tracking id and position of each changed slot (only values that
/// changed), then `BTN_TOUCH` and the single-touch `ABS_X/Y` of the oldest
/// finger, then `SYN_REPORT`. A single-touch device gets `ABS_X/Y` and
/// `BTN_TOUCH` of one finger. A mouse gets `REL_X/Y` motion, `MSC_SCAN` and
/// `BTN_LEFT` for presses and `REL_WHEEL` for scrolling; the pointer first
/// travels to where a gesture starts, with the button up.
///
/// ```swift
/// var builder = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 7)
/// builder.tap(at: .fraction(0.5, 0.5))
/// builder.pause(.milliseconds(300))
/// builder.drag(from: .mm(40, 40), to: .mm(40, 120))
/// let frames = builder.frames
/// ```
public struct TraceBuilder: Sendable {
    /// Settings of the simulated hand and device.
    public struct Configuration: Hashable, Sendable {
        /// Frames per second while something moves or changes (100–125 Hz
        /// is what touchscreens and mice report).
        public var frameRate: Double
        /// The most a frame's timestamp strays from the steady rate, either way.
        public var jitter: Duration
        /// The most a finger strays from its scripted path in each frame, in
        /// millimetres (a resting finger is never perfectly still).
        public var tremorMillimetres: Double
        /// For a mouse: the area, in counts, that fractions refer to; the
        /// pointer starts at its centre. A `Viewport` of the same size with
        /// its default factor puts a fraction at the same fraction of the view.
        public var mouseArea: Size
        /// The time of the trace's first frame.
        public var start: EventTime

        /// Creates settings; the defaults are 120 Hz, ±1 ms jitter, 0.05 mm
        /// tremor, a 1280 × 800-count mouse area and a start at 0.
        public init(frameRate: Double = 120, jitter: Duration = .milliseconds(1), tremorMillimetres: Double = 0.05,
                    mouseArea: Size = Size(width: 1280, height: 800), start: EventTime = .zero) {
            self.frameRate = frameRate
            self.jitter = jitter
            self.tremorMillimetres = tremorMillimetres
            self.mouseArea = mouseArea
            self.start = start
        }
    }

    /// The device the events are for.
    public let device: DeviceDescription
    /// The settings.
    public let configuration: Configuration
    /// Every event so far, each frame closed by its `SYN_REPORT`.
    public private(set) var events: [RawEvent] = []
    /// The time the next gesture starts from: the last frame's time, or the
    /// configured start plus any pauses.
    public private(set) var now: EventTime

    var random: SeededGenerator
    var lastStamp: EventTime?
    var touch: TouchWriter
    var mouse: MouseWriter

    /// Creates a builder for a device with a seed for its jitter and tremor.
    public init(device: DeviceDescription, seed: UInt64 = 1, configuration: Configuration = Configuration()) {
        self.device = device
        self.configuration = configuration
        self.now = configuration.start
        self.random = SeededGenerator(seed: seed)
        self.touch = TouchWriter(device: device)
        self.mouse = MouseWriter(pointer: Point(x: (configuration.mouseArea.width / 2).rounded(),
                                                y: (configuration.mouseArea.height / 2).rounded()))
    }

    /// Whether the device is driven as a mouse (relative motion, no absolute axes).
    public var isMouse: Bool { device.positionAxes == nil }

    /// Lets time pass with nothing touching.
    public mutating func pause(_ duration: Duration) {
        now = now + duration
    }

    /// A short touch (or click) without movement.
    public mutating func tap(at location: Location, duration: Duration = .milliseconds(70)) {
        perform([Stroke(at: location).holding(duration)])
    }

    /// A touch (or press) held in place.
    public mutating func longPress(at location: Location, duration: Duration = .milliseconds(800)) {
        perform([Stroke(at: location).holding(duration)])
    }

    /// A quick flick, fastest at lift-off.
    public mutating func swipe(from: Location, to: Location, duration: Duration = .milliseconds(180)) {
        perform([Stroke(at: from).moving(to: to, over: duration, easing: .easeIn)])
    }

    /// A hold, a deliberate move, and a short rest before lifting: what a
    /// person does to pick an item up and put it somewhere else.
    public mutating func drag(from: Location, to: Location, hold: Duration = .milliseconds(700),
                              duration: Duration = .milliseconds(800), holdAtEnd: Duration = .milliseconds(150)) {
        perform([Stroke(at: from).holding(hold).moving(to: to, over: duration).holding(holdAtEnd)])
    }

    /// Several fingers at once, each from the gesture's start plus its own
    /// delay. A mouse plays only the first stroke (it has one button to press).
    public mutating func perform(_ strokes: [Stroke]) {
        if isMouse {
            if let first = strokes.first { performMouse(first) }
        } else {
            performTouch(strokes)
        }
    }

    /// Turns the mouse wheel by whole detents, one frame per detent:
    /// positive towards the user (content scrolls down), as
    /// `ContactFrame/scroll` counts. Does nothing on a touch device.
    public mutating func scroll(detents: Int, horizontal: Bool = false) {
        guard isMouse, detents != 0 else { return }
        let code = horizontal ? RelCode.hwheel : RelCode.wheel
        // REL_WHEEL is positive away from the user; REL_HWHEEL to the right.
        let value: Int32 = horizontal ? (detents > 0 ? 1 : -1) : (detents > 0 ? -1 : 1)
        // One detent every four frame periods, as a quickly turned wheel sends them.
        let start = now
        for index in 0..<abs(detents) {
            emitFrame(at: start + period * ((index + 1) * 4), [(EventType.rel, code, value)])
        }
    }

    /// Moves the mouse pointer, button up, to a location. Does nothing on a
    /// touch device (a finger does not hover).
    public mutating func movePointer(to location: Location, duration: Duration = .milliseconds(250)) {
        guard isMouse else { return }
        travel(to: deviceUnits(of: location), over: duration)
    }

    /// The events so far as a trace of the device.
    public var trace: Trace { Trace(device: device, events: events, file: "TraceBuilder") }

    /// The events grouped into frames, one per `SYN_REPORT`.
    public var frames: [EventFrame] {
        var result: [EventFrame] = []
        var pending: [RawEvent] = []
        for event in events {
            if event.isSynReport {
                result.append(EventFrame(time: event.time, events: pending))
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(event)
            }
        }
        return result
    }

    // MARK: - Shared

    /// The nominal time between frames (120 Hz for a rate that is not a
    /// number of at least 1; never under 1 µs).
    var period: Duration {
        let rate = configuration.frameRate.isFinite && configuration.frameRate >= 1 ? configuration.frameRate : 120
        return .microseconds(max(1, Int64((1_000_000 / rate).rounded())))
    }

    /// Appends one frame: the events stamped at `nominal` plus jitter (never
    /// earlier than the previous frame), then `SYN_REPORT`.
    mutating func emitFrame(at nominal: EventTime, _ frameEvents: [(UInt16, UInt16, Int32)]) {
        let jitter = Double(configuration.jitter.microsecondsRounded) * random.symmetric()
        var stamp = EventTime(microseconds: nominal.microseconds + Int64(jitter.rounded()))
        if let last = lastStamp, stamp.microseconds <= last.microseconds {
            stamp = EventTime(microseconds: last.microseconds + 1)
        }
        for (type, code, value) in frameEvents {
            events.append(RawEvent(time: stamp, type: type, code: code, value: value))
        }
        events.append(RawEvent(time: stamp, type: EventType.syn, code: SynCode.report, value: 0))
        lastStamp = stamp
        if stamp > now { now = stamp }
    }

    /// Where a stroke's finger is `elapsed` after it touched down, in device units.
    func position(of stroke: Stroke, after elapsed: Duration) -> Point {
        var from = deviceUnits(of: stroke.start)
        var remaining = elapsed
        for step in stroke.steps {
            switch step {
            case .hold(let duration):
                if remaining <= duration { return from }
                remaining -= duration
            case .move(let to, let duration, let easing):
                let target = deviceUnits(of: to)
                if remaining <= duration {
                    let total = duration.secondsDouble
                    let k = easing.progress(total > 0 ? remaining.secondsDouble / total : 1)
                    return from + (target - from) * k
                }
                remaining -= duration
                from = target
            }
        }
        return from
    }
}
