import Foundation
import Testing
import GripperInput
import GripperScripting
import GripperTesting
import GripperTraces

/// Hostile input and hostile output for every command that reads a trace or
/// writes: located errors instead of traps, bounded messages and warnings,
/// and exit status 2 naming the file when output cannot be written.
@Suite struct OutputAndLimitsTests {
    static let scene = "Recordings/scenarios/full-swipe/scene.json"
    static let trace = "Recordings/scenarios/full-swipe/trace.evemu"

    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-limits-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    static func write(_ text: String, to name: String) throws -> String {
        let path = temporary(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `gripper ARGS` through bash with `redirect` appended (`> /dev/full`).
    static func shell(_ arguments: [String], _ redirect: String) throws -> GripperProcess.Result {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try GripperProcess.run(executable: URL(fileURLWithPath: "/bin/bash"),
                                      ["-c", "\"$0\" \(quoted) \(redirect)", GripperProcess.binary.path])
    }

    static let header = "N: Dev\nI: 0003 0001 0002 0003\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n"

    @Test func aTimeOutOfRangeIsALocatedErrorForEveryCommand() throws {
        let bad = try Self.write(Self.header + "E: 9999999999999.0 0 0 0\n", to: "far.evemu")
        let expected = "far.evemu:6:4: time 9999999999999.0 is out of range (0 to 9000000000000 seconds)"
        for arguments in [["trace", "info", bad], ["gestures", bad], ["trace", "convert", bad, Self.temporary("far.yml")],
                          ["replay", bad, "--scene", Self.scene], ["replay", bad, "--scene", Self.scene, "--realtime"]] {
            let r = try GripperProcess.run(arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains(expected), "\(arguments): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: Self.temporary("far.yml")))
    }

    @Test func aFullDiskIsExitStatusTwoNamingTheFile() throws {
        for arguments in [["trace", "info", Self.trace], ["trace", "info", Self.trace, "--json"], ["gestures", Self.trace],
                          ["replay", Self.trace, "--scene", Self.scene], ["replay", Self.trace, "--scene", Self.scene, "--json"]] {
            let r = try Self.shell(arguments, "> /dev/full")
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("gripper: cannot write standard output: no space left on device"), "\(arguments): \(r.stderr)")
        }
        // gripper test says it once, not once more as "ExitCode(rawValue: 2)".
        for arguments in [["test", "Recordings/scenarios/full-swipe"], ["test", "--json", "Recordings/scenarios/full-swipe"]] {
            let r = try Self.shell(arguments, "> /dev/full")
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr == "gripper: cannot write standard output: no space left on device\n", "\(arguments): \(r.stderr)")
        }
        let full = Self.temporary("full.yml")
        try? FileManager.default.removeItem(atPath: full)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        let r = try GripperProcess.run(["trace", "convert", Self.trace, full])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(full): cannot write: no space left on device"), "\(r.stderr)")
    }

    /// `gripper … | head -c1`: the closed pipe is EPIPE (SIGPIPE is ignored),
    /// reported with exit status 2, not a silent 0 or a death by signal.
    @Test func aClosedPipeIsExitStatusTwo() throws {
        var builder = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        for n in 0..<40 {
            builder.swipe(from: .fraction(0.1, 0.1 + Double(n % 8) * 0.1), to: .fraction(0.9, 0.1 + Double(n % 8) * 0.1),
                          duration: .milliseconds(900))
        }
        let path = Self.temporary("many-pans.evemu")
        try Data(EvemuFormat.write(builder.trace).utf8).write(to: URL(fileURLWithPath: path))
        let r = try Self.shell(["gestures", path], "| head -c1 > /dev/null; exit ${PIPESTATUS[0]}")
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write standard output: broken pipe"), "\(r.stderr)")
    }

    @Test func warningsAreCappedAndCounted() throws {
        let noisy = try Self.write(Self.header + String(repeating: "X: noise\n", count: 5000) + "E: 0.000001 0000 0000 0000\n", to: "noisy.evemu")
        let r = try GripperProcess.run(["trace", "info", noisy])
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.last?.hasSuffix("… and 4990 more warnings (only the first 10 are shown)") == true, "\(r.stderr)")
    }

    @Test func messagesQuoteAShortPrefixOfAHugeToken() throws {
        let huge = try Self.write(Self.header + "E: 0.000001 0003 0000 " + String(repeating: "9", count: 5 << 20) + "\n", to: "huge.evemu")
        let r = try GripperProcess.run(["gestures", huge])
        #expect(r.status == 2)
        #expect(r.stderr.count < 300, "\(r.stderr.prefix(400))")
        #expect(r.stderr.contains("…"))
    }

    @Test func fileErrorsAreWordsNotDomains() throws {
        let missingScene = try GripperProcess.run(["replay", Self.trace, "--scene", "/nonexistent/scene.json"])
        #expect(missingScene.status == 2)
        #expect(missingScene.stderr.contains("cannot read /nonexistent/scene.json: no such file"), "\(missingScene.stderr)")
        let missingExpect = try GripperProcess.run(["replay", Self.trace, "--scene", Self.scene, "--expect", "/nonexistent/x.txt"])
        #expect(missingExpect.status == 2)
        #expect(missingExpect.stderr.contains("cannot read /nonexistent/x.txt: no such file"), "\(missingExpect.stderr)")
        let noDirectory = try GripperProcess.run(["trace", "convert", Self.trace, "/nonexistent/dir/x.yml"])
        #expect(noDirectory.status == 2)
        #expect(noDirectory.stderr.contains("/nonexistent/dir/x.yml: cannot create: no such file"), "\(noDirectory.stderr)")
        let folder = Self.temporary("folder.evemu")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let directory = try GripperProcess.run(["trace", "info", folder])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("\(folder): is a directory"), "\(directory.stderr)")
        for r in [missingScene, missingExpect, noDirectory, directory] {
            #expect(!r.stderr.contains("Domain") && !r.stderr.contains("error 5"), "\(r.stderr)")
        }
    }

    /// `record -o FILE` takes its format from the extension unless
    /// `--format` says otherwise, and refuses a contradiction (exit 2) before
    /// it touches the device.
    @Test func recordRefusesAFormatTheExtensionContradicts() throws {
        for (format, file) in [("evemu", "x.yml"), ("evemu", "x.yaml"), ("libinput", "x.evemu"), ("libinput", "x.events")] {
            let r = try GripperProcess.run(["record", "/dev/null", "--format", format, "-o", Self.temporary(file)])
            #expect(r.status == 2)
            #expect(r.stderr.contains("--format \(format) contradicts"), "\(r.stderr)")
        }
        for arguments in [["-o", Self.temporary("y.yml")], ["--format", "libinput", "-o", Self.temporary("y.yml")],
                          ["--format", "libinput", "-o", Self.temporary("y.out")], ["-o", Self.temporary("y.evemu")]] {
            let r = try GripperProcess.run(["record", "/dev/null"] + arguments)
            #expect(r.status == 2)
            #expect(r.stderr.contains("not an evdev device"), "\(arguments): \(r.stderr)")
        }
    }
}
