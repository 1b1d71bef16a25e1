// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperGeometry
import GripperLayout

extension EditingStateMachine {
    /// Moves the content offset by `delta` (clamped to the content of
    /// `geometry`), as when an item above the viewport took its measured
    /// height: what is on screen stays where it was. No state changes; a
    /// drag's proxy stays under the finger (it is placed from the contact
    /// and the offset).
    /// - Complexity: O(1).
    package mutating func shiftContentOffset(by delta: Double, geometry: some CollectionLayout) -> [EditingEffect] {
        var effects: [EditingEffect] = []
        scroll(to: contentOffset + delta, geometry: geometry, effects: &effects)
        return effects
    }
}
