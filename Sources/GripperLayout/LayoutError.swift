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

extension LayoutError {
    /// Checks a measured header or footer height for section `section` of
    /// `sections` (what every layout's `setSupplementaryExtent` checks
    /// first): whether it is the header, and the name its errors carry.
    /// - Throws: ``LayoutError`` for a kind that is not a header or a
    ///   footer, a section that does not exist, or a height that is not a
    ///   length a layout takes.
    /// - Complexity: O(1).
    static func checkSupplementaryExtent(_ height: Double, of kind: ElementKind, inSection section: Int,
                                         sections: Int) throws -> (header: Bool, name: String) {
        let header: Bool
        switch kind {
        case .header: header = true
        case .footer: header = false
        case .cell, .globalHeader, .sectionBackground, .rowSeparator, .columnSeparator, .placeholder, .dragProxy,
             .action, .menu, .menuEntry, .supplementary, .decoration:
            throw LayoutError(path: "setSupplementaryExtent.kind", problem: "\(kind) is not a header or a footer")
        }
        let name = header ? "setHeaderHeight" : "setFooterHeight"
        guard section >= 0, section < sections else {
            throw LayoutError(path: "\(name).section", problem: "section \(section) does not exist")
        }
        try LayoutError.checkLength(height, path: "\(name).height")
        return (header, name)
    }
}
