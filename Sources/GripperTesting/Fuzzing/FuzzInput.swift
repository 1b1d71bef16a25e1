/// A fuzz input read as a stream of bytes: each read takes the next byte, or
/// 0 once the input is used up, so every input, however short, means
/// something and the same input always means the same thing.
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte (0 past the end).
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// The next byte as a signed value, -128...127.
    mutating func signed() -> Int32 { Int32(Int8(bitPattern: byte())) }

    /// The next two bytes, little-endian.
    mutating func word() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
}
