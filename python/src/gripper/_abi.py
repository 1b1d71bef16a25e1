"""The C ABI of ``gripper.h`` in ctypes: structs, callback types, prototypes, and loading the library.

Every struct mirrors the header field for field (ctypes lays them out with
the platform's C alignment, as the C compiler does); every function used is
declared with its ``argtypes`` and ``restype`` before it is called, so
ctypes converts and checks each argument instead of guessing ``int``.

The loaded library is this package's one piece of global state: it is
loaded on first use (:func:`library`), never at import, so ``import
gripper`` and the pytest plugin work without libgripper.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint16,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any

from .errors import LibraryNotFoundError

#: The ABI this package was written against: the 0 of libgripper.so.0 (``GRIPPER_ABI_VERSION``).
ABI_VERSION = 0

#: The environment variable naming the library's path.
LIBRARY_VARIABLE = "GRIPPER_LIBRARY"


class Config(Structure):
    """``gripper_config``."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("flags", c_uint32),
        ("viewport_width", c_double),
        ("viewport_height", c_double),
        ("points_per_millimetre", c_double),
        ("row_height", c_double),
        ("inter_item_spacing", c_double),
        ("line_spacing", c_double),
        ("header_height", c_double),
        ("footer_height", c_double),
        ("columns", c_int32),
        ("selection_mode", c_int32),
    ]


class LayoutChange(Structure):
    """``gripper_layout_change``."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("fields", c_uint32),
        ("kind", c_int32),
        ("columns", c_int32),
        ("minimum_item_width", c_double),
        ("row_height", c_double),
        ("inter_item_spacing", c_double),
        ("line_spacing", c_double),
        ("header_height", c_double),
        ("footer_height", c_double),
        ("snapping", c_int32),
    ]


class Pinch(Structure):
    """``gripper_pinch``."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("active", c_int32),
        ("closing", c_int32),
        ("progress", c_double),
        ("scale", c_double),
        ("centre_x", c_double),
        ("centre_y", c_double),
        ("target_offset", c_double),
    ]


class DisplayChange(Structure):
    """``gripper_display_change``."""

    _fields_ = [
        ("event", c_int32),
        ("kind", c_int32),
        ("id", c_char_p),
    ]


#: ``gripper_layout_field``: the bit of each field a :class:`LayoutChange` gives.
LAYOUT_FIELDS = {
    "kind": 1 << 0,
    "columns": 1 << 1,
    "minimum_item_width": 1 << 2,
    "row_height": 1 << 3,
    "inter_item_spacing": 1 << 4,
    "line_spacing": 1 << 5,
    "header_height": 1 << 6,
    "footer_height": 1 << 7,
    "snapping": 1 << 8,
}


# Data source callbacks. A `const char *` result is declared c_void_p: the
# callback returns the address of a buffer it keeps alive (a c_char_p result
# would point into a temporary bytes object freed when the callback returns).
SECTION_COUNT = CFUNCTYPE(c_size_t, c_void_p)
SECTION_ID = CFUNCTYPE(c_void_p, c_void_p, c_size_t)
ITEM_COUNT = CFUNCTYPE(c_size_t, c_void_p, c_size_t)
ITEM_ID = CFUNCTYPE(c_void_p, c_void_p, c_size_t, c_size_t)
ITEM_HEIGHT = CFUNCTYPE(c_double, c_void_p, c_size_t, c_size_t)


class DataSource(Structure):
    """``gripper_data_source``."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("user", c_void_p),
        ("section_count", SECTION_COUNT),
        ("section_id", SECTION_ID),
        ("item_count", ITEM_COUNT),
        ("item_id", ITEM_ID),
        ("item_height", ITEM_HEIGHT),
    ]


class SectionData(Structure):
    """``gripper_section_data``."""

    _fields_ = [
        ("id", c_char_p),
        ("item_ids", POINTER(c_char_p)),
        ("item_count", c_size_t),
        ("item_heights", POINTER(c_double)),
    ]


class Action(Structure):
    """``gripper_action``."""

    _fields_ = [
        ("id", c_char_p),
        ("title", c_char_p),
        ("destructive", c_int32),
        ("full_swipe", c_int32),
    ]


ITEM_PREDICATE = CFUNCTYPE(c_int, c_void_p, c_char_p, c_size_t, c_size_t)
TARGET_FOR_MOVE = CFUNCTYPE(c_int, c_void_p, c_char_p, c_size_t, c_size_t, POINTER(c_size_t), POINTER(c_size_t))
SWIPE_ACTIONS = CFUNCTYPE(c_size_t, c_void_p, c_char_p, c_size_t, c_size_t, c_int, POINTER(Action), c_size_t)
MENU_ACTIONS = CFUNCTYPE(c_size_t, c_void_p, c_char_p, c_size_t, c_size_t, POINTER(Action), c_size_t)
PERFORM_ACTION = CFUNCTYPE(c_int, c_void_p, c_char_p, c_char_p, c_size_t, c_size_t)
ACCESSIBILITY_LABEL = CFUNCTYPE(c_void_p, c_void_p, c_char_p)


class Delegate(Structure):
    """``gripper_delegate``."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("user", c_void_p),
        ("can_move", ITEM_PREDICATE),
        ("can_edit", ITEM_PREDICATE),
        ("can_select", ITEM_PREDICATE),
        ("target_for_move", TARGET_FOR_MOVE),
        ("swipe_actions", SWIPE_ACTIONS),
        ("perform_action", PERFORM_ACTION),
        ("accessibility_label", ACCESSIBILITY_LABEL),
        ("menu_actions", MENU_ACTIONS),
    ]


class AbsAxis(Structure):
    """``gripper_abs_axis``."""

    _fields_ = [
        ("code", c_uint16),
        ("reserved", c_uint16),
        ("minimum", c_int32),
        ("maximum", c_int32),
        ("fuzz", c_int32),
        ("flat", c_int32),
        ("resolution", c_int32),
    ]


class DeviceInfo(Structure):
    """``gripper_device_info``."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("properties", c_uint32),
        ("name", c_char_p),
        ("codes", POINTER(c_uint32)),
        ("code_count", c_size_t),
        ("axes", POINTER(AbsAxis)),
        ("axis_count", c_size_t),
    ]


class InputEvent(Structure):
    """``gripper_input_event``."""

    _fields_ = [
        ("time_us", c_int64),
        ("type", c_uint16),
        ("code", c_uint16),
        ("value", c_int32),
    ]


class Attributes(Structure):
    """``gripper_attributes``."""

    _fields_ = [
        ("kind", c_uint32),
        ("flags", c_uint32),
        ("section", c_int32),
        ("item", c_int32),
        ("z_index", c_int32),
        ("action_index", c_int32),
        ("x", c_double),
        ("y", c_double),
        ("width", c_double),
        ("height", c_double),
        ("alpha", c_double),
        ("swipe_offset", c_double),
        ("drag_item_count", c_int32),
        ("reserved", c_int32),
        ("id", c_char_p),
        ("action_id", c_char_p),
        ("action_title", c_char_p),
        ("action_destructive", c_int32),
        ("reserved2", c_int32),
        ("delete_control_x", c_double),
        ("delete_control_y", c_double),
        ("delete_control_width", c_double),
        ("delete_control_height", c_double),
        ("gripper_x", c_double),
        ("gripper_y", c_double),
        ("gripper_width", c_double),
        ("gripper_height", c_double),
    ]


class BatchOp(Structure):
    """``gripper_batch_op``."""

    _fields_ = [
        ("kind", c_uint32),
        ("section", c_int32),
        ("item", c_int32),
        ("to_section", c_int32),
        ("to_item", c_int32),
        ("reserved", c_int32),
        ("id", c_char_p),
    ]


class Transition(Structure):
    """``gripper_transition``."""

    _fields_ = [
        ("start_us", c_int64),
        ("duration_us", c_int64),
        ("curve", c_uint32),
        ("change_count", c_uint32),
        ("initial_offset", c_double),
        ("final_offset", c_double),
        ("cause", c_char_p),
    ]


class Change(Structure):
    """``gripper_change``."""

    _fields_ = [
        ("role", c_uint32),
        ("reserved", c_uint32),
        ("initial", Attributes),
        ("final", Attributes),
    ]


_ENGINE = c_void_p  # gripper_engine *: opaque
_STATUS = c_int  # gripper_status
_CHARS = POINTER(ctypes.c_char)  # char * buffers the library fills

#: Every function this package calls: name → (restype, argtypes).
PROTOTYPES: dict[str, tuple[Any, list[Any]]] = {
    "gripper_status_name": (c_char_p, [c_int]),
    "gripper_version": (c_char_p, []),
    "gripper_config_init": (None, [POINTER(Config)]),
    "gripper_engine_open": (
        _STATUS,
        [POINTER(Config), POINTER(DataSource), POINTER(Delegate), POINTER(_ENGINE), _CHARS, c_size_t],
    ),
    "gripper_engine_open_arrays": (
        _STATUS,
        [POINTER(Config), POINTER(SectionData), c_size_t, POINTER(Delegate), POINTER(_ENGINE), _CHARS, c_size_t],
    ),
    "gripper_engine_close": (None, [_ENGINE]),
    "gripper_engine_last_error": (c_char_p, [_ENGINE]),
    "gripper_callback_errors": (c_uint64, [_ENGINE]),
    "gripper_touch": (_STATUS, [_ENGINE, c_int64, c_int, c_uint64, c_double, c_double]),
    "gripper_pointer_motion": (_STATUS, [_ENGINE, c_int64, c_double, c_double]),
    "gripper_pointer_button": (_STATUS, [_ENGINE, c_int64, c_double, c_double, c_uint32, c_int]),
    "gripper_scroll": (_STATUS, [_ENGINE, c_int64, c_double, c_double, c_double, c_double]),
    "gripper_key": (_STATUS, [_ENGINE, c_int64, c_uint32, c_int]),
    "gripper_cancel": (_STATUS, [_ENGINE, c_int64]),
    "gripper_attach_device": (_STATUS, [_ENGINE, POINTER(DeviceInfo), POINTER(c_uint32)]),
    "gripper_evdev_frame": (_STATUS, [_ENGINE, c_uint32, POINTER(InputEvent), c_size_t]),
    "gripper_device_lost": (_STATUS, [_ENGINE, c_uint32, c_int64]),
    "gripper_next_deadline": (_STATUS, [_ENGINE, POINTER(c_int64), POINTER(c_int)]),
    "gripper_fire": (_STATUS, [_ENGINE, c_int64]),
    "gripper_finish": (_STATUS, [_ENGINE]),
    "gripper_attributes_in_rect": (
        _STATUS,
        [_ENGINE, c_double, c_double, c_double, c_double, POINTER(Attributes), c_size_t, POINTER(c_size_t)],
    ),
    "gripper_content_offset": (_STATUS, [_ENGINE, POINTER(c_double)]),
    "gripper_content_size": (_STATUS, [_ENGINE, POINTER(c_double), POINTER(c_double)]),
    "gripper_state": (c_char_p, [_ENGINE]),
    "gripper_section_count": (_STATUS, [_ENGINE, POINTER(c_size_t)]),
    "gripper_item_count": (_STATUS, [_ENGINE, c_size_t, POINTER(c_size_t)]),
    "gripper_item_id": (_STATUS, [_ENGINE, c_size_t, c_size_t, _CHARS, c_size_t, POINTER(c_size_t)]),
    "gripper_section_id": (_STATUS, [_ENGINE, c_size_t, _CHARS, c_size_t, POINTER(c_size_t)]),
    "gripper_journal_count": (_STATUS, [_ENGINE, POINTER(c_size_t)]),
    "gripper_apply_batch": (_STATUS, [_ENGINE, c_int64, POINTER(BatchOp), c_size_t]),
    "gripper_run_command": (_STATUS, [_ENGINE, c_int64, c_int]),
    "gripper_set_focus": (_STATUS, [_ENGINE, c_int64, c_int32, c_int32]),
    "gripper_set_measured_height": (_STATUS, [_ENGINE, c_int64, c_int32, c_int32, c_double]),
    "gripper_set_measured_width": (_STATUS, [_ENGINE, c_int64, c_int32, c_int32, c_double]),
    "gripper_set_measured_size": (_STATUS, [_ENGINE, c_int64, c_int32, c_int32, c_double, c_double]),
    "gripper_set_measured_supplementary_height": (_STATUS, [_ENGINE, c_int64, c_int, c_int32, c_double]),
    "gripper_scroll_to": (_STATUS, [_ENGINE, c_int64, c_double, c_int]),
    "gripper_resize": (_STATUS, [_ENGINE, c_int64, c_double, c_double]),
    "gripper_layout_change_init": (None, [POINTER(LayoutChange)]),
    "gripper_change_layout": (_STATUS, [_ENGINE, c_int64, POINTER(LayoutChange)]),
    "gripper_take_display_changes": (_STATUS, [_ENGINE, POINTER(DisplayChange), c_size_t, POINTER(c_size_t)]),
    "gripper_touchpad_pinch": (_STATUS, [_ENGINE, c_int64, c_int, c_double, c_double, c_double]),
    "gripper_set_pinch_layouts": (_STATUS, [_ENGINE, POINTER(LayoutChange), POINTER(LayoutChange)]),
    "gripper_pinch_init": (None, [POINTER(Pinch)]),
    "gripper_get_pinch": (_STATUS, [_ENGINE, POINTER(Pinch)]),
    "gripper_pinched_attributes": (_STATUS, [_ENGINE, POINTER(Attributes), c_size_t, POINTER(c_size_t)]),
    "gripper_take_lines": (_STATUS, [_ENGINE, _CHARS, c_size_t, POINTER(c_size_t)]),
    "gripper_transcript": (_STATUS, [_ENGINE, _CHARS, c_size_t, POINTER(c_size_t)]),
    "gripper_take_announcement": (_STATUS, [_ENGINE, _CHARS, c_size_t, POINTER(c_size_t)]),
    "gripper_take_transitions": (_STATUS, [_ENGINE, POINTER(c_size_t)]),
    "gripper_transition_at": (_STATUS, [_ENGINE, c_size_t, POINTER(Transition)]),
    "gripper_transition_changes": (_STATUS, [_ENGINE, c_size_t, POINTER(Change), c_size_t, POINTER(c_size_t)]),
    "gripper_curve_value": (c_double, [c_int, c_double]),
    "gripper_save_replay_case": (_STATUS, [_ENGINE, c_char_p]),
}

_loaded: ctypes.CDLL | None = None
_loading = threading.Lock()

_HOW_TO_INSTALL = (
    "libgripper was not found. Build it in a Gripper checkout with scripts/libgripper "
    "(it writes out/lib/libgripper.so) and set GRIPPER_LIBRARY to that file's path, "
    "or install libgripper so the dynamic linker finds libgripper.so.0 (ldconfig -p | grep gripper)."
)


def _open() -> tuple[ctypes.CDLL, str]:
    """Opens the library GRIPPER_LIBRARY names, else the one the system's linker finds."""
    path = os.environ.get(LIBRARY_VARIABLE, "")
    if path:
        try:
            return ctypes.CDLL(path), path
        except OSError as error:
            raise LibraryNotFoundError(
                f"{LIBRARY_VARIABLE}={path}: cannot load it ({error}). {_HOW_TO_INSTALL}", path=path
            ) from error
    found = ctypes.util.find_library("gripper")
    if not found:
        raise LibraryNotFoundError(_HOW_TO_INSTALL, name="gripper")
    try:
        return ctypes.CDLL(found), found
    except OSError as error:
        raise LibraryNotFoundError(f"{found}: cannot load it ({error}). {_HOW_TO_INSTALL}", path=found) from error


#: Functions without which no engine can be opened: a library lacking one is refused at load.
ESSENTIAL = frozenset({"gripper_config_init", "gripper_engine_open", "gripper_engine_open_arrays",
                       "gripper_engine_close", "gripper_engine_last_error", "gripper_status_name"})


def _missing(name: str, where: str) -> Any:
    """A stand-in for a function the library lacks: calling it raises LibraryNotFoundError."""

    def missing(*args: Any) -> Any:
        raise LibraryNotFoundError(
            f"{where} has no {name}: it is an older or unfinished libgripper (ABI {ABI_VERSION})", path=where
        )

    return missing


def declare(lib: ctypes.CDLL, where: str) -> ctypes.CDLL:
    """Gives every function of :data:`PROTOTYPES` its restype and argtypes.

    A missing essential function refuses the library; any other missing one
    is replaced by a stand-in that raises :class:`LibraryNotFoundError` when called.
    """
    for name, (restype, argtypes) in PROTOTYPES.items():
        try:
            function = getattr(lib, name)
        except AttributeError as error:
            if name in ESSENTIAL:
                raise LibraryNotFoundError(
                    f"{where} has no {name}: it is not a libgripper of ABI {ABI_VERSION} that this package knows",
                    path=where,
                ) from error
            setattr(lib, name, _missing(name, where))
            continue
        function.restype = restype
        function.argtypes = argtypes
    return lib


def library() -> ctypes.CDLL:
    """The loaded libgripper, every prototype declared; loads it on the first call.

    Raises:
        LibraryNotFoundError: the library cannot be found or loaded, or lacks a function.
    """
    global _loaded
    with _loading:
        if _loaded is None:
            lib, where = _open()
            _loaded = declare(lib, where)
        return _loaded
