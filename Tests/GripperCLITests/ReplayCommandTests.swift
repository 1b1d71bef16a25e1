import Foundation
import GripperTesting
import Testing

/// `gripper replay`, run end to end.
@Suite struct ReplayCommandTests {
    /// The built `gripper`.
    static var gripper: URL { GripperProcess.binary }

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try GripperProcess.run(arguments)
        return (r.status, r.stdout, r.stderr)
    }

    func scenario(_ name: String) -> [String] {
        ["Recordings/scenarios/\(name)/trace.evemu", "--scene", "Recordings/scenarios/\(name)/scene.json"]
    }

    func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("gripper-replay-\(getpid())-\(name)")
    }

    @Test func printsTheExpectedTranscriptAndExpectPasses() throws {
        let r = try run(["replay"] + scenario("full-swipe") + ["--expect", "Recordings/scenarios/full-swipe/expected.txt"])
        #expect(r.status == 0, "\(r.err)")
        let expected = try String(contentsOf: Fixtures.recording("scenarios/full-swipe/expected.txt"), encoding: .utf8)
        #expect(r.out == expected)
    }

    @Test func aMismatchExitsOneShowingTheDifference() throws {
        let wrong = temporary("wrong.txt")
        defer { try? FileManager.default.removeItem(at: wrong) }
        let expected = try String(contentsOf: Fixtures.recording("scenarios/full-swipe/expected.txt"), encoding: .utf8)
        try expected.replacingOccurrences(of: "action delete on i4", with: "action delete on i5")
            .write(to: wrong, atomically: true, encoding: .utf8)
        let r = try run(["replay"] + scenario("full-swipe") + ["--expect", wrong.path])
        #expect(r.status == 1)
        #expect(r.err.contains("-0.332207 committed #1 action delete on i5") || r.err.contains("action delete on i5"))
        #expect(r.err.contains("+") && r.err.contains("action delete on i4"))
    }

    @Test func jsonLinesEndWithTheFinalSections() throws {
        let r = try run(["replay"] + scenario("drag-into-another-section") + ["--json"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"t\":0.5") == true && lines.first?.contains("\"event\":\"gesture\"") == true)
        #expect(lines.last == #"{"event":"final","sections":[{"id":"fruit","items":["apple","plum"]},{"id":"veg","items":["leek","kale","pear","bean"]}]}"#)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)") }
    }

    @Test func badInputExitsTwoNamingTheProblem() throws {
        let badScene = temporary("bad.json")
        defer { try? FileManager.default.removeItem(at: badScene) }
        try #"{"viewport":{"width":400,"height":640},"sections":[{"id":"s","items":[{"id":"a","actions":[{"id":"x","style":"loud"}]}]}]}"#
            .write(to: badScene, atomically: true, encoding: .utf8)
        var r = try run(["replay", "Recordings/scenarios/full-swipe/trace.evemu", "--scene", badScene.path])
        #expect(r.status == 2)
        #expect(r.err.contains("bad.json:1: sections[0].items[0].actions[0].style: expected one of normal, destructive"))
        r = try run(["replay", "Recordings/scenarios/nothing.evemu", "--scene", "Recordings/scenarios/full-swipe/scene.json"])
        #expect(r.status == 2 && r.err.contains("nothing.evemu"))
    }

    @Test func picturesAndTimelineAreWritten() throws {
        let dir = temporary("pics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["replay"] + scenario("swipe-then-delete") + ["--svg", dir.appendingPathComponent("svg").path,
                                                                      "--html", dir.appendingPathComponent("t.html").path])
        #expect(r.status == 0)
        let svgs = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("svg").path).sorted()
        #expect(svgs.first == "frame-0001.svg" && svgs.count >= 4)
        let html = try String(contentsOf: dir.appendingPathComponent("t.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<svg ").count - 1 == svgs.count)
    }

    /// `--svg` pictures a step between two frames at its own time: the
    /// long-press that starts a drag fires at 1.007990 s, between frames.
    @Test func svgPicturesAreTakenAtEachStepsTime() throws {
        let dir = temporary("steps")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["replay"] + scenario("long-press-drag-down-up") + ["--svg", dir.path])
        #expect(r.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let svgs = try files.map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }
        #expect(svgs.filter { $0.contains(">1.007990 s  dragging</text>") }.count == 1)
        #expect(svgs.filter { $0.contains(">3.184228 s  dragging</text>") }.count == 1)
        let trace = try String(contentsOfFile: "Recordings/scenarios/long-press-drag-down-up/trace.evemu", encoding: .utf8)
        #expect(!trace.contains("E: 1.007990 ")) // no frame then: the picture is the long-press's own
    }

    @Test func realtimeAgreesWithFast() throws {
        // A 0.4 s scenario at its own pace.
        let fast = try run(["replay"] + scenario("full-swipe"))
        let slow = try run(["replay"] + scenario("full-swipe") + ["--realtime"])
        #expect(slow.status == 0 && fast.status == 0)
        #expect(slow.out == fast.out)
        let slowJSON = try run(["replay"] + scenario("full-swipe") + ["--realtime", "--json"])
        let fastJSON = try run(["replay"] + scenario("full-swipe") + ["--json"])
        #expect(slowJSON.out == fastJSON.out)
    }

    /// A scene (or case.json) that is not a regular file is named as what it
    /// is, at once: a FIFO neither blocks nor reads as "permission denied"
    /// (issue 38).
    @Test func aSceneThatIsAFIFOIsNamedAsOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("scene.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try GripperProcess.run(["replay", "Recordings/scenarios/full-swipe/trace.evemu", "--scene", fifo], timeout: 20)
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot read \(fifo): not a regular file (a FIFO)"), "\(r.stderr)")
        let cut = try GripperProcess.run(["trace", "cut", "Recordings/scenarios/full-swipe/trace.evemu", dir.appendingPathComponent("c.evemu").path,
                                          "--around", "committed", "--scene", "Recordings/scenarios/full-swipe/scene.json",
                                          "--settings", fifo], timeout: 20)
        #expect(cut.status == 2 && cut.stderr.contains("not a regular file (a FIFO)"), "\(cut.stderr)")
    }

    /// `--wait --duration`: the duration bounds the wait too — no device by
    /// then is exit status 2 saying so, and no file is made (issue 38: it
    /// waited without end).
    @Test func waitingForADeviceEndsWithTheDuration() throws {
        let output = temporary("never.evemu").path
        defer { unlink(output) }
        let start = Date()
        let record = try GripperProcess.run(["record", "--device-name", "no device is called this*", "--wait", "--duration", "0.5",
                                             "-o", output], timeout: 20)
        #expect(record.status == 2, "\(record.stderr)")
        #expect(record.stderr.contains("appeared within --duration (0.500000 s)"), "\(record.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let live = try GripperProcess.run(["live", "--device-name", "no device is called this*", "--wait", "--duration", "0.5",
                                           "--scene", "Recordings/scenarios/full-swipe/scene.json"], timeout: 20)
        #expect(live.status == 2, "\(live.stderr)")
        #expect(Date().timeIntervalSince(start) < 15)
    }
}
