import GripperEditing
import GripperGeometry
import GripperGestures
import GripperInput
import GripperLayout

/// An engine fed by a toolkit: GTK's, Qt's, SDL's or Wayland's pointer,
/// touch and key events in viewport points with their own timestamps, and
/// the app's commands and batches — recorded, when asked, so that what
/// happened replays byte for byte (``recording``, `Documentation/ToolkitInput.md`).
///
/// The events become the frames of ``/GripperInput/ToolkitInput``'s virtual devices (a
/// touchscreen at the screen's physical scale, a mouse, a keyboard), which
/// the engine tracks as it tracks live evdev devices: the same recognizers,
/// editing machine and transcript. The app's commands go to the engine as
/// ``Stimulus`` values, as a scene's track would fire them, so a recording
/// replays through `gripper replay` and `gripper test` as a scene and a
/// trace.
///
/// **Time.** Every input carries its own time; the first call is the
/// transcript's time zero. An input earlier than one given before is
/// refused (``Failure/timeOrder(_:latest:)``). An input earlier than what the
/// engine has already reached (a ``fire(until:)`` ahead of the events) is
/// taken at that time. An app command at or before the time of the last
/// frame handed in or deadline fired is taken a microsecond after it, as a
/// replay orders them (a scene's stimulus comes before the input and
/// deadlines of its own instant); a frame of one device at the time of
/// another's last frame likewise.
public struct ToolkitSession: Sendable {
    /// Why a call was refused; the session is as it was.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The event's numbers (see ``/GripperInput/ToolkitInput/Refusal``).
        case refused(ToolkitInput.Refusal)
        /// An input earlier than one given before.
        case timeOrder(EventTime, latest: EventTime)
        /// ``finish()`` was called.
        case finished
        /// The app's batch broke a rule.
        case batch(BatchUpdateError)

        public var description: String {
            switch self {
            case .refused(let r): r.description
            case .timeOrder(let t, let latest):
                "an input at \(t.microseconds) µs comes before one already given at \(latest.microseconds) µs"
            case .finished: "the session is finished"
            case .batch(let e): "\(e)"
            }
        }
    }

    /// What was fed, for a replay: the devices in the engine's order, every
    /// frame with its device, and the app's commands with their times.
    public struct Recording: Sendable {
        /// The virtual devices, in the order the engine got them (a trace
        /// writes them in this order).
        public var devices: [DeviceDescription]
        /// Every frame handed to the engine, in order, with its device's
        /// index in ``devices``.
        public var frames: [(device: Int, frame: EventFrame)] = []
        /// The app's commands, in order, with the times they were applied.
        public var stimuli: [(time: EventTime, stimulus: Stimulus)] = []
        /// The time of the first call: the transcript's zero.
        public var origin: EventTime?
    }

    /// The engine.
    public private(set) var engine: Engine
    /// The virtual devices and their state.
    public private(set) var input: ToolkitInput
    /// What was fed, when the session records input; nil otherwise.
    public private(set) var recording: Recording?
    /// The engine's id of each of ``input``'s touch devices.
    private var touchIDs: [InputDeviceID]
    private let pointerID: InputDeviceID
    private let keyboardID: InputDeviceID
    /// The latest time the app gave.
    private var latestGiven: EventTime?
    private var finished = false
    /// The device and time of the last frame fed.
    private var lastFrame: (device: Int, time: EventTime)?
    /// The latest time a frame was handed in or deadlines fired up to.
    private var lastHandled: EventTime?

    /// Opens a session: an engine on the app's data and rules (as
    /// `Engine.init(dataSource:delegate:viewport:…)`), fed by a toolkit on a
    /// screen of `pointsPerMillimetre`.
    /// - Parameter dataSource: the app's sections and items, asked lazily.
    /// - Parameter delegate: the app's rules; the defaults where it says nothing.
    /// - Parameter viewport: the viewport's size on screen, in points.
    /// - Parameter metrics: row height, columns, headers and the rest of the
    ///   layout's measures.
    /// - Parameter pointsPerMillimetre: the screen's scale, so that touch
    ///   thresholds stay in millimetres.
    /// - Parameter gestures: the recognizers' thresholds and timeouts.
    /// - Parameter recordingTranscript: keep every entry in the engine's
    ///   transcript (memory grows with what happens).
    /// - Parameter makingTransitions: make an engine transition for every
    ///   change to what is shown.
    /// - Parameter recordingInput: keep every frame and command (memory
    ///   grows with the input) for ``recording``.
    /// - Throws: ``EngineError`` as the engine's initializer does.
    /// - Complexity: as the engine's initializer.
    public init(dataSource: any CollectionDataSource, delegate: any CollectionDelegate, viewport: Size,
                metrics: LayoutMetrics = LayoutMetrics(), pointsPerMillimetre: Double,
                gestures: GestureConfiguration = .default, recordingTranscript: Bool = false,
                makingTransitions: Bool = false, recordingInput: Bool = false) throws(EngineError) {
        let input = ToolkitInput(viewport: viewport, pointsPerMillimetre: pointsPerMillimetre)
        self.init(engine: try Engine(dataSource: dataSource, delegate: delegate, viewport: viewport, metrics: metrics,
                                     device: input.touchDevices[0], gestures: gestures,
                                     recordingTranscript: recordingTranscript, makingTransitions: makingTransitions),
                  input: input, recordingInput: recordingInput)
    }

    /// A session over an engine opened already (a scene's, with
    /// `Engine(scene:device:)`): `engine` must have been opened with
    /// `input.touchDevices[0]` as its device and have no other; the session
    /// attaches the pointer and the keyboard.
    /// - Precondition: the engine's only device is `input.touchDevices[0]`.
    public init(engine: Engine, input: ToolkitInput, recordingInput: Bool = false) {
        precondition(engine.devices == [input.touchDevices[0]], "the engine must have the toolkit's touch device alone")
        var engine = engine
        touchIDs = [.first]
        pointerID = engine.attach(input.pointerDevice)
        keyboardID = engine.attach(input.keyboardDevice)
        self.engine = engine
        self.input = input
        if recordingInput {
            recording = Recording(devices: [input.touchDevices[0], input.pointerDevice, input.keyboardDevice])
        }
    }

    // MARK: - Input

    /// A touch event of the toolkit's touch `sequence` (see
    /// `ToolkitInput.touch(_:sequence:at:time:)`).
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func touch(_ phase: ToolkitInput.TouchPhase, sequence: UInt64, at point: Point,
                               time: EventTime) throws(Failure) -> [Transcript.Entry] {
        let t = try inputTime(time)
        let made: (ToolkitInput.Source, EventFrame, newDevice: Bool)?
        do { made = try input.touch(phase, sequence: sequence, at: point, time: t) } catch { throw .refused(error) }
        guard let (source, frame, newDevice) = made else { return idle(at: t) }
        if newDevice, case .touch(let index) = source {
            touchIDs.append(engine.attach(input.touchDevices[index]))
            recording?.devices.append(input.touchDevices[index])
        }
        return feed(frame, from: source)
    }

    /// The touch sequences a touchpad pinch's two synthetic fingers use.
    static let pinchSequences: (UInt64, UInt64) = (.max - 1, .max)
    /// How far apart, in points, a touchpad pinch's synthetic fingers are at scale 1.
    package static let touchpadPinchSpan = 160.0

    /// Where a touchpad pinch's two fingers go (the toolkit's here, an
    /// evdev touchpad's in the engine's input devices): ``touchpadPinchSpan``
    /// times `scale` apart, level across `point`, each held between the
    /// left and right of `rect`.
    /// - Complexity: O(1).
    package static func touchpadPinchFingers(scale: Double, at point: Point, within rect: Rect) -> (Point, Point) {
        let half = touchpadPinchSpan * scale / 2
        func held(_ x: Double) -> Double { min(max(x, rect.minX), rect.maxX) }
        return (Point(x: held(point.x - half), y: point.y), Point(x: held(point.x + half), y: point.y))
    }

    /// A pinch the toolkit recognized on a touchpad (GTK's
    /// `GDK_TOUCHPAD_PINCH`, libinput's pinch gesture): its phase, its
    /// scale since it began, and where it is (the pointer). It is fed as
    /// two fingers of the virtual touchscreen, 160 points apart
    /// at scale 1 across `point` and that times `scale` after (each held
    /// in the viewport), so the engine's pinch (``Engine/setPinchLayouts(_:)``)
    /// takes it as from a touchscreen and a recording of the session
    /// replays it. A pinch that does not change the span past the pinch
    /// slop is no pinch, as on a touchscreen.
    /// - Throws: ``Failure/refused(_:)`` for a scale that is not finite and
    ///   above 0 or a point that is not finite; what ``touch(_:sequence:at:time:)`` throws.
    @discardableResult
    public mutating func touchpadPinch(_ phase: ToolkitInput.TouchPhase, scale: Double, at point: Point,
                                       time: EventTime) throws(Failure) -> [Transcript.Entry] {
        guard scale.isFinite, scale > 0, scale < 1e6 else { throw .refused(.badNumber("the touchpad pinch's scale \(scale)")) }
        guard point.x.isFinite, point.y.isFinite else { throw .refused(.badNumber("the touchpad pinch's position")) }
        let (a, b) = Self.touchpadPinchFingers(scale: scale, at: point,
                                               within: Rect(x: 0, y: 0, width: max(0, engine.viewportSize.width), height: 0))
        var out = try touch(phase, sequence: Self.pinchSequences.0, at: a, time: time)
        out += try touch(phase, sequence: Self.pinchSequences.1, at: b, time: time)
        return out
    }

    /// The pointer moved to `point`.
    @discardableResult
    public mutating func pointerMotion(to point: Point, time: EventTime) throws(Failure) -> [Transcript.Entry] {
        let t = try inputTime(time)
        let made: (ToolkitInput.Source, EventFrame)?
        do { made = try input.pointerMotion(to: point, time: t) } catch { throw .refused(error) }
        guard let (source, frame) = made else { return idle(at: t) }
        return feed(frame, from: source)
    }

    /// A pointer button (1 primary, 2 middle, 3 secondary) pressed or released at `point`.
    @discardableResult
    public mutating func pointerButton(_ button: UInt32, pressed: Bool, at point: Point,
                                       time: EventTime) throws(Failure) -> [Transcript.Entry] {
        let t = try inputTime(time)
        let made: (ToolkitInput.Source, EventFrame)?
        do { made = try input.pointerButton(button, pressed: pressed, at: point, time: t) } catch { throw .refused(error) }
        guard let (source, frame) = made else { return idle(at: t) }
        return feed(frame, from: source)
    }

    /// A scroll of `dx`, `dy` wheel detents with the pointer at `point`.
    @discardableResult
    public mutating func scroll(dx: Double, dy: Double, at point: Point,
                                time: EventTime) throws(Failure) -> [Transcript.Entry] {
        let t = try inputTime(time)
        let made: (ToolkitInput.Source, EventFrame)?
        do { made = try input.scroll(dx: dx, dy: dy, at: point, time: t) } catch { throw .refused(error) }
        guard let (source, frame) = made else { return idle(at: t) }
        return feed(frame, from: source)
    }

    /// A key event with its evdev code.
    @discardableResult
    public mutating func key(_ code: UInt32, _ state: ToolkitInput.KeyState,
                             time: EventTime) throws(Failure) -> [Transcript.Entry] {
        let t = try inputTime(time)
        let made: (ToolkitInput.Source, EventFrame)
        do { made = try input.key(code, state, time: t) } catch { throw .refused(error) }
        return feed(made.1, from: made.0)
    }

    /// The toolkit cancelled every touch and the pointer's press: what is in
    /// flight is cancelled as a device loss cancels it (``Stimulus/deviceLost``).
    @discardableResult
    public mutating func cancel(time: EventTime) throws(Failure) -> [Transcript.Entry] {
        try check(time)
        input.forgetContacts()
        return command(.deviceLost, at: time)
    }

    /// Fires every deadline due at or before `time` (never refused: a timer
    /// may run ahead of the events' clock or behind it).
    @discardableResult
    public mutating func fire(until time: EventTime) -> [Transcript.Entry] {
        guard !finished else { return [] }
        if let now = engine.now, time <= now { return [] }
        let entries = engine.fire(until: time)
        if engine.origin != nil { lastHandled = max(lastHandled ?? time, time) }
        return entries
    }

    /// Adds an evdev device (a bare panel's, beside the toolkit's) and
    /// returns the id its frames are handed in with.
    public mutating func attach(_ device: DeviceDescription) -> InputDeviceID {
        let id = engine.attach(device)
        recording?.devices.append(device)
        return id
    }

    /// One frame of an evdev device ``attach(_:)`` added, under the
    /// session's time rules.
    @discardableResult
    public mutating func handle(_ frame: EventFrame, from device: InputDeviceID) throws(Failure) -> [Transcript.Entry] {
        let t = try inputTime(frame.time)
        var f = frame
        if t != f.time {
            f.time = t
            for k in f.events.indices { f.events[k].time = t }
        }
        return feed(f, from: device)
    }

    /// An evdev device went away: its contacts are forgotten and what it
    /// drove is cancelled (``Engine/deviceLost(_:at:)``). Not part of a
    /// recording: a replay goes on as if it stayed.
    @discardableResult
    public mutating func deviceLost(_ device: InputDeviceID, at time: EventTime) throws(Failure) -> [Transcript.Entry] {
        let t = try inputTime(time)
        return engine.deviceLost(device, at: t)
    }

    /// Says what happens in `strings`' words (nil: says nothing).
    public mutating func setAnnouncements(_ strings: AnnouncementStrings?) {
        engine.announcementStrings = strings
    }

    /// The layout changes a two-finger pinch makes (``Engine/setPinchLayouts(_:)``).
    public mutating func setPinchLayouts(_ layouts: PinchLayouts?) {
        engine.setPinchLayouts(layouts)
    }

    /// What came onto the screen and what left it since the last call
    /// (``Engine/takeDisplayChanges()``).
    /// - Complexity: O(log n + k) for the k elements on screen.
    public mutating func takeDisplayChanges() -> DisplayChanges { engine.takeDisplayChanges() }

    /// Takes `now` as what is on screen (``Engine/displayedElements``), so
    /// the next changes count from it (the C face, once the caller's buffer
    /// held them).
    package mutating func markDisplayed(_ now: [DisplayedElement]) { engine.markDisplayed(now) }

    /// The transitions made and not yet taken (``Engine/takeTransitions()``).
    public mutating func takeTransitions() -> [EngineTransition] {
        engine.takeTransitions()
    }

    // MARK: - The app's commands

    /// The app's command (batch editing, delete the selection, undo, a
    /// scroll, a resize, a move, the focus …), applied as a scene's track
    /// applies it.
    @discardableResult
    public mutating func apply(_ stimulus: Stimulus, at time: EventTime) throws(Failure) -> [Transcript.Entry] {
        try check(time)
        if case .resizeViewport(let size) = stimulus { input.resize(to: size) }
        return command(stimulus, at: time)
    }

    /// The app's batch update, at any moment (see `Engine.apply(_:at:)`);
    /// all or nothing.
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate, at time: EventTime) throws(Failure) -> [Transcript.Entry] {
        try check(time)
        begin(at: time)
        let t = commandTime(time)
        engine.fireDue(until: EventTime(microseconds: t.microseconds &- 1))
        do {
            try engine.applyBatchDue(batch, at: t)
        } catch {
            // Nothing applied; what the engine noted stays for the next call.
            throw .batch(error)
        }
        latestGiven = max(latestGiven ?? time, time)
        recording?.stimuli.append((t, .batch(batch)))
        return engine.takeOutbox()
    }

    /// The end of input: the session feeds an empty frame at the time the
    /// engine reached (so a replay of the recording fires every deadline
    /// this session fired), then the engine finishes (contacts still down
    /// cancelled, the final sections).
    @discardableResult
    public mutating func finish() -> [Transcript.Entry] {
        guard !finished else { return [] }
        var entries = markReached()
        finished = true
        entries += engine.finish()
        return entries
    }

    /// Whether ``finish()`` was called.
    public var isFinished: Bool { finished }

    /// Feeds an empty frame of the pointer at the time the engine reached
    /// when that is later than the last frame (a ``fire(until:)`` ran ahead),
    /// so the recording ends there too; a bug report calls it before it
    /// writes the recording. Changes nothing else.
    @discardableResult
    public mutating func markReached() -> [Transcript.Entry] {
        guard !finished, let now = engine.now, let last = lastFrame, now > last.time else { return [] }
        return feed(EventFrame(time: now, events: []), from: .pointer)
    }

    // MARK: - Plumbing

    private func check(_ time: EventTime) throws(Failure) {
        guard !finished else { throw .finished }
        if let latest = latestGiven, time < latest { throw .timeOrder(time, latest: latest) }
    }

    /// The time an input is taken at (see the type's "Time").
    private mutating func inputTime(_ time: EventTime) throws(Failure) -> EventTime {
        try check(time)
        latestGiven = time
        if recording?.origin == nil { recording?.origin = time }
        return max(time, engine.now ?? time)
    }

    /// The time a command is taken at: after every frame handed in and
    /// every deadline fired so far (a replay fires a stimulus before the
    /// frames and deadlines of its own instant). Commands after commands
    /// keep their times: a track keeps their order.
    private func commandTime(_ time: EventTime) -> EventTime {
        guard let handled = lastHandled, time <= handled else { return time }
        return EventTime(microseconds: handled.microseconds &+ 1)
    }

    /// A command before any input: an empty frame of the pointer sets the
    /// transcript's zero, for the replay as for the engine (a replay counts
    /// a scene's stimuli from the first frame).
    private mutating func begin(at time: EventTime) {
        guard engine.origin == nil else { return }
        recording?.origin = time
        feed(EventFrame(time: time, events: []), from: .pointer)
    }

    @discardableResult
    private mutating func command(_ stimulus: Stimulus, at time: EventTime) -> [Transcript.Entry] {
        begin(at: time)
        let t = commandTime(time)
        latestGiven = max(latestGiven ?? time, time)
        // A scene's stimulus comes before the deadlines of its own instant.
        engine.fireDue(until: EventTime(microseconds: t.microseconds &- 1))
        engine.applyDue(stimulus, at: t)
        recording?.stimuli.append((t, stimulus))
        return engine.takeOutbox()
    }

    /// Nothing to feed: deadlines due are fired.
    private mutating func idle(at time: EventTime) -> [Transcript.Entry] {
        engine.fire(until: time)
    }

    @discardableResult
    private mutating func feed(_ frame: EventFrame, from source: ToolkitInput.Source) -> [Transcript.Entry] {
        switch source {
        case .touch(let index): feed(frame, from: touchIDs[index])
        case .pointer: feed(frame, from: pointerID)
        case .keyboard: feed(frame, from: keyboardID)
        }
    }

    /// Hands a frame to the engine (and the recording). A frame of another
    /// device at the time of the last frame is taken a microsecond later: a
    /// replay merges the devices' frames by time, ties to the lower device,
    /// and must meet them in the order they came.
    @discardableResult
    private mutating func feed(_ frame: EventFrame, from id: InputDeviceID) -> [Transcript.Entry] {
        var f = frame
        if let last = lastFrame, last.device != id.index, f.time <= last.time {
            f.time = EventTime(microseconds: last.time.microseconds &+ 1)
            for k in f.events.indices { f.events[k].time = f.time }
        }
        recording?.frames.append((id.index, f))
        lastFrame = (id.index, f.time)
        lastHandled = max(lastHandled ?? f.time, f.time)
        return engine.handle(f, from: id)
    }
}
