import GripperEditing
import GripperInput
import GripperLayout

/// How an animation's progress follows time: the value at a fraction of
/// the duration. A renderer interpolates every attribute of a change with it.
public enum TimingCurve: String, Hashable, Sendable, CaseIterable {
    /// Constant speed.
    case linear
    /// Starts slowly (cubic).
    case easeIn
    /// Ends slowly (cubic): things settling into place.
    case easeOut
    /// Starts and ends slowly (smoothstep): things making room.
    case easeInOut

    /// The progress at `fraction` of the duration (both in 0...1; outside,
    /// clamped).
    public func value(at fraction: Double) -> Double {
        let t = fraction.isNaN ? 0 : min(1, max(0, fraction))
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: let u = 1 - t; return 1 - u * u * u
        case .easeInOut: return t * t * (3 - 2 * t)
        }
    }
}

/// One change to what is shown, as a renderer should animate it: every
/// affected on-screen element's attributes before and after (what appears
/// starts at alpha 0, what disappears ends at alpha 0), with a suggested
/// duration and timing curve. Interpolating `initial` to `final` by
/// `curve.value(at: elapsed / duration)` draws the motion with no geometry
/// of the renderer's own.
///
/// The drag proxy is never part of a transition: it follows the contact
/// directly, frame by frame, as a swiped cell's content does while the
/// finger is down. Scrolling by a finger, a fling or a bounce is not a
/// transition either (its offset is in every snapshot, frame by frame); an
/// animated scroll the app asks for is one, of cause ``Cause/scrollAnimation``,
/// with no element changes and the offsets it goes between.
public struct EngineTransition: Sendable {
    /// What the change was.
    public enum Cause: String, Hashable, Sendable, CaseIterable {
        /// The drag's gap moved: the cells between make room.
        case gapMoved
        /// A drop committed: the item settles into the gap.
        case dropped
        /// A drag was cancelled: the item snaps back to its place.
        case dropCancelled
        /// A swiped cell snapped open.
        case swipeOpened
        /// An open (or sliding) cell shut.
        case swipeShut
        /// A delete confirmation opened or was cancelled.
        case deleteConfirmation
        /// Batch editing began or ended (delete controls and grippers).
        case editingChanged
        /// An edit other than a drop committed (a delete, an action, a reload).
        case committed
        /// Undo or redo.
        case undoRedo
        /// The app changed the data (``Engine/apply(_:at:)-(BatchUpdate,_)``):
        /// what it inserted fades in, what it deleted fades out, the rest moves.
        case appChanged
        /// The selection changed.
        case selection
        /// The app asked for an animated scroll
        /// (``Engine/scroll(to:animated:at:)``): the content offset goes
        /// from ``initialContentOffset`` to ``finalContentOffset`` (the
        /// engine also moves it so, frame by frame, on its deadlines).
        case scrollAnimation
        /// The layout changed (``Engine/changeLayout(_:at:)``: another
        /// layout, new metrics): every element goes from where it was to
        /// where it is now.
        case layoutChanged
        /// The viewport took a new size (a window resized, a screen
        /// rotated; ``Engine/resizeViewport(to:at:)``).
        case resized
        /// Measured heights changed what follows the measured item
        /// (``Engine/setMeasuredHeight(_:ofItemAt:at:)``).
        case measured
        /// A placeholder appeared or went (the data source loading, empty or
        /// failed; see Documentation/DataSources.md).
        case placeholder
        /// An item was lifted: a drag began, its source hidden and the gap's
        /// placeholder shown (a multi-item drag's companions go into the finger).
        case lift
        /// The keyboard focus moved to another item.
        case focus
        /// A touch highlighted an item, or the highlight went.
        case highlight
        /// An item's menu opened or closed, or its keyboard selection moved.
        case menu
    }

    /// What the change was.
    public var cause: Cause
    /// When it happened, from the engine's origin.
    public var time: EventTime
    /// The elements that change, with their attributes before and after.
    public var layout: LayoutTransition
    /// How long to animate it.
    public var duration: Duration
    /// How progress follows time.
    public var curve: TimingCurve
    /// The content offset before the change.
    public var initialContentOffset: Double = 0
    /// The content offset after it (for ``Cause/scrollAnimation``, where
    /// the animation ends).
    public var finalContentOffset: Double = 0

    /// The suggested duration and curve of each cause, after the platforms:
    /// Android's RecyclerView `DefaultItemAnimator` moves items in 250 ms
    /// (gap moves, undo and redo); `ItemTouchHelper` settles a drop or a
    /// cancelled drag in 200 ms and animates a swipe in 250 ms; UIKit animates
    /// row deletion, insertion and `setEditing(_:animated:)` in about 300 ms;
    /// a selection highlight changes in 150 ms (so do a touch's highlight and
    /// the focus ring here); `setContentOffset(_:animated:)` scrolls in about
    /// 300 ms, and `setCollectionViewLayout(_:animated:)` and a rotation
    /// animate in about as long; a lift settles like a drop; a menu comes and
    /// goes in 200 ms, about as fast as iOS's context menu.
    package static func defaultTiming(for cause: Cause) -> (duration: Duration, curve: TimingCurve) {
        switch cause {
        case .gapMoved: (.milliseconds(250), .easeInOut)
        case .dropped, .dropCancelled: (.milliseconds(200), .easeOut)
        case .swipeOpened, .swipeShut, .deleteConfirmation: (.milliseconds(250), .easeOut)
        case .editingChanged, .committed, .appChanged: (.milliseconds(300), .easeInOut)
        case .undoRedo: (.milliseconds(250), .easeInOut)
        case .selection: (.milliseconds(150), .linear)
        case .scrollAnimation: (.milliseconds(300), .easeInOut)
        case .layoutChanged, .resized: (.milliseconds(300), .easeInOut)
        case .measured, .placeholder: (.milliseconds(250), .easeInOut)
        case .lift: (.milliseconds(200), .easeOut)
        case .focus, .highlight: (.milliseconds(150), .linear)
        case .menu: (.milliseconds(200), .easeOut)
        }
    }
}
