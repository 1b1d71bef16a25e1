import GripperInput

/// A growing UTF-8 buffer with the few `printf` conversions the C tools use,
/// so the writers reproduce their output byte for byte.
struct FormattedText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Forgets the text written so far, keeping the buffer.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// The number of bytes written so far.
    var count: Int { bytes.count }

    /// `%d` with an optional width, space- or zero-padded (`%6d`, `%04d`);
    /// like C, the sign counts towards the width and zero padding goes after it.
    mutating func decimal(_ value: Int64, width: Int = 0, zeroPad: Bool = false, plusSign: Bool = false) {
        var digits: [UInt8] = []
        var magnitude = value.magnitude
        repeat {
            digits.append(UInt8(magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        let sign: UInt8? = value < 0 ? 0x2D : (plusSign ? 0x2B : nil)
        let length = digits.count + (sign == nil ? 0 : 1)
        let pad = max(0, width - length)
        if !zeroPad { bytes.append(contentsOf: repeatElement(0x20, count: pad)) }
        if let sign { bytes.append(sign) }
        if zeroPad { bytes.append(contentsOf: repeatElement(0x30, count: pad)) }
        bytes.append(contentsOf: digits.reversed())
    }

    /// `%0Nx`: lowercase hex, zero-padded to `width`.
    mutating func hex(_ value: UInt64, width: Int) {
        var digits: [UInt8] = []
        var v = value
        repeat {
            let d = UInt8(v & 0xF)
            digits.append(d < 10 ? d + 0x30 : d - 10 + 0x61)
            v >>= 4
        } while v > 0
        bytes.append(contentsOf: repeatElement(0x30, count: max(0, width - digits.count)))
        bytes.append(contentsOf: digits.reversed())
    }

    /// `%#0Nx`: `0x` and lowercase hex zero-padded to `width` in all, except
    /// that C prints zero without the prefix (`%#04x` of 0 is `0000`).
    mutating func alternateHex(_ value: UInt64, width: Int) {
        if value == 0 { hex(0, width: max(1, width)); return }
        append("0x")
        hex(value, width: width - 2)
    }

    /// `%-Ns`: left-justified in `width` columns.
    mutating func leftJustified(_ s: String, width: Int) {
        append(s)
        let count = s.utf8.count
        if count < width { bytes.append(contentsOf: repeatElement(0x20, count: width - count)) }
    }
}
