import Testing
import Gripper
import GripperTesting
import GripperGeometry
import GripperPictures
import GripperReplay
import GripperScene

@Suite struct TerminalRendererTests {
    /// The engine of a scenario stopped after `frames` frames.
    func engine(_ name: String, frames count: Int) throws -> Engine {
        let folder = try ScenarioFolder(name)
        var engine = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        for frame in folder.trace.frames.prefix(count) { engine.handle(frame) }
        return engine
    }

    @Test func plainTextHasTheGridTheLabelsAndTheStatus() throws {
        let e = try engine("swipe-then-delete", frames: 0)
        let labels = try ScenarioFolder("swipe-then-delete").scene.pictureLabels
        let lines = TerminalRenderer.lines(e.snapshot(labels: labels), columns: 40, rows: 32, color: false)
        #expect(lines.count == 33)
        #expect(lines.dropFirst().allSatisfy { $0.count == 40 })
        #expect(lines[0].contains("idle"))
        #expect(lines.contains { $0.contains("Item 1") } && lines.contains { $0.contains("Item 8") })
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func aDragShowsTheProxyTheGhostAndTheContact() throws {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var frames = folder.trace.frames[...]
        while let f = frames.popFirst(), !e.stateName.hasSuffix("dragging") { e.handle(f) }
        for f in frames.prefix(75) { e.handle(f) }
        #expect(e.phase == .dragging)
        let lines = TerminalRenderer.lines(e.snapshot(labels: folder.scene.pictureLabels), columns: 50, rows: 40, color: false)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("@") && text.contains("(Item 2)") && text.contains("---"))
        let colored = TerminalRenderer.lines(e.snapshot(labels: folder.scene.pictureLabels), columns: 50, rows: 40, color: true).joined()
        #expect(colored.contains("\u{1B}[0;1;30;103m")) // the lifted proxy's colour
    }

    @Test func anOpenCellShowsItsActions() throws {
        let folder = try ScenarioFolder("swipe-then-delete")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        for f in folder.trace.frames where e.phase != .open { e.handle(f) }
        #expect(e.phase == .open)
        let text = TerminalRenderer.lines(e.snapshot(labels: folder.scene.pictureLabels), columns: 60, rows: 40, color: false).joined(separator: "\n")
        #expect(text.contains("Delete"))
    }
}

/// What a new user saw wrong in `gripper live`'s terminal view (issue 16).
@Suite struct TerminalViewTests {
    func opened() throws -> (Engine, PictureLabels) {
        let folder = try ScenarioFolder("swipe-then-delete")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        for f in folder.trace.frames where e.phase != .open { e.handle(f) }
        return (e, folder.scene.pictureLabels)
    }

    @Test(arguments: [(50, 16), (30, 12), (60, 40)])
    func labelsFitOrAreMarkedAsCut(columns: Int, rows: Int) throws {
        let (e, labels) = try opened()
        let text = TerminalRenderer.lines(e.snapshot(labels: labels), columns: columns, rows: rows, color: false)
            .joined(separator: "\n")
        // "Delete" whole, or cut with an ellipsis: never "Dele" or "De" standing as a word.
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "|" }) where "Delete".hasPrefix(word) && word.count >= 2 {
            #expect(word == "Delete", "\(word) in\n\(text)")
        }
        #expect(text.contains("Delete") || text.contains("D…") || text.contains("De…") || text.contains("Del…")
                || text.contains("Dele…") || text.contains("Delet…"), "\(text)")
    }

    /// In a small terminal every item is drawn or counted in a `+N` mark on
    /// the row it falls on: none looks deleted.
    @Test(arguments: [(50, 16), (40, 6), (50, 40)])
    func noRowIsDroppedSilently(columns: Int, rows: Int) throws {
        let folder = try ScenarioFolder("swipe-then-delete")
        let e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        let snapshot = e.snapshot(labels: folder.scene.pictureLabels)
        let cells = snapshot.attributes.filter { $0.kind == .cell }
        let lines = TerminalRenderer.lines(snapshot, columns: columns, rows: rows, color: false).dropFirst()
        let text = lines.joined(separator: "\n")
        let shown = cells.filter { c in c.indexPath.flatMap { snapshot.items[$0] }.map { text.contains(String($0.text.prefix(3))) } ?? false }
        let marked = lines.compactMap { line -> Int? in
            guard let plus = line.lastIndex(of: "+") else { return nil }
            return Int(line[line.index(after: plus)...])
        }.reduce(0, +)
        #expect(shown.count + marked >= cells.count, "\(shown.count) shown + \(marked) marked of \(cells.count)\n\(text)")
        #expect(cells.count >= 7)
    }

    @Test func theStatusLineSpansTheWidthAndNamesTheScrollOffset() throws {
        let (e, labels) = try opened()
        let lines = TerminalRenderer.lines(e.snapshot(labels: labels), columns: 120, rows: 20, color: false,
                                           status: "12.3 s  open  waiting for input")
        #expect(lines[0].hasPrefix("12.3 s  open  waiting for input"))
        #expect(lines[0].contains("scroll 0"))
        #expect(!lines[0].contains("offset"))
        let narrow = TerminalRenderer.lines(e.snapshot(labels: labels), columns: 20, rows: 20, color: false,
                                            status: "12.3 s  open  waiting for input")
        #expect(narrow[0].count == 20 && narrow[0].hasSuffix("…"), "\(narrow[0])")
    }

    /// The contact colours its character cell and keeps the letter under it.
    @Test func theContactKeepsTheLetterUnderIt() throws {
        let folder = try ScenarioFolder("swipe-then-delete")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        for f in folder.trace.frames.prefix(3) { e.handle(f) }
        var snapshot = e.snapshot(labels: folder.scene.pictureLabels)
        let plain = TerminalRenderer.lines(snapshot, columns: 40, rows: 32, color: false)
        let row = try #require(plain.firstIndex { $0.contains("Item 2") })
        let column = try #require(plain[row].firstRange(of: "Item 2")).lowerBound
        let x = plain[row].distance(from: plain[row].startIndex, to: column)
        // Put the finger on the label's first letter.
        snapshot.contact = Point(x: (Double(x) + 0.5) * 10, y: (Double(row - 1) + 0.5) * 20)
        let touched = TerminalRenderer.lines(snapshot, columns: 40, rows: 32, color: false)
        #expect(touched[row].contains("Item 2"), "\(touched[row])")
        let colored = TerminalRenderer.lines(snapshot, columns: 40, rows: 32, color: true)[row]
        #expect(colored.contains("\u{1B}[0;1;97;101mI"), "\(colored)")
    }
}
