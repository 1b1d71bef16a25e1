import class Foundation.FileManager
import Testing
import GripperTesting

/// The example of an app's own layout (Examples/PhotoAlbum), written
/// against the public face alone, run end to end: its mosaic placement
/// answers the rect query and the hit test and hangs a shelf under each
/// wide tile, a long-press drag crosses from
/// the library into the favourites, a full swipe deletes, the layout
/// becomes the app's ring at run time and a drag reorders the ring.
@Suite struct PhotoAlbumExampleTests {
    static let binary = BuiltProducts.executable("PhotoAlbumExample")

    @Test func theAppsOwnLayoutsCarryEveryInteraction() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the example first: \(Self.binary.path)")
        let result = try ChildProcess.run(Self.binary, [], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func index(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        // The mosaic: two squares, then the library's header and its first row.
        #expect(lines.contains("first screen: 7 elements, 5 cells; [0,0] (8,40 190x190), [0,1] (202,40 190x190), [1,0] (8,278 190x190), [1,1] (202,278 190x190)"))
        #expect(lines.contains("hit test at (200,567 0x0): cell [1,2]"))
        // The app's own kinds: the mosaic's shelves, the ring's captions and turned tiles.
        #expect(lines.contains("shelves: [1,0] (8,662 384x4), [1,1] (8,1050 384x4)"))
        #expect(lines.contains("ring: captions [0,0] 3 photos; tile [0,1] turned 120°"))
        // The drag crosses sections through the placement's slots.
        let began = try #require(index("dragBegan p1 from [1,1]"))
        let gap = try #require(index("gapMoved to [0,0]"))
        let moved = try #require(index("committed #1 move p1 [1, 1] → [0, 0]"))
        #expect(began < gap && gap < moved)
        // The full swipe's delete, then the ring, then the ring's drag.
        let deleted = try #require(index("committed #2 action delete on p0"))
        let ring = try #require(index("layoutSet PlacementLayout<Ring>"))
        #expect(lines[ring + 1].contains("animate layoutChanged: "))
        let second = try #require(index("committed #3 move p1 [0, 0] → [0, 2]"))
        #expect(moved < deleted && deleted < ring && ring < second)
        #expect(lines.contains("favourites: f0 f1 p1"))
        #expect(lines.last == "checked: 31 photos, each once; the album equals the engine's model")
    }
}
