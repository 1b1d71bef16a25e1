// soak-bench: a LiveSession fed ten million frames, as a panel that runs for
// weeks sees them, printing resident memory early and at the end. Memory
// must be flat: no transcript unless asked, a bounded undo journal, no
// per-frame growth anywhere.
//
//   swift run -c release --package-path Benchmarks soak-bench [FRAMES]
import BenchmarkSupport
import Foundation
import Gripper
import GripperEvdev
import GripperInput
import GripperScene
import GripperScripting
#if canImport(Glibc)
import Glibc
import GripperTraces
#endif

/// A synthetic touchscreen: one scripted cycle of gestures (tap, swipe open,
/// tap to shut, pan, a long-press drag that commits) played over and over,
/// on a virtual clock that jumps to whatever the session waits for.
final class CyclingSource: LiveInputSource {
    let path = "synthetic touchscreen"
    let device: DeviceDescription
    private let cycle: [EventFrame]
    private let cycleLength: Duration
    private var index = 0
    private var round: Int64 = 0
    private(set) var now: EventTime = .zero
    private(set) var delivered = 0

    init() {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3,
                             configuration: .init(start: .milliseconds(100)))
        func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
        b.tap(at: pt(200, 84)); b.pause(.milliseconds(400))
        b.swipe(from: pt(300, 140), to: pt(120, 140)); b.pause(.milliseconds(300))
        b.tap(at: pt(200, 400)); b.pause(.milliseconds(400))
        b.drag(from: pt(200, 500), to: pt(200, 200), hold: .milliseconds(100), duration: .milliseconds(400))
        b.pause(.milliseconds(300))
        b.drag(from: pt(200, 84), to: pt(200, 260))
        b.pause(.milliseconds(400))
        let trace = Trace(device: b.device, events: b.events)
        device = trace.device
        cycle = trace.frames
        cycleLength = (cycle.last!.time - .zero) + .milliseconds(100)
    }

    func next(until deadline: EventTime?, wakingOn wakeFD: Int32?) throws(EvdevError) -> EvdevReader.Event? {
        let frame = cycle[index]
        let time = frame.time + cycleLength * Int(round)
        if let deadline, deadline < time {
            now = max(now, deadline)
            return .deadlineReached
        }
        now = max(now, time)
        index += 1
        if index == cycle.count { index = 0; round += 1 }
        delivered += 1
        return .frame(EventFrame(time: time, events: frame.events))
    }

    func close() {}
}

func residentMB() -> (rss: Double, peak: Double) {
    guard let f = fopen("/proc/self/status", "r") else { return (0, 0) }
    defer { fclose(f) }
    var rss = 0.0, peak = 0.0
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, f) != nil {
        let s = String(cString: line)
        let kb = Double(s.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        if s.hasPrefix("VmRSS:") { rss = kb / 1024 }
        if s.hasPrefix("VmHWM:") { peak = kb / 1024 }
    }
    return (rss, peak)
}

let total = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000_000
let items = (1...60).map { "{\"id\":\"i\($0)\",\"label\":\"Item \($0)\"}" }.joined(separator: ",")
let scene = try Scene.decode("""
{"viewport":{"width":400,"height":640},"sections":[{"id":"list","items":[\(items)]}]}
""")
let source = CyclingSource()
let session = try LiveSession(reader: source, scene: scene)
var early: (rss: Double, peak: Double) = (0, 0)
var entries = 0
let started = nanoseconds()
while source.delivered < total {
    _ = try session.step()
    entries += session.lastEntries.count
    if early.rss == 0 && source.delivered >= min(1_000_000, total / 10) { early = residentMB() }
}
session.finish()
let seconds = Double(nanoseconds() - started) / 1e9
let end = residentMB()
let commits = session.engine.journal.entries.count
print("soak-bench: \(source.delivered) frames (\(Int(Double(source.delivered) / seconds)) frames/s, \(entries) entries reported, journal keeps \(commits))")
print("soak: RSS after \(min(1_000_000, total / 10)) frames \(String(format: "%.1f", early.rss)) MB, at the end \(String(format: "%.1f", end.rss)) MB, peak \(String(format: "%.1f", end.peak)) MB")
