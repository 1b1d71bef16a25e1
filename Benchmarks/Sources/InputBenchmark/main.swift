// input-bench: how fast Gripper reads traces, against libevemu's own parser.
//
// Synthesizes a ten-finger touchscreen session of at least 1,000,000 events,
// writes it as evemu and libinput-record text in memory (and the evemu text
// to a temporary file for libevemu), then times:
//   - Gripper's evemu reader a frame at a time (`EvemuFormat.reader`, then
//     `next()` until the end: what every command does, keeping nothing),
//   - EvemuFormat.read on the evemu bytes (the whole `Trace` built),
//   - LibinputRecordFormat.readAll on the libinput-record bytes,
//   - libevemu: evemu_read + evemu_read_event in a loop on the file (an
//     event at a time, keeping nothing),
// and prints events per second and Gripper's evemu speed over libevemu's:
// the frame-at-a-time reader's is the figure with a goal (8x).
//
//     input-bench [--events N] [--rounds R]    (defaults 1000000 and 5)
import BenchmarkSupport
import CEvemu
import Glibc
import GripperInput
import GripperFiles
import GripperTraces

var targetEvents = 1_000_000
var rounds = 5
do {
    let arguments = CommandLine.arguments
    var i = 1
    while i + 1 < arguments.count {
        switch arguments[i] {
        case "--events": targetEvents = Int(arguments[i + 1]) ?? targetEvents
        case "--rounds": rounds = Int(arguments[i + 1]) ?? rounds
        default: fatalError("input-bench: unknown option \(arguments[i])")
        }
        i += 2
    }
}

func touchscreen() -> DeviceDescription {
    let axis = AbsInfo(minimum: 0, maximum: 4095, resolution: 16)
    return DeviceDescription(
        name: "Bench Touchscreen", id: DeviceID(bustype: 3, vendor: 0x1234, product: 0x5678, version: 1),
        properties: [InputProperty.direct],
        codes: [EventType.syn: [0, 1, 3], EventType.key: [KeyCode.btnTouch],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]],
        absInfo: [AbsCode.x: axis, AbsCode.y: axis, AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis,
                  AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)])
}

/// Touches of 1–5 fingers, each a 60-frame stroke at 125 Hz, until `count` events.
func session(count: Int) -> [RawEvent] {
    var events: [RawEvent] = []
    events.reserveCapacity(count + 64)
    var time: Int64 = 1
    var trackingID: Int32 = 1
    var seed: UInt64 = 42
    func random(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int((seed >> 33) % UInt64(n)) }
    while events.count < count {
        let fingers = 1 + random(5)
        var x = (0..<fingers).map { _ in Int32(200 + random(3000)) }
        var y = (0..<fingers).map { _ in Int32(200 + random(3000)) }
        for frame in 0..<60 {
            let t = EventTime(microseconds: time)
            for f in 0..<fingers {
                events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(f)))
                if frame == 0 {
                    events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.mtTrackingID, value: trackingID))
                    trackingID = trackingID % 65535 + 1
                }
                x[f] += Int32(random(9)) - 4
                y[f] += Int32(random(9)) - 2
                events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.mtPositionX, value: x[f]))
                events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.mtPositionY, value: y[f]))
            }
            if frame == 0 { events.append(RawEvent(time: t, type: EventType.key, code: KeyCode.btnTouch, value: 1)) }
            events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.x, value: x[0]))
            events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.y, value: y[0]))
            events.append(RawEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0))
            time += 8000
        }
        let t = EventTime(microseconds: time)
        for f in 0..<fingers {
            events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(f)))
            events.append(RawEvent(time: t, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
        }
        events.append(RawEvent(time: t, type: EventType.key, code: KeyCode.btnTouch, value: 0))
        events.append(RawEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0))
        time += 200_000
    }
    return events
}

func best(_ timings: Timings) -> Double { timings.samples.first ?? .nan }

let trace = Trace(device: touchscreen(), events: session(count: targetEvents))
let n = trace.events.count
let evemuText = Array(EvemuFormat.write(trace).utf8)
let yamlText = Array(LibinputRecordFormat.write(trace).utf8)
print("input-bench: \(n) events; evemu \(evemuText.count / 1_000_000) MB, libinput record \(yamlText.count / 1_000_000) MB")

let path = "/tmp/gripper-input-bench-\(getpid()).evemu"
guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
_ = evemuText.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
fclose(file)
defer { unlink(path) }

func gripperEvemuFrames() -> Int {
    guard let reader = try? EvemuFormat.reader(TraceBytes(evemuText), fileName: "bench.evemu") else {
        fatalError("evemu parse failed")
    }
    do { while try reader.next() != nil {} } catch { fatalError("evemu parse failed: \(error)") }
    return reader.eventCount
}

func gripperEvemu() -> Int {
    guard let t = try? EvemuFormat.read(evemuText, fileName: "bench.evemu") else { fatalError("evemu parse failed") }
    return t.events.count
}

func gripperLibinput() -> Int {
    guard let t = try? LibinputRecordFormat.readAll(yamlText, fileName: "bench.yml") else { fatalError("libinput parse failed") }
    return t[0].events.count
}

/// libevemu's own parser on the same evemu text, from the page cache.
func libevemu() -> Int {
    guard let fp = fopen(path, "r"), let device = evemu_new(nil) else { fatalError("libevemu setup failed") }
    guard evemu_read(device, fp) > 0 else { fatalError("evemu_read failed") }
    var event = input_event()
    var count = 0
    while evemu_read_event(fp, &event) > 0 { count += 1 }
    evemu_delete(device)
    fclose(fp)
    return count
}

// The machine is shared, so the parsers take turns, round after round, and
// each keeps its best round: a busy spell slows all of them alike.
var evemuSamples: [Double] = [], yamlSamples: [Double] = [], cSamples: [Double] = [], frameSamples: [Double] = []
for round in 0...rounds {
    for (body, samples) in [(gripperEvemuFrames, 3), (gripperEvemu, 0), (gripperLibinput, 1), (libevemu, 2)] {
        let t0 = nanoseconds()
        let count = body()
        let elapsed = Double(nanoseconds() - t0)
        precondition(count == n, "a parser read \(count) of \(n) events")
        if round == 0 { continue }  // warm-up
        switch samples {
        case 0: evemuSamples.append(elapsed)
        case 1: yamlSamples.append(elapsed)
        case 3: frameSamples.append(elapsed)
        default: cSamples.append(elapsed)
        }
    }
}
let evemuTimes = Timings(evemuSamples), yamlTimes = Timings(yamlSamples), cTimes = Timings(cSamples)
let frameTimes = Timings(frameSamples)
let frameRate = Double(n) / (best(frameTimes) / 1e9)

let evemuRate = Double(n) / (best(evemuTimes) / 1e9)
let yamlRate = Double(n) / (best(yamlTimes) / 1e9)
let cRate = Double(n) / (best(cTimes) / 1e9)
print("Gripper evemu, frame at a time: \(fmt(frameRate / 1e6)) M events/s (best of \(rounds): \(fmt(best(frameTimes) / 1e6)) ms, median \(fmt(frameTimes.median / 1e6)) ms)")
print("Gripper evemu, whole Trace:     \(fmt(evemuRate / 1e6)) M events/s (best of \(rounds): \(fmt(best(evemuTimes) / 1e6)) ms, median \(fmt(evemuTimes.median / 1e6)) ms)")
print("Gripper libinput-record reader: \(fmt(yamlRate / 1e6)) M events/s (best of \(rounds): \(fmt(best(yamlTimes) / 1e6)) ms, median \(fmt(yamlTimes.median / 1e6)) ms)")
print("libevemu evemu_read_event:     \(fmt(cRate / 1e6)) M events/s (best of \(rounds): \(fmt(best(cTimes) / 1e6)) ms, median \(fmt(cTimes.median / 1e6)) ms)")
print("ratio Gripper evemu frame at a time / libevemu: \(fmt(frameRate / cRate))x best to best, \(fmt(cTimes.median / frameTimes.median))x median to median (goal >= 8x)")
print("ratio Gripper evemu whole Trace / libevemu:    \(fmt(evemuRate / cRate))x best to best, \(fmt(cTimes.median / evemuTimes.median))x median to median")
