// GripperEditing: the collection model (CollectionModel, BatchUpdate, diff),
// the policy (EditingPolicy, StaticEditingPolicy), the journal (Journal,
// undo/redo) and the editing state machine (EditingStateMachine, driven by
// EditingInput, adapted from gestures by GestureInputAdapter, drawing through
// GripperLayout's LayoutPresentation). See Documentation/Editing.md.
//
// Time is `EventTime` from GripperInput, which GripperGestures builds on; the
// module reads no clock and does no I/O.
import GripperGestures
import GripperLayout
