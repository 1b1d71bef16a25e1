import Foundation
import GripperTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Device nodes are opened with `O_NOCTTY`: a node that turns out to be a
/// terminal (a link in a scanned folder, a path typed by hand) never
/// becomes the controlling terminal of a gripper that has none — which
/// would hand the terminal's owner SIGINT/SIGHUP over the process.
@Suite struct NoControllingTerminalTests {
    /// `setsid gripper devices --watch` (a session leader with no terminal)
    /// scans a folder whose `event0` is a fresh pseudo-terminal: it opens
    /// it (and lists it as not evdev), and while it runs on, no session
    /// ever has the terminal as its controlling terminal (`TIOCGSID` on the
    /// master answers only when one does).
    @Test func aTerminalNamedAsADeviceNodeNeverBecomesTheControllingTerminal() throws {
        // posix_openpt, unlockpt and ptsname, as Linux does them.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        #expect(master >= 0, "no pseudo-terminal: \(String(cString: strerror(errno)))")
        guard master >= 0 else { return }
        defer { close(master) }
        // TIOCSPTLCK and TIOCGPTN (_IOW/_IOR('T', 0x31/0x30, int): function-like
        // macros Swift does not import), as the generic Linux ioctl encoding has them.
        let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430
        var unlock: Int32 = 0, number: UInt32 = 0
        #expect(ioctl(master, setLock, &unlock) == 0 && ioctl(master, getNumber, &number) == 0)
        let slave = "/dev/pts/\(number)"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-ctty-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("event0").path, withDestinationPath: slave)

        var taken: pid_t?
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/setsid"),
                                     ["--wait", GripperProcess.binary.path, "devices", "--watch", "--duration", "4", "--directory", dir.path],
                                     timeout: 60) { _ in
            let end = Date().addingTimeInterval(3.5)
            while Date() < end && taken == nil {
                var session: pid_t = 0
                if ioctl(master, UInt(TIOCGSID), &session) == 0 { taken = session }
                usleep(20_000)
            }
        }
        #expect(r.status == 0 && !r.timedOut, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("added\t\(dir.path)/event0\tcannot open: "), "the node was opened: \(r.stdout)")
        #expect(taken == nil, "session \(taken ?? 0) took \(slave) as its controlling terminal")
    }
}
