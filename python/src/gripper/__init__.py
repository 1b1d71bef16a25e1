"""Gripper from Python: libgripper's engine over ctypes, and a pytest plugin for replay cases.

``gripper.Engine`` opens an engine on a list of sections (or a data source),
takes toolkit input with its time in microseconds, and tells what to draw,
what happened and what the model is now. Every failed call raises a
``gripper.GripperError`` subclass whose ``status`` is the library's status.

The library is found on first use, from ``GRIPPER_LIBRARY`` (a path), else
by ``ctypes.util.find_library("gripper")``; ``import gripper`` itself never
needs it. ``pytest --gripper-cases PATH`` (the plugin in
``gripper.pytest_plugin``) replays every replay case under PATH through the
``gripper`` tool.
"""

from .engine import Engine, curve_value, status_name, version
from .errors import (
    BatchError,
    BufferTooSmallError,
    ClosedError,
    DataSourceError,
    FinishedError,
    GripperError,
    InvalidValueError,
    LayoutError,
    LibraryNotFoundError,
    NotFoundError,
    NullError,
    ReentrantError,
    ReplayCaseWarning,
    Status,
    StructSizeError,
    TimeOrderError,
    Utf8Error,
    WriteError,
)
from .types import (
    AbsAxis,
    Action,
    AttributeFlag,
    Attributes,
    BatchKind,
    BatchOp,
    Change,
    ChangeRole,
    Command,
    ConfigFlag,
    Curve,
    DisplayChange,
    LayoutKind,
    Pinch,
    Snapping,
    Edge,
    ElementKind,
    InputEvent,
    KeyState,
    MoveAnswer,
    SelectionMode,
    TouchPhase,
    Transition,
)

__version__ = "0.1.0"

__all__ = [
    "AbsAxis",
    "Action",
    "AttributeFlag",
    "Attributes",
    "BatchError",
    "BatchKind",
    "BatchOp",
    "BufferTooSmallError",
    "Change",
    "ChangeRole",
    "ClosedError",
    "Command",
    "ConfigFlag",
    "Curve",
    "DisplayChange",
    "DataSourceError",
    "Edge",
    "ElementKind",
    "Engine",
    "FinishedError",
    "GripperError",
    "InputEvent",
    "InvalidValueError",
    "KeyState",
    "LayoutError",
    "LayoutKind",
    "Pinch",
    "LibraryNotFoundError",
    "MoveAnswer",
    "NotFoundError",
    "NullError",
    "ReentrantError",
    "Snapping",
    "ReplayCaseWarning",
    "SelectionMode",
    "Status",
    "StructSizeError",
    "TimeOrderError",
    "TouchPhase",
    "Transition",
    "Utf8Error",
    "WriteError",
    "curve_value",
    "status_name",
    "version",
]
