import Foundation
import Testing
import Gripper
import GripperTesting
import GripperFiles

/// `TraceFile` reads a frame at a time and writes through a temporary file,
/// naming the file in every error.
@Suite struct TraceFileStreamingTests {
    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-tracefile-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    @Test func openReadsWhatLoadReads() throws {
        for file in ["tool-output/drag.evemu-record.txt", "tool-output/drag.libinput-record.yml",
                     "real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events"] {
            let path = Fixtures.recording(file).path
            let trace = try TraceFile.load(path: path)
            let reader = try TraceFile.open(path: path)
            var frames: [EventFrame] = []
            while let frame = try reader.next() { frames.append(frame) }
            #expect(frames == trace.frames, "\(file)")
            #expect(reader.eventCount == trace.events.count)
        }
    }

    @Test func savingToAFullDiskNamesTheFileAndLeavesNothingBehind() throws {
        let trace = try TraceFile.load(path: Fixtures.recording("tool-output/drag.evemu-record.txt").path)
        let full = Self.temporary("full.yml")
        try? FileManager.default.removeItem(atPath: full)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        do {
            try TraceFile.save(trace: trace, to: full)
            Issue.record("no error writing to /dev/full")
        } catch {
            #expect(error.file == full)
            #expect(error.reason == .io("cannot write: no space left on device"))
        }
        let missing = Self.temporary("no/such/dir/x.evemu")
        do {
            try TraceFile.save(trace: trace, to: missing)
            Issue.record("no error")
        } catch {
            #expect(error.description == "\(missing): cannot create: no such file")
        }
        // A good save replaces the file whole and leaves no temporary file.
        let good = Self.temporary("good.evemu")
        try "old".write(toFile: good, atomically: false, encoding: .utf8)
        try TraceFile.save(trace: trace, to: good)
        #expect(try TraceFile.load(path: good).events == trace.events)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (good as NSString).deletingLastPathComponent)
            .filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}
