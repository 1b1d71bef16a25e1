import Foundation
import GripperGeometry
import GripperInput
import GripperScripting
import GripperTesting
import Testing
#if canImport(Glibc)
import Glibc
import GripperTraces
#endif

/// An X server of its own for a test (Debian's `xvfb`): started with
/// `-displayfd`, so it picks a free display, and stopped at the end.
final class VirtualDisplay {
    let process = Process()
    let display: String

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }

    init() throws {
        let pipe = Pipe()
        // Through the harness's `exec`, which clears the signal mask the test
        // runner's thread would hand down (Xvfb never gets ready with it).
        process.executableURL = Built.harness
        process.arguments = ["exec", "/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "1024x900x24", "-nolisten", "tcp"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.hasSuffix("\n") {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            text += String(decoding: byte, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw PNGImage.Failure(description: "Xvfb did not report a display")
        }
        display = ":\(number)"
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The environment of a child drawn on this display with SDL's software renderer.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["SDL_VIDEODRIVER"] = "x11"
        env["SDL_RENDER_DRIVER"] = "software"
        return env
    }
}

enum Built {
    static var window: String { BuiltProducts.executable("gripper-window").path }
    static var harness: URL { BuiltProducts.executable("GripperEvdevHarness") }

    /// Runs a command through the harness's `exec` (which clears the test
    /// runner's signal mask) in `environment`.
    static func run(_ arguments: [String], environment: [String: String], timeout: TimeInterval = 90) throws -> ChildProcess.Result {
        try ChildProcess.run(harness, ["exec"] + arguments, environment: environment, timeout: timeout)
    }
}

/// A screenshot and the engine's attributes beside it (FILE.json).
struct Shot {
    var image: PNGImage
    var state: String
    var elements: [[String: Any]]
    var contact: Point?

    init(_ path: String) throws {
        image = try PNGImage(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".json"))) as? [String: Any])
        state = json["state"] as? String ?? ""
        elements = json["elements"] as? [[String: Any]] ?? []
        contact = (json["contact"] as? [Double]).map { Point(x: $0[0], y: $0[1]) }
    }

    static func rect(_ any: Any?) -> Rect? {
        guard let v = any as? [Double], v.count == 4 else { return nil }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    func frame(of kind: String) -> Rect? { elements.first { $0["kind"] as? String == kind }.flatMap { Self.rect($0["frame"]) } }

    /// The swiped cell's pane and actions.
    var swipe: (pane: Rect, actions: [(frame: Rect, destructive: Bool)])? {
        guard let cell = elements.first(where: { $0["pane"] != nil }), let pane = Self.rect(cell["pane"]) else { return nil }
        let actions = (cell["actions"] as? [[String: Any]] ?? []).compactMap { a -> (Rect, Bool)? in
            Self.rect(a["frame"]).map { ($0, a["destructive"] as? Bool ?? false) }
        }
        return (pane, actions)
    }
}

/// The window renderer's tests, one at a time: SDL and FreeType are
/// process-wide, and the window tests each start an X server.
@Suite(.serialized) struct WindowRendererTests {}

extension WindowRendererTests {
@Suite(.enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/ensure-deps installs it)"))
struct WindowTests {
    func scenario(_ name: String, _ file: String) -> String { Fixtures.recording("scenarios/\(name)/\(file)").path }

    /// Two bundled scenarios replayed in a real window at recorded speed;
    /// screenshots mid-drag and mid-swipe match the engine's attributes.
    @Test func replayInAWindow() throws {
        let x = try VirtualDisplay()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let drag = dir.appendingPathComponent("drag.png").path
        let d = try Built.run([Built.window, "replay", scenario("drag-into-another-section", "trace.evemu"),
                               "--scene", scenario("drag-into-another-section", "scene.json"),
                               "--exit-at-end", "--screenshot", "dragging:\(drag)"], environment: x.environment)
        #expect(d.status == 0, "\(d.stderr)")
        #expect(d.stdout == (try String(contentsOfFile: scenario("drag-into-another-section", "expected.txt"), encoding: .utf8)))
        #expect(d.stderr.contains("frames: "), "\(d.stderr)")
        let shot = try Shot(drag)
        #expect(shot.state == "dragging")
        let proxy = try #require(shot.frame(of: "dragProxy")), gap = try #require(shot.frame(of: "placeholder"))
        checkDrag(shot.image, proxy: proxy, gap: gap, contact: shot.contact, scale: 1)

        let swipe = dir.appendingPathComponent("swipe.png").path
        let s = try Built.run([Built.window, "replay", scenario("swipe-then-delete", "trace.evemu"),
                               "--scene", scenario("swipe-then-delete", "scene.json"),
                               "--exit-at-end", "--screenshot", "0.7:\(swipe)"], environment: x.environment)
        #expect(s.status == 0, "\(s.stderr)")
        #expect(s.stdout == (try String(contentsOfFile: scenario("swipe-then-delete", "expected.txt"), encoding: .utf8)))
        let open = try Shot(swipe)
        #expect(["swiping", "open"].contains(open.state), "\(open.state)")
        let pane = try #require(open.swipe)
        checkSwipe(open.image, actions: pane.actions, pane: pane.pane)
    }

    /// An emulated touchscreen (umockdev) performs the drag scenario's
    /// touches; the live window shows the proxy and the gap where the
    /// engine has them, and the run's transcript is the scenario's.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run"), "needs umockdev"))
    func liveWindowFromAnEmulatedTouchscreen() throws {
        let x = try VirtualDisplay()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "drag-into-another-section"
        let trace = try EvemuFormat.read(Array(Data(contentsOf: URL(fileURLWithPath: scenario(name, "trace.evemu")))),
                                         fileName: "trace.evemu")
        let fixture = UmockdevFixture(device: trace.device)
        let umockdev = dir.appendingPathComponent("ts.umockdev").path, ioctl = dir.appendingPathComponent("ts.ioctl").path
        let events = dir.appendingPathComponent("ts.events").path
        try fixture.deviceText.write(toFile: umockdev, atomically: true, encoding: .utf8)
        try fixture.ioctlText.write(toFile: ioctl, atomically: true, encoding: .utf8)
        try UmockdevEventScript.text(frames: trace.frames).write(toFile: events, atomically: true, encoding: .utf8)
        let seconds = ((trace.frames.last?.time ?? .zero) - (trace.frames.first?.time ?? .zero)).secondsDouble + 4
        let shot = dir.appendingPathComponent("live.png").path
        let out = try Built.run(["umockdev-run", "-d", umockdev, "-i", "\(fixture.node)=\(ioctl)", "-e", "\(fixture.node)=\(events)",
                                 "--", Built.window, "live", fixture.node, "--scene", scenario(name, "scene.json"),
                                 "--duration", String(seconds), "--screenshot", "dragging:\(shot)"],
                                environment: x.environment)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("frames: "), "\(out.stderr)")
        #expect(out.stdout.hasSuffix(try String(contentsOfFile: scenario(name, "expected.txt"), encoding: .utf8)
            .split(separator: "\n").last.map { String($0) + "\n" } ?? "-"), "\(out.stdout)")
        let live = try Shot(shot)
        #expect(live.state == "dragging")
        let proxy = try #require(live.frame(of: "dragProxy")), gap = try #require(live.frame(of: "placeholder"))
        checkDrag(live.image, proxy: proxy, gap: gap, contact: live.contact, scale: 1)
    }

    /// On a desktop, SDL's own events (real X input from xdotool: no
    /// /dev/input) drive a long-press drag; the window's transcript is the
    /// one `gripper test` gets from replaying the run's recording as evdev
    /// frames: the same gesture, the same transcript, either way.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "needs xdotool"))
    func desktopInputFromRealXEvents() throws {
        let x = try VirtualDisplay()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("case").path
        let window = Process()
        window.executableURL = Built.harness
        window.arguments = ["exec", Built.window, "desktop", "--scene", scenario("mouse-drag", "scene.json"),
                            "--duration", "20", "--record-case", report]
        window.environment = x.environment
        let out = dir.appendingPathComponent("stdout"), err = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        window.standardOutput = try FileHandle(forWritingTo: out)
        window.standardError = try FileHandle(forWritingTo: err)
        try window.run()
        defer { if window.isRunning { window.terminate() } }
        func xdotool(_ arguments: [String]) throws -> String {
            let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments, environment: x.environment, timeout: 20)
            return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let id = try #require(try xdotool(["search", "--sync", "--name", "gripper desktop"]).split(separator: "\n").first.map(String.init))
        Thread.sleep(forTimeInterval: 0.5)
        _ = try xdotool(["mousemove", "--window", id, "200", "84"])
        Thread.sleep(forTimeInterval: 0.2)
        _ = try xdotool(["mousedown", "1"])
        Thread.sleep(forTimeInterval: 0.8)      // a long press
        for y in [100, 130, 160, 190, 220, 250] {
            _ = try xdotool(["mousemove", "--window", id, "200", "\(y)"])
            Thread.sleep(forTimeInterval: 0.05)
        }
        _ = try xdotool(["mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.3)
        _ = try xdotool(["key", "--window", id, "q"])
        window.waitUntilExit()
        let transcript = try String(contentsOf: out, encoding: .utf8)
        let errors = try String(contentsOf: err, encoding: .utf8)
        #expect(window.terminationStatus == 0, "\(errors)")
        // The pointer rests at y 250, over the fifth row: the item lands there.
        #expect(transcript.contains("committed #1 move i2 [0,1] -> [0,4]"), "\(transcript)")
        #expect(try String(contentsOfFile: report + "/expected.txt", encoding: .utf8) == transcript)
        let replayed = try ChildProcess.run(BuiltProducts.gripper, ["test", report], timeout: 60)
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
    }

    @Test func badInputIsAClearError() throws {
        let out = try Built.run([Built.window, "replay", "/nonexistent.evemu", "--scene", scenario("swipe-then-delete", "scene.json"),
                                 "--frames", "/tmp"], environment: ProcessInfo.processInfo.environment)
        #expect(out.status == 2)
        #expect(out.stderr.contains("/nonexistent.evemu"), "\(out.stderr)")
        let screenshot = try Built.run([Built.window, "replay", "x", "--scene", "y", "--screenshot", "soon"],
                                       environment: ProcessInfo.processInfo.environment)
        #expect(screenshot.status == 2)
        #expect(screenshot.stderr.contains("--screenshot takes SECONDS:FILE or STATE:FILE"), "\(screenshot.stderr)")
    }
}
}
