"""The :class:`Engine`: one libgripper engine driven from Python."""

from __future__ import annotations

import ctypes
import operator
import os
import threading
import warnings
import weakref
from collections.abc import Callable, Iterable, Sequence
from ctypes import byref, c_double, c_int, c_int64, c_size_t, c_uint32, c_void_p
from typing import Any

from . import _abi
from ._callbacks import DataSourceAdapter, DelegateAdapter, PendingError, decode_text, encode_text
from .errors import ClosedError, GripperError, InvalidValueError, ReentrantError, ReplayCaseWarning, Status, error_for
from .types import (
    AbsAxis,
    Attributes,
    BatchOp,
    ChangeRole,
    Change,
    Command,
    ConfigFlag,
    Curve,
    ElementKind,
    InputEvent,
    DisplayChange,
    KeyState,
    LayoutKind,
    Pinch,
    SelectionMode,
    Snapping,
    TouchPhase,
    Transition,
    enum_or_int,
)

_INT64 = (-(1 << 63), (1 << 63) - 1)
_UINT64 = (0, (1 << 64) - 1)
_INT32 = (-(1 << 31), (1 << 31) - 1)
_UINT32 = (0, (1 << 32) - 1)
_SIZE = (0, (1 << (8 * ctypes.sizeof(c_size_t))) - 1)

#: How many times a read asks again after GRIPPER_ERROR_BUFFER before giving up.
_BUFFER_RETRIES = 4


def _integer(value: object, what: str, bounds: tuple[int, int]) -> int:
    """``value`` as an int within ``bounds`` (ctypes would silently wrap it).

    Raises:
        TypeError: not an integer (a float time is refused: times are microseconds).
        InvalidValueError: out of the C type's range.
    """
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(value).__name__}") from None
    low, high = bounds
    if not low <= number <= high:
        raise InvalidValueError(f"{what} {number} is out of range ({low} to {high})")
    return number


def _rect(x: float, y: float, width: float, height: float) -> tuple[float, float, float, float] | None:
    """A frame, or None for the zero-sized one that means "none"."""
    return None if width == 0 and height == 0 else (x, y, width, height)


def _attributes(raw: _abi.Attributes) -> Attributes:
    """A copy of one ``gripper_attributes`` (its strings decoded)."""
    flags = raw.flags
    return Attributes(
        kind=enum_or_int(ElementKind, raw.kind),
        section=None if raw.section < 0 else raw.section,
        item=None if raw.item < 0 else raw.item,
        id=None if raw.id is None else decode_text(raw.id),
        action_id=None if raw.action_id is None else decode_text(raw.action_id),
        action_index=None if raw.action_index < 0 else raw.action_index,
        x=raw.x,
        y=raw.y,
        width=raw.width,
        height=raw.height,
        alpha=raw.alpha,
        swipe_offset=raw.swipe_offset,
        z_index=raw.z_index,
        drag_item_count=raw.drag_item_count,
        flags=flags,
        action_title=None if raw.action_title is None else decode_text(raw.action_title),
        action_destructive=bool(raw.action_destructive),
        delete_control=_rect(raw.delete_control_x, raw.delete_control_y, raw.delete_control_width, raw.delete_control_height),
        gripper=_rect(raw.gripper_x, raw.gripper_y, raw.gripper_width, raw.gripper_height),
        hidden=bool(flags & (1 << 0)),
        selected=bool(flags & (1 << 1)),
        highlighted=bool(flags & (1 << 2)),
        editing=bool(flags & (1 << 3)),
        movable=bool(flags & (1 << 4)),
        deletable=bool(flags & (1 << 5)),
        pinned=bool(flags & (1 << 6)),
        drop_target=bool(flags & (1 << 7)),
        focused=bool(flags & (1 << 8)),
    )


def version() -> str:
    """The loaded libgripper's version (``gripper_version()``, such as ``"0.1.0"``).

    Raises:
        LibraryNotFoundError: libgripper cannot be loaded.
    """
    return decode_text(_abi.library().gripper_version())


def status_name(status: int) -> str:
    """The library's name of a status (``"GRIPPER_ERROR_NULL"``, or ``"unknown status"``)."""
    return decode_text(_abi.library().gripper_status_name(_integer(status, "status", _INT32)))


def curve_value(curve: Curve | int, fraction: float) -> float:
    """A timing curve's value at ``fraction`` (0 to 1, clamped) of its time; 0 for an unknown curve."""
    return float(_abi.library().gripper_curve_value(_integer(curve, "curve", _INT32), float(fraction)))


def _close_handle(close: Callable[[int], None], handle: int) -> None:
    """Closes an engine handle: the finalizer of an Engine never closed.

    It holds no reference to the Engine's callbacks (a delegate that refers
    to its engine would then keep the engine alive from the finalizer
    registry): it runs before the collected Engine's attributes are cleared,
    and closing calls no callback.
    """
    close(handle)


class Engine:
    """One libgripper engine: a collection, its input, layout, editing and transcript.

    Open it on a list of sections or a data source, feed it the toolkit's
    input with each input's time in microseconds (in time order), and read
    what to draw (:meth:`attributes`), what happened (:meth:`take_lines`,
    :meth:`transcript`, :meth:`take_transitions`, :meth:`take_announcements`)
    and the model (:meth:`sections`)::

        with gripper.Engine([("fruit", ["apple", "pear", "plum"])], viewport=(400, 600)) as engine:
            engine.touch_begin(0, 1, 200, 84)
            ...

    Errors: every call the library answers with a status other than
    ``GRIPPER_OK`` raises the :class:`~gripper.GripperError` subclass of that
    status with the library's message; the call changed nothing.

    Callbacks: an exception raised by a data source's or delegate's method
    is caught before it reaches C (the engine is given the safe answer: no,
    veto, no actions, keep, the identity, and for a data source a NULL or 0
    that fails the open) and re-raised by the Engine method whose call made
    the callback, once the C call has returned; a note on it says what the
    library answered.

    Threads: one engine may be shared by threads; its calls are serialized
    by a lock (the library needs one thread at a time). A callback calling
    back into its own engine gets :class:`~gripper.ReentrantError`.

    Strings: identities may be given as str or bytes (bytes go to the
    library untouched, so invalid UTF-8 is the library's
    :class:`~gripper.Utf8Error`); they are read back as str.
    """

    #: First capacity of the attribute and text buffers (they grow on demand).
    initial_capacity: int = 64

    def __init__(
        self,
        sections: Iterable[Any] | Any,
        *,
        viewport: tuple[float, float] | None = None,
        columns: int = 1,
        row_height: float = 56.0,
        points_per_millimetre: float | None = None,
        inter_item_spacing: float = 0.0,
        line_spacing: float = 0.0,
        header_height: float = 0.0,
        footer_height: float = 0.0,
        pinned_headers: bool = False,
        selection_mode: SelectionMode | int = SelectionMode.MULTIPLE,
        record_transcript: bool = True,
        transitions: bool = False,
        announce: bool = False,
        record_input: bool = False,
        delegate: Any = None,
    ) -> None:
        """Opens an engine.

        Args:
            sections: a list of ``(section_id, [item_id, …])`` (or
                ``(section_id, [item_id, …], [height, …])``), or a data source
                object with ``section_count()``, ``section_id(s)``,
                ``item_count(s)``, ``item_id(s, i)`` and optionally
                ``item_height(s, i)`` methods, read once now.
            viewport: ``(width, height)`` in points (default: the library's, 390 × 844).
            columns: columns of the grid (1: a list).
            row_height: a row's height in points.
            points_per_millimetre: the screen's scale (default: the library's, 96 dpi).
            inter_item_spacing: the gap between columns, points.
            line_spacing: the gap between rows, points.
            header_height: a section header's height (0: none).
            footer_height: a section footer's height (0: none).
            pinned_headers: headers stay at the top while their section is on screen.
            selection_mode: how many items a tap selects in batch editing.
            record_transcript: keep the whole transcript for :meth:`transcript`.
            transitions: make a transition for every change (:meth:`take_transitions`).
            announce: say what happens in English (:meth:`take_announcements`).
            record_input: keep every input so :meth:`save_replay_case` can write them.
            delegate: an object with any of the methods of the app's rules
                (``can_move``, ``can_edit``, ``can_select``, ``target_for_move``,
                ``swipe_actions``, ``menu_actions``, ``perform_action``, ``accessibility_label``);
                only those it has are wired.

        Raises:
            LibraryNotFoundError: libgripper cannot be loaded.
            GripperError: the library refused to open (InvalidValueError for a
                config value, Utf8Error, DataSourceError, LayoutError …).
            Exception: whatever a data source or delegate method raised while the engine opened.
        """
        self._handle: int | None = None
        self._lock = threading.RLock()
        self._depth = 0  # C calls in progress on this thread (callbacks run inside them)
        self._pending = PendingError()
        self._latest_us: int | None = None
        self._attribute_capacity = max(0, self.initial_capacity)
        self._text_capacity = max(1, self.initial_capacity)
        self._finalizer: weakref.finalize[Any, Any] | None = None
        lib = _abi.library()
        self._lib = lib

        config = _abi.Config()
        lib.gripper_config_init(byref(config))
        if viewport is not None:
            config.viewport_width, config.viewport_height = (float(v) for v in viewport)
        if points_per_millimetre is not None:
            config.points_per_millimetre = float(points_per_millimetre)
        config.row_height = float(row_height)
        config.inter_item_spacing = float(inter_item_spacing)
        config.line_spacing = float(line_spacing)
        config.header_height = float(header_height)
        config.footer_height = float(footer_height)
        config.columns = _integer(columns, "columns", _INT32)
        config.selection_mode = _integer(selection_mode, "selection_mode", _INT32)
        flags = ConfigFlag(0)
        for wanted, flag in (
            (record_transcript, ConfigFlag.RECORD_TRANSCRIPT),
            (transitions, ConfigFlag.MAKE_TRANSITIONS),
            (announce, ConfigFlag.ANNOUNCE),
            (record_input, ConfigFlag.RECORD_INPUT),
            (pinned_headers, ConfigFlag.PINNED_HEADERS),
        ):
            if wanted:
                flags |= flag
        config.flags = int(flags)
        self._viewport = (config.viewport_width, config.viewport_height)

        self._delegate = DelegateAdapter(delegate, self._pending) if delegate is not None else None
        self._source: DataSourceAdapter | None = None
        delegate_pointer = byref(self._delegate.struct) if self._delegate is not None else None
        handle = c_void_p()
        message = ctypes.create_string_buffer(1024)
        with self._lock:
            self._depth += 1
            try:
                if callable(getattr(sections, "section_count", None)):
                    self._source = DataSourceAdapter(sections, self._pending)
                    status = lib.gripper_engine_open(
                        byref(config), byref(self._source.struct), delegate_pointer, byref(handle),
                        message, len(message),
                    )
                    function = "gripper_engine_open"
                else:
                    table, keep = self._section_table(sections)
                    status = lib.gripper_engine_open_arrays(
                        byref(config), table, len(keep), delegate_pointer, byref(handle), message, len(message)
                    )
                    function = "gripper_engine_open_arrays"
            finally:
                self._depth -= 1
        if handle.value:
            self._handle = handle.value
            self._finalizer = weakref.finalize(self, _close_handle, lib.gripper_engine_close, handle.value)
        error = self._pending.take()
        if error is not None:
            self.close()
            if status != Status.OK:
                error.add_note(f"libgripper: {function} answered {status_name(status)}: {decode_text(message.value)}")
            raise error
        if status != Status.OK:
            self.close()
            raise error_for(status, decode_text(message.value), function)
        if self._handle is None:
            raise GripperError("the library reported success but gave no engine", status=Status.NULL, function=function)

    @staticmethod
    def _section_table(sections: Iterable[Any]) -> tuple[Any, list[Any]]:
        """``gripper_section_data`` for a list of sections, and the objects that keep its strings alive."""
        keep: list[Any] = []
        rows: list[tuple[bytes, Any, int, Any]] = []
        for number, entry in enumerate(sections):
            try:
                section_id, items, *rest = entry
            except (TypeError, ValueError):
                raise TypeError(
                    f"section {number} must be (section_id, [item_id, …]) or (section_id, items, heights), not {entry!r}"
                ) from None
            if len(rest) > 1:
                raise TypeError(f"section {number} has {2 + len(rest)} parts; (id, items) or (id, items, heights)")
            if isinstance(items, (str, bytes)):
                raise TypeError(f"section {number}'s items must be a list of identities, not one {type(items).__name__}")
            item_bytes = [encode_text(item, f"item {i} of section {number}") for i, item in enumerate(items)]
            ids = (ctypes.c_char_p * max(1, len(item_bytes)))(*item_bytes)
            heights = None
            if rest and rest[0] is not None:
                values = [float(h) for h in rest[0]]
                if len(values) != len(item_bytes):
                    raise InvalidValueError(f"section {number} has {len(item_bytes)} items and {len(values)} heights")
                heights = (c_double * max(1, len(values)))(*values)
            keep.append((ids, heights))
            rows.append((encode_text(section_id, f"section {number}'s id"), ids, len(item_bytes), heights))
        table = (_abi.SectionData * max(1, len(rows)))()
        for slot, (section_id, ids, count, heights) in zip(table, rows):
            slot.id = section_id
            slot.item_ids = ctypes.cast(ids, ctypes.POINTER(ctypes.c_char_p))
            slot.item_count = count
            slot.item_heights = ctypes.cast(heights, ctypes.POINTER(c_double)) if heights is not None else None
        keep.append(table)
        return (table if rows else None), rows

    # -- plumbing --------------------------------------------------------------------------------------------

    def _require(self) -> int:
        """The live handle, or :class:`ClosedError`."""
        if self._handle is None:
            raise ClosedError("the engine is closed", function="")
        return self._handle

    def _invoke(self, function: str, *args: Any, timed: int | None = None) -> None:
        """Calls ``gripper_<function>(engine, *args)``, raising the callback's exception or the status's error."""
        with self._lock:
            handle = self._require()
            self._depth += 1
            try:
                status = getattr(self._lib, function)(handle, *args)
            finally:
                self._depth -= 1
            self._check(status, function)
            if timed is not None and (self._latest_us is None or timed > self._latest_us):
                self._latest_us = timed

    def _check(self, status: int, function: str) -> None:
        """Raises what a call left: a callback's exception first, else the status's error."""
        error = self._pending.take()
        if error is not None:
            if status != Status.OK:
                error.add_note(f"libgripper: {function} answered {status_name(status)}: {self.last_error}")
            raise error
        if status != Status.OK:
            message = self.last_error if self._handle is not None else ""
            raise error_for(status, message, function)

    def _time(self, time_us: int | None) -> int:
        """An input's time, or (None) the latest time the engine handled (0 before any)."""
        if time_us is None:
            return 0 if self._latest_us is None else self._latest_us
        return _integer(time_us, "time_us", _INT64)

    def _read_text(self, function: str, *args: Any) -> str:
        """A string a ``(…, char *buffer, size_t capacity, size_t *length)`` function copies, the buffer grown as needed."""
        with self._lock:
            handle = self._require()
            capacity = self._text_capacity
            for _ in range(_BUFFER_RETRIES):
                buffer = ctypes.create_string_buffer(capacity)
                length = c_size_t(0)
                self._depth += 1
                try:
                    status = getattr(self._lib, function)(handle, *args, buffer, capacity, byref(length))
                finally:
                    self._depth -= 1
                if status == Status.BUFFER and length.value + 1 > capacity:
                    capacity = length.value + 1
                    self._text_capacity = max(self._text_capacity, capacity)
                    continue
                self._check(status, function)
                return buffer.raw[: length.value].decode("utf-8")
            self._check(Status.BUFFER, function)
            raise AssertionError("unreachable")  # pragma: no cover

    def _read_array(self, function: str, struct: Any, capacity: int, *args: Any) -> tuple[Any, int, int]:
        """What a ``(…, T *out, size_t capacity, size_t *count)`` function writes, the buffer grown as needed.

        The array, the count and the capacity that held it. Call with the lock held.
        """
        handle = self._require()
        for _ in range(_BUFFER_RETRIES):
            out = (struct * max(1, capacity))()
            count = c_size_t(0)
            self._depth += 1
            try:
                status = getattr(self._lib, function)(handle, *args, out, capacity, byref(count))
            finally:
                self._depth -= 1
            if status == Status.BUFFER and count.value > capacity:
                capacity = count.value
                continue
            self._check(status, function)
            return out, count.value, capacity
        self._check(Status.BUFFER, function)
        raise AssertionError("unreachable")  # pragma: no cover

    # -- life --------------------------------------------------------------------------------------------------

    def close(self) -> None:
        """Closes the engine and frees what it holds. Closing twice does nothing.

        Raises:
            ReentrantError: called from inside one of this engine's callbacks.
        """
        with self._lock:
            if self._depth > 0:
                raise ReentrantError("close() from inside one of this engine's callbacks", function="gripper_engine_close")
            self._handle = None
            if self._finalizer is not None:
                self._finalizer()  # closes the handle once
                self._finalizer = None

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._handle is None

    def __enter__(self) -> Engine:
        """The engine itself; :meth:`close` at the end of the ``with``."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Closes the engine."""
        self.close()

    def __repr__(self) -> str:
        """``<gripper.Engine state=idle>`` (or ``closed``)."""
        if self._handle is None:
            return "<gripper.Engine closed>"
        return f"<gripper.Engine state={self.state}>"

    # -- input from a toolkit -------------------------------------------------------------------------------

    def touch(self, time_us: int, phase: TouchPhase | int, sequence: int, x: float, y: float) -> None:
        """A touch event (``gripper_touch``).

        Args:
            time_us: the event's time in microseconds (in time order with every input).
            phase: a :class:`TouchPhase`.
            sequence: names the touch from its BEGIN to its END or CANCEL (up to 16 at once).
            x: the position's x in viewport points.
            y: the position's y in viewport points.

        Raises:
            InvalidValueError: a NaN or infinite position, an unknown phase.
            TimeOrderError: earlier than the latest input. FinishedError: after :meth:`finish`.
            Exception: what a delegate method raised during the call.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke(
            "gripper_touch", t, _integer(phase, "phase", _INT32), _integer(sequence, "sequence", _UINT64),
            float(x), float(y), timed=t,
        )

    def touch_begin(self, time_us: int, sequence: int, x: float, y: float) -> None:
        """A touch went down: :meth:`touch` with :attr:`TouchPhase.BEGIN`."""
        self.touch(time_us, TouchPhase.BEGIN, sequence, x, y)

    def touch_update(self, time_us: int, sequence: int, x: float, y: float) -> None:
        """A touch moved: :meth:`touch` with :attr:`TouchPhase.UPDATE`."""
        self.touch(time_us, TouchPhase.UPDATE, sequence, x, y)

    def touch_end(self, time_us: int, sequence: int, x: float, y: float) -> None:
        """A touch lifted: :meth:`touch` with :attr:`TouchPhase.END`."""
        self.touch(time_us, TouchPhase.END, sequence, x, y)

    def touch_cancel(self, time_us: int, sequence: int, x: float, y: float) -> None:
        """The toolkit took a touch away (nothing it drives is committed): :attr:`TouchPhase.CANCEL`."""
        self.touch(time_us, TouchPhase.CANCEL, sequence, x, y)

    def touchpad_pinch(self, time_us: int, phase: TouchPhase | int, scale: float, x: float, y: float) -> None:
        """A pinch the toolkit recognized on a touchpad (GTK's ``GDK_TOUCHPAD_PINCH``): its phase, its scale
        since it began (1 at ``BEGIN``) and where it is (the pointer), fed as two touches 160 points apart
        at scale 1, so with :meth:`set_pinch_layouts` it changes the layout as a touchscreen pinch does.

        Raises:
            InvalidValueError (a scale that is not finite and above 0, a NaN position, an unknown phase),
            TimeOrderError, FinishedError.
        """
        t = self._time(time_us)
        self._invoke(
            "gripper_touchpad_pinch", t, _integer(phase, "phase", _INT32), float(scale), float(x), float(y), timed=t
        )

    def pointer_motion(self, time_us: int, x: float, y: float) -> None:
        """The pointer moved to (x, y) (``gripper_pointer_motion``; held at the viewport's edge).

        Raises:
            InvalidValueError, TimeOrderError, FinishedError; what a delegate method raised.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke("gripper_pointer_motion", t, float(x), float(y), timed=t)

    def pointer_button(self, time_us: int, x: float, y: float, button: int = 1, pressed: bool = True) -> None:
        """A pointer button went down (``pressed``) or up at (x, y) (``gripper_pointer_button``).

        ``button`` 1 is the primary (left), 2 the middle, 3 the secondary; only 1 drives gestures.

        Raises:
            InvalidValueError (a button not 1–3), TimeOrderError, FinishedError; what a delegate method raised.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke(
            "gripper_pointer_button", t, float(x), float(y), _integer(button, "button", _UINT32),
            1 if pressed else 0, timed=t,
        )

    def scroll(self, time_us: int, x: float, y: float, dx: float, dy: float) -> None:
        """A scroll of (dx, dy) wheel detents with the pointer at (x, y) (``gripper_scroll``).

        Positive ``dy`` scrolls the content up, towards its end (as GDK and SDL do).

        Raises:
            InvalidValueError, TimeOrderError, FinishedError; what a delegate method raised.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke("gripper_scroll", t, float(x), float(y), float(dx), float(dy), timed=t)

    def key(self, time_us: int, code: int, state: KeyState | int = KeyState.PRESSED) -> None:
        """A key event with the key's Linux evdev code (KEY_UP 103, KEY_SPACE 57 …; ``gripper_key``).

        Raises:
            InvalidValueError (a code over 767, an unknown state), TimeOrderError, FinishedError.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke(
            "gripper_key", t, _integer(code, "code", _UINT32), _integer(state, "state", _INT32), timed=t
        )

    def cancel(self, time_us: int) -> None:
        """The toolkit cancelled every touch and the pointer's press (``gripper_cancel``).

        Raises:
            TimeOrderError, FinishedError; what a delegate method raised.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke("gripper_cancel", t, timed=t)

    # -- input from evdev --------------------------------------------------------------------------------------

    def attach_device(
        self,
        *,
        name: str | bytes | None = None,
        codes: Sequence[tuple[int, int]] = (),
        axes: Sequence[AbsAxis] = (),
        properties: int = 0,
    ) -> int:
        """Adds an evdev device (``gripper_attach_device``) and returns its number.

        Args:
            name: the device's name.
            codes: each ``(type, code)`` it sends (EV_KEY, BTN_TOUCH …).
            axes: its absolute axes.
            properties: its INPUT_PROP_* bits (bit n: property n).

        Raises:
            InvalidValueError (too many codes, an axis with minimum > maximum), Utf8Error, FinishedError.
        """
        code_values = [
            (_integer(kind, "an event type", (0, 0xFFFF)) << 16) | _integer(code, "an event code", (0, 0xFFFF))
            for kind, code in codes
        ]
        code_array = (c_uint32 * max(1, len(code_values)))(*code_values)
        axis_array = (_abi.AbsAxis * max(1, len(axes)))()
        for slot, axis in zip(axis_array, axes):
            slot.code = _integer(axis.code, "an axis code", (0, 0xFFFF))
            slot.minimum = _integer(axis.minimum, "an axis minimum", _INT32)
            slot.maximum = _integer(axis.maximum, "an axis maximum", _INT32)
            slot.fuzz = _integer(axis.fuzz, "an axis fuzz", _INT32)
            slot.flat = _integer(axis.flat, "an axis flat", _INT32)
            slot.resolution = _integer(axis.resolution, "an axis resolution", _INT32)
        info = _abi.DeviceInfo(
            struct_size=ctypes.sizeof(_abi.DeviceInfo),
            properties=_integer(properties, "properties", _UINT32),
            name=None if name is None else encode_text(name, "the device name"),
            codes=ctypes.cast(code_array, ctypes.POINTER(c_uint32)),
            code_count=len(code_values),
            axes=ctypes.cast(axis_array, ctypes.POINTER(_abi.AbsAxis)),
            axis_count=len(axes),
        )
        device = c_uint32(0)
        self._invoke("gripper_attach_device", byref(info), byref(device))
        return device.value

    def evdev_frame(self, device: int, events: Sequence[InputEvent | tuple[int, int, int, int]]) -> None:
        """One frame of evdev events of ``device``, ending with SYN_REPORT (``gripper_evdev_frame``).

        Each event is an :class:`InputEvent` or ``(time_us, type, code, value)``.

        Raises:
            NotFoundError (no such device), InvalidValueError (no events, or over 4096),
            TimeOrderError, FinishedError; what a delegate method raised.
        """
        array = (_abi.InputEvent * max(1, len(events)))()
        latest: int | None = None
        for slot, event in zip(array, events):
            time_us, kind, code, value = (
                (event.time_us, event.type, event.code, event.value) if isinstance(event, InputEvent) else event
            )
            slot.time_us = _integer(time_us, "an event's time_us", _INT64)
            slot.type = _integer(kind, "an event type", (0, 0xFFFF))
            slot.code = _integer(code, "an event code", (0, 0xFFFF))
            slot.value = _integer(value, "an event value", _INT32)
            latest = slot.time_us
        self._invoke("gripper_evdev_frame", _integer(device, "device", _UINT32), array, len(events), timed=latest)

    def device_lost(self, device: int, time_us: int) -> None:
        """Device ``device`` went away: its contacts are forgotten, what it drove cancelled.

        Raises:
            NotFoundError, TimeOrderError, FinishedError.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke("gripper_device_lost", _integer(device, "device", _UINT32), t, timed=t)

    # -- time ---------------------------------------------------------------------------------------------------

    def next_deadline(self) -> int | None:
        """When the engine next wants :meth:`fire` (microseconds), or None when nothing waits."""
        time_us = c_int64(0)
        has = c_int(0)
        self._invoke("gripper_next_deadline", byref(time_us), byref(has))
        return time_us.value if has.value else None

    def fire(self, time_us: int) -> None:
        """Fires every deadline due at or before ``time_us``, each at its own time (``gripper_fire``).

        Calling it early or twice is harmless.

        Raises:
            TimeOrderError, FinishedError; what a delegate method raised.
        """
        t = _integer(time_us, "time_us", _INT64)
        self._invoke("gripper_fire", t, timed=t)

    def advance(self, time_us: int) -> None:
        """Fires the deadlines due up to ``time_us`` as a live loop would: :meth:`fire` if one is due."""
        deadline = self.next_deadline()
        if deadline is not None and deadline <= time_us:
            self.fire(time_us)

    def finish(self) -> None:
        """The end of input: touches still down are cancelled, the final sections written to the transcript.

        After it only reading calls, :meth:`save_replay_case` and :meth:`close` work.

        Raises:
            FinishedError: already finished. Exception: what a delegate method raised.
        """
        self._invoke("gripper_finish")

    # -- what to draw --------------------------------------------------------------------------------------------

    def attributes(self, rect: tuple[float, float, float, float] | None = None) -> list[Attributes]:
        """The elements in ``rect`` (``(x, y, width, height)``, default the viewport), in drawing order.

        Raises:
            InvalidValueError: a NaN or negative size.
        """
        x, y, width, height = (0.0, 0.0, *self._viewport) if rect is None else (float(v) for v in rect)
        with self._lock:
            out, count, capacity = self._read_array(
                "gripper_attributes_in_rect", _abi.Attributes, self._attribute_capacity, x, y, width, height
            )
            self._attribute_capacity = max(self._attribute_capacity, capacity)
            return [_attributes(out[i]) for i in range(count)]

    @property
    def viewport(self) -> tuple[float, float]:
        """The viewport's ``(width, height)`` in points (as opened, or as :meth:`resize` set it)."""
        return self._viewport

    @property
    def content_offset(self) -> float:
        """The scroll position, points along the scroll axis."""
        offset = c_double(0.0)
        self._invoke("gripper_content_offset", byref(offset))
        return offset.value

    @property
    def content_size(self) -> tuple[float, float]:
        """The content's ``(width, height)`` in points."""
        width, height = c_double(0.0), c_double(0.0)
        self._invoke("gripper_content_size", byref(width), byref(height))
        return (width.value, height.value)

    @property
    def state(self) -> str:
        """The editing machine's state (``"idle"``, ``"dragging"``, ``"swiping"``, ``"batchEditing"`` …)."""
        with self._lock:
            return decode_text(self._lib.gripper_state(self._require()))

    # -- the model ------------------------------------------------------------------------------------------------

    def sections(self) -> list[tuple[str, list[str]]]:
        """The model now, read back: ``[(section_id, [item_id, …]), …]``."""
        result: list[tuple[str, list[str]]] = []
        with self._lock:
            count = c_size_t(0)
            self._invoke("gripper_section_count", byref(count))
            for section in range(count.value):
                section_id = self._read_text("gripper_section_id", section)
                items = c_size_t(0)
                self._invoke("gripper_item_count", section, byref(items))
                result.append((section_id, [self._read_text("gripper_item_id", section, i) for i in range(items.value)]))
        return result

    @property
    def journal_count(self) -> int:
        """How many journal entries (committed edits, app batches) there are."""
        count = c_size_t(0)
        self._invoke("gripper_journal_count", byref(count))
        return count.value

    # -- the app's own changes -------------------------------------------------------------------------------------

    def apply_batch(self, ops: Sequence[BatchOp], time_us: int | None = None) -> None:
        """Applies the app's batch update, all or nothing (``gripper_apply_batch``).

        Args:
            ops: the operations (:class:`BatchOp`), UIKit's index rules.
            time_us: its time (default: the latest input's time).

        Raises:
            BatchError: a rule broken (the message names it and the index path); nothing changed.
            InvalidValueError, Utf8Error, TimeOrderError, FinishedError; what a delegate method raised.
        """
        t = self._time(time_us)
        array = (_abi.BatchOp * max(1, len(ops)))()
        for number, (slot, op) in enumerate(zip(array, ops)):
            if not isinstance(op, BatchOp):
                raise TypeError(f"operation {number} must be a gripper.BatchOp, not {type(op).__name__}")
            slot.kind = _integer(op.kind, "kind", _UINT32)
            slot.section = _integer(op.section, "section", _INT32)
            slot.item = _integer(op.item, "item", _INT32)
            slot.to_section = _integer(op.to_section, "to_section", _INT32)
            slot.to_item = _integer(op.to_item, "to_item", _INT32)
            slot.id = None if op.id is None else encode_text(op.id, f"operation {number}'s id")
        self._invoke("gripper_apply_batch", t, array, len(ops), timed=t)

    def command(self, command: Command | int | str, time_us: int | None = None) -> None:
        """Runs an app command (``gripper_run_command``): a :class:`Command` or its name (``"edit_on"``).

        Raises:
            InvalidValueError (unknown command), TimeOrderError, FinishedError; what a delegate method raised.
        """
        if isinstance(command, str):
            try:
                command = Command[command.upper()]
            except KeyError:
                names = ", ".join(c.name.lower() for c in Command)
                raise InvalidValueError(f"no command {command!r} (one of {names})", function="gripper_run_command") from None
        t = self._time(time_us)
        self._invoke("gripper_run_command", t, _integer(command, "command", _INT32), timed=t)

    def set_focus(self, section: int | None, item: int | None = None, time_us: int | None = None) -> None:
        """Puts the keyboard focus on item (section, item), or none with ``set_focus(None)``.

        Raises:
            InvalidValueError (no such item), TimeOrderError, FinishedError.
        """
        if section is None:
            section_value, item_value = -1, -1
        else:
            if item is None:
                raise TypeError("set_focus(section, item) needs the item too (set_focus(None) for none)")
            section_value = _integer(section, "section", _INT32)
            item_value = _integer(item, "item", _INT32)
        t = self._time(time_us)
        self._invoke("gripper_set_focus", t, section_value, item_value, timed=t)

    def set_measured_size(
        self,
        section: int,
        item: int,
        *,
        width: float | None = None,
        height: float | None = None,
        time_us: int | None = None,
    ) -> None:
        """A self-sizing cell's measurement (Documentation/Layout.md, "Self-sizing"): its ``width`` across the
        scroll axis, its ``height`` along it, or both (taken both or neither), in the layout's scroll space.

        The flow layout wraps the section again from the item's line on; the grid ignores a width. What is on
        screen stays put; one ``measured`` transition when it changes the layout. Written to the transcript as
        a ``stimulus measured item [s,i] …`` line.

        Raises:
            TypeError (neither given), InvalidValueError (not finite, negative, above 2**40, a negative index),
            LayoutError (no such item; the transcript says why), TimeOrderError, FinishedError.
        """
        s = _integer(section, "section", _INT32)
        i = _integer(item, "item", _INT32)
        t = self._time(time_us)
        if width is not None and height is not None:
            self._invoke("gripper_set_measured_size", t, s, i, float(width), float(height), timed=t)
        elif width is not None:
            self._invoke("gripper_set_measured_width", t, s, i, float(width), timed=t)
        elif height is not None:
            self._invoke("gripper_set_measured_height", t, s, i, float(height), timed=t)
        else:
            raise TypeError("set_measured_size(section, item) needs width=, height= or both")

    def set_measured_header_height(
        self, section: int, height: float, *, footer: bool = False, time_us: int | None = None
    ) -> None:
        """A self-sizing header's (or with ``footer=True``, footer's) measured height in ``section``.

        Kept by the section's identity through batches, moves, reloads and layout changes; 0 hides it until
        the next measurement. Written as a ``stimulus measured header …`` line.

        Raises:
            InvalidValueError (not finite, negative, above 2**40, a negative section), LayoutError (no such
            section, or it has no such header or footer), TimeOrderError, FinishedError.
        """
        s = _integer(section, "section", _INT32)
        t = self._time(time_us)
        kind = ElementKind.FOOTER if footer else ElementKind.HEADER
        self._invoke("gripper_set_measured_supplementary_height", t, int(kind), s, float(height), timed=t)

    def scroll_to(self, offset: float, *, animated: bool = False, time_us: int | None = None) -> None:
        """Scrolls to ``offset`` points, at once or animated (refused with a transcript line while the user scrolls or drags).

        Raises:
            InvalidValueError, TimeOrderError, FinishedError.
        """
        t = self._time(time_us)
        self._invoke("gripper_scroll_to", t, float(offset), 1 if animated else 0, timed=t)

    def resize(self, width: float, height: float, time_us: int | None = None) -> None:
        """The viewport takes a new size (a window resized); the first visible item stays put.

        Raises:
            InvalidValueError, LayoutError, TimeOrderError, FinishedError.
        """
        t = self._time(time_us)
        self._invoke("gripper_resize", t, float(width), float(height), timed=t)
        self._viewport = (float(width), float(height))

    def change_layout(
        self,
        *,
        kind: LayoutKind | None = None,
        columns: int | None = None,
        minimum_item_width: float | None = None,
        row_height: float | None = None,
        inter_item_spacing: float | None = None,
        line_spacing: float | None = None,
        header_height: float | None = None,
        footer_height: float | None = None,
        snapping: Snapping | None = None,
        time_us: int | None = None,
    ) -> None:
        """Changes the layout while the user watches: another layout, new metrics, or both.

        Only the values given change; the others stay. The data, the selection, the focus
        and the first visible item are kept, and what is in flight goes on in the new
        geometry (Documentation/Layout.md, "Changing the layout at run time").
        ``minimum_item_width`` turns adaptive columns on (0 turns them off).

        Raises:
            InvalidValueError (nothing given, a value out of range), LayoutError (the new
            layout cannot take it: nothing changes), TimeOrderError, FinishedError.
        """
        change = self._layout_change(
            kind=kind,
            columns=columns,
            minimum_item_width=minimum_item_width,
            row_height=row_height,
            inter_item_spacing=inter_item_spacing,
            line_spacing=line_spacing,
            header_height=header_height,
            footer_height=footer_height,
            snapping=snapping,
        )
        t = self._time(time_us)
        self._invoke("gripper_change_layout", t, byref(change), timed=t)

    def _layout_change(self, **given: object) -> _abi.LayoutChange:
        """A ``gripper_layout_change`` with the values given (the others left out)."""
        change = _abi.LayoutChange()
        self._lib.gripper_layout_change_init(byref(change))
        for name, value in given.items():
            if value is None:
                continue
            if name not in _abi.LAYOUT_FIELDS:
                raise InvalidValueError(f"{name!r} is no layout field; expected one of {', '.join(_abi.LAYOUT_FIELDS)}")
            change.fields |= _abi.LAYOUT_FIELDS[name]
            if name == "kind":
                change.kind = _integer(value, "kind", _INT32)
            elif name in ("columns", "snapping"):
                setattr(change, name, _integer(value, name, _INT32))
            else:
                setattr(change, name, float(value))  # type: ignore[arg-type]
        return change

    def set_pinch_layouts(
        self, closing: dict[str, object] | None = None, spreading: dict[str, object] | None = None
    ) -> None:
        """The layout changes a two-finger pinch makes: ``closing`` when the fingers close, ``spreading``
        when they spread, each with :meth:`change_layout`'s keywords (``{"columns": 4}``); ``None``: such a
        pinch does nothing; both ``None``: no pinch.

        While one is under way :attr:`pinch` says how far it has gone and :meth:`pinched_attributes`
        gives what to draw; at the lift the change is made or cancelled (Documentation/Layout.md,
        "Pinching between layouts"). Set it before the input it is for.

        Raises:
            InvalidValueError: an unknown keyword, a value out of range (nothing changes).
        """
        close = None if closing is None else self._layout_change(**closing)
        spread = None if spreading is None else self._layout_change(**spreading)
        self._invoke(
            "gripper_set_pinch_layouts",
            None if close is None else byref(close),
            None if spread is None else byref(spread),
        )

    @property
    def pinch(self) -> Pinch | None:
        """The pinch between layouts under way, or ``None``."""
        raw = _abi.Pinch()
        self._lib.gripper_pinch_init(byref(raw))
        self._invoke("gripper_get_pinch", byref(raw))
        if not raw.active:
            return None
        return Pinch(
            progress=raw.progress,
            closing=bool(raw.closing),
            scale=raw.scale,
            centre=(raw.centre_x, raw.centre_y),
            target_offset=raw.target_offset,
        )

    def pinched_attributes(self) -> list[Attributes]:
        """While a pinch is under way, the viewport's elements between the two layouts by its progress
        (viewport points); ``[]`` when none is: draw :meth:`attributes` then."""
        with self._lock:
            out, count, capacity = self._read_array(
                "gripper_pinched_attributes", _abi.Attributes, self._attribute_capacity
            )
            self._attribute_capacity = max(self._attribute_capacity, capacity)
            return [_attributes(out[i]) for i in range(count)]

    # -- what happened -------------------------------------------------------------------------------------------------

    def take_lines(self) -> list[str]:
        """The transcript lines produced since the last take (without their ``\\n``), consumed."""
        text = self._read_text("gripper_take_lines")
        return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n") if text else []

    def transcript(self) -> str:
        """The whole transcript so far (needs ``record_transcript``), as ``gripper replay`` prints it."""
        return self._read_text("gripper_transcript")

    def take_announcements(self) -> list[str]:
        """Every announcement waiting (needs ``announce``), oldest first, consumed."""
        found: list[str] = []
        while True:
            try:
                found.append(self._read_text("gripper_take_announcement"))
            except GripperError as error:
                if error.status == Status.NOT_FOUND:
                    return found
                raise

    def take_display_changes(self) -> list[DisplayChange]:
        """What came onto the screen and what left it since the last take, by identity (consumed).

        The ones that left come first, then the ones that came, in layout order; the
        first take reports everything on screen as appearing. Make views for the one,
        recycle the other's.
        """
        with self._lock:
            out, count, _ = self._read_array("gripper_take_display_changes", _abi.DisplayChange, 64)
            return [
                DisplayChange(
                    appeared=out[i].event == 0,
                    kind=enum_or_int(ElementKind, out[i].kind),
                    id=decode_text(out[i].id) if out[i].id is not None else None,
                )
                for i in range(count)
            ]

    def take_transitions(self) -> list[Transition]:
        """The transitions made since the last take (needs ``transitions``), each with its element changes."""
        result: list[Transition] = []
        with self._lock:
            count = c_size_t(0)
            self._invoke("gripper_take_transitions", byref(count))
            for index in range(count.value):
                raw = _abi.Transition()
                self._invoke("gripper_transition_at", index, byref(raw))
                cause = decode_text(raw.cause)  # copied before the next call
                changes = self._changes(index, raw.change_count)
                result.append(
                    Transition(
                        start_us=raw.start_us,
                        duration_us=raw.duration_us,
                        curve=enum_or_int(Curve, raw.curve),
                        initial_offset=raw.initial_offset,
                        final_offset=raw.final_offset,
                        cause=cause,
                        changes=changes,
                    )
                )
        return result

    def _changes(self, index: int, expected: int) -> list[Change]:
        """Transition ``index``'s element changes (buffer sized from its change_count, grown if needed)."""
        out, count, _ = self._read_array("gripper_transition_changes", _abi.Change, expected, index)
        return [
            Change(
                role=enum_or_int(ChangeRole, out[i].role),
                initial=_attributes(out[i].initial),
                final=_attributes(out[i].final),
            )
            for i in range(count)
        ]

    @property
    def last_error(self) -> str:
        """The message of the engine's last failed call or out-of-range callback answer (``""`` when none)."""
        with self._lock:
            return decode_text(self._lib.gripper_engine_last_error(self._require()))

    @property
    def callback_errors(self) -> int:
        """How many callback answers were out of range and replaced by the safe answer."""
        with self._lock:
            return int(self._lib.gripper_callback_errors(self._require()))

    # -- a bug report is a replay case ----------------------------------------------------------------------------------

    def save_replay_case(self, directory: str | os.PathLike[str] | bytes) -> str:
        """Writes what happened since the engine opened as a replay case in ``directory``.

        It writes ``scene.json``, ``trace.yml`` and ``expected.txt``, which
        ``gripper test DIRECTORY`` (and the pytest plugin) replays byte for
        byte. Needs ``record_input=True``. Call :meth:`finish` first for the
        final sections to be part of the expected transcript.

        Returns:
            ``""``, or — when a replay of the case parts from the live
            transcript (a delegate rule the scene cannot hold) — the
            library's note saying why, also issued as a :class:`ReplayCaseWarning`.

        Raises:
            InvalidValueError: the engine does not record input.
            WriteError: a file could not be written (an ``OSError``). Utf8Error: the path is not UTF-8.
        """
        path = os.fsencode(directory)
        if b"\0" in path:
            raise InvalidValueError(f"the path {directory!r} holds a NUL character", function="gripper_save_replay_case")
        with self._lock:
            self._invoke("gripper_save_replay_case", path)
            note = self.last_error
        if note:
            warnings.warn(ReplayCaseWarning(note), stacklevel=2)
        return note
