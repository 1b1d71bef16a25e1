import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperLayout
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@testable import GripperScene
@_spi(Benchmarks) import Gripper

/// A pinch between layouts (`Engine.setPinchLayouts`): the new layout drawn
/// under the fingers by the pinch's progress, the item under the centre
/// kept there, finished or cancelled by how far and how fast the fingers
/// went, one transition from where the pinch left everything.
@Suite struct PinchLayoutTests {
    /// 200 items in 3 columns of a 400 × 640 grid, pinching between 5 columns and 1.
    static func engine(transitions: Bool = true) throws -> Engine {
        var engine = try Engine(scene: LayoutChangeTests.scene(200, columns: 3), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true, makingTransitions: transitions)
        engine.setPinchLayouts(PinchLayouts(closing: LayoutChange(columns: 5), spreading: LayoutChange(columns: 1)))
        return engine
    }

    /// Two fingers around (200, y) viewport points, `from` points apart,
    /// moving symmetrically to `to` apart over `duration`, holding `hold`, then lifting.
    static func pinch(around y: Double, from: Double, to: Double, duration: Duration = .milliseconds(300),
                      hold: Duration = .milliseconds(150)) -> [EventFrame] {
        var script = TraceBuilder(device: TestDevices.probeTouchscreen, configuration: .init(jitter: .zero, tremorMillimetres: 0))
        script.pause(.milliseconds(50))
        let pt = LayoutChangeTests.pt
        script.perform([
            TraceBuilder.Stroke(at: pt(200 - from / 2, y)).moving(to: pt(200 - to / 2, y), over: duration, easing: .linear)
                .holding(hold),
            TraceBuilder.Stroke(at: pt(200 + from / 2, y), after: .milliseconds(8))
                .moving(to: pt(200 + to / 2, y), over: duration, easing: .linear).holding(hold),
        ])
        script.pause(.milliseconds(100))
        return script.frames
    }

    static func steps(_ engine: Engine) -> [String] {
        engine.transcript.entries.compactMap { if case .layoutPinch = $0.event { $0.textLine } else { nil } }
    }

    @Test func aSpreadingPinchTakesTheGridToOneColumnUnderTheFingers() throws {
        var engine = try Self.engine()
        // The centre at y 300: the item under it stays under it.
        let frames = Self.pinch(around: 300, from: 60, to: 200)
        var sawHalfway = false
        var anchorPath: ItemPath?
        var lastShown: [LayoutAttributes] = []
        var oldFrame: Rect?
        for frame in frames {
            engine.handle(frame)
            if let pinch = engine.layoutPinch {
                #expect(pinch.isClosing == false && pinch.change == LayoutChange(columns: 1))
                let shown = engine.pinchedAttributes()
                #expect(!shown.isEmpty && shown.allSatisfy { $0.frame.minX.isFinite && $0.alpha >= 0 && $0.alpha <= 1 })
                if pinch.progress > 0.4 && pinch.progress < 0.9 { sawHalfway = true }
                if anchorPath == nil, let a = pinch.anchor {
                    anchorPath = a.indexPath
                    oldFrame = engine.layout.attributes(for: a.indexPath, presentation: engine.presentation)?.frame
                }
                lastShown = shown
            }
        }
        engine.finish()
        #expect(sawHalfway)
        #expect(engine.layoutPinch == nil)
        #expect(engine.layout.columnCount(inSection: 0) == 1, "\(Self.steps(engine))")
        let steps = Self.steps(engine)
        #expect(steps.count == 2 && steps[0].hasSuffix("layoutPinch began columns 1") && steps[1].hasSuffix("layoutPinch finished columns 1"))
        // The item under the centre (y 300) when the pinch began is under it still.
        let under = engine.layout.attributes(in: Rect(x: 200, y: 300 + engine.contentOffset, width: 0.01, height: 0.01),
                                             presentation: engine.presentation, contentOffset: engine.contentOffset)
            .first { $0.kind == .cell }
        #expect(under?.indexPath != nil && under?.indexPath == anchorPath, "\(String(describing: under)) \(String(describing: anchorPath))")
        #expect(engine._invariantViolations().isEmpty)
        // One transition for the change, starting where the pinch left the cells
        // (the last frame drawn, in content coordinates), not where they were.
        let transitions = engine.takeTransitions().filter { $0.cause == .layoutChanged }
        #expect(transitions.count == 1)
        let path = try #require(anchorPath)
        let change = try #require(transitions.first?.layout.moving.first { $0.final.indexPath == path && $0.final.kind == .cell })
        let drawn = try #require(lastShown.first { $0.indexPath == path && $0.kind == .cell })
        #expect(change.initial.frame != oldFrame)
        #expect(abs(change.initial.frame.size.width - drawn.frame.size.width) < 1e-9)
    }

    @Test func aShortPinchIsCancelledAndTheLayoutStays() throws {
        var engine = try Self.engine()
        // 60 → 70 points apart: scale about 1.17, a fifth of the way, lifted after holding still.
        for frame in Self.pinch(around: 300, from: 60, to: 72, hold: .milliseconds(300)) { engine.handle(frame) }
        engine.finish()
        #expect(engine.layout.columnCount(inSection: 0) == 3)
        let steps = Self.steps(engine)
        #expect(steps.count == 2 && steps[1].contains("layoutPinch cancelled at 0."), "\(steps)")
        // The cells go back from where the pinch showed them.
        let back = engine.takeTransitions().filter { $0.cause == .layoutChanged }
        #expect(back.count == 1 && !(back.first?.layout.moving.isEmpty ?? true))
    }

    @Test func aClosingPinchGoesToFiveColumns() throws {
        var engine = try Self.engine()
        for frame in Self.pinch(around: 200, from: 240, to: 80) { engine.handle(frame) }
        engine.finish()
        #expect(engine.layout.columnCount(inSection: 0) == 5, "\(Self.steps(engine))")
    }

    /// Tiles around one ring per section, as wide as the viewport.
    struct Ring: ItemPlacement {
        func extent(ofSlots count: Int, width: Double) -> Double { count == 0 ? 0 : width }
        func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
            let t = 4 * Double(slot) / Double(max(1, count)), tile = width / 10, r = (width - tile) / 2
            let (x, y): (Double, Double) = t < 1 ? (t, t - 1) : t < 2 ? (2 - t, t - 1) : t < 3 ? (2 - t, 3 - t) : (t - 4, 3 - t)
            return Rect(x: width / 2 + r * x - tile / 2, y: width / 2 + r * y - tile / 2, width: tile, height: tile)
        }
    }

    @Test func aPinchGoesIntoTheAppsOwnLayoutAndBack() throws {
        var engine = try Self.engine()
        let grid = engine.layout
        let ring = try PlacementLayout(placement: Ring(), metrics: engine.metrics, viewport: Size(width: 400, height: 640))
        engine.setPinchLayouts(closingInto: ring, spreadingInto: grid)
        var drawn = false
        for frame in Self.pinch(around: 200, from: 240, to: 80) {
            engine.handle(frame)
            if let pinch = engine.layoutPinch {
                #expect(pinch.layout is PlacementLayout && pinch.change == LayoutChange())
                drawn = drawn || !engine.pinchedAttributes().isEmpty
            }
        }
        #expect(drawn)
        #expect((engine.layout as? PlacementLayout)?.placement is Ring && engine.layoutKind == nil, "\(Self.steps(engine))")
        let steps = Self.steps(engine)
        #expect(steps.count == 2 && steps[0].hasSuffix("layoutPinch began layout PlacementLayout<Ring>")
                && steps[1].hasSuffix("layoutPinch finished layout PlacementLayout<Ring>"), "\(steps)")
        #expect(engine.transcript.jsonLines.contains("\"event\":\"layoutPinch\",\"step\":\"finished\",\"layout\":\"PlacementLayout<Ring>\""))
        #expect(engine.takeTransitions().filter { $0.cause == .layoutChanged }.count == 1)
        #expect(engine._invariantViolations().isEmpty && engine.model.numberOfItems == 200)
        // And spread back into the grid it came from (a fresh engine on the ring: one script each).
        var back = try Self.engine()
        let shipped = back.layout
        back.setLayout(ring, at: .zero)
        back.setPinchLayouts(closingInto: nil, spreadingInto: shipped)
        for frame in Self.pinch(around: 200, from: 60, to: 240) { back.handle(frame) }
        back.finish()
        #expect(back.layout is GridLayout && back.layout.columnCount(inSection: 0) == 3, "\(Self.steps(back))")
        #expect(back._invariantViolations().isEmpty)
        // A layout of another viewport is refused when the pinch begins; the layout stays.
        var refused = try Self.engine()
        let wide = try PlacementLayout(placement: Ring(), metrics: refused.metrics, viewport: Size(width: 500, height: 640))
        refused.setPinchLayouts(closingInto: wide, spreadingInto: nil)
        for frame in Self.pinch(around: 200, from: 240, to: 80) { refused.handle(frame) }
        refused.finish()
        #expect(refused.layout is GridLayout)
        #expect(refused.transcript.entries.contains { $0.rejection?.contains("pinch: the layout's viewport") == true })
    }

    @Test func withoutPinchLayoutsTwoFingersChangeNothing() throws {
        var engine = try Engine(scene: LayoutChangeTests.scene(200, columns: 3), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        for frame in Self.pinch(around: 300, from: 60, to: 200) { engine.handle(frame) }
        engine.finish()
        #expect(engine.layout.columnCount(inSection: 0) == 3 && Self.steps(engine).isEmpty)
        #expect(!engine.transcript.entries.contains { if case .gesture(.pinch) = $0.event { true } else { false } })
    }

    @Test func finishingOrCancellingFollowsProgressAndSpeed() {
        // Halfway and still: finishes; short of it: not; moving on fast finishes; moving back fast does not.
        #expect(LayoutPinch.finishes(progress: 0.5, scale: 1.42, velocity: 0, closing: false))
        #expect(!LayoutPinch.finishes(progress: 0.4, scale: 1.32, velocity: 0, closing: false))
        #expect(LayoutPinch.finishes(progress: 0.2, scale: 1.15, velocity: 3, closing: false))
        #expect(!LayoutPinch.finishes(progress: 0.8, scale: 1.74, velocity: -4, closing: false))
        #expect(LayoutPinch.finishes(progress: 0.2, scale: 0.87, velocity: -3, closing: true))
        // Progress: log₂ of the scale in the pinch's direction, clamped.
        #expect(abs(LayoutPinch.progress(scale: 2, closing: false) - 1) < 1e-12)
        #expect(abs(LayoutPinch.progress(scale: 0.5, closing: true) - 1) < 1e-12)
        #expect(abs(LayoutPinch.progress(scale: 2.0.squareRoot(), closing: false) - 0.5) < 1e-12)
        #expect(LayoutPinch.progress(scale: 0.9, closing: false) == 0)
        for bad in [0.0, -1, .nan, .infinity] { #expect(LayoutPinch.progress(scale: bad, closing: false) == 0) }
        #expect(!LayoutPinch.finishes(progress: 0.1, scale: .nan, velocity: .nan, closing: false))
        for x in [1e-300, 0.001, 0.3, 1, 1.5, 2, 3, 1e6, 1e300] {
            let expected = (x.exponent == 0 ? 0 : Double(x.exponent)) + 0 // exponent part checked below
            _ = expected
            // log₂ against the identity 2^log₂x = x, within 1e-12 relative.
            let l = LayoutPinch.log2(x)
            var back = 1.0
            var e = l.rounded(.down)
            let frac = l - e
            // 2^frac by exp's series on frac·ln2.
            var term = 1.0, sum = 1.0
            for k in 1...30 { term *= frac * 0.693_147_180_559_945_3 / Double(k); sum += term }
            back = sum
            while e > 0 { back *= 2; e -= 1 }
            while e < 0 { back /= 2; e += 1 }
            #expect(abs(back - x) <= 1e-12 * x, "log₂ \(x) = \(l)")
        }
    }

    @Test func aPinchDuringADragDoesNothing() throws {
        var engine = try Self.engine()
        var script = TraceBuilder(device: TestDevices.probeTouchscreen)
        let pt = LayoutChangeTests.pt
        script.pause(.milliseconds(50))
        script.perform([
            TraceBuilder.Stroke(at: pt(60, 100)).holding(.milliseconds(700)).moving(to: pt(60, 300), over: .milliseconds(400)),
            TraceBuilder.Stroke(at: pt(200, 400), after: .milliseconds(800)).moving(to: pt(380, 400), over: .milliseconds(200)),
        ])
        for frame in script.frames { engine.handle(frame) }
        engine.finish()
        #expect(engine.layout.columnCount(inSection: 0) == 3 && Self.steps(engine).isEmpty)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aScenesPinchFieldIsCheckedWhereItIsWrong() throws {
        func error(_ pinch: String) -> String? {
            let json = """
            {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},"pinch":\(pinch),"sections":[{"id":"s","items":[{"id":"a"}]}]}
            """
            do { _ = try Scene.decode(Array(json.utf8), fileName: "scene.json"); return nil } catch { return "\(error)" }
        }
        #expect(error("{}")?.contains("pinch") == true)
        #expect(error("{\"closing\":{\"columns\":0}}")?.contains("pinch.closing.columns") == true)
        #expect(error("{\"opening\":{\"columns\":2}}")?.contains("opening") == true)
        #expect(error("{\"spreading\":{\"rowHeight\":1e400}}") != nil)
        #expect(error("{\"closing\":{\"columns\":3}}") == nil)
        // Read back equal.
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},"pinch":{"closing":{"columns":3},"spreading":{"columns":1,"rowHeight":80}},"sections":[{"id":"s","items":[{"id":"a"}]}]}
        """
        let scene = try Scene.decode(Array(json.utf8), fileName: "scene.json")
        let again = try Scene.decode(Array(try scene.jsonText().utf8), fileName: "again.json")
        #expect(again.pinchLayouts == scene.pinchLayouts && scene.pinchLayouts?.spreading == LayoutChange(columns: 1, rowHeight: 80))
    }
}
