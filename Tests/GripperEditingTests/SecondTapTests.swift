import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperInput
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// Another finger's tap (`secondTap`), on both sides of its limits: 300 ms
/// and 10 points from where it went down, and only while the first is down.
@Suite struct SecondTapTests {
    static let down = Point(x: 50, y: 60)

    static func touch(_ phase: Gesture.TouchPhase, _ id: Int, at p: Point, ms: Int64) -> GestureEvent {
        GestureEvent(time: .milliseconds(ms), .touch(phase, GestureContact(id: id, location: p)))
    }

    /// The inputs of another finger down at 1000 ms and lifted `held` ms
    /// later `moved` points to the right, with the first finger down throughout.
    static func secondFinger(held: Int64, moved: Double, firstLifts: Bool = false) -> EditingInput? {
        var a = GestureInputAdapter()
        _ = a.input(for: touch(.began, 1, at: Point(x: 10, y: 10), ms: 0))
        #expect(a.input(for: touch(.began, 2, at: down, ms: 1000)) == .contact(.secondContact))
        if firstLifts { _ = a.input(for: touch(.ended, 1, at: Point(x: 10, y: 10), ms: 1000)) }
        return a.input(for: touch(.ended, 2, at: down + Point(x: moved, y: 0), ms: 1000 + held))
    }

    @Test func aQuickLiftNearWhereItWentDownIsATap() {
        #expect(Self.secondFinger(held: 300, moved: 10) == .contact(.secondTap(Self.down)))
        #expect(Self.secondFinger(held: 301, moved: 0) == nil)
        #expect(Self.secondFinger(held: 0, moved: 10.001) == nil)
    }

    @Test func onlyWhileTheFirstFingerIsDown() {
        #expect(Self.secondFinger(held: 50, moved: 0, firstLifts: true) == nil)
    }

    @Test func aCancelledSecondContactIsNoTap() {
        var a = GestureInputAdapter()
        _ = a.input(for: Self.touch(.began, 1, at: .zero, ms: 0))
        _ = a.input(for: Self.touch(.began, 2, at: Self.down, ms: 10))
        #expect(a.input(for: Self.touch(.cancelled, 2, at: Self.down, ms: 20)) == nil)
        #expect(a.input(for: Self.touch(.ended, 2, at: Self.down, ms: 30)) == nil)
    }

    @Test func manyFingersAreRememberedBoundedly() {
        var a = GestureInputAdapter()
        _ = a.input(for: Self.touch(.began, 1, at: .zero, ms: 0))
        for id in 2..<40 { _ = a.input(for: Self.touch(.began, id, at: Self.down, ms: 10)) }
        // The oldest were forgotten (16 are kept): their lift is no tap.
        #expect(a.input(for: Self.touch(.ended, 2, at: Self.down, ms: 20)) == nil)
        #expect(a.input(for: Self.touch(.ended, 39, at: Self.down, ms: 20)) == .contact(.secondTap(Self.down)))
    }
}
