import GripperEditing
import GripperGeometry
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@testable import GripperScene

/// The global header's segment control (`Engine.segmentFrames()`): a tap
/// on a segment shows it, written as a `segmentTapped` entry before the
/// switch's own; a tap on the segment shown, or while something is under
/// way, changes nothing.
@Suite struct SegmentControlTests {
    static let scene: Scene = {
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
         "globalHeader":{"height":44,"title":"Inbox | Sent | Drafts"},
         "segments":[{"key":"inbox","sections":[{"id":"all","items":[{"id":"in1"},{"id":"in2"}]}]},
                     {"key":"sent","sections":[{"id":"all","items":[{"id":"out1"}]}]},
                     {"key":"drafts","sections":[{"id":"all","items":[{"id":"d1"},{"id":"d2"},{"id":"d3"}]}]}]}
        """
        return try! Scene.decode(Array(json.utf8), fileName: "scene.json")
    }()

    static func tap(_ engine: inout Engine, at p: Point, after ms: Int64) -> [String] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, configuration: .init(start: .milliseconds(ms)))
        b.tap(at: .fraction(p.x / 400, p.y / 640))
        b.pause(.milliseconds(50))
        var lines: [String] = []
        for frame in b.frames { lines += engine.handle(frame).map(\.textLine) }
        return lines
    }

    @Test func aTapOnASegmentShowsIt() throws {
        var engine = try Engine(scene: Self.scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let frames = engine.segmentFrames()
        #expect(frames.count == 3)
        #expect(frames.map(\.minX) == [0, 400.0 / 3, 800.0 / 3] && frames.allSatisfy { $0.minY == 0 && $0.height == 44 })
        let ids = { (e: Engine) in e.model.sections.flatMap { $0.items.map(\.rawValue) } }
        #expect(ids(engine) == ["in1", "in2"])
        // The third segment, Drafts.
        let lines = Self.tap(&engine, at: Point(x: 340, y: 20), after: 100)
        #expect(ids(engine) == ["d1", "d2", "d3"], "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" segmentTapped 2") })
        #expect(engine.transcript.jsonLines.contains("\"event\":\"segmentTapped\",\"segment\":2"))
        // The one shown: nothing more.
        let again = Self.tap(&engine, at: Point(x: 300, y: 20), after: 1000)
        #expect(!again.contains { $0.contains("segmentTapped") } && ids(engine) == ["d1", "d2", "d3"])
        // A tap below the header is a tap on the list, not the control.
        let below = Self.tap(&engine, at: Point(x: 40, y: 80), after: 2000)
        #expect(!below.contains { $0.contains("segmentTapped") } && ids(engine) == ["d1", "d2", "d3"])
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func noControlWithoutSegments() throws {
        let engine = try Engine(scene: LayoutChangeTests.scene(10), device: TestDevices.probeTouchscreen)
        #expect(engine.segmentFrames().isEmpty)
    }
}
