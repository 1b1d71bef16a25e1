// Gripper: the engine that composes input → gestures → editing → layout.
// The umbrella module: an embedder imports Gripper and gets every type the
// engine's API speaks (events, gestures, layout attributes, the model).
@_exported import GripperGeometry
@_exported import GripperInput
@_exported import GripperGestures
@_exported import GripperLayout
@_exported import GripperEditing
