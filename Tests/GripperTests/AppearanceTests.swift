import GripperEditing
import GripperGeometry
import GripperLayout
import GripperScripting
import GripperTesting
import Testing
@testable import Gripper
@testable import GripperScene

/// The layout decides how cells come and go (`LayoutMetrics.appearance`,
/// a scene's `layout.appearance`): an inserted cell starts, and a deleted
/// one ends, where the appearance says; other elements fade.
@Suite struct AppearanceTests {
    static func engine(_ appearance: String?) throws -> Engine {
        let items = (1...8).map { "{\"id\":\"i\($0)\"}" }.joined(separator: ",")
        let field = appearance.map { ",\"appearance\":\"\($0)\"" } ?? ""
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":24,"separator":1\(field)},
         "sections":[{"id":"list","title":"List","items":[\(items)]}]}
        """
        let scene = try Scene.decode(Array(json.utf8), fileName: "scene.json")
        return try Engine(scene: scene, device: TestDevices.probeTouchscreen, makingTransitions: true)
    }

    /// The transition of inserting `new` at [0,2] then that of deleting it.
    static func insertThenDelete(_ engine: inout Engine) throws -> (EngineTransition, EngineTransition) {
        _ = engine.takeTransitions()
        try engine.apply(BatchUpdate([.insertItem("new", at: ItemPath(section: 0, item: 2))]), at: .milliseconds(10))
        let inserted = try #require(engine.takeTransitions().last)
        try engine.apply(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 2))]), at: .milliseconds(20))
        let deleted = try #require(engine.takeTransitions().last)
        return (inserted, deleted)
    }

    static func cell(_ changes: [LayoutTransition.Change], _ path: ItemPath) -> LayoutTransition.Change? {
        changes.first { $0.final.kind == .cell && $0.final.indexPath == path || $0.initial.kind == .cell && $0.initial.indexPath == path }
    }

    @Test func fadeIsTheDefault() throws {
        var engine = try Self.engine(nil)
        #expect(engine.metrics.appearance == .fade)
        let (inserted, deleted) = try Self.insertThenDelete(&engine)
        let appear = try #require(Self.cell(inserted.layout.appearing, ItemPath(section: 0, item: 2)))
        #expect(appear.initial.frame == appear.final.frame && appear.initial.alpha == 0 && appear.final.alpha == 1)
        let gone = try #require(Self.cell(deleted.layout.disappearing, ItemPath(section: 0, item: 2)))
        #expect(gone.final.frame == gone.initial.frame && gone.final.alpha == 0)
    }

    @Test(arguments: ElementAppearance.allCases.filter { $0 != .fade })
    func eachAppearanceMovesTheCellAsItSays(_ appearance: ElementAppearance) throws {
        var engine = try Self.engine(appearance.rawValue)
        #expect(engine.metrics.appearance == appearance)
        let (inserted, deleted) = try Self.insertThenDelete(&engine)
        let appear = try #require(Self.cell(inserted.layout.appearing, ItemPath(section: 0, item: 2)))
        let gone = try #require(Self.cell(deleted.layout.disappearing, ItemPath(section: 0, item: 2)))
        for (hidden, shown) in [(appear.initial, appear.final), (gone.final, gone.initial)] {
            let f = shown.frame
            switch appearance {
            case .fade: Issue.record("not an argument")
            case .slideFromLeading: #expect(hidden.frame == Rect(x: f.minX - f.width, y: f.minY, width: f.width, height: f.height))
            case .slideFromTrailing: #expect(hidden.frame == Rect(x: f.minX + f.width, y: f.minY, width: f.width, height: f.height))
            case .slideFromStart: #expect(hidden.frame == Rect(x: f.minX, y: f.minY - f.height, width: f.width, height: f.height))
            case .slideFromEnd: #expect(hidden.frame == Rect(x: f.minX, y: f.minY + f.height, width: f.width, height: f.height))
            case .shrink: #expect(hidden.frame == Rect(x: f.minX, y: f.minY, width: f.width, height: 0) && hidden.alpha == 0)
            }
            if appearance != .shrink { #expect(hidden.alpha == shown.alpha, "a slide keeps the cell opaque") }
        }
        // What comes with the cell but is not one (its separator) only fades.
        for change in inserted.layout.appearing where change.final.kind != .cell {
            #expect(change.initial.frame == change.final.frame && change.initial.alpha == 0)
        }
    }

    @Test func aSceneWithAnAppearanceReadsBackEqual() throws {
        let engine = try Self.engine("slideFromTrailing")
        _ = engine
        let items = "{\"id\":\"a\"}"
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"appearance":"shrink"},"sections":[{"id":"s","items":[\(items)]}]}
        """
        let scene = try Scene.decode(Array(json.utf8), fileName: "scene.json")
        #expect(scene.metrics.appearance == .shrink)
        let again = try Scene.decode(Array(try scene.jsonText().utf8), fileName: "again.json")
        #expect(again.metrics.appearance == .shrink)
        let bad = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"appearance":"wobble"},"sections":[{"id":"s","items":[\(items)]}]}
        """
        #expect(throws: SceneError.self) { try Scene.decode(Array(bad.utf8), fileName: "bad.json") }
    }
}
