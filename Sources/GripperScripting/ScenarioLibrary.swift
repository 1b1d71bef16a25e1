import GripperGeometry
import GripperInput
import GripperTraces

/// The scripted scenarios of `Recordings/scenarios/`: swipe-to-edit, batch
/// editing, drag reorder in lists, grids and across sections, auto-scroll,
/// cancellation by a stimulus and by device loss, and mouse versions — each
/// made by ``TraceBuilder`` the way a person would do it.
///
/// Scenes use a 400 × 640-point viewport: on the probe touchscreen one point
/// is 0.64 mm across and 0.4 mm down; the mouse area is the viewport, one
/// count per point.
public enum ScenarioLibrary {
    /// The viewport every scenario uses.
    public static let viewport = Size(width: 400, height: 640)

    /// Every scenario, in a fixed order.
    public static var all: [Scenario] {
        [swipeThenDelete, swipeThenShut, fullSwipe, verticalPanScrolls, pinnedHeaderPushedUp, batchSelectDelete,
         batchGripperDrag, longPressDragDownUp, gridDrag, dragIntoAnotherSection, dragAutoScroll,
         dragCancelledBySetEditing, dragEndedByDeviceLoss, mouseSwipe, mouseDrag, flingSettles, rubberBandAtTheTop,
         rotationDuringDrag, horizontalDrag, flowDrag, keyboardMoveAcrossSection, keyboardMoveCancelled,
         multiDragAcrossSections, addToDragWithSecondFinger, dropIntoFolder, segmentSwitchDuringSwipe,
         layoutSwitchDuringBatchEditing, menuThenDrag, menuTapEntry, flingSnapsToRows, pinchBetweenLayouts,
         touchpadPinchBetweenLayouts, sectionMovedMidDrag]
    }

    /// The scenario called `name`, if any.
    public static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }

    // MARK: - Helpers

    /// A location in viewport points.
    static func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location {
        .fraction(x / viewport.width, y / viewport.height)
    }

    /// The centre height of row `row` (56-point rows from the top).
    static func row(_ row: Int) -> Double { Double(row) * 56 + 28 }

    /// When the first gesture starts: every trace opens with an empty frame
    /// (a lone `SYN_REPORT`) at 0, as a capture of an emulated device does,
    /// and the scene's stimuli count from it.
    public static let lead = Duration.milliseconds(500)

    static func touch(seed: UInt64) -> TraceBuilder {
        TraceBuilder(device: TestDevices.probeTouchscreen, seed: seed,
                     configuration: .init(start: .zero + lead))
    }

    static func mouse(seed: UInt64) -> TraceBuilder {
        TraceBuilder(device: TestDevices.probeMouse, seed: seed,
                     configuration: .init(mouseArea: viewport, start: .zero + lead))
    }

    /// The builder's events after the opening empty frame at 0.
    static func trace(_ b: TraceBuilder, until cut: EventTime? = nil) -> Trace {
        var events = b.events
        if let cut {
            events = events.filter { $0.time <= cut }
            while let last = events.last, !last.isSynReport { events.removeLast() }
        }
        return Trace(device: b.device, events: [RawEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0)] + events)
    }

    /// The builder's time (seconds from the opening frame), as JSON text.
    static func seconds(_ b: TraceBuilder) -> String {
        String(b.now.microseconds / 1000) + "e-3"
    }

    /// A one-section list scene of `count` items `i1…`, labelled "Item 1…";
    /// `layout` adds fields to its layout (`,"snapping":"item"`).
    static func list(_ count: Int, layout: String = "", extra: String = "", stimuli: String = "") -> String {
        let items = (1...count).map { "{\"id\":\"i\($0)\",\"label\":\"Item \($0)\"}" }.joined(separator: ",")
        return """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1\(layout)},\(extra)
         "sections":[{"id":"list","items":[\(items)]}],
         "stimuli":[\(stimuli)]}
        """
    }

    // MARK: - Keyboard moves

    /// Fruit and Vegetables with labels and titles, announcing in English, and `stimuli`.
    static func fruitAndVegetables(stimuli: String) -> String {
        """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32,"separator":1},
         "announcements":true,
         "sections":[
          {"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple"},{"id":"pear","label":"Pear"},{"id":"plum","label":"Plum"}]},
          {"id":"veg","title":"Vegetables","items":[{"id":"leek","label":"Leek"},{"id":"kale","label":"Kale"},{"id":"bean","label":"Bean"}]}],
         "stimuli":[\(stimuli)]}
        """
    }

    /// A touchscreen trace with nothing on it for `seconds`: a keyboard
    /// scenario's pointer stays still while its key track plays.
    static func idleTrace(seed: UInt64, seconds: Int64) -> Trace {
        var b = touch(seed: seed)
        b.pause(.seconds(seconds))
        return trace(b)
    }

    static var keyboardMoveAcrossSection: Scenario {
        let keys = """
        {"t":0.5,"key":"down"},{"t":0.8,"key":"down"},{"t":1.1,"key":"space"},{"t":1.4,"key":"down"},\
        {"t":1.7,"key":"down"},{"t":2.0,"key":"down"},{"t":2.3,"key":"enter"}
        """
        return Scenario(name: "keyboard-move-across-section",
                        summary: "Focus Pear with the arrows, lift it with Space, move it down into Vegetables with the arrows and drop it with Enter after Leek, each step announced.",
                        scene: fruitAndVegetables(stimuli: keys), trace: idleTrace(seed: 40, seconds: 3))
    }

    static var keyboardMoveCancelled: Scenario {
        let keys = """
        {"t":0.5,"key":"end"},{"t":0.8,"key":"up"},{"t":1.1,"key":"enter"},{"t":1.4,"key":"up"},\
        {"t":1.7,"key":"up"},{"t":2.0,"key":"escape"}
        """
        return Scenario(name: "keyboard-move-cancelled",
                        summary: "Lift Kale with Enter, move it up into Fruit with the arrows, then Escape: the move is cancelled and Kale is back in its place.",
                        scene: fruitAndVegetables(stimuli: keys), trace: idleTrace(seed: 41, seconds: 3))
    }

    // MARK: - Swipe to edit

    static var swipeThenDelete: Scenario {
        var b = touch(seed: 11)
        b.swipe(from: pt(340, row(1)), to: pt(150, row(1)), duration: .milliseconds(260))
        b.pause(.milliseconds(500))
        b.tap(at: pt(360, row(1)))
        b.pause(.milliseconds(200))
        return Scenario(name: "swipe-then-delete",
                        summary: "Swipe Item 2 to the left, it stays open; tap its Delete button: Item 2 is deleted.",
                        scene: list(8), trace: trace(b))
    }

    static var swipeThenShut: Scenario {
        var b = touch(seed: 12)
        b.swipe(from: pt(340, row(2)), to: pt(150, row(2)), duration: .milliseconds(260))
        b.pause(.milliseconds(500))
        b.tap(at: pt(120, row(5)))
        b.pause(.milliseconds(200))
        return Scenario(name: "swipe-then-shut",
                        summary: "Swipe Item 3 open, then tap another cell: the open cell shuts and nothing else happens.",
                        scene: list(8), trace: trace(b))
    }

    static var fullSwipe: Scenario {
        var b = touch(seed: 13)
        b.swipe(from: pt(390, row(3)), to: pt(20, row(3)), duration: .milliseconds(320))
        b.pause(.milliseconds(300))
        return Scenario(name: "full-swipe",
                        summary: "Swipe Item 4 all the way across: past the full-swipe breakpoint its default action (Delete) fires.",
                        scene: list(8), trace: trace(b))
    }

    static var verticalPanScrolls: Scenario {
        var b = touch(seed: 14)
        b.perform([TraceBuilder.Stroke(at: pt(210, 560)).moving(to: pt(222, 180), over: .milliseconds(500))
            .holding(.milliseconds(80))])
        b.pause(.milliseconds(300))
        return Scenario(name: "vertical-pan-scrolls",
                        summary: "A mostly vertical pan over 30 items scrolls the content and never opens a cell.",
                        scene: list(30), trace: trace(b))
    }

    static var pinnedHeaderPushedUp: Scenario {
        var b = touch(seed: 25)
        // Global header 44, section headers 32, rows 56: "today" (6 items)
        // spans 44…412, "yesterday" 412…780, "earlier" 780…1260. The Today
        // header is pinned below the global header until the offset passes
        // 336, pushed up by its section's end (and so by the Yesterday
        // header) until 368, and gone under the global header after that.
        for (from, to) in [(560.0, 360.0), (500.0, 348.0), (500.0, 450.0)] {
            b.perform([TraceBuilder.Stroke(at: pt(200, from)).moving(to: pt(204, to), over: .milliseconds(450))
                .holding(.milliseconds(80))])
            b.pause(.milliseconds(400))
        }
        func items(_ range: ClosedRange<Int>) -> String {
            range.map { "{\"id\":\"m\($0)\",\"label\":\"Message \($0)\"}" }.joined(separator: ",")
        }
        let scene = """
        {"viewport":{"width":400,"height":640},"globalHeader":{"height":44,"title":"Mail"},
         "layout":{"rowHeight":56,"headerHeight":32,"pinnedHeaders":true,"separator":1},
         "sections":[{"id":"today","title":"Today","items":[\(items(1...6))]},
          {"id":"yesterday","title":"Yesterday","items":[\(items(7...12))]},
          {"id":"earlier","title":"Earlier","items":[\(items(13...20))]}]}
        """
        return Scenario(name: "pinned-header-pushed-up",
                        summary: "Three pans scroll a list with a global header and pinned section headers: Today stays pinned under the global header, then the Yesterday header pushes it up, then Yesterday is pinned in its place.",
                        scene: scene, trace: trace(b))
    }

    // MARK: - Batch editing

    static var batchSelectDelete: Scenario {
        var b = touch(seed: 15)
        for r in [1, 3, 4] {
            b.tap(at: pt(200, row(r)))
            b.pause(.milliseconds(350))
        }
        let deleteAt = seconds(b)
        b.pause(.milliseconds(300))
        b.tap(at: pt(200, row(0)))
        b.pause(.milliseconds(200))
        return Scenario(name: "batch-select-delete",
                        summary: "setEditing(true) at the start; tap Items 2, 4 and 5 to select them; deleteSelected deletes the three in one batch.",
                        scene: list(8, stimuli: "{\"t\":0,\"setEditing\":true},{\"t\":\(deleteAt),\"deleteSelected\":true}"),
                        trace: trace(b))
    }

    static var batchGripperDrag: Scenario {
        var b = touch(seed: 16)
        b.perform([TraceBuilder.Stroke(at: pt(378, row(0))).holding(.milliseconds(60))
            .moving(to: pt(378, row(3) + 6), over: .milliseconds(600)).holding(.milliseconds(150))])
        b.pause(.milliseconds(300))
        return Scenario(name: "batch-gripper-drag",
                        summary: "In batch editing, press Item 1's gripper and drag it down three rows without waiting: it lands after Item 4.",
                        scene: list(8, stimuli: "{\"t\":0,\"setEditing\":true}"), trace: trace(b))
    }

    // MARK: - Drag reorder

    static var longPressDragDownUp: Scenario {
        var b = touch(seed: 17)
        // Past the centre of row 5, so the gap has reached it (the drop rule).
        b.drag(from: pt(200, row(1)), to: pt(200, row(5) + 10))
        b.pause(.milliseconds(500))
        b.drag(from: pt(200, row(6)), to: pt(200, row(0)))
        b.pause(.milliseconds(300))
        return Scenario(name: "long-press-drag-down-up",
                        summary: "Long-press Item 2 and drag it down four rows, then long-press the item in row 7 and drag it to the top.",
                        scene: list(10), trace: trace(b))
    }

    static var gridDrag: Scenario {
        var b = touch(seed: 18)
        // Two columns of 120-point rows: item k is at column k % 2, row k / 2.
        b.drag(from: pt(100, 60), to: pt(300, 300))
        b.pause(.milliseconds(300))
        let items = (1...10).map { "{\"id\":\"t\($0)\",\"label\":\"Tile \($0)\"}" }.joined(separator: ",")
        let scene = """
        {"viewport":{"width":400,"height":640},"layout":{"columns":2,"rowHeight":120,"interItemSpacing":8,"lineSpacing":8},
         "sections":[{"id":"grid","items":[\(items)]}]}
        """
        return Scenario(name: "grid-drag",
                        summary: "In a two-column grid, long-press Tile 1 and drag it to the right column three rows down.",
                        scene: scene, trace: trace(b))
    }

    static var horizontalDrag: Scenario {
        var b = touch(seed: 31)
        // A horizontal strip: two rows of 320 points on screen, columns of
        // 120 points along x with 8 between them (item k at row k % 2,
        // column k / 2). Past the centre of the second column (x 188), short
        // of the auto-scroll zone (the right fifth, x > 320).
        b.drag(from: pt(60, 160), to: pt(212, 170))
        b.pause(.milliseconds(300))
        let items = (1...12).map { "{\"id\":\"t\($0)\",\"label\":\"Tile \($0)\"}" }.joined(separator: ",")
        let scene = """
        {"viewport":{"width":400,"height":640},
         "layout":{"scrollDirection":"horizontal","columns":2,"rowHeight":120,"interItemSpacing":8,"lineSpacing":8},
         "sections":[{"id":"strip","items":[\(items)]}]}
        """
        return Scenario(name: "horizontal-drag",
                        summary: "In a horizontally scrolling two-row strip, long-press Tile 1 and drag it right into the second column: it lands there, after Tile 3.",
                        scene: scene, trace: trace(b))
    }

    static var flowDrag: Scenario {
        var b = touch(seed: 32)
        // Tags of their own widths wrapped into 56-point lines 8 apart: line 1
        // holds Tags 1-3, line 2 Tags 4-6, line 3 Tags 7-9, line 4 Tags 10-12.
        // Long-press Tag 1 and drag it down into the third line.
        b.drag(from: pt(60, 28), to: pt(230, 160))
        b.pause(.milliseconds(300))
        let widths = [120, 90, 150, 100, 80, 130, 110, 140, 70, 160, 90, 100]
        let items = widths.enumerated().map { "{\"id\":\"g\($0.offset + 1)\",\"label\":\"Tag \($0.offset + 1)\",\"width\":\($0.element)}" }
            .joined(separator: ",")
        let scene = """
        {"viewport":{"width":400,"height":640},
         "layout":{"kind":"flow","rowHeight":56,"interItemSpacing":8,"lineSpacing":8},
         "sections":[{"id":"tags","items":[\(items)]}]}
        """
        return Scenario(name: "flow-drag",
                        summary: "In a flow layout of tags of their own widths, long-press Tag 1 and drag it down into the third line: the lines rewrap around the gap as it passes the second line, and Tag 1 lands after Tag 8.",
                        scene: scene, trace: trace(b))
    }

    static var multiDragAcrossSections: Scenario {
        var b = touch(seed: 41)
        // Header 32, rows 56: Fruit's rows at 32…256 (apple, pear, plum, fig),
        // Vegetables' header at 256…288 and its rows below.
        for y in [32 + 28, 32 + 56 + 28, 32 + 112 + 28] as [Double] {
            b.tap(at: pt(200, y))
            b.pause(.milliseconds(350))
        }
        // Long-press Pear (selected) and drag it down into Vegetables, past
        // Kale's centre: with Pear out of Fruit (Apple and Plum keep their
        // slots, hidden) Kale sits at 288…344.
        b.drag(from: pt(200, 32 + 56 + 28), to: pt(200, 388))
        b.pause(.milliseconds(300))
        let scene = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32,"separator":1},
         "sections":[
          {"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple"},{"id":"pear","label":"Pear"},{"id":"plum","label":"Plum"},{"id":"fig","label":"Fig"}]},
          {"id":"veg","title":"Vegetables","items":[{"id":"leek","label":"Leek"},{"id":"kale","label":"Kale"},{"id":"bean","label":"Bean"}]}],
         "stimuli":[{"t":0,"setEditing":true}]}
        """
        return Scenario(name: "multi-drag-across-sections",
                        summary: "In batch editing, select Apple, Pear and Plum, long-press Pear and drag the three into Vegetables: they land together after Kale, in their order, as one edit.",
                        scene: scene, trace: trace(b))
    }

    static var addToDragWithSecondFinger: Scenario {
        var b = touch(seed: 43)
        // Item 1 is long-pressed and held; a second finger taps Item 4 (row
        // 3: the gap is still at Item 1's own place, so nothing moved) and
        // lifts; then the first finger drags the two down past Item 6.
        b.perform([
            TraceBuilder.Stroke(at: pt(200, row(0))).holding(.milliseconds(1200))
                .moving(to: pt(200, row(5) + 10), over: .milliseconds(800)).holding(.milliseconds(150)),
            TraceBuilder.Stroke(at: pt(200, row(3)), after: .milliseconds(800)).holding(.milliseconds(90)),
        ])
        b.pause(.milliseconds(300))
        return Scenario(name: "add-to-drag-with-second-finger",
                        summary: "Long-press Item 1; while holding it, tap Item 4 with a second finger (it joins the drag), then drag both down: they land together after Item 6.",
                        scene: list(8), trace: trace(b))
    }

    static var dropIntoFolder: Scenario {
        var b = touch(seed: 44)
        // Rows 56 under a 32-point header: Pear's centre is at 116, the
        // folder's row (the fourth) spans 200…256, its middle band 214…242.
        // Pear is long-pressed and dragged to the folder's centre, where
        // the gap holds still; after the 400 ms dwell the drag proposes
        // "into", and the lift drops Pear into the folder.
        b.drag(from: pt(200, 32 + 56 + 28), to: pt(200, 32 + 168 + 28), holdAtEnd: .milliseconds(700))
        b.pause(.milliseconds(300))
        let scene = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32,"separator":1},
         "announcements":true,
         "sections":[
          {"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple"},{"id":"pear","label":"Pear"},{"id":"plum","label":"Plum"},
           {"id":"folder","label":"Folder","acceptsDrops":true,"dropIntoDelay":400},{"id":"fig","label":"Fig"}]}]}
        """
        return Scenario(name: "drop-into-folder",
                        summary: "Long-press Pear and drag it onto Folder, an item that accepts drops; after a 400 ms dwell the drag proposes \"into\" (announced), and the lift drops Pear into Folder: one edit removes it from the list.",
                        scene: scene, trace: trace(b))
    }

    static var dragIntoAnotherSection: Scenario {
        var b = touch(seed: 19)
        // Header 32, rows 56: section "fruit" rows at 32…200, header of "veg" at 200…232.
        b.drag(from: pt(200, 32 + 56 + 28), to: pt(200, 232 + 56 + 28))
        b.pause(.milliseconds(300))
        let scene = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32,"separator":1},
         "sections":[
          {"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple"},{"id":"pear","label":"Pear"},{"id":"plum","label":"Plum"}]},
          {"id":"veg","title":"Vegetables","items":[{"id":"leek","label":"Leek"},{"id":"kale","label":"Kale"},{"id":"bean","label":"Bean"}]}]}
        """
        return Scenario(name: "drag-into-another-section",
                        summary: "Long-press Pear in Fruit and drag it into Vegetables: it lands after Kale.",
                        scene: scene, trace: trace(b))
    }

    static var dragAutoScroll: Scenario {
        var b = touch(seed: 20)
        b.perform([TraceBuilder.Stroke(at: pt(200, row(2))).holding(.milliseconds(700))
            .moving(to: pt(200, 625), over: .milliseconds(500)).holding(.milliseconds(1200))
            .moving(to: pt(200, 420), over: .milliseconds(300)).holding(.milliseconds(200))])
        b.pause(.milliseconds(300))
        return Scenario(name: "drag-auto-scroll",
                        summary: "Long-press Item 3, drag to the bottom edge and hold: the list scrolls; move back up and drop it far below its start.",
                        scene: list(40), trace: trace(b))
    }

    static var dragCancelledBySetEditing: Scenario {
        var b = touch(seed: 21)
        let start = b.now
        b.perform([TraceBuilder.Stroke(at: pt(378, row(1))).holding(.milliseconds(60))
            .moving(to: pt(378, row(5)), over: .milliseconds(800)).holding(.milliseconds(150))])
        b.pause(.milliseconds(300))
        let cancelAt = String(start.microseconds / 1000 + 500) + "e-3"
        return Scenario(name: "drag-cancelled-by-set-editing",
                        summary: "In batch editing, drag Item 2 by its gripper; setEditing(false) arrives mid-drag: the drag is reverted, nothing moves.",
                        scene: list(8, stimuli: "{\"t\":0,\"setEditing\":true},{\"t\":\(cancelAt),\"setEditing\":false}"),
                        trace: trace(b))
    }

    // MARK: - Scrolling

    static var flingSettles: Scenario {
        var b = touch(seed: 30)
        // 300 points up in 150 ms at constant speed, lifted while moving: a
        // fling at about 2,000 pt/s that decelerates for about 3 s.
        b.perform([TraceBuilder.Stroke(at: pt(205, 520)).moving(to: pt(200, 220), over: .milliseconds(150),
                                                                 easing: .linear)])
        b.pause(.milliseconds(3500))
        return Scenario(name: "fling-settles",
                        summary: "A quick flick up over 60 items: the list keeps moving after the lift, decelerates and settles about 1,000 points further, where flingBegan said.",
                        scene: list(60), trace: trace(b))
    }

    static var flingSnapsToRows: Scenario {
        var b = touch(seed: 34)
        // The flick of fling-settles, over a list that snaps to rows; then a
        // slow drag down, held before the lift: it settles on the nearest edge.
        b.perform([TraceBuilder.Stroke(at: pt(205, 520)).moving(to: pt(200, 220), over: .milliseconds(150),
                                                                 easing: .linear)])
        b.pause(.milliseconds(3500))
        b.perform([TraceBuilder.Stroke(at: pt(200, 300)).moving(to: pt(200, 390), over: .milliseconds(900))
            .holding(.milliseconds(300))])
        b.pause(.milliseconds(1000))
        return Scenario(name: "fling-snaps-to-rows",
                        summary: "The flick of fling-settles over a list that snaps to rows (layout.snapping item): the fling is aimed at a row's edge and ends exactly there; then a slow drag down, held before the lift, settles on the nearest row edge.",
                        scene: list(60, layout: ",\"snapping\":\"item\""),
                        trace: trace(b))
    }

    static var rubberBandAtTheTop: Scenario {
        var b = touch(seed: 31)
        b.perform([TraceBuilder.Stroke(at: pt(200, 150)).moving(to: pt(204, 450), over: .milliseconds(500))
            .holding(.milliseconds(150))])
        b.pause(.milliseconds(900))
        return Scenario(name: "rubber-band-at-the-top",
                        summary: "Pull the list down from the top: it follows with growing resistance past the top, and springs back to 0 after the lift.",
                        scene: list(30), trace: trace(b))
    }

    static var rotationDuringDrag: Scenario {
        var b = touch(seed: 32)
        let start = b.now
        b.perform([TraceBuilder.Stroke(at: pt(200, row(2))).holding(.milliseconds(700))
            .moving(to: pt(200, row(6)), over: .milliseconds(500)).holding(.milliseconds(700))
            .moving(to: pt(200, row(9)), over: .milliseconds(400)).holding(.milliseconds(200))])
        b.pause(.milliseconds(300))
        let rotateAt = String(start.microseconds / 1000 + 1500) + "e-3"
        return Scenario(name: "rotation-during-drag",
                        summary: "Long-press Item 3 and drag it down; the screen turns to landscape mid-drag (resizeViewport 640 × 400): the drag goes on in the new geometry and drops.",
                        scene: list(30, stimuli: "{\"t\":\(rotateAt),\"resizeViewport\":{\"width\":640,\"height\":400}}"),
                        trace: trace(b))
    }

    static var pinchBetweenLayouts: Scenario {
        var b = touch(seed: 47)
        // Two fingers, `from` points apart around (200, y), moving to `to`
        // apart over `duration`, holding `hold`, lifting.
        func pinch(_ y: Double, from: Double, to: Double, over duration: Duration, hold: Duration) {
            b.perform([
                TraceBuilder.Stroke(at: pt(200 - from / 2, y)).moving(to: pt(200 - to / 2, y), over: duration)
                    .holding(hold),
                TraceBuilder.Stroke(at: pt(200 + from / 2, y), after: .milliseconds(12))
                    .moving(to: pt(200 + to / 2, y), over: duration).holding(hold),
            ])
        }
        // Spreading over the second row of tiles: past halfway (scale 3),
        // the grid becomes the list, the tile under the fingers kept there.
        pinch(190, from: 100, to: 300, over: .milliseconds(450), hold: .milliseconds(200))
        b.pause(.milliseconds(500))
        // Closing a little (scale 0.85) and held: cancelled, the list stays.
        pinch(320, from: 200, to: 170, over: .milliseconds(300), hold: .milliseconds(300))
        b.pause(.milliseconds(500))
        // Closing fast (300 → 200 points in 150 ms) and lifted moving: five columns.
        pinch(320, from: 300, to: 200, over: .milliseconds(150), hold: .zero)
        b.pause(.milliseconds(400))
        let items = (1...60).map { "{\"id\":\"i\($0)\",\"label\":\"Item \($0)\"}" }.joined(separator: ",")
        let scene = """
        {"viewport":{"width":400,"height":640},
         "layout":{"columns":3,"rowHeight":120,"interItemSpacing":8,"lineSpacing":8},
         "pinch":{"closing":{"columns":5,"rowHeight":72},"spreading":{"columns":1,"rowHeight":56,"interItemSpacing":0,"lineSpacing":0}},
         "sections":[{"id":"photos","items":[\(items)]}]}
        """
        return Scenario(name: "pinch-between-layouts",
                        summary: "A grid of three columns of 120-point tiles; two fingers spread over the second row: the grid becomes a list under them, the tile they hold kept under them; a small pinch in, held, is cancelled; a quick pinch in makes five columns.",
                        scene: scene, trace: trace(b))
    }

    static var touchpadPinchBetweenLayouts: Scenario {
        // The clickpad (100 × 70 mm, 20 units/mm): the pointer starts at the
        // viewport's centre (200, 320) and moves 10 points a millimetre.
        var b = TraceBuilder(device: TestDevices.probeClickpad, seed: 53, configuration: .init(start: .zero + lead))
        func mm(_ x: Double, _ y: Double) -> TraceBuilder.Location { .millimetres(x: x, y: y) }
        // Two fingers `from` mm apart around (50, y) mm, moving to `to` apart.
        func twoFingers(_ y: Double, from: Double, to: Double, toY: Double? = nil, over duration: Duration, hold: Duration) {
            b.perform([
                TraceBuilder.Stroke(at: mm(50 - from / 2, y)).moving(to: mm(50 - to / 2, toY ?? y), over: duration)
                    .holding(hold),
                TraceBuilder.Stroke(at: mm(50 + from / 2, y), after: .milliseconds(15))
                    .moving(to: mm(50 + to / 2, toY ?? y), over: duration).holding(hold),
            ])
        }
        // One finger takes the pointer up 13 mm at about 40 mm/s (1:1): to (200, 190), the second row of tiles.
        b.perform([TraceBuilder.Stroke(at: mm(50, 50)).moving(to: mm(50, 37), over: .milliseconds(330))])
        b.pause(.milliseconds(400))
        // Two fingers spread from 20 to 60 mm (scale 3): the grid becomes the list under the pointer.
        twoFingers(35, from: 20, to: 60, over: .milliseconds(450), hold: .milliseconds(200))
        b.pause(.milliseconds(500))
        // Two fingers 20 mm apart move 12 mm towards the user together: a scroll (three detents), not a pinch.
        twoFingers(25, from: 20, to: 20, toY: 37, over: .milliseconds(400), hold: .milliseconds(100))
        b.pause(.milliseconds(500))
        // Two fingers close fast (60 → 30 mm in 150 ms) and lift moving: five columns.
        twoFingers(35, from: 60, to: 30, over: .milliseconds(150), hold: .zero)
        b.pause(.milliseconds(400))
        let items = (1...60).map { "{\"id\":\"i\($0)\",\"label\":\"Item \($0)\"}" }.joined(separator: ",")
        let scene = """
        {"viewport":{"width":400,"height":640},
         "layout":{"columns":3,"rowHeight":120,"interItemSpacing":8,"lineSpacing":8},
         "pinch":{"closing":{"columns":5,"rowHeight":72},"spreading":{"columns":1,"rowHeight":56,"interItemSpacing":0,"lineSpacing":0}},
         "sections":[{"id":"photos","items":[\(items)]}]}
        """
        return Scenario(name: "touchpad-pinch-between-layouts",
                        summary: "The grid of pinch-between-layouts on a clickpad: a finger takes the pointer to the second row of tiles; two fingers spreading there are a pinch (libinput's rules), the grid becomes a list under the pointer; two fingers moving together scroll the list, not a pinch; two fingers closing fast make five columns.",
                        scene: scene, trace: trace(b))
    }

    static var layoutSwitchDuringBatchEditing: Scenario {
        var b = touch(seed: 33)
        for r in [1, 3] {
            b.tap(at: pt(200, row(r)))
            b.pause(.milliseconds(350))
        }
        let toGrid = seconds(b)
        b.pause(.milliseconds(500))
        // Two columns of 120-point tiles, 8 apart: item k at column k % 2,
        // row k / 2 (columns 196 wide, rows 128 apart).
        func tile(_ k: Int) -> TraceBuilder.Location { pt(k % 2 == 0 ? 98 : 302, Double(k / 2) * 128 + 60) }
        b.tap(at: tile(5))
        b.pause(.milliseconds(400))
        b.drag(from: tile(0), to: tile(7))
        b.pause(.milliseconds(400))
        let toList = seconds(b)
        b.pause(.milliseconds(400))
        return Scenario(name: "layout-switch-during-batch-editing",
                        summary: "setEditing(true); tap Items 2 and 4; the app switches the list to a grid of two columns of 120-point tiles (the selection and the first visible item kept); tap Item 6 in the grid; long-press Item 1 and drag it to the right column three rows down; the app switches back to a list.",
                        scene: list(12, stimuli: "{\"t\":0,\"setEditing\":true},"
                            + "{\"t\":\(toGrid),\"layout\":{\"columns\":2,\"rowHeight\":120,\"interItemSpacing\":8,\"lineSpacing\":8}},"
                            + "{\"t\":\(toList),\"layout\":{\"columns\":1,\"rowHeight\":56,\"interItemSpacing\":0,\"lineSpacing\":0}}"),
                        trace: trace(b))
    }

    static var dragEndedByDeviceLoss: Scenario {
        var b = touch(seed: 22)
        b.drag(from: pt(200, row(1)), to: pt(200, row(6)), hold: .milliseconds(700), duration: .milliseconds(1000))
        // The device goes away mid-drag: the recording stops 1.3 s into the gesture.
        let cut = trace(b, until: b.configuration.start + .milliseconds(1300))
        let lostAt = (cut.endTime?.microseconds ?? 0) + 8_000
        return Scenario(name: "drag-ended-by-device-loss",
                        summary: "Long-press Item 2 and drag; the device goes away mid-drag: the drag is cancelled and nothing moves.",
                        scene: list(8, stimuli: "{\"t\":\(lostAt / 1000)e-3,\"deviceLost\":true}"), trace: cut)
    }

    // MARK: - Mouse

    static var mouseSwipe: Scenario {
        var b = mouse(seed: 23)
        b.movePointer(to: pt(340, row(2)))
        b.pause(.milliseconds(200))
        b.swipe(from: pt(340, row(2)), to: pt(130, row(2)), duration: .milliseconds(260))
        b.pause(.milliseconds(400))
        b.movePointer(to: pt(360, row(2)))
        b.tap(at: pt(360, row(2)))
        b.pause(.milliseconds(200))
        return Scenario(name: "mouse-swipe",
                        summary: "With a mouse, press and sweep Item 3 to the left: it opens; click Delete: Item 3 is deleted.",
                        scene: list(8), trace: trace(b))
    }

    static var mouseDrag: Scenario {
        var b = mouse(seed: 24)
        b.movePointer(to: pt(200, row(0)))
        b.pause(.milliseconds(200))
        b.drag(from: pt(200, row(0)), to: pt(200, row(4)))
        b.pause(.milliseconds(300))
        return Scenario(name: "mouse-drag",
                        summary: "With a mouse, press and hold Item 1, then drag it down four rows: it lands after Item 5.",
                        scene: list(8), trace: trace(b))
    }

    // MARK: - Data sources

    static var segmentSwitchDuringSwipe: Scenario {
        let inbox = (1...6).map { "{\"id\":\"in\($0)\",\"label\":\"Inbox \($0)\"}" }.joined(separator: ",")
        let sent = (1...4).map { "{\"id\":\"out\($0)\",\"label\":\"Sent \($0)\"}" }.joined(separator: ",")
        var b = touch(seed: 60)
        // Rows start below the 44-point segment control.
        let start = b.now
        b.swipe(from: pt(350, 44 + row(1)), to: pt(120, 44 + row(1)), duration: .milliseconds(600))
        b.pause(.milliseconds(400))
        b.swipe(from: pt(350, 44 + row(0)), to: pt(150, 44 + row(0)), duration: .milliseconds(260))
        b.pause(.milliseconds(400))
        let switchAt = String(start.microseconds / 1000 + 300) + "e-3"
        let scene = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1},
         "globalHeader":{"height":44,"title":"Inbox | Sent"},
         "segments":[{"key":"inbox","sections":[{"id":"all","items":[\(inbox)]}]},
                     {"key":"sent","sections":[{"id":"all","items":[\(sent)]}]}],
         "stimuli":[{"t":\(switchAt),"segment":1}]}
        """
        return Scenario(name: "segment-switch-during-swipe",
                        summary: "Swipe Inbox 2 to the left; halfway the app switches the segmented control to Sent: the cell shuts, Sent shows, the rest of that swipe is ignored, and a new swipe opens Sent 1.",
                        scene: scene, trace: trace(b))
    }
}
