import Testing
import Gripper
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperReplay
import GripperScene
import GripperScripting
import GripperTesting

/// The SVG pictures are a back end of `SceneDrawing`, like the window and
/// the terminal: every label, disc and line of the drawing is in the
/// picture, with the SVG's classes, so the three cannot drift apart.
@Suite struct SVGBackEndTests {
    /// The snapshots of a scenario at every frame where the state changes or the drag moves.
    private func snapshots(_ scenario: String) throws -> [EngineSnapshot] {
        let folder = try ScenarioFolder(scenario)
        var driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var out: [EngineSnapshot] = []
        var seen = 0
        for frame in folder.trace.frames {
            driver.handle(frame)
            let count = driver.engine.transcript.entries.count
            if count != seen { out.append(driver.engine.snapshot(labels: folder.scene.pictureLabels)) }
            seen = count
        }
        return out
    }

    /// Equal to the SVG's two decimals.
    private func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 0.006 } ?? false }

    private func svg(_ s: EngineSnapshot) throws -> SVGNode { try #require(SVGNode.parse(SnapshotRenderer.svg(s, id: "t"))) }

    /// The elements that draw (not the definitions: clip paths, gradients, filters).
    private func drawn(_ root: SVGNode) -> [SVGNode] {
        root.all.filter { node in !node.ancestors.contains { $0.name == "defs" } && node.name != "defs" }
    }

    @Test(arguments: ["multi-drag-across-sections", "swipe-then-delete", "pinned-header-pushed-up", "grid-drag",
                      "horizontal-drag", "drag-into-another-section"])
    func everyShapeOfTheDrawingIsInThePicture(_ scenario: String) throws {
        let shots = try snapshots(scenario)
        #expect(shots.count > 3)
        for s in shots {
            let drawing = SceneDrawing(s)
            let nodes = drawn(try svg(s))
            // Every label, with its words as they are.
            let texts = drawing.items.compactMap { item -> String? in
                if case .text(let t, _, _, _, _, _) = item.shape { return Escaping.visible(t) } else { return nil }
            }
            #expect(nodes.filter { $0.name == "text" }.map(\.text) == texts)
            // Every disc and ring a circle, every line a polyline, every arc a path, every shadow a filtered rect.
            let circles = drawing.items.filter { if case .disc = $0.shape { true } else if case .ring = $0.shape { true } else { false } }
            #expect(nodes.filter { $0.name == "circle" }.count == circles.count)
            let lines = drawing.items.filter { if case .polyline = $0.shape { true } else { false } }
            #expect(nodes.filter { $0.name == "polyline" }.count == lines.count)
            let shadows = drawing.items.filter { if case .shadow = $0.shape { true } else { false } }
            #expect(nodes.filter { $0.name == "rect" && $0["filter"] != nil }.count == shadows.count)
            // Cells: one classed rect each, none thinner than a point.
            let cells = drawing.items.filter { $0.role == .cell && { if case .fill = $0.shape { true } else { false } }($0) }
            #expect(nodes.filter { $0.classes == ["cell"] }.count == cells.count)
        }
    }

    @Test func theCountBadgeAndTheTicksAreWhereTheDrawingPutsThem() throws {
        var badges = 0, ticks = 0
        for s in try snapshots("multi-drag-across-sections") {
            let root = try svg(s)
            // The drawing's shapes in content points: the picture's content group is translated.
            let shift = Point(x: -s.origin.x, y: SceneDrawing.statusBarHeight - s.origin.y)
            for item in SceneDrawing(s).items {
                switch (item.shape, item.role) {
                case (.disc(let c, let r, _), .count):
                    let group = try #require(root.all.first { $0.name == "g" && $0.classes == ["proxy", "count"] })
                    let circle = try #require(group.children.first { $0.name == "circle" })
                    #expect(close(circle.number("cx"), c.x - shift.x) && close(circle.number("cy"), c.y - shift.y)
                            && circle.number("r") == r)
                    #expect(group.children.contains { $0.name == "text" && $0.text == "3" })
                    badges += 1
                case (.polyline(let points, _, let width), .selection):
                    let written = points.map { "\(FixedDecimal.string($0.x - shift.x, places: 2)),\(FixedDecimal.string($0.y - shift.y, places: 2))" }
                        .joined(separator: " ")
                    let line = root.all.first { $0.name == "polyline" && $0["points"] == written }
                    #expect(line?.classes == ["selection"] && line?.number("stroke-width") == width, "\(written)")
                    ticks += 1
                default: break
                }
            }
        }
        #expect(badges > 3 && ticks > 6)
    }

    /// The HTML timeline moves the content group's children and leaves
    /// those classed `proxy` or `ghost` still (the finger moves them): all
    /// of the proxy — its shadow, body, label and count badge — is in such
    /// a group.
    @Test func theProxyIsWhollyInGroupsTheTimelineLeavesStill() throws {
        var checked = 0
        for s in try snapshots("multi-drag-across-sections") where s.attributes.contains(where: { $0.kind == .dragProxy }) {
            let root = try svg(s)
            let content = try #require(root.children.first { $0.name == "g" }?.children.first { $0.name == "g" })
            let still = content.children.filter { $0.classes.contains("proxy") || $0.classes.contains("ghost") }
            #expect(still.count == 3, "proxy, its badge, the ghost")
            let moving = content.children.filter { !$0.classes.contains("proxy") && !$0.classes.contains("ghost") }
            #expect(!moving.contains { $0.all.contains { $0["filter"] != nil || $0["font-weight"] == "bold" && $0["fill"] == "#0d47a1" } })
            checked += 1
        }
        #expect(checked > 3)
    }

    @Test func theLoadingIndicatorIsAnArcAndTheErrorAPanel() throws {
        let scene = try Scene.decode("""
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":50},
         "sections":[{"id":"s","items":[{"id":"a","label":"Apple"}]}]}
        """)
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        engine.apply(.loading(.beginLoading, content: nil), at: EventTime(microseconds: 0))
        let s = engine.snapshot(labels: scene.pictureLabels)
        let f = try #require(s.placeholder?.indicatorFrame)
        let root = try svg(s)
        let group = try #require(root.all.first { $0.name == "g" && $0.classes == ["loading"] })
        let path = try #require(group.children.first { $0.name == "path" })
        // From 3 o'clock (0°) clockwise to 240°, radius 17, on the indicator's centre.
        let r = f.width / 2 - 3
        let end = (x: f.midX + r * -0.5, y: f.midY + r * -0.8660254037844386)
        let d = "M \(FixedDecimal.string(f.midX + r, places: 2)) \(FixedDecimal.string(f.midY, places: 2)) A 17.00 17.00 0 1 1 "
            + "\(FixedDecimal.string(end.x, places: 2)) \(FixedDecimal.string(end.y, places: 2))"
        #expect(path["d"] == d && path["stroke"] == "#1e88e5" && path["stroke-width"] == "4.00")
        engine.apply(.loading(.loadedEmpty(LoadingPlaceholder(title: "Nothing Here", message: "Add a note.")), content: nil),
                     at: EventTime(microseconds: 1_000))
        let empty = try svg(engine.snapshot(labels: scene.pictureLabels))
        let panel = try #require(empty.all.first { $0.name == "g" && $0.classes == ["noContent"] })
        #expect(panel.children.first?.rect == engine.snapshot().placeholder?.frame)
        #expect(panel.children.filter { $0.name == "text" }.map(\.text) == ["Nothing Here", "Add a note."])
    }

    @Test func picturesAreTheSameBytesRunToRun() throws {
        for scenario in ["multi-drag-across-sections", "swipe-then-delete", "batch-select-delete"] {
            let a = try snapshots(scenario).map { SnapshotRenderer.svg($0, id: "p") }
            let b = try snapshots(scenario).map { SnapshotRenderer.svg($0, id: "p") }
            #expect(a == b && a.count > 3)
        }
    }
}
