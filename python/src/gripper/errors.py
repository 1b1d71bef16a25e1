"""Errors: one exception class per ``gripper_status``, and the library not found.

Every call that libgripper answers with a status other than ``GRIPPER_OK``
raises a :class:`GripperError` subclass whose ``status`` is that status and
whose message is ``gripper_engine_last_error()``'s. The classes also derive
from the built-in exception a Python programmer would catch for that kind of
problem (``ValueError`` for a value out of range, ``OSError`` for a file that
could not be written, ``LookupError`` for something not there).
"""

from __future__ import annotations

import enum


class Status(enum.IntEnum):
    """``gripper_status``: what a libgripper call did."""

    OK = 0
    NULL = 1
    STRUCT_SIZE = 2
    INVALID = 3
    UTF8 = 4
    DATA_SOURCE = 5
    LAYOUT = 6
    BATCH = 7
    TIME_ORDER = 8
    REENTRANT = 9
    BUFFER = 10
    NOT_FOUND = 11
    IO = 12
    FINISHED = 13


class LibraryNotFoundError(ImportError):
    """libgripper could not be found or loaded (or lacks a function this package needs).

    Raised on first use of the library (opening an engine), never by
    ``import gripper``, so the pytest plugin works without the library.
    """


class ReplayCaseWarning(UserWarning):
    """A replay case was saved, but a replay of it parts from the live transcript.

    The scene holds the delegate's answers per item; a ``target_for_move`` or
    a ``perform_action`` that deletes on a normal action depends on more than
    the item, so the replay may differ. The message is the library's.
    """


class GripperError(Exception):
    """A libgripper call failed: ``status`` says how, the message says why.

    Attributes:
        status: the :class:`Status` (or the raw int of a status this package does not know).
        function: the C function that failed (``"gripper_touch"``), or ``""``.
        message: ``gripper_engine_last_error()`` after the call (may be ``""``).
    """

    status: Status | int = Status.INVALID

    def __init__(self, message: str, *, status: Status | int | None = None, function: str = "") -> None:
        if status is not None:
            try:
                self.status = Status(status)
            except ValueError:
                self.status = int(status)
        self.function = function
        self.message = message
        if isinstance(self.status, Status):
            name = "GRIPPER_OK" if self.status is Status.OK else f"GRIPPER_ERROR_{self.status.name}"
        else:
            name = f"unknown status {self.status}"
        prefix = f"{function}: " if function else ""
        super().__init__(f"{prefix}{name}: {message}" if message else f"{prefix}{name}")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickles by status (for multiprocessing and pytest-xdist): keyword-only arguments do not pickle by default."""
        return (_rebuild, (type(self), self.message, int(self.status), self.function))


def _rebuild(cls: type[GripperError], message: str, status: int, function: str) -> GripperError:
    """Unpickles a :class:`GripperError` (keyword-only arguments do not pickle by default)."""
    return cls(message, status=status, function=function)


class NullError(GripperError):
    """``GRIPPER_ERROR_NULL``: a required handle or pointer was NULL."""

    status = Status.NULL


class ClosedError(NullError):
    """The engine was closed (its handle is gone); status ``GRIPPER_ERROR_NULL``."""


class StructSizeError(GripperError):
    """``GRIPPER_ERROR_STRUCT_SIZE``: a struct's ``struct_size`` is not one the library knows."""

    status = Status.STRUCT_SIZE


class InvalidValueError(GripperError, ValueError):
    """``GRIPPER_ERROR_INVALID``: a number out of range (NaN, infinite, unknown enum value, index past the end)."""

    status = Status.INVALID


class Utf8Error(GripperError, ValueError):
    """``GRIPPER_ERROR_UTF8``: a string is not valid UTF-8 (or is empty where an identity is needed)."""

    status = Status.UTF8


class DataSourceError(GripperError):
    """``GRIPPER_ERROR_DATA_SOURCE``: the data source contradicted itself (a repeated identity, a NULL string …)."""

    status = Status.DATA_SOURCE


class LayoutError(GripperError, ValueError):
    """``GRIPPER_ERROR_LAYOUT``: the layout rejected the configuration (columns that do not fit, a bad height)."""

    status = Status.LAYOUT


class BatchError(GripperError, ValueError):
    """``GRIPPER_ERROR_BATCH``: a batch update broke a rule; nothing was applied."""

    status = Status.BATCH


class TimeOrderError(GripperError, ValueError):
    """``GRIPPER_ERROR_TIME_ORDER``: an input earlier than the latest one handled; nothing changed."""

    status = Status.TIME_ORDER


class ReentrantError(GripperError):
    """``GRIPPER_ERROR_REENTRANT``: a call into an engine from inside one of its own callbacks."""

    status = Status.REENTRANT


class BufferTooSmallError(GripperError):
    """``GRIPPER_ERROR_BUFFER``: a caller's buffer was too small.

    The Python methods grow their buffers and ask again, so this reaches
    Python code only through the raw functions (or a library that keeps
    asking for more).
    """

    status = Status.BUFFER


class NotFoundError(GripperError, LookupError):
    """``GRIPPER_ERROR_NOT_FOUND``: nothing there (no such device, no announcement waiting)."""

    status = Status.NOT_FOUND


class WriteError(GripperError, OSError):
    """``GRIPPER_ERROR_IO``: a file could not be written (the message names it and why)."""

    status = Status.IO


class FinishedError(GripperError):
    """``GRIPPER_ERROR_FINISHED``: the engine is finished; only reading calls work."""

    status = Status.FINISHED


_BY_STATUS: dict[int, type[GripperError]] = {
    cls.status: cls
    for cls in (
        NullError,
        StructSizeError,
        InvalidValueError,
        Utf8Error,
        DataSourceError,
        LayoutError,
        BatchError,
        TimeOrderError,
        ReentrantError,
        BufferTooSmallError,
        NotFoundError,
        WriteError,
        FinishedError,
    )
}


def error_for(status: int, message: str, function: str = "") -> GripperError:
    """The exception for a non-OK ``status`` (a plain :class:`GripperError` for an unknown one)."""
    cls = _BY_STATUS.get(int(status), GripperError)
    return cls(message, status=status, function=function)
