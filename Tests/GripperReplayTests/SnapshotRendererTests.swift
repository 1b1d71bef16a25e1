import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Gripper
import GripperPictures
import GripperReplay
import GripperTesting
import Testing

@Suite struct SnapshotRendererTests {
    /// The pictures of a scenario.
    func pictures(_ name: String) throws -> [TimelinePage.Frame] {
        let folder = try ScenarioFolder(name)
        return try Replay(trace: folder.trace, scene: folder.scene, pictures: true).pictures
    }

    @Test func dragPicturesShowGhostPlaceholderProxyAndContact() throws {
        let shots = try pictures("long-press-drag-down-up")
        let dragging = try #require(shots.first { $0.svg.contains("dragging") && $0.caption.hasPrefix("gapMoved") })
        for part in ["class=\"ghost\"", "class=\"placeholder\"", "class=\"proxy\"", "class=\"contact\"", "feDropShadow"] {
            #expect(dragging.svg.contains(part), "\(part)")
        }
        #expect(dragging.svg.contains(">Item 2</text>"))
        let start = try #require(shots.first)
        #expect(start.caption == "start" && !start.svg.contains("class=\"placeholder\"") && !start.svg.contains("class=\"contact\""))
        #expect(shots.allSatisfy { wellFormed($0.svg) })
    }

    /// The status bar names the scroll position "scroll" as the window and
    /// the terminal do ("offset" beside the time read like a clock offset).
    @Test func theStatusBarSaysScrollNotOffset() throws {
        let shots = try pictures("long-press-drag-down-up")
        #expect(try #require(shots.first).svg.contains(">scroll 0</text>"))
        #expect(shots.allSatisfy { $0.svg.contains(">scroll ") && !$0.svg.contains(">offset ") })
    }

    @Test func swipeAndBatchPicturesShowTheirControls() throws {
        let swipe = try pictures("swipe-then-delete")
        let open = try #require(swipe.first { $0.caption == "state swiping -> open" })
        #expect(open.svg.contains("class=\"action\"") && open.svg.contains(">Delete</text>"))
        let batch = try pictures("batch-select-delete")
        let selected = try #require(batch.first { $0.svg.contains("#bbdefb") })
        #expect(selected.svg.contains("class=\"delete-control\"") && selected.svg.contains("class=\"gripper\""))
        #expect(batch.allSatisfy { wellFormed($0.svg) })
    }

    @Test func picturesAreReproducible() throws {
        let a = try pictures("grid-drag").map(\.svg)
        let b = try pictures("grid-drag").map(\.svg)
        #expect(a == b && a.count > 3)
    }

    @Test func theTimelinePageIsSelfContained() throws {
        let folder = try ScenarioFolder("drag-into-another-section")
        let replay = try Replay(trace: folder.trace, scene: folder.scene, pictures: true)
        let page = TimelinePage.html(title: "a <test>", frames: replay.pictures, transcript: replay.engine.transcript)
        #expect(page.contains("<title>a &lt;test&gt;</title>"))
        #expect(page.components(separatedBy: "<svg ").count - 1 == replay.pictures.count)
        #expect(page.contains("type=\"range\"") && page.contains("slider.max=String(Math.max(0,frames.length-1))"))
        #expect(wellFormed(page))
        #expect(!page.contains("src=") && !page.contains("href=\"http") && !page.contains("<link"))
        #expect(page.contains("final fruit: apple plum | veg: leek kale pear bean"))
    }
}
