/// Which of an engine's input devices a frame comes from. Devices are
/// numbered in the order the engine got them: the one it was opened with is
/// ``first``, each ``Engine/attach(_:)`` gives the next.
public struct InputDeviceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The device's position among the engine's devices (0: the first).
    public let index: Int

    /// The device at `index` among the engine's devices.
    public init(index: Int) { self.index = index }

    /// The device the engine was opened with.
    public static let first = InputDeviceID(index: 0)

    /// Orders by ``index``.
    public static func < (a: InputDeviceID, b: InputDeviceID) -> Bool { a.index < b.index }

    /// `device N`.
    public var description: String { "device \(index)" }
}
