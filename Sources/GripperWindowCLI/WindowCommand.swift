import ArgumentParser
import CSDL2
import Foundation
import Gripper
import GripperFiles
import GripperPictures
import GripperScene
import GripperWindow

/// `gripper-window`: the engine on a real screen, animated (the reference
/// embedding of Documentation/Renderer.md). A program of its own so that
/// `gripper` and its package never link SDL2.
@main
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gripper-window",
        abstract: "Show the engine in a window (X11, Wayland or KMS/DRM) or draw it into PNG frames, animated.",
        discussion: """
            SDL2 picks the video driver: a desktop's X11 or Wayland, or \
            SDL_VIDEODRIVER=kmsdrm on a panel with no desktop (then use \
            --fullscreen). --frames draws offscreen (the same pixels, kept \
            in memory) and needs no display.
            """,
        subcommands: [ReplayWindowCommand.self, LiveWindowCommand.self, DesktopWindowCommand.self]
    )

    /// Checks a live window's `--duration`: more than 0 and at most a year
    /// of seconds (so the deadline cannot overflow the clock).
    static func checkDuration(_ duration: Double?) throws {
        if let duration, !(duration.isFinite && duration > 0 && duration <= 31_536_000) {
            throw ValidationError("--duration must be more than 0 and at most a year of seconds, not \(duration)")
        }
    }

    /// Runs the command line; a bad option or value exits 2, as every
    /// other bad input does (the argument parser's own status is 64).
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// The options every mode shares: scale, font, screenshots.
struct DrawingOptions: ParsableArguments {
    @Option(name: .long, help: "Pixels per scene point (0.25 to 8; default 1).")
    var scale: Double = 1

    @Option(name: .long, help: ArgumentHelp("The regular and bold TrueType fonts, REGULAR,BOLD (default: DejaVu Sans).", valueName: "REGULAR,BOLD"))
    var font: String?

    @Option(name: .long, help: ArgumentHelp(
        "Save the picture as PNG at this time (seconds from the start) or once the editing state has been STATE for 0.2 s, with the engine's attributes beside it in FILE.json; repeatable.",
        valueName: "SECONDS|STATE:FILE"))
    var screenshot: [String] = []

    func validate() throws {
        guard scale.isFinite, (0.25...8).contains(scale) else { throw ValidationError("--scale must be 0.25 to 8, not \(scale)") }
        if let font, font.split(separator: ",").count != 2 { throw ValidationError("--font takes REGULAR,BOLD (two paths)") }
        for s in screenshot { _ = try Screenshot.Request(parsing: s) }
    }

    var fontFiles: FontFiles {
        guard let font else { return .dejaVu }
        let parts = font.split(separator: ",").map(String.init)
        return FontFiles(regular: parts[0], bold: parts[1])
    }

    var requests: [Screenshot.Request] { screenshot.compactMap { try? Screenshot.Request(parsing: $0) } }
}

/// Bad input: the message on stderr, exit status 2 (as `gripper`).
enum Failure {
    static func exit(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("gripper-window: \(message)\n".utf8))
        return ExitCode(2)
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("gripper-window: \(message)\n".utf8))
    }

    static func loadScene(_ path: String) throws -> Scene {
        // A regular file only: a FIFO or a device is named as what it is.
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path) } catch { throw exit("cannot read \(path): \(error.phrase)") }
        do { return try Scene.decode(bytes, fileName: path) } catch { throw exit("\(error)") }
    }
}
