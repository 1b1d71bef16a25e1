import Testing
import Gripper
import GripperTesting
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperReplay
import GripperScene

/// An open menu in the pictures: the shared drawing (which the window
/// paints), the SVG and the terminal, from the `menu-tap-entry` case
/// stopped with Pear's menu open, and with Plum's opened by the keys.
@Suite struct MenuPictureTests {
    /// `menu-tap-entry` after the frames that open Pear's menu and lift the finger.
    func openMenu() throws -> (Engine, PictureLabels) {
        let folder = try ScenarioFolder("menu-tap-entry")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var frames = folder.trace.frames[...]
        while let f = frames.popFirst(), e.phase != .menu { e.handle(f) }
        // On to the lift: the menu stays.
        while let f = frames.first, f.time.microseconds < 1_400_000 { e.handle(f); frames.removeFirst() }
        #expect(e.phase == .menu)
        return (e, folder.scene.pictureLabels)
    }

    @Test func theDrawingHasThePanelAndEachEntryWithItsStyle() throws {
        let (e, labels) = try openMenu()
        let drawing = SceneDrawing(e.snapshot(labels: labels))
        let roles = drawing.items.map(\.role)
        #expect(roles.contains(.menu))
        let titles = drawing.items.compactMap { item -> String? in
            if case .text(let t, _, _, _, _, _) = item.shape, case .menuEntry = item.role { t } else { nil }
        }
        #expect(titles == ["Copy", "Share", "Delete"])
        #expect(roles.contains(.menuEntry(.destructive, selected: false)))
        // Drawn over the cells: after every cell's shapes.
        let lastCell = try #require(roles.lastIndex(of: .cell))
        let firstMenu = try #require(roles.firstIndex(of: .menu))
        #expect(firstMenu > lastCell)
    }

    @Test func theSVGAndTheTerminalShowIt() throws {
        let (e, labels) = try openMenu()
        let svg = SnapshotRenderer.svg(e.snapshot(labels: labels))
        #expect(svg.contains("class=\"menu\""))
        #expect(svg.contains("menu-entry destructive"))
        #expect(svg.contains(">Share<"))
        let text = TerminalRenderer.lines(e.snapshot(labels: labels), columns: 50, rows: 40, color: false).joined(separator: "\n")
        #expect(text.contains("Copy") && text.contains("Share") && text.contains("Delete"))
    }

    @Test func theKeyboardsSelectionIsHighlighted() throws {
        let folder = try ScenarioFolder("menu-tap-entry")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        e.setFocus(ItemPath(section: 0, item: 1), at: .milliseconds(100))
        e.handleKey(code: 127, value: 1, at: .milliseconds(200))
        e.handleKey(code: 15, value: 1, at: .milliseconds(300))
        let snapshot = e.snapshot(labels: folder.scene.pictureLabels)
        let selected = snapshot.attributes.filter { if case .menuEntry = $0.kind { $0.isHighlighted } else { false } }
        #expect(selected.map(\.menuEntry?.id) == ["share"])
        #expect(SceneDrawing(snapshot).items.contains { $0.role == .menuEntry(.normal, selected: true) })
        #expect(SnapshotRenderer.svg(snapshot).contains("menu-entry selected"))
    }
}
