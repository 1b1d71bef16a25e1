import Testing
@testable import GripperInput

/// The storage a producer hands over comes back when the caller has let go
/// of it, and never while the caller holds it.
@Suite struct HandOverBufferTests {
    static func address(_ a: [Int]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }

    @Test func storageLetGoOfIsReusedInPlace() {
        var buffer = HandOverBuffer<Int>()
        var out = buffer.takeStorage()
        out.append(contentsOf: [1, 2, 3])
        let first = Self.address(buffer.handOver(out))
        out = [] // the caller lets go (the handed-over copy went with the expression)
        var next = buffer.takeStorage()
        #expect(next.isEmpty && next.capacity >= 3)
        #expect(Self.address(next) == first)
        next.append(4)
        #expect(buffer.handOver(next) == [4])
    }

    @Test func storageTheCallerKeepsIsLeftAsItWas() {
        var buffer = HandOverBuffer<Int>()
        var out = buffer.takeStorage()
        out.append(contentsOf: [1, 2, 3])
        let kept = buffer.handOver(out)
        out = []
        var next = buffer.takeStorage()
        #expect(next.isEmpty && next.capacity >= 3)
        #expect(Self.address(next) != Self.address(kept))
        next.append(9)
        _ = buffer.handOver(next)
        #expect(kept == [1, 2, 3])
    }
}
