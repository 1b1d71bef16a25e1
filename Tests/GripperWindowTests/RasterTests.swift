import CSDL2
import GripperPictures
import GripperWindow
import Testing

extension WindowRendererTests {
/// The picture in memory the renderer draws into: stores, blends, clips
/// and copies, pixel by pixel.
@Suite struct RasterTests {
    func pixel(_ r: Raster, _ x: Int32, _ y: Int32) -> UInt32 { r.pixels[Int(y) * Int(r.width) + Int(x)] }

    /// Every pixel of `r` outside `inside` is still `value`.
    func untouched(_ r: Raster, outside inside: SDL_Rect, _ value: UInt32) -> Bool {
        for y in 0..<r.height {
            for x in 0..<r.width {
                let within = x >= inside.x && x < inside.x + inside.w && y >= inside.y && y < inside.y + inside.h
                if !within, pixel(r, x, y) != value { return false }
            }
        }
        return true
    }

    @Test func divisionBy255RoundsToNearestForEveryChannelProduct() {
        for v: UInt32 in 0...(255 * 255) {
            #expect(Raster.divide255(v) == UInt32((Double(v) / 255).rounded()), "\(v)")
        }
    }

    @Test func anOpaqueFillStoresItsColourInsideTheRectOnly() {
        let r = Raster(width: 10, height: 8)
        #expect(pixel(r, 0, 0) == 0xff00_0000) // starts opaque black
        let rect = SDL_Rect(x: 2, y: 3, w: 4, h: 2)
        r.fill(rect, SceneDrawing.Color(0x123456))
        for y in 3..<5 { for x in 2..<6 { #expect(pixel(r, Int32(x), Int32(y)) == 0xff12_3456) } }
        #expect(untouched(r, outside: rect, 0xff00_0000))
    }

    @Test func aTranslucentFillBlendsByTheFormulaAndATransparentOneDrawsNothing() {
        let r = Raster(width: 4, height: 4)
        r.fill(r.bounds, SceneDrawing.Color(0x204060))
        r.fill(SDL_Rect(x: 0, y: 0, w: 2, h: 4), SceneDrawing.Color(0xffffff, alpha: 0))
        #expect(pixel(r, 0, 0) == 0xff20_4060)
        r.fill(SDL_Rect(x: 0, y: 0, w: 2, h: 4), SceneDrawing.Color(0xe0c0a0, alpha: 64))
        // Per channel: (src × 64 + dst × 191) / 255, rounded.
        func mix(_ s: Double, _ d: Double) -> UInt32 { UInt32(((s * 64 + d * 191) / 255).rounded()) }
        let expected = 0xff00_0000 | mix(0xe0, 0x20) << 16 | mix(0xc0, 0x40) << 8 | mix(0xa0, 0x60)
        #expect(pixel(r, 1, 3) == expected)
        #expect(pixel(r, 2, 0) == 0xff20_4060)
    }

    @Test func theClipBoundsEveryFillAndNeverLeavesThePicture() {
        let r = Raster(width: 12, height: 12)
        let clip = SDL_Rect(x: 3, y: 4, w: 5, h: 3)
        r.setClip(clip)
        r.fill(SDL_Rect(x: -100, y: -100, w: 1000, h: 1000), SceneDrawing.Color(0xffffff))
        #expect(pixel(r, 3, 4) == 0xffff_ffff)
        #expect(pixel(r, 7, 6) == 0xffff_ffff)
        #expect(untouched(r, outside: clip, 0xff00_0000))
        // A clip outside the picture, or empty, draws nothing; nil is the whole picture.
        r.setClip(SDL_Rect(x: 20, y: 20, w: 5, h: 5))
        #expect(r.clip.w == 0 || r.clip.h == 0)
        r.fill(r.bounds, SceneDrawing.Color(0x00ff00))
        #expect(untouched(r, outside: clip, 0xff00_0000))
        r.setClip(SDL_Rect(x: -4, y: -4, w: 100, h: 100))
        #expect(r.clip.x == 0 && r.clip.y == 0 && r.clip.w == 12 && r.clip.h == 12)
        r.setClip(nil)
        r.fill(SDL_Rect(x: 11, y: 11, w: 5, h: 5), SceneDrawing.Color(0x0000ff))
        #expect(pixel(r, 11, 11) == 0xff00_00ff)
    }

    @Test func anImageIsCopiedOrBlendedAndCutAtTheEdges() {
        let r = Raster(width: 6, height: 6)
        r.fill(r.bounds, SceneDrawing.Color(0x808080))
        // A 3 × 2 image: opaque red, half-transparent green, transparent.
        let image: [UInt32] = [0xffff_0000, 0x8000_ff00, 0x0000_00ff,
                               0xffff_0000, 0x8000_ff00, 0x0000_00ff]
        // Hanging off the top left corner: only its last column and row land.
        r.put(image, size: (3, 2), at: (-2, -1), alpha: nil)
        #expect(pixel(r, 0, 0) == 0x0000_00ff) // copied as it is
        #expect(pixel(r, 1, 0) == 0xff80_8080)
        #expect(pixel(r, 0, 1) == 0xff80_8080)
        // Blended at full opacity: opaque stays, transparent leaves the picture, half mixes.
        r.put(image, size: (3, 2), at: (2, 3), alpha: 255)
        #expect(pixel(r, 2, 3) == 0xffff_0000)
        #expect(pixel(r, 4, 3) == 0xff80_8080)
        #expect(pixel(r, 3, 4) == Raster.blend(0x8000_ff00, over: 0xff80_8080, alpha: 0x80))
        // At an opacity of 0 nothing changes; half opacity halves the image's own.
        r.put(image, size: (3, 2), at: (0, 4), alpha: 0)
        #expect(pixel(r, 0, 4) == 0xff80_8080)
        r.put(image, size: (3, 2), at: (3, 0), alpha: 128)
        #expect(pixel(r, 3, 0) == Raster.blend(0xffff_0000, over: 0xff80_8080, alpha: Raster.divide255(255 * 128)))
        // An image with fewer pixels than its size says is not drawn.
        r.put([0xffff_ffff], size: (2, 2), at: (0, 0), alpha: nil)
        #expect(pixel(r, 0, 0) == 0x0000_00ff)
    }

    @Test func aLabelPrecompositedOverItsBackdropMatchesOneBlendedOverIt() {
        // The renderer's two ways of putting an opaque label on a plain
        // colour give the same pixels.
        let back: UInt32 = 0xff33_6699
        let ink: [UInt32] = (0..<256).map { UInt32($0) << 24 | 0x00fa_1207 }
        let blended = Raster(width: 16, height: 16), copied = Raster(width: 16, height: 16)
        blended.fill(blended.bounds, SceneDrawing.Color(0x336699))
        blended.put(ink, size: (16, 16), at: (0, 0), alpha: 255)
        copied.put(ink.map { Raster.blend($0, over: back, alpha: $0 >> 24) }, size: (16, 16), at: (0, 0), alpha: nil)
        for k in 0..<256 { #expect(blended.pixels[k] == copied.pixels[k], "\(k)") }
    }
}
}
