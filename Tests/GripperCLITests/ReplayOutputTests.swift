import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GripperTesting
import Testing

/// What `gripper replay` writes, whatever the scene holds and however the
/// disk behaves: well-formed pictures, one line per entry, no page that
/// looks finished after a failed write, and `--realtime` that does not
/// sleep through a long pause.
@Suite struct ReplayOutputTests {
    func run(_ arguments: [String], timeout: TimeInterval = 120) throws -> (status: Int32, out: String, err: String) {
        let r = try GripperProcess.run(arguments, timeout: timeout)
        return (r.status, r.stdout, r.stderr)
    }

    func temporary(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-output-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whether `data` is well-formed XML (Linux's XMLParser can return true
    /// from `parse()` and still report an error).
    func wellFormed(_ data: Data) -> Bool {
        let parser = XMLParser(data: data)
        return parser.parse() && parser.parserError == nil
    }

    /// The full-swipe scenario's scene with hostile ids, labels and titles,
    /// written as JSON escapes: controls, line breaks, markup, quotes.
    static let hostileScene: String = {
        let nasty = #"<b>&amp; \"q\" 'r' ]]> x|y: \u0000\u0001\u001b[2J\u007f\u0085\n\r\t\u2028\u202e\ufffe\uffff"#
        let items = (1...8).map { k in
            #"{"id":"i\#(k) \#(nasty)","label":"Item \#(k) \#(nasty)","actions":[{"id":"del \#(nasty)","title":"Del \#(nasty)","style":"destructive","default":true}]}"#
        }.joined(separator: ",")
        return #"{"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1,"headerHeight":0},"globalHeader":{"height":1,"title":"T \#(nasty)"},"sections":[{"id":"list \#(nasty)","title":"S \#(nasty)","items":[\#(items)]}]}"#
    }()

    @Test func hostileLabelsGiveWellFormedPicturesAndOneLinePerEntry() throws {
        let dir = try temporary("hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.json")
        try Self.hostileScene.write(to: scene, atomically: true, encoding: .utf8)
        let svg = dir.appendingPathComponent("svg"), html = dir.appendingPathComponent("t.html")
        let trace = "Recordings/scenarios/full-swipe/trace.evemu"
        let r = try run(["replay", trace, "--scene", scene.path, "--svg", svg.path, "--html", html.path])
        #expect(r.status == 0, "\(r.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: svg.path).sorted()
        #expect(files.count >= 4 && files.allSatisfy { $0.hasSuffix(".svg") })
        for file in files {
            #expect(wellFormed(try Data(contentsOf: svg.appendingPathComponent(file))), "\(file)")
        }
        #expect(wellFormed(try Data(contentsOf: html)), "the page")
        // The text transcript: one line per entry, the ids quoted, no control left.
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
        let json = try run(["replay", trace, "--scene", scene.path, "--json"])
        let objects = json.out.split(separator: "\n")
        #expect(lines.count == objects.count + 1 && lines.last == "")
        #expect(r.out.contains(#"swipeOpened "i4 <b>&amp; \"q\" 'r' ]]> x|y: \u0000\u0001\u001b[2J\u007f\u0085\n\r\t\u2028\u202e\ufffe\uffff"\#n"#))
        #expect(!r.out.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        for line in objects {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
    }

    @Test func thePageAnimatesIntoEachPictureWithTheEnginesTransitions() throws {
        let dir = try temporary("animated")
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("timeline.html")
        let r = try run(["replay", "Recordings/scenarios/drag-into-another-section/trace.evemu",
                         "--scene", "Recordings/scenarios/drag-into-another-section/scene.json", "--html", html.path])
        #expect(r.status == 0, "\(r.err)")
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(wellFormed(Data(page.utf8)))
        // Plum slides up into Pear's place as the gap moves down; Pear fades in where it is dropped.
        #expect(page.contains(#"data-caption="1.417298 s  gapMoved to [0,2]" data-anim="250 easeInOut:0 144 400 56 1 0 88 400 56 1,0 88 400 56 1 0 144 400 56 1""#))
        #expect(page.contains(#" data-anim="200 easeOut:0 288 400 56 0 0 288 400 56 1""#))
        // The lift: the gap's placeholder appears where Apple was (the source hidden).
        #expect(page.contains(#"data-caption="1.008060 s  state tracking -&gt; dragging" data-anim="200 easeOut:"#))
        #expect(page.components(separatedBy: " data-anim=").count - 1 == 6, "the lift, four gap moves and the drop")
    }

    @Test func aWriteErrorMidwayExitsTwoNamingTheFileAndLeavesNoFinishedPage() throws {
        let dir = try temporary("midway")
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("svg"), html = dir.appendingPathComponent("timeline.html")
        // The second picture's name is taken by a folder, so writing it fails.
        try FileManager.default.createDirectory(at: svg.appendingPathComponent("frame-0002.svg"), withIntermediateDirectories: true)
        try "an earlier run's page".write(to: html, atomically: true, encoding: .utf8)
        let r = try run(["replay", "Recordings/scenarios/swipe-then-delete/trace.evemu",
                         "--scene", "Recordings/scenarios/swipe-then-delete/scene.json", "--svg", svg.path, "--html", html.path])
        #expect(r.status == 2)
        #expect(r.err.contains("frame-0002.svg") && !r.err.contains(".partial"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: html.path), "a page that looks finished is left")
        let left = try FileManager.default.contentsOfDirectory(atPath: svg.path) + FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!left.contains { $0.hasSuffix(".partial") }, "\(left)")
        #expect(FileManager.default.fileExists(atPath: svg.appendingPathComponent("frame-0001.svg").path))
    }

    @Test func anUnwritablePlaceExitsTwoNamingIt() throws {
        let dir = try temporary("unwritable")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("plain")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let args = ["replay", "Recordings/scenarios/full-swipe/trace.evemu", "--scene", "Recordings/scenarios/full-swipe/scene.json"]
        var r = try run(args + ["--html", file.appendingPathComponent("t.html").path])
        #expect(r.status == 2 && r.err.contains("plain/t.html") && r.err.contains("not a directory"), "\(r.err)")
        r = try run(args + ["--svg", file.path])
        #expect(r.status == 2 && r.err.contains("plain") && r.err.contains("not a folder"), "\(r.err)")
        #expect(!r.err.contains("NSCocoaErrorDomain") && !r.err.contains("Error Domain"))
    }

    /// The full-swipe trace with an hour of nothing before the finger comes down.
    func pausedTrace(in dir: URL) throws -> URL {
        let text = try String(contentsOfFile: "Recordings/scenarios/full-swipe/trace.evemu", encoding: .utf8)
        let shifted = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("E: "), let end = line.dropFirst(3).firstIndex(of: " ") else { return String(line) }
            let time = line[line.index(line.startIndex, offsetBy: 3)..<end]
            guard let t = Double(time), t >= 0.5 else { return String(line) }
            return "E: " + String(format: "%.6f", t + 3600) + line[end...]
        }.joined(separator: "\n")
        let url = dir.appendingPathComponent("paused.evemu")
        try shifted.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func realtimeCapsALongGapAndSaysSo() throws {
        let dir = try temporary("paused")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try pausedTrace(in: dir).path
        let scene = ["--scene", "Recordings/scenarios/full-swipe/scene.json"]
        let started = Date()
        let slow = try run(["replay", trace] + scene + ["--realtime", "--max-gap", "0.05"], timeout: 60)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(slow.status == 0, "\(slow.err)")
        let notes = slow.out.split(separator: "\n").filter { $0.contains(" gapCapped ") }
        #expect(notes.first == "3600.508599 gapCapped 3600.508599 s waited 0.050000 s", "\(notes)")
        let fast = try run(["replay", trace] + scene)
        #expect(slow.out.split(separator: "\n").filter { !$0.contains(" gapCapped ") } == fast.out.split(separator: "\n"))
        // JSON Lines: the note is an object of its own; --expect compares the engine's transcript only.
        let expected = dir.appendingPathComponent("expected.txt")
        try fast.out.write(to: expected, atomically: true, encoding: .utf8)
        let json = try run(["replay", trace] + scene + ["--realtime", "--json", "--max-gap", "0.05", "--expect", expected.path], timeout: 60)
        #expect(json.status == 0, "\(json.err)")
        #expect(json.out.contains(#"{"t":3600.508599,"event":"gapCapped","gap":3600.508599,"waited":0.050000}"#))
    }

    /// Pictures and `--realtime` read the trace as they go (issue 38: both
    /// read the whole trace first): the same transcript and page as before,
    /// a malformed line late in the trace still exit 2 naming it with no page
    /// left, and a trace that cannot be read twice refused when both are asked.
    @Test func picturesAndRealtimeReadTheTraceAsTheyGo() throws {
        let dir = try temporary("streamed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["replay", "Recordings/scenarios/full-swipe/trace.evemu", "--scene", "Recordings/scenarios/full-swipe/scene.json"]
        let expected = try String(contentsOfFile: "Recordings/scenarios/full-swipe/expected.txt", encoding: .utf8)
        let page = dir.appendingPathComponent("page.html").path
        let both = try run(args + ["--realtime", "--html", page, "--expect", "Recordings/scenarios/full-swipe/expected.txt"])
        #expect(both.status == 0, "\(both.err)")
        #expect(both.out == expected)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("committed"))
        let pictures = try run(args + ["--html", page, "--expect", "Recordings/scenarios/full-swipe/expected.txt"])
        #expect(pictures.status == 0 && pictures.out == expected, "\(pictures.err)")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == html)

        // A malformed line after the gesture: the pictures stop, no page.
        var lines = try String(contentsOfFile: "Recordings/scenarios/full-swipe/trace.evemu", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lastEvent = lines.lastIndex { $0.hasPrefix("E: ") }!
        lines.insert("E: not a number", at: lastEvent)
        let broken = dir.appendingPathComponent("broken.evemu").path
        try lines.joined(separator: "\n").write(toFile: broken, atomically: true, encoding: .utf8)
        let brokenPage = dir.appendingPathComponent("broken.html").path
        for extra in [["--html", brokenPage], ["--realtime", "--max-gap", "0"], ["--realtime", "--max-gap", "0", "--html", brokenPage]] {
            let r = try run(["replay", broken, "--scene", "Recordings/scenarios/full-swipe/scene.json"] + extra)
            #expect(r.status == 2, "\(extra)")
            #expect(r.err.contains("broken.evemu:\(lastEvent + 1)"), "\(extra): \(r.err)")
            #expect(!FileManager.default.fileExists(atPath: brokenPage), "\(extra)")
        }

        // A FIFO cannot give its frames twice: refused before it is opened.
        let fifo = dir.appendingPathComponent("pipe.evemu").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try run(["replay", fifo, "--scene", "Recordings/scenarios/full-swipe/scene.json", "--realtime", "--html", page],
                            timeout: 20)
        #expect(piped.status == 2)
        #expect(piped.err.contains("reads the trace twice, so it must be a regular file"), "\(piped.err)")
    }

    @Test func maxGapIsCheckedAndNeedsRealtime() throws {
        let args = ["replay", "Recordings/scenarios/full-swipe/trace.evemu", "--scene", "Recordings/scenarios/full-swipe/scene.json"]
        var r = try run(args + ["--max-gap", "1"])
        #expect(r.status != 0 && r.err.contains("--max-gap applies to --realtime only"))
        r = try run(args + ["--realtime", "--max-gap=-1"])
        #expect(r.status != 0 && r.err.contains("--max-gap must be"))
        r = try run(args + ["--realtime", "--max-gap", "nan"])
        #expect(r.status != 0)
    }

    @Test func aLayoutErrorNamesTheSceneFileAndField() throws {
        let dir = try temporary("layout")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("wide.json")
        try "{\"viewport\":{\"width\":100,\"height\":640},\n\"layout\":{\"columns\":3,\"interItemSpacing\":60},\n\"sections\":[]}"
            .write(to: scene, atomically: true, encoding: .utf8)
        let r = try run(["replay", "Recordings/scenarios/full-swipe/trace.evemu", "--scene", scene.path])
        #expect(r.status == 2)
        #expect(r.err.contains("wide.json:2: layout: no room for 3 column(s) in a width of 100.0"), "\(r.err)")
    }
}
