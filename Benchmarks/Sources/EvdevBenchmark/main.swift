// evdev-bench: the live reader on an emulated device (umockdev).
//
// Run: swift run -c release --package-path Benchmarks evdev-bench
// The benchmark emulates the Atmel touchscreen of a real recording, replays
// its drag 40 times with no delays (umockdev writes as fast as it can), and
// re-runs itself under umockdev-run to read it with GripperEvdev (the events
// start 2 s in: umockdev fails the open if a flood comes first, and a busy machine starts the child slowly). It prints
// the frames read, the reader's CPU time per frame, and how late
// `.deadlineReached` comes back after its deadline on an idle device. Then
// it runs itself under umockdev-wrapper for the latency run (Latency.swift):
// a frame's kernel stamp to the engine's snapshot after it, less umockdev's
// own cost, and deadline lateness with ppoll.
import BenchmarkSupport
import Foundation
import GripperEvdev
import GripperInput
import GripperScripting
import GripperTesting
#if canImport(Glibc)
import Glibc
import GripperTraces
#endif

let node = "/dev/input/event20"
let repeats = 40

func cpuMicroseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
    let system = Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
    return user + system
}

if CommandLine.arguments.dropFirst().first == "latency" {
    // Re-run of this program under umockdev-wrapper (below).
    latencyRun()
    exit(0)
}

if ProcessInfo.processInfo.environment["UMOCKDEV_DIR"] == nil {
    // Parent: write the fixture and the script, run the child under umockdev-run.
    let path = Fixtures.recording("real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
          let trace = try? EvemuFormat.read(text, fileName: path) else {
        print("cannot read \(path)")
        exit(2)
    }
    var events: [RawEvent] = []
    for _ in 0..<repeats {
        // Every event at one time: umockdev replays them without sleeping.
        events += UmockdevEventScript.events(of: trace.frames).map {
            RawEvent(time: .zero, type: $0.type, code: $0.code, value: $0.value)
        }
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evdev-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let fixture = UmockdevFixture(device: trace.device)
    let files = ["dev.umockdev": fixture.deviceText, "dev.ioctl": fixture.ioctlText,
                 "dev.events": UmockdevEventScript.text(events: events, lead: .milliseconds(2000))]
    for (name, content) in files {
        try? content.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    print("evdev-bench: \(trace.frames.count * repeats) frames (\(events.count) events) of \(trace.device.name)")
    fflush(nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["umockdev-run", "-d", dir.appendingPathComponent("dev.umockdev").path,
                         "-i", "\(node)=\(dir.appendingPathComponent("dev.ioctl").path)",
                         "-e", "\(node)=\(dir.appendingPathComponent("dev.events").path)",
                         "--", CommandLine.arguments[0], String(trace.frames.count * repeats + 1)]
    do { try process.run() } catch {
        print("cannot run umockdev-run: \(error)")
        exit(2)
    }
    process.waitUntilExit()
    if process.terminationStatus == 0 { try? FileManager.default.removeItem(at: dir) } else { print("files kept in \(dir.path)") }
    let throughputStatus = process.terminationStatus
    // The latency run: this program again, under umockdev-wrapper (libumockdev's testbed API).
    let latency = Process()
    latency.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    latency.arguments = ["umockdev-wrapper", CommandLine.arguments[0], "latency"]
    do { try latency.run() } catch {
        print("cannot run umockdev-wrapper: \(error)")
        exit(2)
    }
    latency.waitUntilExit()
    exit(throughputStatus != 0 ? throughputStatus : latency.terminationStatus)
}

// Child, under umockdev-run.
let expected = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 0
do {
    let reader = try EvdevReader(path: node)
    var frames = 0
    var events = 0
    var firstAt: UInt64 = 0
    let cpuStart = cpuMicroseconds()
    while frames < expected {
        guard case .frame(let frame)? = try reader.next(until: reader.now + .seconds(5)) else { break }
        if frames == 0 { firstAt = nanoseconds() }
        frames += 1
        events += frame.events.count + 1
    }
    let wall = Double(nanoseconds() - firstAt) / 1e9
    let cpu = cpuMicroseconds() - cpuStart
    print("read \(frames) frames, \(events) events in \(fmt(wall, 3)) s wall (umockdev's replay rate bounds this)")
    print("reader CPU: \(fmt(cpu / Double(max(frames, 1)), 2)) µs per frame, \(fmt(cpu / Double(max(events, 1)), 2)) µs per event")

    // Deadline accuracy on an idle device: how late .deadlineReached returns.
    var lateness: [Double] = []
    for _ in 0..<100 {
        let deadline = reader.now + .milliseconds(5)
        guard case .deadlineReached? = try reader.next(until: deadline) else { continue }
        lateness.append(Double(reader.now.microseconds - deadline.microseconds))
    }
    let t = Timings(lateness)
    print("deadline 5 ms ahead, \(lateness.count) waits: returned late by median \(fmt(t.median, 0)) µs, p99 \(fmt(t.p99, 0)) µs (ppoll, to the microsecond)")
    let cpuIdle = cpuMicroseconds()
    _ = try reader.next(until: reader.now + .milliseconds(200))
    print("CPU while waiting 200 ms for input: \(fmt(cpuMicroseconds() - cpuIdle, 0)) µs (no busy waiting)")
    reader.close()
} catch {
    print("evdev-bench: \(error)")
    exit(1)
}
