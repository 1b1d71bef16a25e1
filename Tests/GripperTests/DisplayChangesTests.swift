import GripperEditing
import GripperGeometry
import GripperLayout
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@testable import GripperScene

/// What came onto the screen and what left it (`Engine.takeDisplayChanges`),
/// by identity, so an app can prefetch and recycle.
@Suite struct DisplayChangesTests {
    /// A 400 × 640 list: a header of 40 points, `count` 56-point rows, a footer of 20.
    static func engine(_ count: Int) throws -> Engine {
        let items = (1...count).map { "{\"id\":\"i\($0)\"}" }.joined(separator: ",")
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":40,"footerHeight":20},
         "sections":[{"id":"list","title":"List","items":[\(items)]},{"id":"more","title":"More","items":[{"id":"m1"}]}]}
        """
        return try Engine(scene: Scene.decode(Array(json.utf8), fileName: "scene.json"), device: TestDevices.probeTouchscreen)
    }

    static func items(_ range: ClosedRange<Int>) -> [DisplayedElement] { range.map { .item(ItemID("i\($0)")) } }

    @Test func theFirstCallShowsEverythingOnScreen() throws {
        var engine = try Self.engine(50)
        let first = engine.takeDisplayChanges()
        // Item k spans 40 + 56(k − 1) to 40 + 56k: the header and items 1…11 reach into 0…640.
        #expect(first.appeared == [.header("list")] + Self.items(1...11))
        #expect(first.disappeared.isEmpty)
        #expect(engine.takeDisplayChanges().isEmpty, "nothing changed since")
    }

    @Test func aScrollShowsTheRowsItBringsAndRecyclesTheOnesItTakesAway() throws {
        var engine = try Self.engine(50)
        _ = engine.takeDisplayChanges()
        engine.scroll(to: .offset(40 + 56 * 3), animated: false, at: .zero)
        let changes = engine.takeDisplayChanges()
        #expect(changes.disappeared == [.header("list")] + Self.items(1...3))
        #expect(changes.appeared == Self.items(12...15))
        engine.scroll(to: .offset(10_000), animated: false, at: .milliseconds(1))
        let end = engine.takeDisplayChanges()
        #expect(end.appeared.suffix(4) == [.footer("list"), .header("more"), .item("m1"), .footer("more")])
        #expect(engine.displayedElements.count == Set(engine.displayedElements).count, "each once")
    }

    @Test func editsChangeWhatIsShownByIdentity() throws {
        var engine = try Self.engine(50)
        _ = engine.takeDisplayChanges()
        try engine.apply(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 1)), .insertItem("new", at: ItemPath(section: 0, item: 0))]),
                         at: .zero)
        let changes = engine.takeDisplayChanges()
        // i2 went; "new" came at the top; i1 and i3…i11 only moved; nothing else fits.
        #expect(changes.disappeared == [.item("i2")])
        #expect(changes.appeared == [.item("new")])
    }

    @Test func aCarriedItemStaysShownAndALayoutChangeShowsMore() throws {
        var engine = try Self.engine(50)
        _ = engine.takeDisplayChanges()
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 2, configuration: .init(start: .zero + .milliseconds(100)))
        b.perform([TraceBuilder.Stroke(at: .item(ItemPath(section: 0, item: 2), in: engine)!).holding(.milliseconds(700))
            .moving(to: .viewport(Point(x: 200, y: 600), of: engine.viewportSize), over: .milliseconds(300))])
        var frames = Trace(device: b.device, events: b.events).frames
        let lift = frames.removeLast()
        for frame in frames { engine.handle(frame) }
        #expect(engine.phase == .dragging)
        #expect(engine.takeDisplayChanges().isEmpty, "the lifted item is carried, not gone")
        engine.handle(lift)
        engine.finish()
        _ = engine.takeDisplayChanges()
        engine.changeLayout(LayoutChange(columns: 2), at: engine.now! + .milliseconds(10))
        let changes = engine.takeDisplayChanges()
        #expect(changes.disappeared.isEmpty)
        #expect(changes.appeared.count == 11, "two columns show twice the items: \(changes.appeared)")
    }
}
