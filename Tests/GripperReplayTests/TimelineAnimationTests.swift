import Testing
import Gripper
import GripperPictures
import GripperReplay
import GripperScene
import GripperTesting

/// The timeline page animates into each picture with the engine's
/// transitions: what each picture carries, and how the page writes it.
@Suite struct TimelineAnimationTests {
    private func pictures(_ scenario: String, transitions: Bool) throws -> [TimelinePage.Frame] {
        let folder = try ScenarioFolder(scenario)
        let driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true,
                                      makingTransitions: transitions)
        var out: [TimelinePage.Frame] = []
        _ = Replay.run(driver, frames: folder.trace.frames, labels: folder.scene.pictureLabels) { out.append($0) }
        return out
    }

    /// The `data-anim` attribute of a picture's part of the page, or nil.
    private func animation(_ frame: TimelinePage.Frame) -> String? {
        let part = TimelinePage.frame(frame)
        guard let start = part.range(of: " data-anim=\"") else { return nil }
        return String(part[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test func eachGapMoveAndTheDropAnimateIntoTheirPicture() throws {
        let shots = try pictures("drag-into-another-section", transitions: true)
        let firstGap = try #require(shots.first { $0.caption == "gapMoved to [0,2]" })
        // Plum slides up a row into Pear's place while the gap slides down to where Plum was.
        #expect(firstGap.transitions.map(\.cause) == [.gapMoved])
        #expect(animation(firstGap) == "250 easeInOut:0 144 400 56 1 0 88 400 56 1,0 88 400 56 1 0 144 400 56 1")
        // Into the other section: the Vegetables header moves up with the cells.
        let intoVeg = try #require(shots.first { $0.caption == "gapMoved to [1,0]" })
        #expect(intoVeg.transitions.first?.layout.moving.contains { $0.final.kind == .header } == true)
        // The drop: Pear fades in where the gap was, in 200 ms.
        let drop = try #require(shots.first { $0.caption.hasPrefix("state dragging -> idle") })
        #expect(animation(drop) == "200 easeOut:0 288 400 56 0 0 288 400 56 1")
        // The start has nothing to animate, and no picture animates what a later one shows.
        #expect(shots.first?.transitions.isEmpty == true)
        let times = shots.map(\.offset)
        for (i, shot) in shots.enumerated() {
            for transition in shot.transitions {
                #expect(transition.time.microseconds <= times[i] && (i == 0 || transition.time.microseconds > times[i - 1]),
                        "picture \(i) (\(shot.caption)) got a transition of \(transition.time)")
            }
        }
    }

    @Test func aStimulusBetweenFramesAnimatesInItsOwnPicture() throws {
        let shots = try pictures("batch-select-delete", transitions: true)
        // setEditing(true) at 0 s: the delete controls and grippers appear.
        let editing = try #require(shots.first { $0.transitions.contains { $0.cause == .editingChanged } })
        #expect(editing.offset == 0)
        // deleteSelected fires at 1.824 s, between two frames: the rows below
        // close up in the picture of that step, not in the next frame's.
        let delete = try #require(shots.first { $0.transitions.contains { $0.cause == .committed } })
        #expect(delete.offset == 1_824_000)
        #expect(delete.transitions.first { $0.cause == .committed }?.layout.moving.isEmpty == false)
    }

    @Test func anEngineThatMakesNoTransitionsWritesThePageAsBefore() throws {
        let shots = try pictures("drag-into-another-section", transitions: false)
        #expect(shots.allSatisfy { $0.transitions.isEmpty && animation($0) == nil })
        let animated = try pictures("drag-into-another-section", transitions: true)
        #expect(shots.map(\.svg) == animated.map(\.svg) && shots.map(\.caption) == animated.map(\.caption))
    }

    @Test func thePageHasThePlayerAndStaysWellFormed() throws {
        let shots = try pictures("drag-into-another-section", transitions: true)
        let page = TimelinePage.html(title: "t", frames: shots, transcript: Transcript())
        #expect(page.contains("<button id=\"play\">play</button>"))
        #expect(page.contains("getAttribute('data-anim')") && page.contains("prefers-reduced-motion"))
        #expect(page.components(separatedBy: " data-anim=\"").count - 1 == shots.filter { animation($0) != nil }.count)
    }
}
