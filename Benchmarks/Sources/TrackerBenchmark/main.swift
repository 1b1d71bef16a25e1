// tracker-bench: contact tracking throughput on synthesized sessions.
//
//   swift run -c release --package-path Benchmarks tracker-bench
//
// Builds sessions of at least 1,000,000 events with TraceBuilder (protocol B
// touchscreen, mouse) and by hand (protocol A), then times ContactTracker,
// Viewport and TraceSummary over them.
import BenchmarkSupport
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTraces

let targetEvents = 1_000_000

/// A touchscreen session: taps, drags, swipes and two- and three-finger moves.
func touchscreenSession() -> TraceBuilder {
    var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 42)
    var n = 0
    while b.events.count < targetEvents {
        let x = 0.1 + Double(n % 8) * 0.1
        b.tap(at: .fraction(x, 0.2))
        b.pause(.milliseconds(150))
        b.drag(from: .fraction(x, 0.3), to: .fraction(0.9 - x * 0.5, 0.8))
        b.pause(.milliseconds(200))
        b.swipe(from: .fraction(0.8, 0.5), to: .fraction(0.1, 0.5))
        b.pause(.milliseconds(200))
        b.perform((0..<(2 + n % 2)).map { i in
            TraceBuilder.Stroke(at: .fraction(0.2 + Double(i) * 0.2, 0.8), after: .milliseconds(Int64(i) * 15))
                .moving(to: .fraction(0.2 + Double(i) * 0.2, 0.3), over: .milliseconds(500))
        })
        b.pause(.milliseconds(300))
        n += 1
    }
    return b
}

/// A mouse session: travel, clicks, drags and wheel turns.
func mouseSession() -> TraceBuilder {
    var b = TraceBuilder(device: TestDevices.probeMouse, seed: 42)
    var n = 0
    while b.events.count < targetEvents {
        let x = Double(n % 10) / 10
        b.tap(at: .fraction(x, 0.3))
        b.drag(from: .fraction(x, 0.4), to: .fraction(1 - x, 0.9))
        b.scroll(detents: n % 2 == 0 ? 3 : -3)
        n += 1
    }
    return b
}

/// A protocol A (N-Trig-like) session: two contacts drifting, each frame
/// listing both with SYN_MT_REPORT, lifting every 100 frames.
func protocolASession() -> (DeviceDescription, [EventFrame]) {
    let device = DeviceDescription(
        name: "Synthetic protocol A",
        codes: [EventType.syn: [0, 2], EventType.key: [KeyCode.btnTouch, KeyCode.btnToolDoubleTap],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 9600), AbsCode.y: AbsInfo(minimum: 0, maximum: 7200),
                  AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 9600),
                  AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 7200)])
    var frames: [EventFrame] = []
    var events = 0
    var i = 0
    while events < targetEvents {
        let t = EventTime(microseconds: Int64(i) * 10_000)
        func e(_ type: UInt16, _ code: UInt16, _ value: Int32) -> RawEvent { RawEvent(time: t, type: type, code: code, value: value) }
        var list: [RawEvent] = []
        if i % 100 == 99 {
            list = [e(EventType.key, KeyCode.btnToolDoubleTap, 0), e(EventType.key, KeyCode.btnTouch, 0)]
        } else {
            let k = Int32(i % 100) * 20
            list = [e(3, AbsCode.mtPositionX, 1000 + k), e(3, AbsCode.mtPositionY, 1000), e(0, SynCode.mtReport, 0),
                    e(3, AbsCode.mtPositionX, 5000 - k), e(3, AbsCode.mtPositionY, 4000), e(0, SynCode.mtReport, 0)]
            if i % 100 == 0 { list += [e(1, KeyCode.btnToolDoubleTap, 1), e(1, KeyCode.btnTouch, 1)] }
        }
        events += list.count + 1
        frames.append(EventFrame(time: t, events: list))
        i += 1
    }
    return (device, frames)
}

func report(_ label: String, events: Int, frames: Int, _ timings: Timings) {
    let seconds = timings.median / 1e9
    print("\(label): \(events) events, \(frames) frames; median \(fmt(timings.median / 1e6, 1)) ms "
          + "(p99 \(fmt(timings.p99 / 1e6, 1)) ms) = \(fmt(Double(events) / seconds / 1e6, 2)) M events/s, "
          + "\(fmt(seconds / Double(frames) * 1e9, 0)) ns/frame")
}

func benchTracker(_ label: String, device: DeviceDescription, frames: [EventFrame]) {
    let events = frames.reduce(0) { $0 + $1.events.count + 1 }
    var contacts = 0
    let timings = measure(iterations: 10) {
        var tracker = ContactTracker(device: device)
        var count = 0
        for frame in frames { count &+= tracker.process(frame).contacts.count }
        if let last = tracker.finish() { count &+= last.contacts.count }
        contacts = count
        blackHole(count)
    }
    report("ContactTracker, \(label)", events: events, frames: frames.count, timings)
    blackHole(contacts)
}

var t0 = nanoseconds()
let touch = touchscreenSession()
let touchFrames = touch.frames
print("TraceBuilder, touchscreen: \(touch.events.count) events in \(fmt(Double(nanoseconds() - t0) / 1e6, 0)) ms")
t0 = nanoseconds()
let mouse = mouseSession()
let mouseFrames = mouse.frames
print("TraceBuilder, mouse: \(mouse.events.count) events in \(fmt(Double(nanoseconds() - t0) / 1e6, 0)) ms")
let (deviceA, framesA) = protocolASession()

benchTracker("protocol B touchscreen", device: touch.device, frames: touchFrames)
benchTracker("protocol A touchscreen", device: deviceA, frames: framesA)
benchTracker("mouse", device: mouse.device, frames: mouseFrames)

// The pipeline as an engine runs it: each frame tracked, then mapped.
let pipelineTimings = measure(iterations: 10) {
    var tracker = ContactTracker(device: touch.device)
    var viewport = Viewport(device: touch.device, rect: Rect(x: 0, y: 0, width: 1280, height: 800))
    var sum = 0.0
    for frame in touchFrames { sum += viewport.map(tracker.process(frame)).contacts.first?.location.x ?? 0 }
    blackHole(sum)
}
report("ContactTracker + Viewport.map, protocol B touchscreen", events: touch.events.count, frames: touchFrames.count,
       pipelineTimings)

let summaryTimings = measure(iterations: 10) {
    blackHole(TraceSummary(device: touch.device, frames: touchFrames))
}
report("TraceSummary, protocol B touchscreen", events: touch.events.count, frames: touchFrames.count, summaryTimings)
