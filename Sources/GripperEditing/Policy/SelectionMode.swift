/// How many items a tap can select at once.
public enum SelectionMode: String, Hashable, Sendable, CaseIterable {
    /// Taps select nothing (outside batch editing; inside it a tap still toggles
    /// selection for `deleteSelected` unless the mode is `none` there too).
    case none
    /// A tap selects one item, replacing the selection.
    case single
    /// Taps toggle items in and out of the selection.
    case multiple
}
