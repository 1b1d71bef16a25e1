/// An immutable box around a menu entry's descriptor, so only a menu
/// entry's attributes carry it and every other element stays small;
/// compared and hashed by value.
final class MenuBox: Hashable, Sendable {
    let value: MenuEntry

    init(_ value: MenuEntry) { self.value = value }

    static func == (a: MenuBox, b: MenuBox) -> Bool { a === b || a.value == b.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
