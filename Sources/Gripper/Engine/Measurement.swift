import GripperGeometry
import GripperLayout

/// What a self-sizing view measured, as a scene's `measure` stimulus or an
/// app's call reports it (``Stimulus/measured(_:)``): an item's width and
/// height, or a section header's or footer's height, in the layout's
/// scroll space (a height along the scroll axis, a width across it).
public enum Measurement: Hashable, Sendable {
    /// The item at the index path: its width (``Engine/setMeasuredWidth(_:ofItemAt:at:)``),
    /// its height (``Engine/setMeasuredHeight(_:ofItemAt:at:)``), or both
    /// (``Engine/setMeasuredSize(_:ofItemAt:at:)``); at least one given.
    case item(ItemPath, width: Double?, height: Double?)
    /// A section's header or footer (`kind`) and its height
    /// (``Engine/setMeasuredHeight(_:of:inSection:at:)``).
    case supplementary(ElementKind, section: Int, height: Double)
}
