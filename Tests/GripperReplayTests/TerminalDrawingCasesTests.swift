import Testing
import Gripper
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperReplay
import GripperScene
import GripperScripting
import GripperTesting

/// The terminal marks what `SceneDrawing` draws beyond cells and headers,
/// as well as characters can: a multi-item drag's count, the selection
/// ticks, rows merged into a band (counted, never dropped), the loading
/// indicator and the error panel.
@Suite struct TerminalDrawingCasesTests {
    /// 40 × 64 characters over a 400 × 640 scene: 10 points a character both ways.
    private func lines(_ snapshot: EngineSnapshot) -> [String] {
        TerminalRenderer.lines(snapshot, columns: 40, rows: 64, color: false)
    }

    @Test func aMultiItemDragShowsItsCountAndSelectedCellsATick() throws {
        let folder = try ScenarioFolder("multi-drag-across-sections")
        var driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var sawTicks = false, sawCount = false
        for frame in folder.trace.frames {
            driver.handle(frame)
            let snapshot = driver.engine.snapshot(labels: folder.scene.pictureLabels)
            let text = lines(snapshot)
            if let proxy = snapshot.attributes.first(where: { $0.kind == .dragProxy }), proxy.dragItemCount > 1 {
                // At the end of the proxy's label row.
                let label = try #require(proxy.indexPath.flatMap { snapshot.items[$0]?.text })
                #expect(text.contains { $0.contains(label) && $0.hasSuffix("×3 ") }, "\(text.joined(separator: "\n"))")
                sawCount = true
            }
            let selected = snapshot.attributes.filter { $0.kind == .cell && $0.isEditing && $0.isSelected }
            if selected.count == 3, !sawTicks {
                for cell in selected {
                    // The delete control, then the tick, then the label, on the label's row.
                    let label = try #require(snapshot.items[cell.indexPath!]?.text)
                    let row = try #require(text.first { $0.contains(label) }, "\(text.joined(separator: "\n"))")
                    let tick = try #require(row.firstIndex(of: "✓"), "\(row)")
                    let minus = try #require(row.range(of: "(-)"), "\(row)")
                    #expect(minus.upperBound <= tick && tick < row.range(of: label)!.lowerBound, "\(row)")
                }
                sawTicks = true
            }
        }
        #expect(sawTicks && sawCount)
    }

    @Test func rowsMergedIntoABandAreCountedOnTheRowsTheyCover() throws {
        let items = (0..<10_000).map { Scene.Item(id: ItemID("i\($0)"), label: "Item \($0)") }
        let scene = Scene(viewport: Size(width: 400, height: 640), metrics: LayoutMetrics(rowHeight: 0.032),
                          sections: [Scene.Section(id: "s", items: items)])
        let engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        let text = lines(engine.snapshot(labels: scene.pictureLabels)).dropFirst()
        let marks = text.map { line -> Int in
            guard let plus = line.lastIndex(of: "+") else { return 0 }
            return Int(line[line.index(after: plus)...]) ?? 0
        }
        // 320 points of rows: the 32 character rows they cover, 312 or 313 each; none below.
        #expect(marks.reduce(0, +) == 10_000)
        #expect(marks.prefix(32).allSatisfy { $0 >= 312 && $0 <= 313 }, "\(marks)")
        #expect(marks.dropFirst(32).allSatisfy { $0 == 0 })
        #expect(!text.joined().contains("Item"))
    }

    @Test func theLoadingIndicatorAndTheErrorPanelAreWritten() throws {
        let scene = try Scene.decode("""
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":50},
         "sections":[{"id":"s","items":[{"id":"a","label":"Apple"}]}]}
        """)
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        engine.apply(.loading(.beginLoading, content: nil), at: EventTime(microseconds: 0))
        let loading = lines(engine.snapshot(labels: scene.pictureLabels))
        // Centred on the indicator, a third of the way down (content y 213: line 22).
        #expect(loading[22].contains("loading…"), "\(loading.joined(separator: "\n"))")
        engine.apply(.loading(.failed(LoadingPlaceholder(title: "Could Not Load", message: "Try again.")), content: nil),
                     at: EventTime(microseconds: 1_000))
        let failed = lines(engine.snapshot(labels: scene.pictureLabels))
        let title = try #require(failed.firstIndex { $0.contains("Could Not Load") })
        #expect(failed[title + 2].contains("Try again.") || failed[title + 3].contains("Try again."),
                "\(failed.joined(separator: "\n"))")
        #expect(!failed.joined().contains("loading…"))
    }
}
