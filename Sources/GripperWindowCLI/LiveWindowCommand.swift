import ArgumentParser
import CSDL2
import Foundation
import Gripper
import GripperEvdev
import GripperInput
import GripperPictures
import GripperScene
import GripperWindow

/// `gripper-window live DEVICE --scene SCENE`: a ``LiveSession`` on an evdev
/// node, drawn in a window at the display's refresh rate. Input comes first:
/// between two refreshes the loop waits in the session (which reads frames
/// and fires the engine's deadlines as they come); at a refresh it takes
/// what is already there, then draws once. A refresh that comes while a
/// draw is still going on is skipped (counted as dropped), so a slow draw
/// delays the next picture, never the engine's time: the frames keep their
/// own stamps and the deadlines fire at theirs.
struct LiveWindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Run the engine on a live evdev device, drawn in a window.",
        discussion: """
            q, Esc or closing the window quits (so do SIGINT and SIGTERM); \
            the transcript then goes to stdout and the frame statistics to \
            stderr. The status bar shows the live clock, and "waiting for \
            input" while nothing is down.
            """
    )

    @Argument(help: "The device node (/dev/input/eventN).")
    var device: String

    @Option(name: .long, help: "The scene (JSON; see Documentation/Scenes.md).")
    var scene: String

    @Flag(name: .long, help: "Grab the device exclusively while running.")
    var grab = false

    @Option(name: .long, help: "Quit after this many seconds (for scripts and tests; up to a year).")
    var duration: Double?

    @Flag(name: .long, help: "Fill the screen (a panel on KMS/DRM).")
    var fullscreen = false

    @OptionGroup var drawing: DrawingOptions

    func validate() throws {
        try WindowCommand.checkDuration(duration)
    }

    func run() throws {
        let sceneValue = try Failure.loadScene(scene)
        let reader: EvdevReader
        do { reader = try EvdevReader(path: device, grab: grab) } catch { throw Failure.exit("\(error)") }
        let session: LiveSession
        do {
            let driver = try EngineDriver(scene: sceneValue, device: reader.device, recordingTranscript: true,
                                          makingTransitions: true)
            session = LiveSession(reader: reader, driver: driver)
        } catch {
            reader.close()
            throw Failure.exit("\(error)")
        }
        let size = Size(width: sceneValue.viewport.width, height: sceneValue.viewport.height + SceneDrawing.statusBarHeight)
        let renderer: SceneRenderer
        do {
            renderer = try SceneRenderer(target: .window(title: "gripper live — \(device)", fullscreen: fullscreen),
                                         size: size, scale: drawing.scale, fonts: drawing.fontFiles)
        } catch {
            session.finish()
            throw Failure.exit("\(error)")
        }
        let painter = ScenePainter(renderer: renderer, labels: sceneValue.pictureLabels)
        var shots = Screenshot(drawing.requests)
        var stats = FrameStatistics()
        let interval = Duration.microseconds(Int64(1_000_000 / max(1, renderer.refreshRate)))
        let end = duration.map { session.start + .microseconds(Int64(($0 * 1_000_000).rounded())) }
        var due = session.now
        loop: while true {
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                if event.type == SDL_QUIT.rawValue { break loop }
                if event.type == SDL_KEYDOWN.rawValue,
                   [Int(SDLK_q.rawValue), Int(SDLK_ESCAPE.rawValue)].contains(Int(event.key.keysym.sym)) { break loop }
            }
            // Input until the refresh.
            do {
                while session.now < due {
                    switch try session.step(until: due) {
                    case .deadlineReached, .finished, .woken: break
                    case .frame, .deadlinesFired, .deviceLost, .deviceReturned: continue
                    }
                    break
                }
                // At the refresh: what is already there, without waiting.
                var taken = 0
                while taken < 256, case .frame = try session.step(until: session.now) { taken += 1 }
            } catch {
                throw Failure.exit("\(error)")
            }
            let time = session.eventNow.microseconds(since: session.engine.origin ?? session.start)
            painter.add(session.takeTransitions())
            let engine = session.engine
            let clock = FixedDecimal.seconds(microseconds: session.now.microseconds(since: session.start))
            var status = "\(clock) s  \(engine.stateName)"
            if session.isDeviceLost { status += "  device lost" } else if engine.contactLocation == nil { status += "  waiting for input" }
            let start = WallClock.now
            painter.paint(engine, at: time, status: status)
            stats.recordDrawn(micros: WallClock.now - start)
            try shots.take(at: time, engine: engine, painter: painter)
            if let end, session.now >= end { break }
            due = due + interval
            let now = session.now
            if now > due {
                let behind = now.microseconds(since: due)
                // At most a million refreshes counted at once (a clock jump, not a slow draw).
                let missed = min(behind / max(1, Int64(1_000_000 / max(1, renderer.refreshRate))), 1_000_000) + 1
                stats.recordDropped(Int(missed))
                due = due + interval * Int(missed)
            }
        }
        session.finish()
        FileHandle.standardError.write(Data("gripper-window: \(stats.summary) (\(renderer.rendererName) renderer)\n".utf8))
        if let warning = session.lag.warning { Failure.warn("warning: \(warning)") }
        FileHandle.standardOutput.write(Data(session.engine.transcript.text.utf8))
    }
}
