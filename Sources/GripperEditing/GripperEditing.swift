// GripperEditing: the collection model, batch updates and the editing state
// machine. See Documentation/Editing.md.
import GripperGestures
import GripperLayout
