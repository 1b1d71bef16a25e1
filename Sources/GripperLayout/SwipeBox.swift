import GripperGeometry

/// An immutable box around a cell's swipe attributes, shared by the cell and
/// its action elements; compared and hashed by value.
final class SwipeBox: Hashable, Sendable {
    let value: SwipeAttributes

    init(_ value: SwipeAttributes) { self.value = value }

    static func == (a: SwipeBox, b: SwipeBox) -> Bool { a === b || a.value == b.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
