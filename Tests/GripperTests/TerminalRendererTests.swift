import Testing
import Gripper
import GripperTesting
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
        #expect(e.stateName == "dragging")
        let lines = TerminalRenderer.lines(e.snapshot(labels: folder.scene.pictureLabels), columns: 50, rows: 40, color: false)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("@") && text.contains("(Item 2)") && text.contains("---"))
        let colored = TerminalRenderer.lines(e.snapshot(labels: folder.scene.pictureLabels), columns: 50, rows: 40, color: true).joined()
        #expect(colored.contains("\u{1B}[0;1;30;103m")) // the lifted proxy's colour
    }

    @Test func anOpenCellShowsItsActions() throws {
        let folder = try ScenarioFolder("swipe-then-delete")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        for f in folder.trace.frames where e.stateName != "open" { e.handle(f) }
        #expect(e.stateName == "open")
        let text = TerminalRenderer.lines(e.snapshot(labels: folder.scene.pictureLabels), columns: 60, rows: 40, color: false).joined(separator: "\n")
        #expect(text.contains("Delete"))
    }
}
