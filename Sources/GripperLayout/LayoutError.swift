import GripperGeometry

/// Why the layout refused its input or a change: the path of the offending
/// value (`sections[3].itemHeights[17]`, `metrics.columns`, `move.to`) and
/// what is wrong with it. A refused change leaves the layout as it was.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the bad value is, as a path into the input.
    public var path: String
    /// What is wrong, in words a person can act on.
    public var problem: String

    /// Creates an error for the value at `path`.
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// Checks one length (a height, width, spacing, inset, padding or
    /// thickness) where it enters a layout: a finite number from 0 to
    /// ``GridLayout/maximumLength``.
    /// - Throws: a ``LayoutError`` at `path` naming the value (the path is
    ///   only made then: a million item heights make no strings).
    @inline(__always)
    static func checkLength(_ value: Double, path: @autoclosure () -> String) throws(LayoutError) {
        guard value.isFinite, value >= 0, value <= GridLayout.maximumLength else {
            throw LayoutError(path: path(), problem: "must be a finite number from 0 to \(lengthLimitText), got \(value)")
        }
    }

    /// ``GridLayout/maximumLength`` for a person to read.
    static let lengthLimitText = "2^40 (\(Int(GridLayout.maximumLength)))"

    /// `path: problem`, for a person to read.
    public var description: String { "\(path): \(problem)" }
}
