// GripperEditing: the collection model (CollectionModel, BatchUpdate, diff),
// the app's data and rules (CollectionDataSource, CollectionDelegate, StaticEditingPolicy), the journal (Journal,
// undo/redo, app entries the user's undo stops at) and the editing state
// machine (EditingStateMachine, driven by EditingInput: contact inputs and commands, adapted from gestures
// by GestureInputAdapter, and by the app's batches at any moment, drawing
// through GripperLayout's LayoutPresentation). See Documentation/Editing.md.
//
// Time is `EventTime` from GripperInput, which GripperGestures builds on; the
// module reads no clock and does no I/O.
import GripperGestures
import GripperLayout
