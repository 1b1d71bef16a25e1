import Foundation
import GripperInput
import GripperScripting
import GripperTesting
#if canImport(Glibc)
import Glibc
import GripperTraces
#endif

/// Running the built `gripper` and `GripperEvdevHarness` against devices
/// emulated by umockdev, in child processes (the emulation works by
/// LD_PRELOAD, so it never touches the test process itself).
enum Emulation {
    static var gripper: String { BuiltProducts.gripper.path }
    static var harness: String { BuiltProducts.executable("GripperEvdevHarness").path }

    /// What a child process did.
    typealias Output = ChildProcess.Result

    /// A fresh directory for one test's files.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gripper-evdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `arguments[0]` with the rest as arguments; kills it (and reports
    /// `timedOut`) after `timeout`. `whileRunning` gets the process id once
    /// started and runs on the calling thread.
    static func run(_ arguments: [String], timeout: TimeInterval = 60,
                    whileRunning: ((Int32) -> Void)? = nil) throws -> Output {
        // Through the harness's `exec`, which clears the signal mask the test
        // runner's thread would otherwise hand down to the child.
        try ChildProcess.run(URL(fileURLWithPath: harness), ["exec"] + arguments, timeout: timeout,
                             whileRunning: whileRunning)
    }

    /// The files of one emulated device, written into `dir`.
    struct Device {
        var node: String
        var umockdev: String
        var ioctl: String
        var events: String?

        /// `-d … -i …[ -e …]` for umockdev-run.
        var arguments: [String] {
            var args = ["-d", umockdev, "-i", "\(node)=\(ioctl)"]
            if let events { args += ["-e", "\(node)=\(events)"] }
            return args
        }
    }

    static func write(_ fixture: UmockdevFixture, script: String?, name: String, in dir: URL) throws -> Device {
        let umockdev = dir.appendingPathComponent("\(name).umockdev")
        let ioctl = dir.appendingPathComponent("\(name).ioctl")
        try fixture.deviceText.write(to: umockdev, atomically: true, encoding: .utf8)
        try fixture.ioctlText.write(to: ioctl, atomically: true, encoding: .utf8)
        var events: String?
        if let script {
            let url = dir.appendingPathComponent("\(name).events")
            try script.write(to: url, atomically: true, encoding: .utf8)
            events = url.path
        }
        return Device(node: fixture.node, umockdev: umockdev.path, ioctl: ioctl.path, events: events)
    }

    /// Runs `command` under `umockdev-run` with `devices` emulated.
    static func umockdevRun(_ devices: [Device], _ command: [String], timeout: TimeInterval = 60,
                            whileRunning: ((Int32) -> Void)? = nil) throws -> Output {
        try run(["umockdev-run"] + devices.flatMap(\.arguments) + ["--"] + command,
                timeout: timeout, whileRunning: whileRunning)
    }
}

extension ChildProcess.Result {
    /// Standard output's lines.
    var lines: [Substring] { stdout.split(separator: "\n") }
}
