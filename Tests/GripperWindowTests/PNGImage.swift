import CSDL2

/// A PNG decoded for pixel checks: 8-bit RGB, not interlaced, rows
/// filtered with None or Sub (what `PNGEncoder` writes). Anything else is
/// an error, so a test cannot pass on a file it did not read.
struct PNGImage {
    struct Failure: Error, CustomStringConvertible { var description: String }
    var width: Int
    var height: Int
    var rgb: [UInt8]

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "not a PNG")
        }
        var at = 8, idat: [UInt8] = [], w = 0, h = 0
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while at + 12 <= bytes.count {
            let length = u32(at), type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(bytes[(at + 8)..<(at + 8 + length)])
            switch type {
            case "IHDR":
                w = u32(at + 8); h = u32(at + 12)
                guard data[8] == 8, data[9] == 2, data[12] == 0 else { throw Failure(description: "not 8-bit RGB") }
            case "IDAT": idat += data
            default: break
            }
            at += 12 + length
        }
        var size = uLong((w * 3 + 1) * h)
        var raw = [UInt8](repeating: 0, count: Int(size))
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(size) == raw.count else { throw Failure(description: "bad IDAT (zlib \(status))") }
        width = w; height = h
        rgb = []
        rgb.reserveCapacity(w * h * 3)
        for y in 0..<h {
            let row = y * (w * 3 + 1)
            let filter = raw[row]
            guard filter <= 1 else { throw Failure(description: "row filter \(filter)") }
            for x in 0..<(w * 3) {
                let left: UInt8 = filter == 1 && x >= 3 ? rgb[y * w * 3 + x - 3] : 0
                rgb.append(raw[row + 1 + x] &+ left)
            }
        }
    }

    /// The colour at a pixel as 0xRRGGBB.
    func color(_ x: Int, _ y: Int) -> UInt32 {
        let i = (y * width + x) * 3
        return UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2])
    }
}

/// Whether two colours are within `tolerance` on every channel.
func near(_ a: UInt32, _ b: UInt32, tolerance: Int = 6) -> Bool {
    for shift: UInt32 in [0, 8, 16] {
        let x = Int((a >> shift) & 0xff), y = Int((b >> shift) & 0xff)
        if abs(x - y) > tolerance { return false }
    }
    return true
}
