import ArgumentParser
import CSDL2
import Foundation
import Gripper
import GripperFiles
import GripperInput
import GripperPictures
import GripperReplay
import GripperScene
import GripperWindow
import GripperTraces

/// `gripper-window replay FILE --scene SCENE`: a recorded trace played
/// through the engine at its recorded speed, in a window (space pauses,
/// → or . steps, h halves the speed, q or Esc quits) or, with `--frames`,
/// offscreen into numbered PNG frames at a fixed rate.
struct ReplayWindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace on a scene in a window, or into PNG frames.",
        discussion: """
            In the window: space pauses and resumes, → (or .) steps to the \
            next input frame or deadline, h switches to half speed and back, \
            q or Esc quits. The window stays at the end until you quit, \
            unless --exit-at-end. On exit the transcript goes to stdout and \
            the frame statistics (frames drawn, dropped, draw times) to stderr.
            """
    )

    @Argument(help: "The trace (evemu or libinput-record).")
    var file: String

    @Option(name: .long, help: "The scene (JSON; see Documentation/Scenes.md).")
    var scene: String

    @Option(name: .long, help: ArgumentHelp("Draw offscreen (no display) into DIR/frame-00000.png … at --fps.", valueName: "DIR"))
    var frames: String?

    @Option(name: .long, help: "Frames a second for --frames (1 to 240; default 30).")
    var fps: Int = 30

    @Flag(name: .long, help: "Quit once the replay has ended and its animations settled.")
    var exitAtEnd = false

    @Flag(name: .long, help: "Fill the screen (a panel on KMS/DRM).")
    var fullscreen = false

    @OptionGroup var drawing: DrawingOptions

    func validate() throws {
        guard (1...240).contains(fps) else { throw ValidationError("--fps must be 1 to 240, not \(fps)") }
    }

    func run() throws {
        let sceneValue = try Failure.loadScene(scene)
        let trace: Trace
        do { trace = try TraceFile.load(path: file) } catch { throw Failure.exit("\(error)") }
        let driver: EngineDriver
        do {
            driver = try EngineDriver(scene: sceneValue, device: trace.device, recordingTranscript: true,
                                      makingTransitions: true)
        } catch { throw Failure.exit("\(error)") }
        var player = ReplayPlayer(driver: driver, frames: trace.frames)
        let size = Size(width: sceneValue.viewport.width, height: sceneValue.viewport.height + SceneDrawing.statusBarHeight)
        let renderer: SceneRenderer
        do {
            renderer = try SceneRenderer(target: frames == nil ? .window(title: "gripper — \(file)", fullscreen: fullscreen) : .offscreen,
                                         size: size, scale: drawing.scale, fonts: drawing.fontFiles)
        } catch { throw Failure.exit("\(error)") }
        let painter = ScenePainter(renderer: renderer, labels: sceneValue.pictureLabels)
        var shots = Screenshot(drawing.requests)
        var stats = FrameStatistics()
        if let frames {
            try Self.makeDirectory(frames)
            let step = 1_000_000 / Int64(fps)
            var k: Int64 = 0
            while true {
                let time = k * step
                painter.add(player.advance(to: time))
                let start = WallClock.now
                painter.paint(player.engine, at: time)
                stats.recordDrawn(micros: WallClock.now - start) // the draw alone, as in a window (not the PNG)
                let png = renderer.png()
                let name = "\(frames)/frame-" + String(String(k + 100_000).dropFirst()) + ".png"
                do { try FileOutput.write(png, to: name) } catch { throw Failure.exit(error.description) }
                try shots.take(at: time, engine: player.engine, painter: painter)
                if player.isFinished && !painter.isAnimating(at: time) { break }
                k += 1
                if k >= 99_999 { Failure.warn("stopped at 99999 frames"); break }
            }
        } else {
            try playInWindow(&player, painter: painter, shots: &shots, stats: &stats)
        }
        if !shots.pending.isEmpty { Failure.warn("\(shots.pending.count) screenshot(s) not taken: the replay ended first") }
        FileHandle.standardError.write(Data("gripper-window: \(stats.summary) (\(renderer.rendererName) renderer)\n".utf8))
        FileHandle.standardOutput.write(Data(player.engine.transcript.text.utf8))
    }

    /// The window loop: one picture per display refresh at the playback
    /// time of the moment it is drawn; a refresh missed while drawing is
    /// counted as dropped and skipped (the playback clock runs on).
    private func playInWindow(_ player: inout ReplayPlayer, painter: ScenePainter, shots: inout Screenshot,
                              stats: inout FrameStatistics) throws {
        let interval = Int64(1_000_000 / max(1, painter.renderer.refreshRate))
        var clock = PlaybackClock(wall: WallClock.now)
        var due = WallClock.now
        loop: while true {
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                let wall = WallClock.now
                switch event.type {
                case SDL_QUIT.rawValue: break loop
                case SDL_KEYDOWN.rawValue:
                    switch Int(event.key.keysym.sym) {
                    case Int(SDLK_q.rawValue), Int(SDLK_ESCAPE.rawValue): break loop
                    case Int(SDLK_SPACE.rawValue): clock.togglePause(at: wall)
                    case Int(SDLK_h.rawValue): clock.toggleHalfSpeed(at: wall)
                    case Int(SDLK_RIGHT.rawValue), Int(SDLK_PERIOD.rawValue):
                        if let next = player.nextStep { clock.step(to: next, at: wall) }
                    default: break
                    }
                default: break
                }
            }
            let time = clock.media(at: WallClock.now)
            painter.add(player.advance(to: time))
            let start = WallClock.now
            let status = "\(FixedDecimal.seconds(microseconds: time)) s  \(player.engine.stateName)"
                + (clock.isPaused ? "  paused" : "") + (clock.isHalfSpeed ? "  ½×" : "")
                + (player.isFinished ? "  end" : "")
            painter.paint(player.engine, at: time, status: status)
            let end = WallClock.now
            stats.recordDrawn(micros: end - start)
            try shots.take(at: time, engine: player.engine, painter: painter)
            if exitAtEnd, player.isFinished, !painter.isAnimating(at: time), shots.pending.isEmpty { break }
            if exitAtEnd, player.isFinished, time > player.length + 10_000_000 { break }
            due += interval
            if end > due {
                // Behind: skip the refreshes missed, never catch up by drawing faster.
                let missed = (end - due) / interval + 1
                stats.recordDropped(Int(missed))
                due += missed * interval
            }
            WallClock.sleep(until: due)
        }
    }

    static func makeDirectory(_ path: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw Failure.exit("cannot make \(path): \(error.localizedDescription)")
        }
    }
}
