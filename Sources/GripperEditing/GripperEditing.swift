// GripperEditing: the collection model, batch updates and the editing state
// machine. See Documentation/Editing.md.
import GripperLayout
import GripperGestures
