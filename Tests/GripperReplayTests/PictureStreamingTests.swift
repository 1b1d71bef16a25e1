import Foundation
import Testing
@testable import Gripper
import GripperTesting
@testable import GripperPictures
@testable import GripperReplay
@testable import GripperScene
import GripperScripting

/// Pictures handed over as they are drawn, each bounded by the viewport:
/// elements thinner than a point merge into bands.
@Suite struct PictureStreamingTests {
    /// A scene of one section of `count` rows `rowHeight` high (separators a quarter of that).
    private func rows(_ count: Int, rowHeight: Double) -> Scene {
        let items = (0..<count).map { Scene.Item(id: ItemID("i\($0)"), label: "Item \($0)") }
        var metrics = LayoutMetrics(rowHeight: rowHeight)
        metrics.rowSeparator = SeparatorMetrics(thickness: rowHeight / 4)
        return Scene(viewport: Size(width: 400, height: 640), metrics: metrics,
                     sections: [Scene.Section(id: "s", items: items)])
    }

    private func picture(_ scene: Scene) throws -> SVGNode {
        let engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        return try #require(SVGNode.parse(SnapshotRenderer.svg(engine.snapshot(labels: scene.pictureLabels))))
    }

    @Test func rowsThinnerThanAPointMergeIntoBands() throws {
        let svg = try picture(rows(20_000, rowHeight: 0.032)) // 640 points: all in the viewport
        let rects = svg.all.filter { $0.name == "rect" }
        #expect(rects.count < 12, "\(rects.count) rects")
        let cells = rects.filter { $0.classes == ["thin", "cell"] }
        #expect(cells.compactMap { $0.number("data-count") }.reduce(0, +) == 20_000)
        #expect(cells.count == 1 && cells.first?.rect == Rect(x: 0, y: 0, width: 400, height: 640))
        #expect(svg.all.filter { $0.name == "text" }.count == 2) // the status bar only: no label of a merged cell
    }

    @Test func aRowOfOnePointIsDrawnOnItsOwn() throws {
        let whole = try picture(rows(2_000, rowHeight: 1))
        #expect(whole.all.filter { $0.classes == ["cell"] }.count >= 500)
        #expect(whole.all.filter { $0.classes.first == "thin" && $0.classes.last == "cell" }.isEmpty)
        // Just under a point: merged.
        let thin = try picture(rows(2_000, rowHeight: 0.999))
        #expect(thin.all.filter { $0.classes == ["cell"] }.isEmpty)
        #expect(thin.all.filter { $0.classes == ["thin", "cell"] }.count == 1)
    }

    @Test func aPictureDrawsOnlyTheViewport() throws {
        let svg = try picture(rows(100_000, rowHeight: 56))
        let cells = svg.all.filter { $0.classes == ["cell"] }
        #expect(cells.count > 8 && cells.count < 14) // 640 / 56, rows and separators
        #expect(svg.all.filter { $0.name == "text" && $0.text.hasPrefix("Item ") }.count == cells.count)
    }

    @Test func streamedPicturesEqualTheKeptOnes() throws {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        let kept = try Replay(trace: folder.trace, scene: folder.scene, pictures: true)
        var streamed: [TimelinePage.Frame] = []
        let driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        let finished = Replay.run(driver, frames: folder.trace.frames, labels: folder.scene.pictureLabels) {
            streamed.append($0)
        }
        #expect(streamed.map(\.svg) == kept.pictures.map(\.svg))
        #expect(streamed.map(\.caption) == kept.pictures.map(\.caption))
        #expect(finished.transcript == kept.engine.transcript)
        // The page written in parts is the page written whole.
        var parts = TimelinePage.head(title: "t")
        for frame in streamed { parts += TimelinePage.frame(frame) }
        parts += TimelinePage.tail(transcript: finished.transcript, lastFrameOffset: streamed.last?.offset)
        #expect(parts == TimelinePage.html(title: "t", frames: kept.pictures, transcript: kept.engine.transcript))
    }

    private struct Full: Error {}

    @Test func anErrorFromThePictureSinkStopsTheReplay() throws {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        let driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var taken = 0
        #expect(throws: Full.self) {
            _ = try Replay.run(driver, frames: folder.trace.frames, labels: folder.scene.pictureLabels) {
                (_: TimelinePage.Frame) throws(Full) in
                taken += 1
                if taken == 3 { throw Full() }
            }
        }
        #expect(taken == 3)
    }
}
