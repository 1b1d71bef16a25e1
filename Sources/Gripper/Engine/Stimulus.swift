import GripperEditing
import GripperGeometry
import GripperLayout

/// An outside stimulus: what the embedding app does while the user
/// touches — turn batch editing on or off, delete the selection, undo,
/// redo, reload its data, scroll, resize or rotate the viewport — or the
/// input device going away. Hand one to
/// ``Engine/apply(_:at:)-(Stimulus,_)`` at the time it happens; a track of
/// them by time (a scene's, a test's) is run by an ``EngineDriver``.
public enum Stimulus: Hashable, Sendable, CustomStringConvertible {
    /// Turns batch editing on or off.
    case setEditing(Bool)
    /// Deletes every selected item in one batch.
    case deleteSelected
    /// Replaces the sections (and so the model) with these.
    case reload([CollectionSection])
    /// Undoes the last journal entry.
    case undo
    /// Redoes the last undone entry.
    case redo
    /// The input device goes away.
    case deviceLost
    /// The app scrolls, at once or animated (refused while the user's finger
    /// scrolls or drags an item).
    case scroll(ScrollTarget, animated: Bool)
    /// The viewport takes a new size (a window resized, a screen rotated):
    /// the first visible item stays where it was.
    case resizeViewport(Size)
    /// A key pressed (a scene's keyboard track): as
    /// ``Engine/handleKey(code:value:at:)`` with a press; written as a `key` line.
    case key(KeyboardKey)
    /// The app's move command (``Engine/move(_:at:)``).
    case move(MoveCommand)
    /// The app puts the keyboard focus on the item at this index path, or
    /// none (``Engine/setFocus(_:at:)``).
    case focus(ItemPath?)
    /// A loading event of the data source (the app began a load, or a
    /// load's result arrived), with the content a result brings: it lands
    /// as one batch, a diff, with what is in flight kept alive (see
    /// Documentation/DataSources.md).
    case loading(LoadingEvent, content: [CollectionSection]?)
    /// The app shows segment `index` of the engine's segmented source (its
    /// rules are a `SegmentedDataSource`): as
    /// ``Engine/switchSegment(of:to:at:)``. An engine whose rules are not
    /// segmented, or a segment that does not exist, records a `rejected`
    /// entry and changes nothing.
    case switchSegment(Int)
    /// A loading event of one child of the engine's composed source (its
    /// rules are a `ComposedDataSource`), named by its key: each child has
    /// its own loading machine, and a result's content (identities, in the
    /// child's own sections; heights, columns and rules come from the
    /// child's data source and delegate by identity) is held while any
    /// child loads and lands with the event that ends the last load, all
    /// the children's content in one batch (the "update blocks" of the WWDC 2014 talk on collection views,
    /// `LoadingGroup`). Written `child KEY load`, `child KEY loaded …`. An
    /// engine whose rules are not composed, or a key that names no child,
    /// records a `rejected` entry and changes nothing.
    case loadingChild(String, LoadingEvent, content: [CollectionSection]?)
    /// The layout changes (``Engine/changeLayout(_:at:)``): another
    /// layout, new metrics, or both. Written `layout` and the fields the
    /// change gives (`layout kind flow columns 3`).
    case changeLayout(LayoutChange)
    /// The app's batch update, as a recorded session (``ToolkitSession``)
    /// replays it: applied as ``Engine/apply(_:at:)-(BatchUpdate,_)``
    /// applies it, with no `stimulus` line of its own (the app's call wrote
    /// none); one that breaks a rule changes nothing.
    case batch(BatchUpdate)
    /// A self-sizing view's measurement (``Measurement``), as the
    /// engine's `setMeasured…` calls take it. Written `measured item [0,3]
    /// width 120 height 40`, `measured header 1 height 64`; one the
    /// engine refuses (an item or section that does not exist then, a bad
    /// value) records a `rejected` entry and changes nothing.
    case measured(Measurement)

    /// The stimulus as the transcript names it (`setEditing true`, `reload inbox(3) "to do"(0)` …:
    /// a reload lists its sections with their item counts, ids quoted as the transcript quotes them):
    /// the text of its fields (`Transcript.Field`).
    public var description: String { Transcript.text(of: transcriptFields) }
}
