import Foundation
import Testing
import Gripper
import GripperTesting
import GripperLayout
import GripperTraces
@_spi(Benchmarks) import GripperEditing

/// `gripper trace info` run end to end as a process on the built binary.
@Suite struct TraceInfoCommandTests {
    typealias Run = GripperProcess.Result

    /// The built `gripper` executable.
    static var binary: URL { GripperProcess.binary }

    static func gripper(_ arguments: String...) throws -> Run {
        try GripperProcess.run(arguments)
    }

    static func object(_ run: Run) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return try #require(value as? [String: Any])
    }

    @Test func theBinaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gripper product first: \(Self.binary.path)")
    }

    @Test func textSummaryOfTheAtmelDrag() throws {
        let run = try Self.gripper("trace", "info", "Recordings/real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Atmel maXTouch Touchscreen")
        #expect(lines.contains("  kind              touchscreen"))
        #expect(lines.contains("  frames            150"))
        #expect(lines.contains("  events            502"))
        #expect(lines.contains("  contacts          1"))
        #expect(lines.contains("  most down at once 1"))
        #expect(lines.contains { $0.hasPrefix("  size              250.0 × 149.9 mm (assumed") })
        // One row per contact after the table header.
        let header = try #require(lines.firstIndex { $0.hasPrefix("  #  start s") })
        #expect(lines.count == header + 2)
        #expect(lines[header + 1].hasSuffix("ended"))
    }

    @Test func jsonSummaryOfTheFastTaps() throws {
        let run = try Self.gripper("trace", "info", "Recordings/real/ts_atmel-maxtouch_1-finger-fast-taps.evemu", "--json")
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 1)
        let o = try Self.object(run)
        let device = try #require(o["device"] as? [String: Any])
        #expect(device["name"] as? String == "Atmel maXTouch Touchscreen")
        #expect(device["kind"] as? String == "touchscreen")
        let size = try #require(device["sizeMM"] as? [String: Any])
        #expect(size["width"] as? Double == 250)
        #expect(o["frames"] as? Int == 18)
        #expect(o["events"] as? Int == 84)
        #expect(o["contactCount"] as? Int == 9)
        #expect(o["maxConcurrentContacts"] as? Int == 1)
        let duration = try #require(o["durationSeconds"] as? Double)
        #expect(duration > 1.5 && duration < 3)
        let contacts = try #require(o["contacts"] as? [[String: Any]])
        #expect(contacts.count == 9)
        for c in contacts {
            #expect(c["outcome"] as? String == "ended")
            #expect(c["pathLengthMM"] as? Double == 0)
            let d = try #require(c["durationSeconds"] as? Double)
            #expect(d > 0.08 && d < 0.111)
            #expect(c["startMM"] as? [String: Any] != nil && c["endMM"] as? [String: Any] != nil)
        }
    }

    @Test func anEventsFileWithItsDescription() throws {
        let run = try Self.gripper("trace", "info", "Recordings/real/ts_ntrig_protoA_1-finger-drag-NW-SE.events",
                                   "--device", "Recordings/real/ts_ntrig_protoA.desc", "--json")
        #expect(run.status == 0)
        let o = try Self.object(run)
        #expect(o["contactCount"] as? Int == 1)
        #expect(o["events"] as? Int == 955)
    }

    @Test func aMouseCountsLeftPressesAndHasNoSize() throws {
        let run = try Self.gripper("trace", "info", "Recordings/real/mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu", "--json")
        #expect(run.status == 0)
        let o = try Self.object(run)
        let device = try #require(o["device"] as? [String: Any])
        #expect(device["kind"] as? String == "mouse")
        #expect(device["sizeMM"] is NSNull)
        #expect(o["contactCount"] as? Int == 4)
    }

    @Test func aLibinputRecordFile() throws {
        let run = try Self.gripper("trace", "info", "Recordings/tool-output/drag.libinput-record.yml", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let o = try Self.object(run)
        #expect(o["contactCount"] as? Int == 1)
        let device = try #require(o["device"] as? [String: Any])
        #expect(device["name"] as? String == "Probe Touchscreen")
    }

    @Test func anEventsFileFindsTheDescriptionBesideIt() throws {
        let run = try Self.gripper("trace", "info", "Recordings/real/ts_wacom-isdv4-e6_single-tap.events", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let o = try Self.object(run)
        #expect(o["contactCount"] as? Int == 1)
        #expect(o["events"] as? Int == 10)
    }

    /// An error names the file it could not read: a name holding an OSC
    /// title escape, a bell and a line feed (a name from a folder someone
    /// else made, reached by a glob) reaches stderr with each control as a
    /// visible symbol, on one line; so does a warning naming it.
    @Test func anErrorNamingAHostileFileCannotDriveTheTerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-hostile-error-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("x\u{1B}]0;owned\u{07}\nFAKE.evemu").path
        let run = try Self.gripper("trace", "info", missing)
        #expect(run.status == 2)
        #expect(!run.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains("x␛]0;owned␇␊FAKE.evemu"), "\(run.stderr.debugDescription)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        // A trace with warnings, under such a name: each warning on its line, escaped.
        let named = dir.appendingPathComponent("w\u{1B}[2J.evemu")
        var text = try String(contentsOfFile: "Recordings/tool-output/drag.evemu-record.txt", encoding: .utf8)
        text = text.replacingOccurrences(of: "E: 0.000001", with: "X: an unknown line\nE: 0.000001")
        try text.write(to: named, atomically: true, encoding: .utf8)
        let warned = try Self.gripper("trace", "info", named.path)
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(!warned.stderr.isEmpty && !warned.stderr.unicodeScalars.contains("\u{1B}"), "\(warned.stderr.debugDescription)")
    }

    /// Every command's messages go through the one escaping sink: `devices`
    /// on an empty folder under a hostile name says so on one visible line.
    @Test func aNoteNamingAHostileFolderCannotDriveTheTerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-empty-\(getpid())-\u{1B}[2J\nFAKE")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.gripper("devices", "--directory", dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("gripper devices: no evdev devices in "), "\(run.stderr.debugDescription)")
        #expect(!run.stderr.unicodeScalars.contains("\u{1B}"), "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains("␛[2J␊FAKE") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr.debugDescription)")
    }

    /// A trace attached to a bug report names its device: a name holding an
    /// OSC title escape, a clear-screen, a carriage return, a line feed
    /// followed by a forged summary row, a C1 CSI and a line separator is
    /// printed with each control as a visible symbol (text) or as `\uXXXX`
    /// (JSON): nothing reaches the terminal, and the summary has its lines.
    @Test func aDeviceNameCannotDriveTheTerminalOrForgeLines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-trace-info-name-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = "Recordings/tool-output/drag.libinput-record.yml"
        let yaml = try String(contentsOfFile: original, encoding: .utf8)
        let escaped = #"Evil\e]0;owned\a\e[2J\rFAKE\n  kind              mouse\x9b31m\u2028end"#
        let name = "Evil\u{1B}]0;owned\u{07}\u{1B}[2J\rFAKE\n  kind              mouse\u{9B}31m\u{2028}end"
        let hostile = dir.appendingPathComponent("hostile.yml")
        try yaml.replacingOccurrences(of: #"name: "Probe Touchscreen""#, with: "name: \"\(escaped)\"")
            .write(to: hostile, atomically: true, encoding: .utf8)
        let raw: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\r", "\u{9B}", "\u{2028}"]

        let plain = try Self.gripper("trace", "info", original)
        let text = try Self.gripper("trace", "info", hostile.path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.unicodeScalars.contains(where: raw.contains), "\(text.stdout.debugDescription)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Evil␛]0;owned␇␛[2J␍FAKE␊  kind              mouse\u{FFFD}31m\u{FFFD}end")
        #expect(lines.count == plain.stdout.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(Array(lines.dropFirst()) == Array(plain.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()))

        let json = try Self.gripper("trace", "info", hostile.path, "--json")
        #expect(json.status == 0)
        #expect(!json.stdout.unicodeScalars.contains(where: raw.contains), "\(json.stdout.debugDescription)")
        #expect(json.stdout.split(separator: "\n").count == 1)
        let device = try #require(try Self.object(json)["device"] as? [String: Any])
        #expect(device["name"] as? String == name)
    }

    @Test func badInputExitsWithStatus2AndAMessage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-trace-info-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        // An events-only file with no description beside it.
        let lonely = dir.appendingPathComponent("lonely.events")
        try Data(contentsOf: Fixtures.recording("real/ts_wacom-isdv4-e6_single-tap.events")).write(to: lonely)
        let missingDescription = try Self.gripper("trace", "info", lonely.path)
        #expect(missingDescription.status == 2)
        #expect(missingDescription.stdout.isEmpty)
        #expect(missingDescription.stderr.contains("lonely.events:1"))
        #expect(missingDescription.stderr.contains("--device"))

        let missingFile = try Self.gripper("trace", "info", "Recordings/real/no-such-file.evemu")
        #expect(missingFile.status == 2)
        #expect(missingFile.stdout.isEmpty)
        #expect(missingFile.stderr.contains("no-such-file.evemu"))

        let broken = dir.appendingPathComponent("broken.evemu")
        try Data("N: Broken\nE: 0.5 0003 zz 1\n".utf8).write(to: broken)
        let brokenRun = try Self.gripper("trace", "info", broken.path, "--json")
        #expect(brokenRun.status == 2)
        #expect(brokenRun.stdout.isEmpty)
        #expect(brokenRun.stderr.contains("broken.evemu:2"))

        let unknownFormat = try Self.gripper("trace", "info", "Package.swift")
        #expect(unknownFormat.status == 2)
        #expect(unknownFormat.stderr.contains("Package.swift"))
    }

    /// A toolkit session's recording holds three virtual devices: each is summarised.
    @Test func everyDeviceOfASeveralDeviceRecording() throws {
        struct Two: CollectionDataSource {
            var numberOfSections: Int { 1 }
            func sectionID(at section: Int) -> SectionID { "s" }
            func numberOfItems(inSection section: Int) -> Int { 2 }
            func itemID(at p: GripperLayout.ItemPath) -> ItemID { p.item == 0 ? "a" : "b" }
        }
        var session = try ToolkitSession(dataSource: Two(), delegate: StaticEditingPolicy(), viewport: Size(width: 300, height: 400),
                                         pointsPerMillimetre: 4, recordingInput: true)
        let t = { (ms: Int64) in EventTime(microseconds: ms * 1000) }
        try session.touch(.began, sequence: 1, at: Point(x: 100, y: 20), time: t(10))
        try session.touch(.ended, sequence: 1, at: Point(x: 100, y: 20), time: t(60))
        try session.pointerMotion(to: Point(x: 10, y: 10), time: t(100))
        try session.key(103, .pressed, time: t(200))
        let r = try #require(session.recording)
        var writer = TraceWriter(format: .libinputRecord)
        writer.beginFile(metadata: TraceMetadata(), deviceCount: r.devices.count)
        for (index, device) in r.devices.enumerated() {
            writer.beginDevice(device, metadata: TraceMetadata(), index: index)
            for (d, frame) in r.frames where d == index { writer.append(frame) }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("toolkit-\(getpid()).yml")
        try writer.takeText().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try Self.gripper("trace", "info", file.path)
        #expect(text.status == 0, "\(text.stderr)")
        for (k, name) in ["Gripper toolkit touch", "Gripper toolkit pointer", "Gripper toolkit keyboard"].enumerated() {
            #expect(text.stdout.contains("device \(k) of 3\n\(name)\n"), "\(text.stdout)")
        }
        let json = try Self.gripper("trace", "info", file.path, "--json")
        #expect(json.stdout.split(separator: "\n").count == 3)
        let one = try Self.gripper("trace", "info", file.path, "--device", "1")
        #expect(one.stdout.hasPrefix("Gripper toolkit pointer\n"), "\(one.stdout)")
    }
}
