// An app's own layout, written against Gripper's public face alone: a photo
// album laid out by the app's `Mosaic` placement (Placements.swift) on the
// library's `PlacementLayout`, driven by scripted touches — a tap, a
// long-press drag from the library into the favourites, a full swipe that
// deletes — then switched at run time to the app's `Ring` placement, where
// a second drag reorders the ring. It prints what happens; the layout's
// rect query, hit test, drop rule and swipe all run through the app's
// placement. See Documentation/Layout.md, "An app's own layout".
//
//   swift run PhotoAlbumExample
//
// Exit status: 0 when the album kept every photo (the app's storage equals
// the engine's model, each identity once), 1 when it did not, 2 on an error.
import Foundation
import Gripper
import GripperScripting

/// The album's rules: the defaults (UIKit's): everything moves, a full
/// trailing swipe deletes.
struct AlbumRules: CollectionDelegate {}

/// The album's metrics: section headers and insets; the placement places the tiles.
let metrics = LayoutMetrics(sectionInsets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                            header: SupplementaryMetrics(height: 32))
let viewport = Size(width: 400, height: 640)
let device = TestDevices.probeTouchscreen

func path(_ p: ItemPath) -> String { "[\(p.section),\(p.item)]" }

func frame(_ r: Rect) -> String {
    func n(_ v: Double) -> String {
        let hundredths = (v * 100).rounded()
        return hundredths.truncatingRemainder(dividingBy: 100) == 0 ? String(Int(hundredths / 100)) : String(hundredths / 100)
    }
    return "(\(n(r.minX)),\(n(r.minY)) \(n(r.width))x\(n(r.height)))"
}

/// The album in its engine's loop, and what the run prints.
struct AlbumRun {
    var loop: EngineLoop<Album>
    /// The first frame's time: printed times count from it.
    var origin: EventTime?

    func stamp(_ time: EventTime) -> String {
        let us = time.microseconds - (origin?.microseconds ?? time.microseconds)
        let fraction = String(us % 1_000_000)
        return "\(us / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// Prints what each step did: the drag, its gap, the commits, the
    /// layout set, the transitions.
    func observe(_ steps: [EngineLoop<Album>.Step]) {
        for step in steps {
            for entry in step.entries {
                if let r = entry.rejection { print("\(stamp(step.time)) rejected: \(r)") }
                if entry.textLine.contains(" layoutSet ") {
                    print("\(stamp(step.time)) \(entry.textLine.split(separator: " ", maxSplits: 1)[1])")
                }
                guard let effect = entry.effect else { continue }
                switch effect {
                case .dragBegan(let item, let from): print("\(stamp(step.time)) dragBegan \(item) from \(path(from))")
                case .gapMoved(let to): print("\(stamp(step.time)) gapMoved to \(path(to))")
                case .committed(let entry): print("\(stamp(step.time)) committed #\(entry.sequence) \(entry.edit)")
                default: break
                }
            }
            for t in step.transitions {
                let l = t.layout
                print("\(stamp(step.time)) animate \(t.cause.rawValue): \(l.moving.count) moving, "
                      + "\(l.appearing.count) appearing, \(l.disappearing.count) disappearing")
            }
        }
    }

    /// Feeds one scripted gesture, made where the engine shows things now.
    mutating func perform(_ script: (inout TraceBuilder, Engine) -> Void) throws {
        let start = (loop.engine.now ?? EventTime(microseconds: 1_000_000)) + .milliseconds(500)
        var builder = TraceBuilder(device: device, configuration: TraceBuilder.Configuration(start: start))
        script(&builder, loop.engine)
        for f in builder.frames {
            if origin == nil { origin = f.time }
            observe(try loop.handle(f))
        }
        observe(try loop.settle())
    }
}

do {
    let album = Album(favourites: 2, library: 30)
    let mosaic = try PlacementLayout(placement: Mosaic(), metrics: metrics, viewport: viewport)
    let engine = try Engine(dataSource: album, delegate: AlbumRules(), viewport: viewport,
                            metrics: metrics, layout: mosaic, device: device, makingTransitions: true)
    var run = AlbumRun(loop: EngineLoop(engine: engine, storage: album))
    print("album: \(album.favourites.count) favourites + \(album.library.count) in the library, "
          + "content \(frame(Rect(origin: Point(x: 0, y: 0), size: run.loop.engine.layout.contentSize)))")

    // What the first screen shows, through the app's placement.
    let screen = run.loop.engine.layout.attributes(in: Rect(x: 0, y: 0, width: 400, height: 640))
    let cells = screen.filter { $0.kind == .cell }
    print("first screen: \(screen.count) elements, \(cells.count) cells; "
          + cells.prefix(4).map { "\(path($0.indexPath!)) \(frame($0.frame))" }.joined(separator: ", "))

    // The mosaic's own decorations: a shelf under each wide tile (the first two screens).
    let shelves = run.loop.engine.layout.attributes(in: Rect(x: 0, y: 0, width: 400, height: 1280))
        .filter { $0.kind == .decoration("shelf") }.map { "\(path($0.indexPath!)) \(frame($0.frame))" }
    print("shelves: \(shelves.joined(separator: ", "))")
    // The hit test finds the wide tile.
    let wide = run.loop.engine.layout.attributes(for: ItemPath(section: 1, item: 2))!.frame
    if case .cell(let hit) = run.loop.engine.layout.hitTest(wide.center) {
        print("hit test at \(frame(Rect(origin: wide.center, size: Size(width: 0, height: 0)))): cell \(path(hit))")
    }

    // A long-press drag: the library's second tile to the front of the favourites.
    try run.perform { b, e in
        b.drag(from: .item(ItemPath(section: 1, item: 1), in: e)!, to: .item(ItemPath(section: 0, item: 0), in: e)!)
    }
    // A full swipe to the leading edge deletes the library's first photo.
    try run.perform { b, e in
        b.swipe(from: .item(ItemPath(section: 1, item: 0), in: e, at: Point(x: 0.9, y: 0.5))!,
                to: .item(ItemPath(section: 1, item: 0), in: e, at: Point(x: -0.6, y: 0.5))!)
    }
    // The app's second layout, at run time: the same sections on rings.
    let ring = try PlacementLayout(placement: Ring(), metrics: metrics, viewport: viewport)
    run.observe([try run.loop.call { $0.setLayout(ring, at: $0.now! + .milliseconds(300)) }])
    // The ring's own elements: a caption in each ring's middle, the tiles turned.
    let shown = run.loop.engine.layout.attributes(in: Rect(x: 0, y: 0, width: 400, height: 640))
    let captions = shown.filter { $0.kind == .supplementary("caption") }
        .map { "\(path($0.indexPath!)) \($0.value?.value(as: Int.self) ?? 0) photos" }
    let turned = shown.first { $0.kind == .cell && $0.indexPath == ItemPath(section: 0, item: 1) }?.transform.rotation ?? 0
    print("ring: captions \(captions.joined(separator: ", ")); tile [0,1] turned \(Int((turned * 180 / Double.pi).rounded()))°")
    // A drag around the favourites' ring: the first photo to the third slot.
    try run.perform { b, e in
        b.drag(from: .item(ItemPath(section: 0, item: 0), in: e)!, to: .item(ItemPath(section: 0, item: 2), in: e)!)
    }

    let store = run.loop.storage
    print("favourites: \(store.favourites.map(\.id).joined(separator: " "))")
    print("library: \(store.library.prefix(8).map(\.id).joined(separator: " ")) … (\(store.library.count) photos)")
    let all = store.sections.flatMap { $0 }
    let ok = store.holdsItems(of: run.loop.engine.model) && Set(all).count == all.count
    print(ok ? "checked: \(all.count) photos, each once; the album equals the engine's model"
             : "MISMATCH: the album and the engine's model differ")
    exit(ok ? 0 : 1)
} catch {
    print("photo-album: \(error)")
    exit(2)
}
