// Gripper: the engine that composes input → gestures → editing → layout.
@_exported import GripperGeometry
@_exported import GripperInput
