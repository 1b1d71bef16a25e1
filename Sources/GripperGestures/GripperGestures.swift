// GripperGestures: tap, long-press, pan and swipe recognizers on event time.
// See Documentation/Gestures.md.
import GripperInput
