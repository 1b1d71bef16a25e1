import Foundation
import Testing
import Gripper
import GripperFiles
import GripperInput
import GripperReplay
import GripperReplayCases
import GripperScene
import GripperScripting
import GripperTesting
import GripperTraces

/// `assertReplay` and `assertTranscript` under Swift Testing: passing,
/// failing with a readable diff, and each recording mode.
@Suite struct ReplayAssertionTests {
    static let folder = Fixtures.recording("scenarios/full-swipe")
    static var trace: Trace { try! ScenarioFolder("full-swipe").trace }
    static var scene: Scene { try! ScenarioFolder("full-swipe").scene }
    static var expected: String { try! ScenarioFolder("full-swipe").expected }

    func scratch(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-assert-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        return dir.appendingPathComponent("Transcripts/expected.txt").path
    }

    @Test func aMatchingReplayPasses() throws {
        try assertReplay(Self.trace, scene: Self.scene, matches: Self.folder.appendingPathComponent("expected.txt").path)
    }

    @Test func aDifferenceFailsWithTheFirstDifferingEntriesAndTheLocation() throws {
        let path = scratch("differ")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Self.expected.replacingOccurrences(of: "on i4", with: "on i5").write(toFile: path, atomically: true, encoding: .utf8)
        let callLine = #line + 2
        do {
            try assertReplay(Self.trace, scene: Self.scene, matches: path, recording: .missing)
            Issue.record("no failure")
        } catch let failure as ReplayAssertionFailure {
            let text = failure.description
            #expect(text.hasPrefix("ReplayAssertionTests.swift:\(callLine): the transcript differs from \(path): first difference at line 9 (0.840806 s)"))
            #expect(text.contains("\n-0.840806 committed #1 action delete on i5\n+0.840806 committed #1 action delete on i4\n"))
            #expect(text.contains("Re-record with GRIPPER_RECORD=failed"))
            #expect(failure.comparison?.firstDifference?.line == 9)
            // Nothing was written.
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains("on i5"))
        }
    }

    @Test func aMissingFileIsRecordedThenPasses() throws {
        let path = scratch("missing")
        #expect(throws: ReplayAssertionFailure.self) {
            try assertReplay(Self.trace, scene: Self.scene, matches: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.expected)
        try assertReplay(Self.trace, scene: Self.scene, matches: path)
    }

    @Test func recordingModes() throws {
        let path = scratch("modes")
        // never: a missing file fails and is not written.
        #expect(throws: ReplayAssertionFailure.self) {
            try assertReplay(Self.trace, scene: Self.scene, matches: path, recording: .never)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // failed: a wrong file is rewritten, and the assertion fails saying what changed.
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "0.1 nothing\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            try assertReplay(Self.trace, scene: Self.scene, matches: path, recording: .failed)
            Issue.record("no failure")
        } catch let failure as ReplayAssertionFailure {
            #expect(failure.message.contains("re-recorded") && failure.message.contains("-0.1 nothing"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.expected)
        try assertReplay(Self.trace, scene: Self.scene, matches: path, recording: .failed)
        // all: even an unchanged file fails, so the mode is not left on.
        #expect(throws: ReplayAssertionFailure.self) {
            try assertReplay(Self.trace, scene: Self.scene, matches: path, recording: .all)
        }
        #expect(ReplayRecording.fromEnvironment([:]) == .missing)
        #expect(ReplayRecording.fromEnvironment(["GRIPPER_RECORD": "failed"]) == .failed)
        #expect(ReplayRecording.fromEnvironment(["GRIPPER_RECORD": "1"]) == .all)
        #expect(ReplayRecording.fromEnvironment(["GRIPPER_RECORD": "sometimes"]) == nil)
    }

    /// A JSON Lines expected file is compared in JSON Lines.
    @Test func jsonLinesExpectedFiles() throws {
        let path = scratch("json")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let engine = try ReplayCase(name: "x", trace: Self.trace, scene: Self.scene).replay()
        try engine.transcript.jsonLines.write(toFile: path, atomically: true, encoding: .utf8)
        try assertReplay(Self.trace, scene: Self.scene, matches: path)
    }

    /// A scripted trace, and an app's own engine through a driver.
    @Test func scriptsAndDrivers() throws {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.tap(at: .fraction(0.5, 0.1))
        b.pause(.milliseconds(100))
        let path = scratch("script")
        #expect(throws: ReplayAssertionFailure.self) { try assertReplay(b, scene: Self.scene, matches: path) }
        try assertReplay(b, scene: Self.scene, matches: path)
        let driver = try EngineDriver(scene: Self.scene, device: b.device, recordingTranscript: true)
        try assertReplay(b.frames, driver: driver, matches: path)
    }

    /// A relative path is taken from the test file's folder.
    @Test func relativePathsStartAtTheTestFile() throws {
        let name = "__Transcripts__/gripper-assert-\(getpid()).txt"
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: here.appendingPathComponent("__Transcripts__")) }
        #expect(throws: ReplayAssertionFailure.self) { try assertReplay(Self.trace, scene: Self.scene, matches: name) }
        #expect(FileManager.default.fileExists(atPath: here.appendingPathComponent(name).path))
    }
}
