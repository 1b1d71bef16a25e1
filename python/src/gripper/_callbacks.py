"""The C callbacks of a data source and a delegate, over Python objects.

A Python exception must never unwind through C (ctypes would print it and
return garbage). Each callback here catches whatever the Python code raised,
keeps the first one in the engine's :class:`PendingError`, answers the C
side with the safe answer, and the Engine method that made the call raises
it once the C call has returned. While an exception is pending, the other
callbacks of the same call answer at once without calling Python.

The CFUNCTYPE objects and every buffer handed to C are kept by the adapter
objects, which the Engine keeps until the engine is closed.
"""

from __future__ import annotations

import ctypes
import math
import operator
from collections.abc import Callable
from typing import Any

from . import _abi
from .types import Action, Edge, MoveAnswer, enum_or_int


class PendingError:
    """The first exception a callback raised during the current C call, if any."""

    __slots__ = ("error",)

    def __init__(self) -> None:
        self.error: BaseException | None = None

    def keep(self, error: BaseException) -> None:
        """Remembers ``error`` unless an earlier one is already waiting."""
        if self.error is None:
            self.error = error

    def take(self) -> BaseException | None:
        """The waiting exception (and forgets it), or None."""
        error, self.error = self.error, None
        return error


def encode_text(value: object, what: str) -> bytes:
    """``value`` (str or bytes) as the bytes a C string holds.

    A str is encoded as UTF-8, lone surrogates passed through (so the library,
    not Python, says the text is not UTF-8: ``GRIPPER_ERROR_UTF8``); bytes go
    as they are. A NUL inside cannot be a C string.

    Raises:
        TypeError: not str or bytes.
        gripper.InvalidValueError: a NUL character inside.
    """
    if isinstance(value, str):
        data = value.encode("utf-8", "surrogatepass")
    elif isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
    else:
        raise TypeError(f"{what} must be str or bytes, not {type(value).__name__}")
    if b"\0" in data:
        from .errors import InvalidValueError

        raise InvalidValueError(f"{what} {value!r} holds a NUL character, which a C string cannot")
    return data


def decode_text(data: bytes | None) -> str:
    """A C string from the library as str (invalid bytes kept as surrogate escapes)."""
    return "" if data is None else data.decode("utf-8", "surrogateescape")


def _count(value: object, what: str) -> int:
    """A callback's count or index answer as a non-negative int."""
    number = operator.index(value)  # type: ignore[arg-type]
    if number < 0 or number >= 1 << 64:
        raise ValueError(f"{what} must be from 0 to 2**64 - 1, not {number}")
    return number


def _guarded(pending: PendingError, safe: Any, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` made safe to call from C: it answers ``safe`` instead of raising."""

    def call(*args: Any) -> Any:
        if pending.error is not None:
            return safe
        try:
            return function(*args)
        except BaseException as error:  # re-raised by the Engine after the C call
            pending.keep(error)
            return safe

    return call


class DataSourceAdapter:
    """A ``gripper_data_source`` over a Python object.

    The object answers ``section_count()``, ``section_id(section)``,
    ``item_count(section)``, ``item_id(section, item)`` and optionally
    ``item_height(section, item)``; identities are str or bytes.
    """

    def __init__(self, source: Any, pending: PendingError) -> None:
        for name in ("section_count", "section_id", "item_count", "item_id"):
            if not callable(getattr(source, name, None)):
                raise TypeError(f"a data source needs a {name} method; {type(source).__name__} has none")
        self._source = source
        self._pending = pending
        self._text: ctypes.Array[ctypes.c_char] | None = None  # the last string handed out
        self._section_count = _abi.SECTION_COUNT(_guarded(pending, 0, self._answer_section_count))
        self._section_id = _abi.SECTION_ID(_guarded(pending, None, self._answer_section_id))
        self._item_count = _abi.ITEM_COUNT(_guarded(pending, 0, self._answer_item_count))
        self._item_id = _abi.ITEM_ID(_guarded(pending, None, self._answer_item_id))
        height = getattr(source, "item_height", None)
        self._item_height = (
            _abi.ITEM_HEIGHT(_guarded(pending, math.nan, self._answer_item_height)) if callable(height) else None
        )
        self.struct = _abi.DataSource(
            struct_size=ctypes.sizeof(_abi.DataSource),
            user=None,
            section_count=self._section_count,
            section_id=self._section_id,
            item_count=self._item_count,
            item_id=self._item_id,
        )
        if self._item_height is not None:
            self.struct.item_height = self._item_height

    def _string(self, value: object, what: str) -> int | None:
        """The address of ``value`` as a C string kept until the next callback; None for None."""
        if value is None:
            return None
        self._text = ctypes.create_string_buffer(encode_text(value, what))
        return ctypes.addressof(self._text)

    def _answer_section_count(self, user: int | None) -> int:
        return _count(self._source.section_count(), "section_count()")

    def _answer_section_id(self, user: int | None, section: int) -> int | None:
        return self._string(self._source.section_id(section), f"section_id({section})")

    def _answer_item_count(self, user: int | None, section: int) -> int:
        return _count(self._source.item_count(section), f"item_count({section})")

    def _answer_item_id(self, user: int | None, section: int, item: int) -> int | None:
        return self._string(self._source.item_id(section, item), f"item_id({section}, {item})")

    def _answer_item_height(self, user: int | None, section: int, item: int) -> float:
        return float(self._source.item_height(section, item))


class DelegateAdapter:
    """A ``gripper_delegate`` over a Python object: each method it has becomes a callback.

    Methods (all optional; identities arrive as str):

    - ``can_move(item, section, index) -> bool`` (also ``can_edit``, ``can_select``)
    - ``target_for_move(item, section, index, to_section, to_index)`` → None or
      True (accept), False (veto), or ``(section, index)`` (go there instead);
      a :class:`MoveAnswer` is taken too
    - ``swipe_actions(item, section, index, edge) -> list[Action]`` (None: none)
    - ``menu_actions(item, section, index) -> list[Action]`` (None: no menu, a
      long press drags), the item's menu top to bottom
    - ``perform_action(action, item, section, index) -> bool`` (True: delete the item)
    - ``accessibility_label(item) -> str | None``

    When one raises, the engine is given the safe answer (no, veto, no
    actions, keep the item, the identity) and the exception is re-raised
    by the Engine method that made the call.
    """

    #: Most actions one side may reveal (the capacity the library passes).
    MAXIMUM_ACTIONS = 16

    def __init__(self, delegate: Any, pending: PendingError) -> None:
        self._delegate = delegate
        self._pending = pending
        self._actions: ctypes.Array[_abi.Action] | None = None  # strings of the last swipe_actions answer
        self._label: ctypes.Array[ctypes.c_char] | None = None
        self.struct = _abi.Delegate(struct_size=ctypes.sizeof(_abi.Delegate), user=None)
        self._callbacks: list[Any] = []
        for name in ("can_move", "can_edit", "can_select"):
            method = getattr(delegate, name, None)
            if callable(method):
                self._wire(name, _abi.ITEM_PREDICATE, 0, self._predicate(method))
        if callable(getattr(delegate, "target_for_move", None)):
            self._wire("target_for_move", _abi.TARGET_FOR_MOVE, int(MoveAnswer.VETO), self._answer_target)
        if callable(getattr(delegate, "swipe_actions", None)):
            self._wire("swipe_actions", _abi.SWIPE_ACTIONS, 0, self._answer_actions)
        if callable(getattr(delegate, "menu_actions", None)):
            self._wire("menu_actions", _abi.MENU_ACTIONS, 0, self._answer_menu)
        if callable(getattr(delegate, "perform_action", None)):
            self._wire("perform_action", _abi.PERFORM_ACTION, 0, self._answer_perform)
        if callable(getattr(delegate, "accessibility_label", None)):
            self._wire("accessibility_label", _abi.ACCESSIBILITY_LABEL, None, self._answer_label)

    @property
    def wired(self) -> list[str]:
        """The names of the callbacks set (the delegate's methods found)."""
        return [name for name, _ in self._callbacks]

    def _wire(self, name: str, prototype: Any, safe: Any, function: Callable[..., Any]) -> None:
        callback = prototype(_guarded(self._pending, safe, function))
        self._callbacks.append((name, callback))
        setattr(self.struct, name, callback)

    @staticmethod
    def _predicate(method: Callable[..., Any]) -> Callable[..., int]:
        def answer(user: int | None, item: bytes | None, section: int, index: int) -> int:
            return 1 if method(decode_text(item), section, index) else 0

        return answer

    def _answer_target(
        self,
        user: int | None,
        item: bytes | None,
        section: int,
        index: int,
        to_section: Any,
        to_index: Any,
    ) -> int:
        answer = self._delegate.target_for_move(decode_text(item), section, index, to_section[0], to_index[0])
        if answer is None or answer is True or answer is MoveAnswer.ACCEPT:
            return int(MoveAnswer.ACCEPT)
        if answer is False or answer is MoveAnswer.VETO:
            return int(MoveAnswer.VETO)
        if isinstance(answer, tuple) and len(answer) == 2:
            to_section[0] = _count(answer[0], "target_for_move's section")
            to_index[0] = _count(answer[1], "target_for_move's index")
            return int(MoveAnswer.REDIRECT)
        raise TypeError(
            "target_for_move must return None or True (accept), False (veto) or (section, index), "
            f"not {answer!r}"
        )

    def _answer_actions(
        self, user: int | None, item: bytes | None, section: int, index: int, edge: int, out: Any, capacity: int
    ) -> int:
        answer = self._delegate.swipe_actions(decode_text(item), section, index, enum_or_int(Edge, edge))
        return self._write_actions("swipe_actions", answer, out, capacity)

    def _answer_menu(self, user: int | None, item: bytes | None, section: int, index: int, out: Any, capacity: int) -> int:
        return self._write_actions("menu_actions", self._delegate.menu_actions(decode_text(item), section, index), out, capacity)

    def _write_actions(self, name: str, answer: Any, out: Any, capacity: int) -> int:
        actions = list(answer) if answer is not None else []
        if len(actions) > capacity:
            raise ValueError(f"{name} returned {len(actions)} actions; at most {capacity} fit")
        table = (_abi.Action * max(1, len(actions)))()
        for slot, action in zip(table, actions):
            if not isinstance(action, Action):
                raise TypeError(f"{name} must return gripper.Action objects, not {type(action).__name__}")
            slot.id = encode_text(action.id, "an action's id")
            slot.title = None if action.title is None else encode_text(action.title, "an action's title")
            slot.destructive = 1 if action.destructive else 0
            slot.full_swipe = 1 if action.full_swipe else 0
        self._actions = table  # keeps the strings alive after the callback returns
        ctypes.memmove(out, table, ctypes.sizeof(_abi.Action) * len(actions))
        return len(actions)

    def _answer_perform(
        self, user: int | None, action: bytes | None, item: bytes | None, section: int, index: int
    ) -> int:
        return 1 if self._delegate.perform_action(decode_text(action), decode_text(item), section, index) else 0

    def _answer_label(self, user: int | None, item: bytes | None) -> int | None:
        label = self._delegate.accessibility_label(decode_text(item))
        if label is None:
            return None
        self._label = ctypes.create_string_buffer(encode_text(label, "accessibility_label"))
        return ctypes.addressof(self._label)
