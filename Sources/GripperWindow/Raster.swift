import CSDL2
import GripperPictures

/// A picture in memory — rows of ARGB8888 pixels, always opaque — and the
/// three ways a ``SceneRenderer`` puts pixels on it: a rectangle filled
/// with one colour (stored when the colour is opaque, blended over what is
/// there when not), and an image copied or blended onto it. Everything
/// lands inside the clip rectangle, which never leaves the picture.
///
/// Why not SDL's software renderer: every call into it costs far more than
/// the few hundred pixels of a cell, and each label kept as an SDL texture
/// adds an entry to a list on the target surface that SDL walks from end to
/// end whenever a texture is destroyed or its opacity changes: thousands of
/// labels made one frame in a hundred take 30–60 ms. Here a label is an
/// array of pixels and nothing is kept per label. Blending is source-over
/// with straight (not premultiplied) colours, rounded per channel:
/// `out = (src × a + dst × (255 − a)) / 255`, the same formula a label
/// precomposited over a plain colour uses, so both give the same pixels.
package final class Raster {
    package let width: Int32
    package let height: Int32
    /// `width × height` pixels, row after row.
    package let pixels: UnsafeMutablePointer<UInt32>
    /// Where drawing lands: inside the picture, possibly empty. (A raster
    /// is used from one thread; read for every shape, it skips Swift's
    /// run-time exclusivity checks.)
    @exclusivity(unchecked) package private(set) var clip: SDL_Rect

    /// A picture of `width × height` pixels (each at least 1), opaque black.
    package init(width: Int32, height: Int32) {
        precondition(width > 0 && height > 0, "a raster has at least one pixel")
        self.width = width
        self.height = height
        let count = Int(width) * Int(height)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0xff00_0000, count: count)
        clip = SDL_Rect(x: 0, y: 0, w: width, h: height)
    }

    deinit { pixels.deallocate() }

    package var bounds: SDL_Rect { SDL_Rect(x: 0, y: 0, w: width, h: height) }

    /// Limits drawing to `rect` (nil: the whole picture).
    package func setClip(_ rect: SDL_Rect?) {
        clip = rect.map { $0.intersection(bounds) } ?? bounds
    }

    /// Fills `rect` (inside the clip) with `color`: stored when opaque,
    /// blended when translucent, nothing when fully transparent.
    package func fill(_ rect: SDL_Rect, _ color: SceneDrawing.Color) {
        guard color.alpha > 0 else { return }
        let r = rect.intersection(clip)
        guard r.w > 0, r.h > 0 else { return }
        let width = Int(self.width), w = Int(r.w)
        var row = pixels + Int(r.y) * width + Int(r.x)
        let argb = Self.argb(color)
        if color.alpha == 255 {
            for _ in 0..<r.h {
                row.update(repeating: argb, count: w)
                row += width
            }
        } else {
            let a = UInt32(color.alpha)
            for _ in 0..<r.h {
                for x in 0..<w { row[x] = Self.blend(argb, over: row[x], alpha: a) }
                row += width
            }
        }
    }

    /// Puts `image` (`size.w × size.h` ARGB pixels, row after row) with its
    /// top left corner at `origin`, inside the clip: copied as it is when
    /// `alpha` is nil (an opaque image), else blended by each pixel's own
    /// opacity times `alpha` / 255.
    package func put(_ image: [UInt32], size: (w: Int32, h: Int32), at origin: (x: Int32, y: Int32), alpha: UInt8?) {
        guard size.w > 0, size.h > 0, image.count >= Int(size.w) * Int(size.h) else { return }
        let r = SDL_Rect(x: origin.x, y: origin.y, w: size.w, h: size.h).intersection(clip)
        guard r.w > 0, r.h > 0 else { return }
        let width = Int(self.width), w = Int(r.w), pitch = Int(size.w)
        image.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            var from = base + Int(r.y - origin.y) * pitch + Int(r.x - origin.x)
            var row = pixels + Int(r.y) * width + Int(r.x)
            if let alpha {
                let m = UInt32(alpha)
                for _ in 0..<r.h {
                    for x in 0..<w {
                        let s = from[x]
                        let a = m == 255 ? s >> 24 : Self.divide255((s >> 24) * m)
                        if a == 255 { row[x] = s } else if a > 0 { row[x] = Self.blend(s, over: row[x], alpha: a) }
                    }
                    from += pitch
                    row += width
                }
            } else {
                for _ in 0..<r.h {
                    row.update(from: from, count: w)
                    from += pitch
                    row += width
                }
            }
        }
    }

    /// An opaque ARGB pixel of `color`'s red, green and blue.
    package static func argb(_ color: SceneDrawing.Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    /// `source`'s colour over the opaque `destination` at opacity `alpha`
    /// (0...255), rounded per channel; the result is opaque.
    @inline(__always)
    package static func blend(_ source: UInt32, over destination: UInt32, alpha a: UInt32) -> UInt32 {
        let keep = 255 - a
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            divide255(((source >> shift) & 0xff) * a + ((destination >> shift) & 0xff) * keep) << shift
        }
        return 0xff00_0000 | channel(16) | channel(8) | channel(0)
    }

    /// `v / 255` rounded to nearest, exact for `v` up to 65,535 (255 × 255
    /// is the most a channel times an opacity comes to).
    @inline(__always)
    package static func divide255(_ v: UInt32) -> UInt32 {
        let t = v &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
