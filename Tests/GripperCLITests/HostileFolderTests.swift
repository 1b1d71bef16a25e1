import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GripperTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `gripper test` on a folder someone else made: links up and out of the
/// tree, a case named many ways, names that hold line breaks and terminal
/// escapes, FIFOs and devices where files should be, a checkout that cannot
/// be written. Real files, links and FIFOs in a fresh folder; every run has
/// a timeout, so a search that never ends or a read that blocks fails the test.
@Suite struct HostileFolderTests {
    /// A fresh, empty folder for one test.
    func folder(_ tag: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-hostile-\(getpid())-\(tag)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// A copy of the bundled scenario `name` at `place`.
    func copy(_ name: String, to place: URL) throws {
        try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.recording("scenarios/\(name)"), to: place)
    }

    /// Makes the case at `place` fail: a line its run never prints added to its expected transcript.
    func breakCase(_ place: URL) throws {
        let expected = place.appendingPathComponent("expected.txt")
        let text = try String(contentsOf: expected, encoding: .utf8)
        try (text + "9.000000 never happened\n").write(to: expected, atomically: true, encoding: .utf8)
    }

    func fifo(_ url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)")
    }

    func link(_ url: URL, to destination: String) throws {
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    /// `gripper ARGS`, killed after 60 s (a search that loops, or a FIFO that blocks, fails here).
    func run(_ arguments: [String]) throws -> GripperProcess.Result {
        let r = try GripperProcess.run(arguments, timeout: 60)
        #expect(!r.timedOut, "gripper \(arguments) did not finish")
        return r
    }

    /// The type of what is at `path` itself (a link not followed).
    func type(_ path: URL) -> mode_t? {
        var status = stat()
        guard lstat(path.path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Links back up the tree end the search; a link out of the folder is
    /// never followed (its case neither runs nor gets a page or, with
    /// `--update`, a transcript); a link inside leads to its folder once;
    /// the same case named five ways runs once, under its real name.
    @Test func linksUpAndOutOfTheFolderAreNotFollowedAndEachCaseRunsOnce() throws {
        let base = try folder("links")
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("root"), outside = base.appendingPathComponent("outside")
        try copy("full-swipe", to: root.appendingPathComponent("sub/full-swipe"))
        try copy("grid-drag", to: root.appendingPathComponent(".shared/grid-drag"))
        try copy("mouse-swipe", to: outside.appendingPathComponent("mouse-swipe"))
        try breakCase(outside.appendingPathComponent("mouse-swipe"))
        let outsideExpected = try Data(contentsOf: outside.appendingPathComponent("mouse-swipe/expected.txt"))
        try link(root.appendingPathComponent("sub/up"), to: "..")
        try link(root.appendingPathComponent("sub/full-swipe/again"), to: "../..")
        try link(root.appendingPathComponent("loop"), to: ".")
        try link(root.appendingPathComponent("alias"), to: "sub/full-swipe")
        try link(root.appendingPathComponent("shared"), to: ".shared")  // inside, reached only through the link
        try link(root.appendingPathComponent("escape"), to: "../outside")
        try link(root.appendingPathComponent("absolute-escape"), to: outside.path)
        try link(root.appendingPathComponent("root-escape"), to: "/")

        let expected = """
            PASS \(root.path)/shared/grid-drag
            PASS \(root.path)/sub/full-swipe
            2 passed, 0 failed

            """
        for update in [false, true] {
            let r = try run(["test"] + (update ? ["--update"] : []) + [root.path])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout == expected)
        }
        // Named again and again: a folder, its spellings, a link to it, its expected file.
        let full = root.appendingPathComponent("sub/full-swipe").path
        let r = try run(["test", full, full + "/", root.path + "/sub/../sub/full-swipe", root.appendingPathComponent("alias").path,
                         full + "/expected.txt", root.path])
        #expect(r.stdout == expected, "\(r.stdout)")
        // Nothing was written outside the folder searched.
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("mouse-swipe/actual.html").path))
        #expect(try Data(contentsOf: outside.appendingPathComponent("mouse-swipe/expected.txt")) == outsideExpected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.appendingPathComponent("mouse-swipe").path).sorted()
                == ["README", "expected.txt", "scene.json", "trace.evemu"])
    }

    /// Case folders named with a line feed, a carriage return, an OSC title
    /// escape and a C1 CSI: every output format keeps each case to its own
    /// line (or attribute) and shows the controls as symbols; none reaches
    /// the output raw.
    @Test func namesWithLineBreaksAndEscapesCannotForgeResultLines() throws {
        let root = try folder("names")
        defer { try? FileManager.default.removeItem(at: root) }
        let names = ["a\nPASS forged", "b\rFAIL forged", "c\u{1B}]0;owned\u{07}\u{1B}[2J", "d\u{9B}31mred"]
        try copy("full-swipe", to: root.appendingPathComponent(names[0]))
        try copy("swipe-then-shut", to: root.appendingPathComponent(names[1]))
        try breakCase(root.appendingPathComponent(names[1]))
        try copy("mouse-swipe", to: root.appendingPathComponent(names[2]))
        try "E: 0.000000 0003 0000 banana\n".write(to: root.appendingPathComponent(names[2] + "/trace.evemu"), atomically: true, encoding: .utf8)
        try copy("grid-drag", to: root.appendingPathComponent(names[3]))
        let raw: [Unicode.Scalar] = ["\u{1B}", "\r", "\u{07}", "\u{9B}"]
        func clean(_ text: String) -> Bool { !text.unicodeScalars.contains(where: raw.contains) }

        let junit = root.appendingPathComponent("report.xml")
        let text = try run(["test", "--junit", junit.path, root.path])
        #expect(text.status == 2)
        #expect(clean(text.stdout), "\(text.stdout.debugDescription)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let results = lines.filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("BAD  ") }
        #expect(results.count == 4, "\(lines)")
        #expect(lines.allSatisfy { $0.isEmpty || $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("BAD  ")
                || $0.hasPrefix("     ") || $0 == "2 passed, 1 failed, 1 with bad input" })
        #expect(results[0] == "PASS \(root.path)/a␊PASS forged")
        #expect(results[1].hasPrefix("FAIL \(root.path)/b␍FAIL forged: first difference"))
        #expect(results[2].hasPrefix("BAD  \(root.path)/c␛]0;owned␇␛[2J: \(root.path)/c␛]0;owned␇␛[2J/trace.evemu"))
        #expect(results[3] == "PASS \(root.path)/d\u{FFFD}31mred")
        #expect(lines.contains("     timeline of the actual run: \(root.path)/b␍FAIL forged/actual.html"))

        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(clean(xml))
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse() && parser.parserError == nil, "the JUnit report is well-formed XML")
        #expect(xml.contains("name=\"a␊PASS forged\"") && xml.contains("name=\"b␍FAIL forged\""))

        let json = try run(["test", "--json", root.path])
        #expect(clean(json.stdout), "\(json.stdout.debugDescription)")
        let objects = try json.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 5)
        #expect(objects.dropLast().map { $0["case"] as? String } == names.map { "\(root.path)/\($0)" })
        #expect(objects.dropLast().map { $0["status"] as? String } == ["passed", "failed", "bad", "passed"])
    }

    /// A trace that links to `/dev/zero`, a FIFO as a trace, a scene, an
    /// expected file, a `case.json` (one read while searching) or a device
    /// description: each case is bad input naming the file, at once — never a
    /// blocked read or a file read into memory without end. A FIFO where a
    /// failing case's page goes is a note under its diff, and stays a FIFO;
    /// a passing case leaves a FIFO or a link there alone.
    @Test func filesThatAreNotRegularAreNeverReadNorWritten() throws {
        let root = try folder("fifos")
        defer { try? FileManager.default.removeItem(at: root) }
        func place(_ path: String) -> URL { root.appendingPathComponent(path) }
        try copy("full-swipe", to: place("zero"))
        try link(place("zero/trace.evemu"), to: "/dev/zero")
        try copy("full-swipe", to: place("fifo-trace"))
        try fifo(place("fifo-trace/trace.evemu"))
        try copy("full-swipe", to: place("fifo-scene"))
        try fifo(place("fifo-scene/scene.json"))
        try copy("full-swipe", to: place("fifo-settings"))
        try fifo(place("fifo-settings/case.json"))
        try copy("full-swipe", to: place("fifo-device"))
        try "{\"device\": \"panel.desc\"}\n".write(to: place("fifo-device/case.json"), atomically: true, encoding: .utf8)
        try fifo(place("fifo-device/panel.desc"))
        // Named cases: a FIFO expected file; a FIFO case.json, read while searching.
        let named = place("named")
        try FileManager.default.createDirectory(at: named, withIntermediateDirectories: true)
        for stem in ["n", "m"] {
            try FileManager.default.copyItem(at: Fixtures.recording("scenarios/full-swipe/trace.evemu"),
                                             to: named.appendingPathComponent("\(stem).evemu"))
        }
        try FileManager.default.copyItem(at: Fixtures.recording("scenarios/full-swipe/scene.json"), to: named.appendingPathComponent("scene.json"))
        try fifo(named.appendingPathComponent("n.expected.txt"))
        try FileManager.default.copyItem(at: Fixtures.recording("scenarios/full-swipe/expected.txt"),
                                         to: named.appendingPathComponent("m.expected.txt"))
        try fifo(named.appendingPathComponent("m.case.json"))
        // Pages: a FIFO for a failing case, a FIFO and a link for passing ones.
        try copy("grid-drag", to: place("page-fifo"))
        try breakCase(place("page-fifo"))
        try fifo(place("page-fifo/actual.html"))
        try copy("mouse-drag", to: place("passing-fifo"))
        try fifo(place("passing-fifo/actual.html"))
        try copy("mouse-swipe", to: place("passing-link"))
        try "not a page".write(to: place("target.txt"), atomically: true, encoding: .utf8)
        try link(place("passing-link/actual.html"), to: place("target.txt").path)

        let started = Date()
        let r = try run(["test", root.path])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        func line(_ name: String) -> String? { lines.first { $0.hasPrefix("PASS \(root.path)/\(name)") || $0.hasPrefix("FAIL \(root.path)/\(name)") || $0.hasPrefix("BAD  \(root.path)/\(name)") } }
        #expect(line("zero") == "BAD  \(root.path)/zero: \(root.path)/zero/trace.evemu: not a regular file (a character device)")
        #expect(line("fifo-trace") == "BAD  \(root.path)/fifo-trace: \(root.path)/fifo-trace/trace.evemu: not a regular file (a FIFO)")
        #expect(line("fifo-scene") == "BAD  \(root.path)/fifo-scene: cannot read \(root.path)/fifo-scene/scene.json: not a regular file (a FIFO)")
        #expect(line("fifo-settings") == "BAD  \(root.path)/fifo-settings: cannot read \(root.path)/fifo-settings/case.json: not a regular file (a FIFO)")
        #expect(line("fifo-device") == "BAD  \(root.path)/fifo-device: \(root.path)/fifo-device/panel.desc: not a regular file (a FIFO)")
        #expect(line("named/n") == "BAD  \(root.path)/named/n: cannot read \(root.path)/named/n.expected.txt: not a regular file (a FIFO)")
        #expect(line("named/m") == "BAD  \(root.path)/named/m: cannot read \(root.path)/named/m.case.json: not a regular file (a FIFO)")
        #expect(line("page-fifo")?.hasPrefix("FAIL \(root.path)/page-fifo: first difference") == true, "\(lines)")
        #expect(lines.contains("     no timeline of the actual run: cannot write \(root.path)/page-fifo/actual.html: not a regular file (a FIFO)"))
        #expect(lines.contains("     -9.000000 never happened"), "the diff is shown")
        #expect(line("passing-fifo") == "PASS \(root.path)/passing-fifo")
        #expect(line("passing-link") == "PASS \(root.path)/passing-link")
        #expect(lines.last == "2 passed, 1 failed, 7 with bad input")
        #expect(type(place("page-fifo/actual.html")) == S_IFIFO)
        #expect(type(place("passing-fifo/actual.html")) == S_IFIFO)
        #expect(type(place("passing-link/actual.html")) == S_IFLNK)
        #expect(try String(contentsOf: place("target.txt"), encoding: .utf8) == "not a page")
    }

    /// In a checkout the user cannot write, a failing case is still a
    /// failure with its diff (exit 1, not bad input): the page it cannot
    /// write is a note, in the text and in the JSON. Run as `nobody` when
    /// the tests run as root (root writes anywhere).
    @Test func aReadOnlyCheckoutStillShowsTheDiff() throws {
        let root = try folder("read-only")
        defer {
            chmod(root.path, 0o755)
            chmod(root.appendingPathComponent("case").path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        try copy("full-swipe", to: root.appendingPathComponent("case"))
        try breakCase(root.appendingPathComponent("case"))
        chmod(root.appendingPathComponent("case").path, 0o555)
        chmod(root.path, 0o555)
        func test(_ arguments: [String]) throws -> GripperProcess.Result {
            let gripper = GripperProcess.binary.path
            let r = getuid() == 0
                ? try GripperProcess.run(executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
                                         ["--reuid=65534", "--regid=65534", "--clear-groups", gripper] + arguments, timeout: 60)
                : try GripperProcess.run(arguments, timeout: 60)
            #expect(!r.timedOut)
            return r
        }
        let page = root.appendingPathComponent("case/actual.html").path
        var r = try test(["test", root.path])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("FAIL \(root.path)/case: first difference at line") == true, "\(lines)")
        #expect(lines.contains("     -9.000000 never happened"), "the diff is shown: \(lines)")
        #expect(lines.contains { $0.hasPrefix("     no timeline of the actual run: cannot create \(page): permission denied") }, "\(lines)")
        #expect(lines.last == "0 passed, 1 failed")
        r = try test(["test", "--json", root.path])
        #expect(r.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data((r.stdout.split(separator: "\n").first ?? "").utf8)) as? [String: Any])
        #expect(object["status"] as? String == "failed")
        #expect((object["diff"] as? [String])?.isEmpty == false)
        #expect(object["timeline"] == nil)
        #expect((object["timelineProblem"] as? String)?.contains("permission denied") == true, "\(object)")
        #expect(!FileManager.default.fileExists(atPath: page))
    }
}
