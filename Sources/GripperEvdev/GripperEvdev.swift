// GripperEvdev: the live shell over libevdev. See Documentation/LiveInput.md.
import GripperInput
