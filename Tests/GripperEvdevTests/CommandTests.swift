import Foundation
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing
#if canImport(Glibc)
import Glibc
import GripperFiles
import GripperScripting
import GripperTraces
#endif

/// `gripper devices` and `gripper record` run as the user runs them, against
/// emulated copies of real devices.
@Suite struct CommandTests {
    static func realDevices() throws -> (touchscreen: DeviceDescription, mouse: DeviceDescription) {
        let ts = try Recordings.evemu("real/ts_wacom-isdv4-e6.desc").device
        let mouse = try Recordings.evemu("real/mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu").device
        return (ts, mouse)
    }

    static func json(_ line: Substring) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    @Test func devicesListsEmulatedDevices() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (ts, mouse) = try Self.realDevices()
        let a = try Emulation.write(UmockdevFixture(device: ts, eventNumber: 20), script: nil, name: "ts", in: dir)
        let b = try Emulation.write(UmockdevFixture(device: mouse, eventNumber: 3), script: nil, name: "mouse", in: dir)

        let out = try Emulation.umockdevRun([a, b], [Emulation.gripper, "devices", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let objects = out.lines.map(Self.json)
        #expect(objects.count == 2)
        // Numeric order: event3 before event20.
        #expect(objects.map { $0["node"] as? String } == ["/dev/input/event3", "/dev/input/event20"])
        #expect(objects.first?["kind"] as? String == "mouse")
        #expect(objects.first?["name"] as? String == mouse.name)
        #expect(objects.first?["width_mm"] is NSNull)
        let touch = objects.last ?? [:]
        #expect(touch["kind"] as? String == "touchscreen")
        #expect(touch["name"] as? String == ts.name)
        #expect(touch["vendor"] as? Int == Int(ts.id.vendor))
        let size = try #require(ts.sizeInMillimetres)
        #expect(abs((touch["width_mm"] as? Double ?? 0) - size.width) < 0.1)
        #expect(abs((touch["height_mm"] as? Double ?? 0) - size.height) < 0.1)
        #expect(touch["size_assumed"] as? Bool == true)  // the Wacom reports resolution 0

        let text = try Emulation.umockdevRun([a, b], [Emulation.gripper, "devices"])
        #expect(text.status == 0)
        #expect(text.lines.count == 2)
        #expect(text.lines.last?.hasPrefix("/dev/input/event20\ttouchscreen\t") == true)
        #expect(text.lines.last?.hasSuffix(ts.name) == true)
    }

    /// A device's name is whoever made the device's to choose (any user
    /// who may create a uinput device): a name holding an OSC title escape,
    /// a carriage return, a line feed and a forged row, a tab, a C1 CSI and a
    /// line separator is listed with each control as a visible symbol (text)
    /// or as `\uXXXX` (JSON), one device on one line.
    @Test func aDeviceNameWithEscapesIsListedEscaped() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (plain, _) = try Self.realDevices()
        var ts = plain
        ts.name = "Evil\u{1B}]0;owned\u{07}\rFAKE\n/dev/input/event9\ttouchscreen\u{9B}2J\u{2028}end"
        // The name gripper reads is EVIOCGNAME's answer (the ioctl file, hex);
        // umockdev's record file cannot hold a control in a sysfs attribute,
        // so the sysfs side keeps the plain name.
        let a = try Emulation.write(UmockdevFixture(device: plain, eventNumber: 20), script: nil, name: "ts", in: dir)
        try UmockdevFixture(device: ts, eventNumber: 20).ioctlText.write(toFile: a.ioctl, atomically: true, encoding: .utf8)
        let raw: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\r", "\u{9B}", "\u{2028}"]

        let text = try Emulation.umockdevRun([a], [Emulation.gripper, "devices"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.unicodeScalars.contains(where: raw.contains), "\(text.stdout.debugDescription)")
        #expect(text.lines.count == 1, "\(text.lines)")
        #expect(text.lines.first?.hasPrefix("/dev/input/event20\ttouchscreen\t") == true)
        #expect(text.lines.first?.hasSuffix("\tEvil␛]0;owned␇␍FAKE␊/dev/input/event9␉touchscreen\u{FFFD}2J\u{FFFD}end") == true,
                "\(text.lines)")

        let json = try Emulation.umockdevRun([a], [Emulation.gripper, "devices", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(!json.stdout.unicodeScalars.contains(where: raw.contains), "\(json.stdout.debugDescription)")
        #expect(json.lines.count == 1)
        #expect(Self.json(json.lines.first ?? "")["name"] as? String == ts.name)
    }

    @Test(.enabled(if: getuid() == 0, "needs root to drop to an unprivileged user"))
    func unreadableNodeGetsThePermissionMessage() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (ts, _) = try Self.realDevices()
        let a = try Emulation.write(UmockdevFixture(device: ts), script: nil, name: "ts", in: dir)
        // umockdev's testbed directory is private to root; let the unprivileged user
        // reach it and the ioctl socket, so what denies access is the device node's
        // own mode (0600 root). `readable` opens the node to everyone first.
        func asNobody(_ command: String, readable: Bool = false) throws -> Emulation.Output {
            let open = readable ? "chmod o+rw \"$(readlink -f \"$UMOCKDEV_DIR/dev/input/event20\")\" && " : ""
            return try Emulation.umockdevRun([a], ["sh", "-c", "chmod 711 \"$UMOCKDEV_DIR\" && chmod -R o+rwX \"$UMOCKDEV_DIR/ioctl\" && "
                + open + "exec setpriv --reuid=65534 --regid=65534 --clear-groups " + command])
        }
        let list = try asNobody("\(Emulation.gripper) devices --json")
        #expect(list.status == 0, "\(list.stderr)")
        let object = Self.json(list.lines.first ?? "")
        #expect(object["node"] as? String == a.node)
        #expect(object["reason"] as? String == "permission-denied")
        #expect((object["error"] as? String)?.contains("`gripper`") == true)
        // udev never saw the emulated node, so no udev rule can be what grants it.
        #expect(object["access"] as? String == "no-udev-record", "\(object)")
        #expect((object["why"] as? String)?.contains("owned by root:root, mode 600") == true, "\(object)")

        let record = try asNobody("\(Emulation.gripper) record \(a.node)")
        #expect(record.status == 2)
        #expect(record.stderr.contains("permission denied"))
        #expect(record.stderr.contains("usermod -aG gripper"))
        #expect(record.stdout.isEmpty)

        // Once the node's mode lets everyone read it, the same user opens it:
        // the message was about access, not about the device.
        let readable = try asNobody("\(Emulation.gripper) devices --json", readable: true)
        #expect(Self.json(readable.lines.first ?? "")["kind"] as? String == "touchscreen", "\(readable.stderr)")
    }

    @Test func devicesSaysWhenThereAreNoneOrANodeIsNotEvdev() throws {
        let none = try Emulation.run([Emulation.gripper, "devices", "--directory", "/nonexistent-gripper-dir"], timeout: 30)
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("no evdev devices"))

        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["event5", "event12", "mouse0", "eventx"] {
            try "not a device".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let out = try Emulation.run([Emulation.gripper, "devices", "--json", "--directory", dir.path], timeout: 30)
        #expect(out.status == 0)
        let objects = out.lines.map(Self.json)
        #expect(objects.map { $0["node"] as? String } == [dir.appendingPathComponent("event5").path,
                                                           dir.appendingPathComponent("event12").path])
        #expect(objects.allSatisfy { $0["reason"] as? String == "not-evdev" })
    }

    @Test func aNodeThatIsNotEvdevSaysSo() throws {
        let out = try Emulation.run([Emulation.gripper, "record", "/dev/null"], timeout: 30)
        #expect(out.status == 2)
        #expect(out.stderr.contains("/dev/null: not an evdev device"))
        let missing = try Emulation.run([Emulation.gripper, "record", "/dev/input/event-missing"], timeout: 30)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such device node"))
    }

    @Test(arguments: ["SIGINT", "SIGTERM"])
    func aSignalEndsTheRecordingAfterACompleteFrame(_ signalName: String) throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu("real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        let script = UmockdevEventScript.text(frames: trace.frames, lead: .milliseconds(200))
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        let file = dir.appendingPathComponent("cut.evemu")
        let signal = signalName == "SIGINT" ? SIGINT : SIGTERM
        let pidFile = dir.appendingPathComponent("pid")
        let command = "\(Emulation.gripper) record \(device.node) --grab -o \(file.path) & echo $! > \(pidFile.path); wait $!"
        let out = try Emulation.umockdevRun([device], ["sh", "-c", command], timeout: 60) { _ in
            // Wait (bounded) until some frames are on disk, then signal gripper itself.
            for _ in 0..<200 {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                if text.components(separatedBy: "SYN_REPORT").count > 20 { break }
                usleep(20_000)
            }
            let pid = ((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if let pid = Int32(pid) { kill(pid, signal) }
        }
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stderr)")
        let recorded = try EvemuFormat.read(Array(try Data(contentsOf: file)), fileName: file.lastPathComponent)
        #expect(recorded.warnings.isEmpty, "\(recorded.warnings)")
        #expect(recorded.events.last?.isSynReport == true)
        #expect(recorded.frames.count > 10)
        #expect(recorded.frames.count < trace.frames.count)
        #expect(recorded.device.name == trace.device.name)
    }

    @Test func recordWritesAResyncAsSynDroppedThenTheState() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu("real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        let frames = trace.frames
        let contacts = ContactTracker.track(frames, device: trace.device)
        let begin = try #require(contacts.firstIndex { $0.contacts.contains { $0.phase == .began } })
        let cut = begin + 20, resume = begin + 24
        // The frames after the drop play 300 ms later, so libevdev's drain after
        // SYN_DROPPED cannot swallow them however slow the machine is.
        let later: Duration = .milliseconds(300)
        var events = UmockdevEventScript.events(of: Array(frames[..<cut]))
        events.append(RawEvent(time: frames[cut].time, type: EventType.syn, code: SynCode.dropped, value: 0))
        events += UmockdevEventScript.events(of: Array(frames[resume...])).map {
            RawEvent(time: $0.time + later, type: $0.type, code: $0.code, value: $0.value)
        }
        let state = EmulatedDeviceState(after: UmockdevEventScript.events(of: Array(frames[..<resume])), device: trace.device)
        let fixture = UmockdevFixture(device: trace.device, resyncState: state)
        let device = try Emulation.write(fixture, script: UmockdevEventScript.text(events: events), name: "dev", in: dir)
        let file = dir.appendingPathComponent("drop.evemu")
        let length = (frames.last?.time ?? .zero) - (frames.first?.time ?? .zero)
        let out = try Emulation.umockdevRun([device], [Emulation.gripper, "record", device.node, "-o", file.path,
                                                       "--duration", String((length + later).secondsDouble + 3)])
        #expect(out.status == 0, "\(out.stderr)")
        let recorded = try EvemuFormat.read(Array(try Data(contentsOf: file)), fileName: file.lastPathComponent)
        let drops = recorded.frames.indices.filter { i in
            recorded.frames[i].events.contains { $0.type == EventType.syn && $0.code == SynCode.dropped }
        }
        #expect(drops.count == 1)
        guard let drop = drops.first else { return }
        // The marker frame, then the state libevdev read back, then the rest as recorded.
        #expect(recorded.frames[drop].events.count == 1)
        #expect(drop == 1 + cut)  // after the script's t = 0 frame and the frames before the cut
        let resync = recorded.frames[drop + 1].events
        let slot0 = state.slots[0] ?? [:]
        #expect(resync.contains { $0.code == AbsCode.mtPositionY && $0.value == slot0[AbsCode.mtPositionY] })
        #expect(recorded.frames.count == drop + 2 + (frames.count - resume))
        #expect(Array(recorded.frames[(drop + 2)...]).map(\.events.count) == Array(frames[resume...]).map(\.events.count))
    }

    /// `-o FILE.yml` without `--format` records libinput record (the format
    /// comes from the extension), and the file reads back.
    @Test func recordTakesTheFormatFromTheExtension() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu("real/ts_wacom-isdv4-e6_single-tap.events", description: "real/ts_wacom-isdv4-e6.desc")
        let script = UmockdevEventScript.text(frames: trace.frames, lead: .milliseconds(300))
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        let file = dir.appendingPathComponent("tap.yml")
        let out = try Emulation.umockdevRun([device], [Emulation.gripper, "record", device.node, "-o", file.path,
                                                       "--duration", "1.5"])
        #expect(out.status == 0, "\(out.stderr)")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(text.hasPrefix("# libinput record\n"))
        let back = try LibinputRecordFormat.read(text, fileName: file.path)
        #expect(back.frames.dropFirst().map(\.events.count) == trace.frames.map(\.events.count))
        #expect(back.events.first?.time == .zero)
    }

    @Test func recordWritesLibinputRecordFormat() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu("real/ts_wacom-isdv4-e6_single-tap.events", description: "real/ts_wacom-isdv4-e6.desc")
        let script = UmockdevEventScript.text(frames: trace.frames, lead: .milliseconds(300))
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        let out = try Emulation.umockdevRun([device], [Emulation.gripper, "record", device.node,
                                                       "--format", "libinput", "--duration", "1.5"])
        #expect(out.status == 0, "\(out.stderr)")
        let text = out.stdout
        #expect(text.hasPrefix("# libinput record"))
        #expect(text.contains("name: \"\(trace.device.name)\""))
        // Every event line, as [sec, usec, type, code, value].
        let events = text.split(separator: "\n").compactMap { line -> [Int]? in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("- ["), let close = t.firstIndex(of: "]") else { return nil }
            return t[t.index(t.startIndex, offsetBy: 3)..<close].split(separator: ",")
                .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        let expected = UmockdevEventScript.events(of: trace.frames).map { [Int($0.type), Int($0.code), Int($0.value)] }
        // The first frame is the script's t = 0 SYN_REPORT.
        #expect(events.dropFirst().map { Array($0.suffix(3)) } == expected)
        #expect(text.components(separatedBy: "- evdev:").count - 1 == trace.frames.count + 1)
        // Gripper's own libinput-record reader reads it back: same device, same frames.
        let back = try LibinputRecordFormat.read(text, fileName: "recorded.yml")
        #expect(ReaderTranscript.line(for: back.device) == ReaderTranscript.line(for: trace.device))
        #expect(back.frames.dropFirst().map(\.events.count) == trace.frames.map(\.events.count))
        #expect(back.frames.dropFirst().flatMap(\.events).map(\.value) == trace.frames.flatMap(\.events).map(\.value))
    }
}
