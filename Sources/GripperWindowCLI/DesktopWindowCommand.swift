import ArgumentParser
import CSDL2
import Foundation
import Gripper
import GripperFiles
import GripperInput
import GripperPictures
import GripperScene
import GripperWindow

/// `gripper-window desktop --scene SCENE`: the engine in a window on a
/// desktop, fed by SDL's own touch, mouse, wheel and key events — no access
/// to `/dev/input` needed — through a ``ToolkitSession``, as a GTK or Qt app
/// feeds libgripper. (`live` reads an evdev node, for bare panels.) The
/// scene's stimuli fire at their times from the first input.
struct DesktopWindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Run the engine in a window, fed by the desktop's own touch, mouse and key events (SDL).",
        discussion: """
            Touches, the mouse (its primary button drags and swipes, the \
            wheel scrolls) and the keys the engine knows (arrows, Home, End, \
            space, Return, Esc) go to the engine as a toolkit's events \
            (Documentation/ToolkitInput.md). q or closing the window quits \
            (so do SIGINT and SIGTERM); the transcript then goes to stdout. \
            --record-case writes what happened as a replay case that \
            `gripper test` checks.
            """
    )

    @Option(name: .long, help: "The scene (JSON; see Documentation/Scenes.md).")
    var scene: String

    @Option(name: .long, help: "The screen's scale, points per millimetre (default: the display's, else 96 dpi).")
    var pointsPerMillimetre: Double?

    @Option(name: .long, help: ArgumentHelp("Write a replay case of the run here at the end (scene.json, trace.yml, expected.txt).", valueName: "FOLDER"))
    var recordCase: String?

    @Option(name: .long, help: "Quit after this many seconds (for scripts and tests; up to a year).")
    var duration: Double?

    @Flag(name: .long, help: "Fill the screen.")
    var fullscreen = false

    @OptionGroup var drawing: DrawingOptions

    func validate() throws {
        try WindowCommand.checkDuration(duration)
        if let p = pointsPerMillimetre, !(p.isFinite && p >= 0.01 && p <= 1000) {
            throw ValidationError("--points-per-millimetre must be 0.01 to 1000, not \(p)")
        }
    }

    /// An SDL scancode as the evdev key the engine knows, or nil.
    static func evdevKey(_ scancode: SDL_Scancode) -> UInt32? {
        switch scancode {
        case SDL_SCANCODE_UP: 103
        case SDL_SCANCODE_DOWN: 108
        case SDL_SCANCODE_LEFT: 105
        case SDL_SCANCODE_RIGHT: 106
        case SDL_SCANCODE_HOME: 102
        case SDL_SCANCODE_END: 107
        case SDL_SCANCODE_SPACE: 57
        case SDL_SCANCODE_RETURN: 28
        case SDL_SCANCODE_ESCAPE: 1
        default: nil
        }
    }

    func run() throws {
        let sceneValue = try Failure.loadScene(scene)
        let size = Size(width: sceneValue.viewport.width, height: sceneValue.viewport.height + SceneDrawing.statusBarHeight)
        let renderer: SceneRenderer
        do {
            renderer = try SceneRenderer(target: .window(title: "gripper desktop — \(scene)", fullscreen: fullscreen),
                                         size: size, scale: drawing.scale, fonts: drawing.fontFiles)
        } catch {
            throw Failure.exit("\(error)")
        }
        var ppm = pointsPerMillimetre ?? 96 / 25.4
        if pointsPerMillimetre == nil {
            var ddpi: Float = 0, hdpi: Float = 0, vdpi: Float = 0
            if SDL_GetDisplayDPI(0, &ddpi, &hdpi, &vdpi) == 0, hdpi > 10, hdpi < 2000 { ppm = Double(hdpi) / 25.4 / drawing.scale }
        }
        let input = ToolkitInput(viewport: sceneValue.viewport, pointsPerMillimetre: ppm)
        var session: ToolkitSession
        do {
            var withoutTrack = sceneValue
            withoutTrack.stimuli = []
            let engine = try Engine(scene: withoutTrack, device: input.touchDevices[0], recordingTranscript: true,
                                    makingTransitions: true)
            session = ToolkitSession(engine: engine, input: input, recordingInput: recordCase != nil)
        } catch {
            throw Failure.exit("\(error)")
        }
        let track = sceneValue.track
        var nextStimulus = 0
        let painter = ScenePainter(renderer: renderer, labels: sceneValue.pictureLabels)
        var shots = Screenshot(drawing.requests)
        var stats = FrameStatistics()
        // SDL's event times are milliseconds since SDL started; the engine's
        // are microseconds on that clock.
        func now() -> EventTime { EventTime(microseconds: Int64(SDL_GetTicks64()) * 1000) }
        let start = now()
        let end = duration.map { start + .microseconds(Int64(($0 * 1_000_000).rounded())) }
        let scale = drawing.scale
        let viewportHeight = sceneValue.viewport.height
        var pointer = Point.zero
        var refused = 0
        func feed(_ body: () throws(ToolkitSession.Failure) -> [Transcript.Entry]) {
            do { _ = try body() } catch { refused += 1 }
        }
        loop: while true {
            var event = SDL_Event()
            let timeout = Int32(max(1, 1000 / max(1, renderer.refreshRate)))
            var waited = SDL_WaitEventTimeout(&event, timeout) != 0
            while waited {
                let t = EventTime(microseconds: Int64(event.common.timestamp) * 1000)
                // The scene's stimuli due by now, from the first input.
                while nextStimulus < track.count, let origin = session.engine.origin,
                      origin + track[nextStimulus].offset <= t {
                    let s = track[nextStimulus]
                    feed { () throws(ToolkitSession.Failure) in try session.apply(s.stimulus, at: origin + s.offset) }
                    nextStimulus += 1
                }
                switch SDL_EventType(event.type) {
                case SDL_QUIT:
                    break loop
                case SDL_KEYDOWN where event.key.keysym.sym == Int32(SDLK_q.rawValue):
                    break loop
                case SDL_KEYDOWN, SDL_KEYUP:
                    if let code = Self.evdevKey(event.key.keysym.scancode) {
                        let state: ToolkitInput.KeyState = event.type == SDL_KEYUP.rawValue ? .released
                            : (event.key.repeat != 0 ? .repeated : .pressed)
                        feed { () throws(ToolkitSession.Failure) in try session.key(code, state, time: t) }
                    }
                case SDL_MOUSEMOTION where event.motion.which != UInt32.max:
                    pointer = Point(x: Double(event.motion.x) / scale, y: min(Double(event.motion.y) / scale, viewportHeight))
                    feed { () throws(ToolkitSession.Failure) in try session.pointerMotion(to: pointer, time: t) }
                case SDL_MOUSEBUTTONDOWN where event.button.which != UInt32.max,
                     SDL_MOUSEBUTTONUP where event.button.which != UInt32.max:
                    pointer = Point(x: Double(event.button.x) / scale, y: min(Double(event.button.y) / scale, viewportHeight))
                    let pressed = event.type == SDL_MOUSEBUTTONDOWN.rawValue
                    let button = UInt32(event.button.button)
                    if (1...3).contains(button) {
                        feed { () throws(ToolkitSession.Failure) in try session.pointerButton(button, pressed: pressed, at: pointer, time: t) }
                    }
                case SDL_MOUSEWHEEL where event.wheel.which != UInt32.max:
                    // SDL: y positive away from the user (content down); the engine: positive moves content up.
                    let dy = -Double(event.wheel.preciseY), dx = Double(event.wheel.preciseX)
                    feed { () throws(ToolkitSession.Failure) in try session.scroll(dx: dx, dy: dy, at: pointer, time: t) }
                case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
                    // Normalised to the window: its size in points.
                    let p = Point(x: Double(event.tfinger.x) * size.width, y: Double(event.tfinger.y) * size.height)
                    let phase: ToolkitInput.TouchPhase = event.type == SDL_FINGERDOWN.rawValue ? .began
                        : (event.type == SDL_FINGERUP.rawValue ? .ended : .moved)
                    let sequence = UInt64(bitPattern: event.tfinger.fingerId)
                    feed { () throws(ToolkitSession.Failure) in try session.touch(phase, sequence: sequence, at: p, time: t) }
                default:
                    break
                }
                waited = SDL_PollEvent(&event) != 0
            }
            // Deadlines (a long press, auto-scroll, a fling) on the same clock.
            session.fire(until: now())
            let origin = session.engine.origin ?? start
            let time = (session.engine.now ?? origin).microseconds(since: origin)
            painter.add(session.takeTransitions())
            let engine = session.engine
            var status = "\(FixedDecimal.seconds(microseconds: now().microseconds(since: start))) s  \(engine.stateName)"
            if engine.contactLocation == nil { status += "  waiting for input" }
            let drawStart = WallClock.now
            painter.paint(engine, at: time, status: status)
            stats.recordDrawn(micros: WallClock.now - drawStart)
            try shots.take(at: time, engine: engine, painter: painter)
            if let end, now() >= end { break }
        }
        if let folder = recordCase {
            session.markReached()
            guard let recording = session.recording else { throw Failure.exit("nothing was recorded") }
            let made: ToolkitCase
            do { made = try ToolkitCase.make(scene: sceneValue, recording: recording, live: session.engine.transcript) } catch {
                throw Failure.exit("cannot make the replay case: \(error)")
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for (name, text) in [("scene.json", made.sceneJSON), ("trace.yml", made.trace), ("expected.txt", made.expected)] {
                    let out = try FileOutput(path: folder + "/" + name)
                    try out.write(text)
                    try out.commit()
                }
            } catch {
                throw Failure.exit("cannot write the replay case to \(folder): \(error)")
            }
            if let p = made.parting {
                Failure.warn("warning: the replay parts from the live transcript at line \(p.line): live \"\(p.live)\", replay \"\(p.replay)\"")
            }
        }
        session.finish()
        FileHandle.standardError.write(Data("gripper-window: \(stats.summary) (\(renderer.rendererName) renderer)\(refused > 0 ? "; \(refused) events refused" : "")\n".utf8))
        FileHandle.standardOutput.write(Data(session.engine.transcript.text.utf8))
    }
}
