import GripperEditing
import GripperGeometry
import GripperLayout
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@testable import GripperScene
@_spi(Benchmarks) import Gripper

/// A tap on a section's header is reported when the delegate asks for it
/// (`CollectionDelegate.tapsOnHeaders`; a scene's `headerTaps`), as a
/// `headerTapped` entry the app acts on; otherwise it does nothing.
@Suite struct HeaderTapTests {
    /// Two sections with 40-point headers over 56-point rows, 400 × 640.
    static func engine(headerTaps: Bool, selection: String = "multiple") throws -> Engine {
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":40},"selection":"\(selection)",
         \(headerTaps ? "\"headerTaps\":true," : "")
         "sections":[{"id":"fruit","title":"Fruit","items":[{"id":"apple"},{"id":"pear"}]},
                     {"id":"veg","title":"Vegetables","items":[{"id":"leek"}]}]}
        """
        return try Engine(scene: Scene.decode(Array(json.utf8), fileName: "scene.json"), device: TestDevices.probeTouchscreen,
                          recordingTranscript: true)
    }

    static func tap(_ engine: inout Engine, at y: Double) -> [Transcript.Entry] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 6,
                             configuration: .init(start: (engine.now ?? .zero) + .milliseconds(100)))
        b.tap(at: .viewport(Point(x: 200, y: y), of: engine.viewportSize))
        b.pause(.milliseconds(400))
        var entries: [Transcript.Entry] = []
        for frame in Trace(device: b.device, events: b.events).frames { entries += engine.handle(frame) }
        return entries + engine.fire(until: engine.now! + .milliseconds(500))
    }

    static func tapped(_ entries: [Transcript.Entry]) -> [SectionID] {
        entries.compactMap { if case .effect(.headerTapped(let s)) = $0.event { s } else { nil } }
    }

    @Test func aTapOnAHeaderIsReportedWhenTheDelegateAsks() throws {
        var engine = try Self.engine(headerTaps: true)
        // The second section's header: 40 + 2 × 56 = 152 to 192.
        let entries = Self.tap(&engine, at: 170)
        #expect(Self.tapped(entries) == ["veg"])
        #expect(entries.map(\.textLine).contains { $0.hasSuffix("headerTapped veg") })
        #expect(engine.selection.isEmpty, "a header selects nothing")
        // A tap on a cell still selects it.
        let cell = Self.tap(&engine, at: 60)
        #expect(Self.tapped(cell).isEmpty && engine.selection == ["apple"])
        let json = engine.transcript.jsonLines.split(separator: "\n").first { $0.contains("headerTapped") }
        #expect(json?.contains("\"section\":\"veg\"") == true)
    }

    @Test func withoutItATapOnAHeaderDoesNothing() throws {
        var engine = try Self.engine(headerTaps: false)
        #expect(Self.tapped(Self.tap(&engine, at: 20)).isEmpty)
        #expect(engine.selection.isEmpty && engine.phase == .idle)
    }

    @Test func headersAreTappedInBatchEditingAndWithoutSelectionToo() throws {
        var engine = try Self.engine(headerTaps: true, selection: "none")
        #expect(Self.tapped(Self.tap(&engine, at: 20)) == ["fruit"])
        engine.apply(.setEditing(true), at: engine.now! + .milliseconds(10))
        #expect(Self.tapped(Self.tap(&engine, at: 170)) == ["veg"])
    }

    @Test func aSceneWritesItsHeaderTapsBack() throws {
        let scene = try Scene.decode(Array("""
            {"viewport":{"width":400,"height":640},"headerTaps":true,"sections":[{"id":"a","items":[]}]}
            """.utf8), fileName: "scene.json")
        #expect(scene.headerTaps)
        let again = try Scene.decode(Array(try scene.jsonText().utf8), fileName: "again.json")
        #expect(again.headerTaps)
    }
}
