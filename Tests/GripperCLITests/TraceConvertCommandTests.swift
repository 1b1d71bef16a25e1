import Foundation
import Testing
import GripperInput
import GripperTesting
import GripperFiles
import GripperTraces

/// `gripper trace convert`, run end to end as a process.
@Suite struct TraceConvertCommandTests {
    /// The built `gripper` executable.
    static var gripper: URL { GripperProcess.binary }

    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try GripperProcess.run(arguments)
        return (r.status, r.stdout, r.stderr)
    }

    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-cli-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    @Test func convertsEvemuToLibinputRecordAndBack() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.gripper.path), "build the gripper product first")
        let input = Fixtures.recording("tool-output/drag.evemu-record.txt").path
        let yml = Self.temporary("drag.yml"), back = Self.temporary("drag.evemu")
        let first = try Self.run(["trace", "convert", input, yml])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Self.run(["trace", "convert", yml, back])
        #expect(second.status == 0, "\(second.stderr)")
        let original = String(decoding: try Data(contentsOf: URL(fileURLWithPath: input)), as: UTF8.self)
        let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: back)), as: UTF8.self)
        let events = { (s: String) in s.split(separator: "\n").filter { $0.hasPrefix("E:") } }
        #expect(events(written) == events(original))
        #expect(events(written).count == 112)
    }

    @Test func pairsEventsWithTheDescriptionBesideThem() throws {
        let input = Fixtures.recording("real/ts_wacom-isdv4-e6_single-tap.events").path
        let out = Self.temporary("tap.evemu")
        let result = try Self.run(["trace", "convert", input, out])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(text.contains("N: Wacom ISDv4 E6 Finger\n"))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("E:") }.count == 10)
    }

    @Test func explicitDeviceDescription() throws {
        let lonely = Self.temporary("lonely_drag.events")
        try? FileManager.default.removeItem(atPath: lonely)
        try FileManager.default.copyItem(atPath: Fixtures.recording("real/ts_ntrig_protoA_1-finger-drag-NW-SE.events").path, toPath: lonely)
        let out = Self.temporary("lonely.yml")
        let missing = try Self.run(["trace", "convert", lonely, out])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("lonely_drag.events:1:"))
        #expect(missing.stderr.contains("--device"))
        let given = try Self.run(["trace", "convert", lonely, out, "--device", Fixtures.recording("real/ts_ntrig_protoA.desc").path])
        #expect(given.status == 0, "\(given.stderr)")
    }

    @Test func badInputExitsWithTwoAndNamesFileAndLine() throws {
        let bad = Self.temporary("bad.evemu")
        try Data("N: x\nI: 0 0 0 0\nE: 0.000001 0003 0040 1\n".utf8).write(to: URL(fileURLWithPath: bad))
        let result = try Self.run(["trace", "convert", bad, Self.temporary("o.yml")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.evemu:3:"))
        #expect(result.stderr.contains("0x40"))
        let unknown = try Self.run(["trace", "convert", bad, Self.temporary("o.zzz")])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains(".zzz"))
        let absent = try Self.run(["trace", "convert", Self.temporary("absent.evemu"), Self.temporary("o.yml")])
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("no such file"))
    }

    @Test func selectsALibinputRecordDevice() throws {
        let yml = Fixtures.recording("tool-output/drag.libinput-record.yml").path
        let ok = try Self.run(["trace", "convert", yml, Self.temporary("sel.evemu"), "--device", "0"])
        #expect(ok.status == 0, "\(ok.stderr)")
        let none = try Self.run(["trace", "convert", yml, Self.temporary("sel.evemu"), "--device", "1"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no device #1"))
    }

    @Test func convertsEveryDeviceOfAFile() throws {
        let two = Self.temporary("two.yml")
        let touch = try EvemuFormat.read(Array(try Data(contentsOf: Fixtures.recording("tool-output/drag.evemu-record.txt"))), fileName: "t")
        let mouse = try EvemuFormat.read(Array(try Data(contentsOf: Fixtures.recording("tool-output/mouse.evemu-record.txt"))), fileName: "m")
        try Data(LibinputRecordFormat.write([touch, mouse]).utf8).write(to: URL(fileURLWithPath: two))
        let copy = Self.temporary("copy.yml")
        let all = try Self.run(["trace", "convert", two, copy, "--device", "all"])
        #expect(all.status == 0, "\(all.stderr)")
        let back = try LibinputRecordFormat.readAll(Array(try Data(contentsOf: URL(fileURLWithPath: copy))), fileName: copy)
        #expect(back.map(\.events) == [touch.events, mouse.events])
        let toEvemu = try Self.run(["trace", "convert", two, Self.temporary("all.evemu"), "--device", "all"])
        #expect(toEvemu.status == 2)
        #expect(toEvemu.stderr.contains("holds one device"))
        let second = try Self.run(["trace", "convert", two, Self.temporary("mouse.evemu"), "--device", "/dev/input/event1"])
        #expect(second.status == 0, "\(second.stderr)")
    }
}
