// Gripper: the engine that composes input → gestures → editing → layout,
// the driver that runs it with a track of timed stimuli, and the transcript.
// Pure: no clock, no file, no scene, no picture (those are GripperScene,
// GripperPictures, GripperReplay and GripperFiles, which build on this).
// The umbrella module: an embedder imports Gripper and gets every type the
// engine's API speaks (events, gestures, layout attributes, the model).
@_exported import GripperGeometry
@_exported import GripperInput
@_exported import GripperGestures
@_exported import GripperLayout
@_exported import GripperEditing
