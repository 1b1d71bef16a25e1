import Foundation
import Testing
import Gripper
import GripperTesting
import GripperFiles
import GripperTraces

@Suite struct TraceFileTests {
    @Test func formatsFromExtensions() throws {
        #expect(try TraceFile.Format(path: "a.evemu") == .evemu)
        #expect(try TraceFile.Format(path: "a.events") == .evemu)
        #expect(try TraceFile.Format(path: "a.desc") == .evemu)
        #expect(try TraceFile.Format(path: "a.TXT") == .evemu)
        #expect(try TraceFile.Format(path: "a.yml") == .libinputRecord)
        #expect(try TraceFile.Format(path: "a.yaml") == .libinputRecord)
        #expect(throws: TraceError.self) { try TraceFile.Format(path: "a.json") }
        #expect(throws: TraceError.self) { try TraceFile.Format(path: "noextension") }
    }

    @Test func descriptionBesideEventsIsTheLongestPrefix() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-desc-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["ts_a.desc", "ts_a_b.desc", "ts_c.desc", "ts_a_b_tap.events"] {
            #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data()))
        }
        #expect(TraceFile.descriptionPath(forEvents: dir.appendingPathComponent("ts_a_b_tap.events").path)
                == dir.appendingPathComponent("ts_a_b.desc").path)
        #expect(TraceFile.descriptionPath(forEvents: dir.appendingPathComponent("ts_x.events").path) == nil)
    }

    @Test func loadsPairedEventsAndSaves() throws {
        let trace = try TraceFile.load(path: Fixtures.recording("real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events").path)
        #expect(trace.events.count == 441)
        #expect(trace.device.name == "Wacom ISDv4 E6 Finger")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-save-\(getpid()).yml").path
        try TraceFile.save(trace: trace, to: out)
        let back = try TraceFile.load(path: out)
        #expect(back.events == trace.events)
        let desc = out.replacingOccurrences(of: ".yml", with: ".desc")
        try TraceFile.save(trace: trace, to: desc)
        let description = try TraceFile.load(path: desc)
        #expect(description.events.isEmpty)
        #expect(description.device.absInfo == trace.device.absInfo)
    }

    @Test func missingFileIsATraceError() {
        do {
            _ = try TraceFile.load(path: "/nonexistent/x.evemu")
            Issue.record("no error")
        } catch {
            #expect(error.reason == .io("no such file"))
            #expect(error.file == "/nonexistent/x.evemu")
        }
    }
}
