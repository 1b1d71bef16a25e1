"""The values the engine takes and gives, as Python enums and dataclasses.

Each enum mirrors one enum of ``gripper.h`` value for value; the dataclasses
are copies of the engine's structs (their strings decoded), so they stay
valid after the next call on the engine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TypeVar

_E = TypeVar("_E", bound=enum.IntEnum)


def enum_or_int(cls: type[_E], value: int) -> _E | int:
    """``cls(value)``, or the plain int when this package does not know the value (a newer library)."""
    try:
        return cls(value)
    except ValueError:
        return value


class TouchPhase(enum.IntEnum):
    """``gripper_touch_phase``: a touch sequence's phase."""

    BEGIN = 0
    UPDATE = 1
    END = 2
    #: The toolkit took the touch away: what it drives is cancelled, not committed.
    CANCEL = 3


class KeyState(enum.IntEnum):
    """``gripper_key_state``: a key's state in :meth:`gripper.Engine.key`."""

    RELEASED = 0
    PRESSED = 1
    REPEATED = 2


class SelectionMode(enum.IntEnum):
    """``gripper_selection_mode``: how many items a tap selects in batch editing."""

    MULTIPLE = 0
    SINGLE = 1
    NONE = 2


class MoveAnswer(enum.IntEnum):
    """``gripper_move_answer``: what a delegate's ``target_for_move`` answers."""

    ACCEPT = 0
    VETO = 1
    REDIRECT = 2


class Edge(enum.IntEnum):
    """``gripper_edge``: which side of a cell a swipe reveals."""

    #: The trailing edge (revealed by a swipe to the left in a left-to-right layout).
    TRAILING = 0
    LEADING = 1


class ElementKind(enum.IntEnum):
    """``gripper_element_kind``: what an element to draw is."""

    CELL = 0
    HEADER = 1
    FOOTER = 2
    GLOBAL_HEADER = 3
    SECTION_BACKGROUND = 4
    SEPARATOR = 5
    PLACEHOLDER = 6
    #: The dragged item(s), under the finger.
    DRAG_PROXY = 7
    #: A swipe action's button.
    ACTION = 8
    #: An item's open menu (a long press, the Menu key): the panel behind its entries.
    MENU = 9
    #: One entry of an open menu (``action_index`` from the top, ``action_id``, ``action_title``;
    #: highlighted when the keyboard selected it).
    MENU_ENTRY = 10
    #: An element of a kind an app's own (Swift) layout defines (``action_id`` is the kind's name);
    #: an engine opened through this library never makes one yet.
    APP_SUPPLEMENTARY = 11
    #: A decoration of a kind an app's own (Swift) layout defines, drawn behind.
    APP_DECORATION = 12


class AttributeFlag(enum.IntFlag):
    """The ``GRIPPER_ATTR_*`` bits of an element's flags."""

    HIDDEN = 1 << 0
    SELECTED = 1 << 1
    HIGHLIGHTED = 1 << 2
    EDITING = 1 << 3
    MOVABLE = 1 << 4
    DELETABLE = 1 << 5
    PINNED = 1 << 6
    DROP_TARGET = 1 << 7
    FOCUSED = 1 << 8


class ConfigFlag(enum.IntFlag):
    """The flags of ``gripper_config.flags``."""

    RECORD_TRANSCRIPT = 1 << 0
    MAKE_TRANSITIONS = 1 << 1
    ANNOUNCE = 1 << 2
    RECORD_INPUT = 1 << 3
    PINNED_HEADERS = 1 << 4


class BatchKind(enum.IntEnum):
    """``gripper_batch_kind``: one operation of a batch update."""

    DELETE_ITEM = 0
    INSERT_ITEM = 1
    MOVE_ITEM = 2
    RELOAD_ITEM = 3
    DELETE_SECTION = 4
    INSERT_SECTION = 5
    MOVE_SECTION = 6
    RELOAD_SECTION = 7


class Command(enum.IntEnum):
    """``gripper_command``: the app's commands (:meth:`gripper.Engine.command`)."""

    EDIT_ON = 0
    EDIT_OFF = 1
    DELETE_SELECTED = 2
    UNDO = 3
    REDO = 4
    MOVE_UP = 5
    MOVE_DOWN = 6
    MOVE_TO_TOP = 7
    MOVE_TO_BOTTOM = 8


class Snapping(enum.IntEnum):
    """``gripper_snapping``: where a scroll comes to rest when the finger lets go."""

    NONE = 0
    ITEM = 1
    PAGE = 2


@dataclass(frozen=True, slots=True)
class DisplayChange:
    """One element that came onto the screen (``appeared``) or left it, by identity.

    ``kind`` is a cell, a header, a footer or the global header; ``id`` the
    item's identity (a cell) or the section's, ``None`` for the global header.
    """

    appeared: bool
    kind: ElementKind | int
    id: str | None


@dataclass(frozen=True, slots=True)
class Pinch:
    """A pinch between layouts under way (:attr:`gripper.Engine.pinch`).

    ``progress`` is how far it has gone (0: the layout as it is, 1: the new
    one); ``closing`` whether the fingers close (the closing change) rather
    than spread; ``scale`` the span between them now over the span when the
    second went down; ``centre`` the pinch's centre in viewport points;
    ``target_offset`` the new layout's content offset, with the item under
    the fingers kept under them.
    """

    progress: float
    closing: bool
    scale: float
    centre: tuple[float, float]
    target_offset: float


class LayoutKind(enum.IntEnum):
    """``gripper_layout_kind``: the layouts :meth:`gripper.Engine.change_layout` switches between."""

    GRID = 0
    FLOW = 1


class Curve(enum.IntEnum):
    """``gripper_curve``: a transition's timing curve."""

    LINEAR = 0
    EASE_IN = 1
    EASE_OUT = 2
    EASE_IN_OUT = 3


class ChangeRole(enum.IntEnum):
    """What an element does in a transition (``gripper_change.role``)."""

    APPEARING = 0
    DISAPPEARING = 1
    MOVING = 2


@dataclass(frozen=True, slots=True)
class Action:
    """A swipe action, as a delegate's ``swipe_actions`` returns it.

    Attributes:
        id: identity, unique within the list (non-empty).
        title: the button's title, or None for the identity.
        destructive: performing it deletes the item (without asking ``perform_action``).
        full_swipe: a full swipe performs it (at most one per list).
    """

    id: str | bytes
    title: str | bytes | None = None
    destructive: bool = False
    full_swipe: bool = False

    @classmethod
    def delete(cls) -> Action:
        """The engine's default trailing action: a destructive ``delete`` that a full swipe performs."""
        return cls("delete", destructive=True, full_swipe=True)


@dataclass(frozen=True, slots=True)
class Attributes:
    """One element to draw (``gripper_attributes``), in viewport points.

    Attributes:
        kind: what it is (an :class:`ElementKind`, or an int this package does not know).
        section, item: the model index path; None where the element has none
            (a header has a section and no item; the global header neither).
        id: the item's identity for cells and proxies, the section's for headers, else None.
        action_id: the action's identity for :attr:`ElementKind.ACTION` and :attr:`ElementKind.MENU_ENTRY`, else None.
        action_index: an action button's place in its list (0 nearest the edge), else None.
        x, y, width, height: the frame.
        alpha: opacity, 0 to 1.
        swipe_offset: how far a swipe has slid the cell's content (negative: to the left).
        z_index: drawing order (higher on top).
        drag_item_count: how many items a drag proxy carries (0 for other elements).
        flags: the raw ``GRIPPER_ATTR_*`` bits; the booleans below spell them out.
        action_title: an action button's title, else None.
        action_destructive: an action button's action deletes the item.
        delete_control: in batch editing, the cell's delete control
            ``(x, y, width, height)``, or None when it has none.
        gripper: in batch editing, the cell's gripper (the handle that drags
            at once) ``(x, y, width, height)``, or None when it has none.
        hidden: the dragged item's own cell at the gap where it will land
            (draw it ghosted, or not at all: the proxy follows the finger).
    """

    kind: ElementKind | int
    section: int | None
    item: int | None
    id: str | None
    action_id: str | None
    action_index: int | None
    x: float
    y: float
    width: float
    height: float
    alpha: float
    swipe_offset: float
    z_index: int
    drag_item_count: int
    flags: int
    action_title: str | None = None
    action_destructive: bool = False
    delete_control: tuple[float, float, float, float] | None = None
    gripper: tuple[float, float, float, float] | None = None
    hidden: bool = False
    selected: bool = False
    highlighted: bool = False
    editing: bool = False
    movable: bool = False
    deletable: bool = False
    pinned: bool = False
    drop_target: bool = False
    focused: bool = False

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """``(x, y, width, height)``."""
        return (self.x, self.y, self.width, self.height)

    @property
    def index_path(self) -> tuple[int, int] | None:
        """``(section, item)``, or None when the element has no item."""
        if self.section is None or self.item is None:
            return None
        return (self.section, self.item)


@dataclass(frozen=True, slots=True)
class Change:
    """An element's change in a transition: ``initial`` → ``final`` (``gripper_change``)."""

    role: ChangeRole | int
    initial: Attributes
    final: Attributes


@dataclass(frozen=True, slots=True)
class Transition:
    """One animated change (``gripper_transition``) with its element changes.

    Attributes:
        start_us: when it starts (the input's time, microseconds).
        duration_us: how long it runs.
        curve: its timing curve (apply :func:`gripper.curve_value` to the elapsed fraction).
        initial_offset, final_offset: the content offset at its start and at its end.
        cause: why (``"gapMoved"``, ``"dropped"``, ``"swipeOpened"`` …).
        changes: the element changes.
    """

    start_us: int
    duration_us: int
    curve: Curve | int
    initial_offset: float
    final_offset: float
    cause: str
    changes: list[Change] = field(default_factory=list)

    def fraction_at(self, time_us: int) -> float:
        """The elapsed fraction of the transition's time at ``time_us``, clamped to 0…1."""
        if self.duration_us <= 0:
            return 1.0
        return min(1.0, max(0.0, (time_us - self.start_us) / self.duration_us))


@dataclass(frozen=True, slots=True)
class BatchOp:
    """One operation of :meth:`gripper.Engine.apply_batch` (``gripper_batch_op``).

    UIKit's rules: deletes and the moves' sources are in the old indices,
    inserts and the moves' destinations in the new. Build them with the
    class methods (``BatchOp.insert_item("n", 0, 0)``).
    """

    kind: BatchKind | int
    section: int = 0
    item: int = 0
    to_section: int = 0
    to_item: int = 0
    id: str | bytes | None = None

    @classmethod
    def delete_item(cls, section: int, item: int) -> BatchOp:
        """Deletes the item at (section, item) (old indices)."""
        return cls(BatchKind.DELETE_ITEM, section, item)

    @classmethod
    def insert_item(cls, id: str | bytes, section: int, item: int) -> BatchOp:
        """Inserts the item ``id`` at (section, item) (new indices)."""
        return cls(BatchKind.INSERT_ITEM, section, item, id=id)

    @classmethod
    def move_item(cls, section: int, item: int, to_section: int, to_item: int) -> BatchOp:
        """Moves (section, item) (old indices) to (to_section, to_item) (new indices)."""
        return cls(BatchKind.MOVE_ITEM, section, item, to_section, to_item)

    @classmethod
    def reload_item(cls, section: int, item: int) -> BatchOp:
        """Reloads the item at (section, item)."""
        return cls(BatchKind.RELOAD_ITEM, section, item)

    @classmethod
    def delete_section(cls, section: int) -> BatchOp:
        """Deletes section ``section`` and its items."""
        return cls(BatchKind.DELETE_SECTION, section)

    @classmethod
    def insert_section(cls, id: str | bytes, section: int) -> BatchOp:
        """Inserts an empty section ``id`` at ``section``."""
        return cls(BatchKind.INSERT_SECTION, section, id=id)

    @classmethod
    def move_section(cls, section: int, to_section: int) -> BatchOp:
        """Moves section ``section`` (old index), with its items, to ``to_section`` (new index)."""
        return cls(BatchKind.MOVE_SECTION, section, 0, to_section)

    @classmethod
    def reload_section(cls, section: int) -> BatchOp:
        """Reloads section ``section`` (old index): identity, place and items stay."""
        return cls(BatchKind.RELOAD_SECTION, section)


@dataclass(frozen=True, slots=True)
class AbsAxis:
    """An evdev absolute axis (``gripper_abs_axis``), as ``EVIOCGABS`` gives it."""

    code: int
    minimum: int
    maximum: int
    fuzz: int = 0
    flat: int = 0
    resolution: int = 0


@dataclass(frozen=True, slots=True)
class InputEvent:
    """One evdev event (``gripper_input_event``) with its time in microseconds."""

    time_us: int
    type: int
    code: int
    value: int
