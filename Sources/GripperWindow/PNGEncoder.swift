import CSDL2

/// Encodes 8-bit RGB pixels as a PNG file (signature, IHDR, one IDAT
/// compressed with the system's zlib, IEND). SDL2 writes only BMP; a PNG
/// writer of forty lines over zlib, which SDL2_ttf's FreeType already
/// links, is smaller than another library. The output is a function of
/// the pixels alone (no time stamp, no text chunk), so identical frames
/// give identical files.
public enum PNGEncoder {
    /// The PNG bytes of a `width` × `height` image whose rows of `width × 3`
    /// bytes (red, green, blue) follow each other in `rgb`.
    /// - Precondition: `rgb.count == width * height * 3`.
    /// - Complexity: O(pixels).
    public static func encode(rgb: [UInt8], width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "PNGEncoder: wrong pixel count")
        // Each row is prefixed by its filter type: 1 (Sub), which shrinks flat UI colours well.
        var raw = [UInt8]()
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(1)
            let row = y * width * 3
            for x in 0..<(width * 3) {
                let left: UInt8 = x >= 3 ? rgb[row + x - 3] : 0
                raw.append(rgb[row + x] &- left)
            }
        }
        var bound = compressBound(uLong(raw.count))
        var packed = [UInt8](repeating: 0, count: Int(bound))
        let status = packed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &bound, input.baseAddress, uLong(input.count), 6)
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        packed.removeSubrange(Int(bound)...)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0] // 8 bits, RGB, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, into: &png)
        chunk("IDAT", packed, into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        var body = typeBytes + data
        let crc = body.withUnsafeMutableBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        png += body
        png += bigEndian(UInt32(truncatingIfNeeded: crc))
        body.removeAll()
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}
