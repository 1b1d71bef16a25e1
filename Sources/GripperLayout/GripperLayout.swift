// GripperLayout: the headless grid layout. See Documentation/Layout.md.
import GripperGeometry
