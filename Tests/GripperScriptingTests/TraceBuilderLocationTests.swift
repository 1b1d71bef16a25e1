import Gripper
import GripperGeometry
import GripperLayout
import GripperScene
import GripperScripting
import GripperTraces
import Testing

/// Scripted gestures aimed at what the engine shows: a point of the
/// viewport, or an item wherever the layout, the scroll and the orientation
/// put it.
@Suite struct TraceBuilderLocationTests {
    static func engine(layout: String = "") throws -> Engine {
        let items = (1...40).map { "{\"id\":\"i\($0)\"}" }.joined(separator: ",")
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"columns":2\(layout)},
         "sections":[{"id":"list","items":[\(items)]}]}
        """
        return try Engine(scene: Scene.decode(Array(json.utf8), fileName: "scene.json"), device: TestDevices.probeTouchscreen)
    }

    @Test(arguments: ["", ",\"scrollDirection\":\"horizontal\"", ",\"layoutDirection\":\"rightToLeft\"",
                      ",\"scrollDirection\":\"horizontal\",\"layoutDirection\":\"rightToLeft\""])
    func aDragAimedAtItemsLandsOnTheItemAimedAt(_ layout: String) throws {
        var engine = try Self.engine(layout: layout)
        engine.scroll(to: .offset(140), animated: false, at: .zero)
        let from = ItemPath(section: 0, item: 5), to = ItemPath(section: 0, item: 9)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 1, configuration: .init(start: .zero + .milliseconds(100)))
        b.drag(from: try #require(TraceBuilder.Location.item(from, in: engine)),
               to: try #require(TraceBuilder.Location.item(to, in: engine)))
        b.pause(.milliseconds(300))
        for frame in Trace(device: b.device, events: b.events).frames { engine.handle(frame) }
        engine.finish()
        let entry = try #require(engine.journal.entries.last)
        #expect(entry.edit == .move(ItemID("i6"), from: from, to: to), "\(layout): \(entry.edit)")
    }

    @Test func anItemTheLayoutDoesNotHaveIsNil() throws {
        let engine = try Self.engine()
        #expect(TraceBuilder.Location.item(ItemPath(section: 0, item: 40), in: engine) == nil)
        #expect(TraceBuilder.Location.item(ItemPath(section: 1, item: 0), in: engine) == nil)
        #expect(TraceBuilder.Location.viewport(Point(x: 100, y: 160), of: Size(width: 400, height: 640)) == .fraction(0.25, 0.25))
    }

    @Test(arguments: [LayoutOrientation(axis: .vertical, direction: .leftToRight),
                      LayoutOrientation(axis: .vertical, direction: .rightToLeft),
                      LayoutOrientation(axis: .horizontal, direction: .leftToRight),
                      LayoutOrientation(axis: .horizontal, direction: .rightToLeft)])
    func viewportPointInvertsScrollPoint(_ o: LayoutOrientation) {
        let screen = Size(width: 400, height: 640)
        for p in [Point(x: 0, y: 0), Point(x: 17, y: 600), Point(x: 399, y: 3)] {
            #expect(o.viewportPoint(o.scrollPoint(p, viewport: screen), viewport: screen) == p)
        }
    }
}
