import Foundation
import GripperFiles
import GripperTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Writing only where asked: a temporary file is new and unpredictable
/// (never through a planted link, never over a file), and nothing this run
/// did not create is ever removed — a device, a link or a FIFO given as the
/// output stays as it was when the write fails.
@Suite struct OutputPlacesTests {
    func folder(_ tag: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-places-\(getpid())-\(tag)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// The type of what is at `path` itself (a link not followed), or nil.
    func type(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Links planted at every name a temporary file could be guessed by (the
    /// pid, the pid and a counter) lead nowhere: the write goes to a new file
    /// under a random name beside the destination, and the victims and the
    /// planted links are as they were.
    @Test func aPlantedLinkNeverRedirectsTheTemporaryFile() throws {
        let dir = try folder("planted")
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("victim").path, out = dir.appendingPathComponent("out.txt").path
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let guesses = [".out.txt.gripper-\(getpid()).tmp", ".out.txt.\(getpid()).0", ".out.txt.tmp", "out.txt.tmp"]
        for guess in guesses {
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(guess).path, withDestinationPath: victim)
        }
        let output = try FileOutput(path: out)
        let temporaries = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !guesses.contains($0) && $0 != "victim" }
        #expect(temporaries.count == 1)
        let name = try #require(temporaries.first)
        #expect(name.wholeMatch(of: /\.out\.txt\.gripper-[0-9a-f]{16}\.tmp/) != nil, "\(name)")
        #expect(type(dir.appendingPathComponent(name).path) == S_IFREG)
        try output.write("new")
        try output.commit()
        #expect(try text(victim) == "precious")
        #expect(try text(out) == "new")
        #expect(type(out) == S_IFREG)
        for guess in guesses { #expect(type(dir.appendingPathComponent(guess).path) == S_IFLNK, "\(guess)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == (guesses + ["out.txt", "victim"]).sorted())
    }

    /// Two writers of the same path get different temporary files, each
    /// created anew (never opened if it were there); dropped uncommitted,
    /// each removes its own and nothing else.
    @Test func temporaryFilesAreNewAndEachRemovesOnlyItsOwn() throws {
        let dir = try folder("own")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page.html").path
        try "an earlier page".write(toFile: out, atomically: false, encoding: .utf8)
        do {
            let first = try FileOutput(path: out), second = try FileOutput(path: out)
            try first.write("one")
            try second.write("two")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "page.html" }
            #expect(Set(names).count == 2, "\(names)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["page.html"])
        #expect(try text(out) == "an earlier page")
    }

    /// A link given as the output is replaced by the new file (the rename
    /// takes its place), never written through and never removed by a
    /// failure: the file it leads to keeps its bytes either way.
    @Test func aLinkAsTheOutputIsNeitherFollowedNorRemovedOnFailure() throws {
        let dir = try folder("link")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target").path, out = dir.appendingPathComponent("out.yml").path
        try "target's own".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: target)
        do {
            let dropped = try FileOutput(path: out)
            try dropped.write("never committed")
        }
        #expect(type(out) == S_IFLNK)
        let output = try FileOutput(path: out)
        try output.write("new")
        try output.commit()
        #expect(try text(target) == "target's own")
        #expect(type(out) == S_IFREG)
        #expect(try text(out) == "new")
        // A link to a device is written in place, and stays when the write fails.
        let full = dir.appendingPathComponent("full").path
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        let device = try FileOutput(path: full)
        try device.write("x")
        #expect(throws: FileOutput.Failure.self) { try device.commit() }
        #expect(type(full) == S_IFLNK)
    }

    /// `allowingSpecialFiles: false` (a page beside a replay case) refuses a
    /// FIFO without opening it — no wait for a reader — and leaves it there.
    @Test func aFIFOIsRefusedUnopenedWhenOnlyRegularFilesMay() throws {
        let dir = try folder("fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("actual.html").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let failure = #expect(throws: FileOutput.Failure.self) { _ = try FileOutput(path: fifo, allowingSpecialFiles: false) }
        #expect(failure?.description == "cannot write \(fifo): not a regular file (a FIFO)")
        #expect(type(fifo) == S_IFIFO)
    }

    /// `replay --html`: a failed run removes its temporary file and an
    /// earlier regular page, but never the link or the device node it was
    /// given (`--html /dev/full` must not delete `/dev/full`).
    @Test func aFailedHtmlNeverRemovesALinkOrADevice() throws {
        let dir = try folder("html")
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["replay", "Recordings/scenarios/swipe-then-delete/trace.evemu", "--scene", "Recordings/scenarios/swipe-then-delete/scene.json"]
        // A link to /dev/full: written in place, fails, stays.
        let full = dir.appendingPathComponent("full.html").path
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        var r = try GripperProcess.run(args + ["--html", full])
        #expect(r.status == 2 && r.stderr.contains("no space left on device"), "\(r.stderr)")
        #expect(type(full) == S_IFLNK)
        // A link to a page, with a run that fails midway (the second picture's
        // name is a folder): the link and the page it leads to stay.
        let page = dir.appendingPathComponent("kept.html").path, link = dir.appendingPathComponent("link.html").path
        try "someone's page".write(toFile: page, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: page)
        let svg = dir.appendingPathComponent("svg")
        try FileManager.default.createDirectory(at: svg.appendingPathComponent("frame-0002.svg"), withIntermediateDirectories: true)
        r = try GripperProcess.run(args + ["--svg", svg.path, "--html", link])
        #expect(r.status == 2 && r.stderr.contains("frame-0002.svg"), "\(r.stderr)")
        #expect(type(link) == S_IFLNK)
        #expect(try text(page) == "someone's page")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["full.html", "kept.html", "link.html", "svg"])
        // A device node of our own (root only: mknod), a copy of /dev/full.
        if getuid() == 0 {
            let node = dir.appendingPathComponent("node").path
            let made = try GripperProcess.run(executable: URL(fileURLWithPath: "/usr/bin/mknod"), [node, "c", "1", "7"])
            try #require(made.status == 0, "\(made.stderr)")
            r = try GripperProcess.run(args + ["--html", node])
            #expect(r.status == 2)
            #expect(type(node) == S_IFCHR, "the device node is still there")
        }
    }
}
