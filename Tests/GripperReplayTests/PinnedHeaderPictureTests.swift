import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperPictures
import GripperReplay
import GripperScene
import GripperScripting

/// The `pinned-header-pushed-up` scenario drawn: the global header and the
/// pinned section headers where the content offset puts them, above the
/// cells they cover, in the SVG pictures and the terminal view.
///
/// The scene, by hand: global header 44, headers 32, rows 56; "today"
/// spans 44…412 (its header may go no lower than 412 − 32 = 380),
/// "yesterday" 412…780, "earlier" 780…1260.
@Suite struct PinnedHeaderPictureTests {
    /// What the engine shows when each of the scenario's three pans has ended.
    struct Rest {
        var offset: Double
        var svg: SVGNode
        var lines: [String]
    }

    func rests() throws -> [Rest] {
        let folder = try ScenarioFolder("pinned-header-pushed-up")
        var engine = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var out: [Rest] = []
        for frame in folder.trace.frames {
            let before = engine.stateName
            engine.handle(frame)
            guard before == "scrolling", engine.phase == .idle else { continue }
            let snapshot = engine.snapshot(labels: folder.scene.pictureLabels)
            out.append(Rest(offset: engine.contentOffset,
                            svg: try #require(SVGNode.parse(SnapshotRenderer.svg(snapshot, id: "p"))),
                            lines: TerminalRenderer.lines(snapshot, columns: 40, rows: 64, color: false)))
        }
        return out
    }

    /// The frame of the header titled `title` (upper-cased in the picture).
    func header(_ svg: SVGNode, _ title: String) -> Rect? {
        guard let label = svg.all.first(where: { $0.name == "text" && $0.text == title.uppercased() }),
              let parent = label.ancestors.first else { return nil }
        // The header's rect is the nearest `header` rect drawn before its title.
        let siblings = parent.children
        guard let i = siblings.firstIndex(where: { $0 === label }) else { return nil }
        return siblings[..<i].last { $0.classes.contains("header") }?.rect
    }

    /// Equal to the SVG's two decimals.
    func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 0.006 } ?? false }

    @Test func theHeadersArePinnedPushedAndReplaced() throws {
        let r = try rests()
        try #require(r.count == 3)
        // The transcript's offsets: pinned zone, push zone, past it.
        #expect(r[0].offset > 150 && r[0].offset < 336)
        #expect(r[1].offset > 336 && r[1].offset < 368)
        #expect(r[2].offset > 368 && r[2].offset < 704)
        for rest in r {
            let global = try #require(rest.svg.all.first { $0.classes.contains("global-header") })
            #expect(global.rect?.minX == 0 && close(global.rect?.minY, rest.offset) && global.rect?.width == 400
                    && global.rect?.height == 44)
            #expect(rest.svg.all.contains { $0.name == "text" && $0.text == "Mail" })
            #expect(rest.svg.all.filter { $0.classes.contains("header") }.allSatisfy { $0.classes.contains("pinned") })
        }
        // 1: Today is pinned right below the global header; Yesterday is at its own place.
        #expect(close(header(r[0].svg, "Today")?.minY, r[0].offset + 44))
        #expect(header(r[0].svg, "Yesterday")?.minY == 412)
        // 2: the end of Today (Yesterday's header) pushes its header up,
        // above the line below the global header.
        let today = try #require(header(r[1].svg, "Today"))
        let yesterday = try #require(header(r[1].svg, "Yesterday"))
        #expect(today.minY == 380 && today.maxY == yesterday.minY && yesterday.minY == 412)
        #expect(today.minY < r[1].offset + 44 && today.maxY > r[1].offset + 44)
        // 3: Yesterday is pinned in its place; Today sits wholly under the global header.
        #expect(close(header(r[2].svg, "Yesterday")?.minY, r[2].offset + 44))
        if let gone = header(r[2].svg, "Today") { #expect(gone.maxY <= r[2].offset + 44) }
    }

    /// Pinned headers are drawn after the cells they cover, the global
    /// header after everything it covers.
    @Test func theyAreDrawnAboveTheCells() throws {
        for rest in try rests() {
            let all = rest.svg.all
            let lastCell = try #require(all.lastIndex { $0.classes.contains("cell") })
            let headers = all.indices.filter { all[$0].classes.contains("header") }
            let global = try #require(all.firstIndex { $0.classes.contains("global-header") })
            #expect(!headers.isEmpty && headers.allSatisfy { $0 > lastCell && $0 < global })
        }
    }

    /// As `Documentation/Scenes.md` says: a touch on a pinned or the global
    /// header hits the header, not the cell it covers; a pan from there scrolls.
    @Test func aTouchOnAHeaderHitsTheHeader() throws {
        let folder = try ScenarioFolder("pinned-header-pushed-up")
        var engine = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
        var b = TraceBuilder(device: folder.trace.device, seed: 51)
        b.perform([TraceBuilder.Stroke(at: pt(200, 560)).moving(to: pt(200, 360), over: .milliseconds(450))
            .holding(.milliseconds(80))])
        b.pause(.milliseconds(400))
        let scrolled = b.now
        b.tap(at: pt(200, 60)) // Today's pinned header, over Message 4 (content y 260)
        b.pause(.milliseconds(400))
        b.tap(at: pt(200, 20)) // the global header, over Message 3
        b.pause(.milliseconds(400))
        for f in b.frames where f.time < scrolled { engine.handle(f) }
        let offset = engine.contentOffset
        #expect(offset > 150 && engine.snapshot().attributes.contains { $0.kind == .header && $0.frame.minY == offset + 44 })
        let seen = engine.transcript.entries.count
        for f in b.frames where f.time >= scrolled { engine.handle(f) }
        let after = engine.transcript.entries[seen...].map(\.event)
        #expect(after.filter { if case .gesture(.tap) = $0 { true } else { false } }.count == 2)
        #expect(!after.contains { if case .effect(.highlight(.some)) = $0 { true } else { false } })
        #expect(!after.contains { if case .effect(.selectionChanged) = $0 { true } else { false } })
        // A pan that starts on the pinned header scrolls.
        var c = TraceBuilder(device: folder.trace.device, seed: 52, configuration: .init(start: b.now))
        c.perform([TraceBuilder.Stroke(at: pt(200, 60)).moving(to: pt(200, 160), over: .milliseconds(450))
            .holding(.milliseconds(80))])
        for f in c.frames { engine.handle(f) }
        #expect(engine.contentOffset < offset - 90)
        engine.finish()
        #expect(engine.nextDeadline == nil && engine.journal.entries.isEmpty)
    }

    @Test func theTerminalShowsThemToo() throws {
        let r = try rests()
        try #require(r.count == 3)
        func line(_ lines: [String], _ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        for rest in r { #expect(line(rest.lines, "Mail") == 2, "\(rest.lines.joined(separator: "\n"))") }
        // 1: TODAY on the rows right below the global header (rows 4…7: line 6).
        #expect(line(r[0].lines, "TODAY") == 6)
        // 2: TODAY pushed up, YESTERDAY right below it.
        let today = try #require(line(r[1].lines, "TODAY"))
        let yesterday = try #require(line(r[1].lines, "YESTERDAY"))
        #expect(today < 6 && yesterday > today && yesterday <= 9)
        // 3: YESTERDAY where TODAY was; TODAY gone.
        #expect(line(r[2].lines, "YESTERDAY") == 6 && line(r[2].lines, "TODAY") == nil)
    }
}
