"""The delegate's and the data source's Python methods, called from C; their exceptions surface in Python."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import gripper
from gripper._callbacks import DelegateAdapter, PendingError

from .conftest import ITEMS
from .gestures import long_press_drag, swipe

Open = Callable[..., gripper.Engine]


def test_only_the_methods_present_are_wired() -> None:
    class Partial:
        def can_move(self, item: str, section: int, index: int) -> bool:
            return True

        def perform_action(self, action: str, item: str, section: int, index: int) -> bool:
            return False

        can_edit = None  # not callable: not wired

    adapter = DelegateAdapter(Partial(), PendingError())
    assert adapter.wired == ["can_move", "perform_action"]
    assert bool(adapter.struct.can_move) and bool(adapter.struct.perform_action)
    assert not adapter.struct.can_edit and not adapter.struct.swipe_actions and not adapter.struct.accessibility_label


def test_can_move_is_asked_and_a_refusal_keeps_the_model(open_engine: Open) -> None:
    asked: list[tuple[str, int, int]] = []

    class Rules:
        def can_move(self, item: str, section: int, index: int) -> bool:
            asked.append((item, section, index))
            return item != "i2"

    engine = open_engine(delegate=Rules())
    long_press_drag(engine, 0, 200, 84, 234)
    assert ("i2", 0, 1) in asked
    lines = engine.take_lines()
    assert not any(" committed " in line for line in lines), lines
    assert engine.sections() == [("list", ITEMS)]
    long_press_drag(engine, 2_000_000, 200, 140, 120)  # i3 may move
    assert any(" committed #1 move i3 [0,2] -> " in line for line in engine.take_lines())


def test_target_for_move_vetoes_and_redirects(open_engine: Open) -> None:
    proposals: list[tuple[str, int, int, int, int]] = []

    class Rules:
        def target_for_move(self, item: str, section: int, index: int, to_section: int, to_index: int) -> object:
            proposals.append((item, section, index, to_section, to_index))
            return False  # never anywhere else

    engine = open_engine(delegate=Rules())
    long_press_drag(engine, 0, 200, 84, 234)
    assert proposals and proposals[0][:3] == ("i2", 0, 1)
    assert engine.sections() == [("list", ITEMS)]

    class Redirect:
        def target_for_move(self, item: str, section: int, index: int, to_section: int, to_index: int) -> object:
            return (0, 9)  # always to the end

    other = open_engine(delegate=Redirect())
    long_press_drag(other, 0, 200, 84, 60)
    assert other.sections()[0][1][-1] == "i2", other.take_lines()


def test_swipe_actions_and_perform_action(open_engine: Open) -> None:
    performed: list[tuple[str, str, int, int]] = []
    edges: list[gripper.Edge | int] = []

    class Rules:
        def swipe_actions(self, item: str, section: int, index: int, edge: gripper.Edge) -> list[gripper.Action]:
            edges.append(edge)
            if edge == gripper.Edge.TRAILING:
                return [gripper.Action("archive", "Archive", full_swipe=True), gripper.Action("flag")]
            return []

        def perform_action(self, action: str, item: str, section: int, index: int) -> bool:
            performed.append((action, item, section, index))
            return True  # archiving removes it from this list

    engine = open_engine(delegate=Rules())
    swipe(engine, 0, 390, 196, -370)
    assert gripper.Edge.TRAILING in edges
    assert performed == [("archive", "i4", 0, 3)]
    assert any(line.endswith(" committed #1 action archive on i4") for line in engine.take_lines())
    assert engine.sections() == [("list", [i for i in ITEMS if i != "i4"])]


def test_a_partial_swipe_shows_the_action_buttons(open_engine: Open) -> None:
    class Rules:
        def swipe_actions(self, item: str, section: int, index: int, edge: gripper.Edge) -> list[gripper.Action]:
            return [gripper.Action("flag", "Flag"), gripper.Action("pin", "Pin")] if edge == gripper.Edge.TRAILING else []

    engine = open_engine(delegate=Rules())
    swipe(engine, 0, 390, 196, -150, steps=20)
    assert engine.state == "open", engine.take_lines()
    buttons = [a for a in engine.attributes() if a.kind == gripper.ElementKind.ACTION]
    assert sorted((b.action_id, b.action_index, b.id, b.action_title) for b in buttons) == [
        ("flag", 0, "i4", "Flag"),
        ("pin", 1, "i4", "Pin"),
    ]
    assert not any(b.action_destructive for b in buttons)


def test_an_exception_in_a_delegate_surfaces_from_the_call(open_engine: Open) -> None:
    class Boom(Exception):
        pass

    error = Boom("no moving today")

    class Rules:
        def can_move(self, item: str, section: int, index: int) -> bool:
            raise error

    engine = open_engine(delegate=Rules())
    engine.touch_begin(0, 1, 200, 84)
    with pytest.raises(Boom) as raised:
        deadline = engine.next_deadline()
        while deadline is not None and deadline <= 600_000:
            engine.fire(deadline)  # the long press asks can_move
            deadline = engine.next_deadline()
    assert raised.value is error
    assert any("can_move" in line for line in __import__("traceback").format_tb(raised.value.__traceback__))
    # The engine took the safe answer (not movable) and goes on.
    engine.touch_end(700_000, 1, 200, 84)
    assert engine.sections() == [("list", ITEMS)]
    assert engine.state == "idle"


def test_an_exception_in_swipe_actions_surfaces(open_engine: Open) -> None:
    class Rules:
        def swipe_actions(self, item: str, section: int, index: int, edge: gripper.Edge) -> list[gripper.Action]:
            raise KeyError(item)

    engine = open_engine(delegate=Rules())
    with pytest.raises(KeyError):
        swipe(engine, 0, 390, 196, -370)
    assert "i4" in engine.sections()[0][1]


def test_bad_answers_are_python_errors(open_engine: Open) -> None:
    class TooMany:
        def swipe_actions(self, item: str, section: int, index: int, edge: gripper.Edge) -> list[gripper.Action]:
            return [gripper.Action(f"a{k}") for k in range(17)]

    engine = open_engine(delegate=TooMany())
    with pytest.raises(ValueError, match="at most 16"):
        swipe(engine, 0, 390, 196, -370)

    class WrongType:
        def target_for_move(self, *args: object) -> object:
            return "somewhere"

    engine = open_engine(delegate=WrongType())
    with pytest.raises(TypeError, match="target_for_move"):
        long_press_drag(engine, 0, 200, 84, 120)


def test_an_exception_in_a_data_source_surfaces_from_the_constructor(library: str) -> None:
    class Source:
        def section_count(self) -> int:
            return 1

        def section_id(self, section: int) -> str:
            return "list"

        def item_count(self, section: int) -> int:
            return 1000

        def item_id(self, section: int, item: int) -> str:
            if item == 500:
                raise RuntimeError("the database went away")
            return f"x{item}"

    with pytest.raises(RuntimeError, match="database") as raised:
        gripper.Engine(Source())
    notes = getattr(raised.value, "__notes__", [])
    assert any("gripper_engine_open" in note for note in notes), notes


def test_a_data_source_lacking_a_method_is_a_type_error(library: str) -> None:
    class Half:
        def section_count(self) -> int:
            return 0

    with pytest.raises(TypeError, match="section_id"):
        gripper.Engine(Half())


def test_a_callback_calling_its_own_engine_is_reentrant(open_engine: Open) -> None:
    holder: dict[str, gripper.Engine] = {}

    class Rules:
        def can_move(self, item: str, section: int, index: int) -> bool:
            holder["engine"].touch_begin(10_000_000, 2, 10, 10)
            return True

    engine = open_engine(delegate=Rules())
    holder["engine"] = engine
    with pytest.raises(gripper.ReentrantError) as raised:
        long_press_drag(engine, 0, 200, 84, 120)
    assert raised.value.status == gripper.Status.REENTRANT


def test_closing_from_a_callback_is_refused(open_engine: Open) -> None:
    holder: dict[str, gripper.Engine] = {}

    class Rules:
        def can_move(self, item: str, section: int, index: int) -> bool:
            holder["engine"].close()
            return True

    engine = open_engine(delegate=Rules())
    holder["engine"] = engine
    with pytest.raises(gripper.ReentrantError):
        long_press_drag(engine, 0, 200, 84, 120)
    assert not engine.closed


def test_callbacks_outlive_the_objects_that_made_them(open_engine: Open) -> None:
    """The delegate object may go; the engine keeps its callbacks (and the object) alive."""
    import gc

    calls: list[str] = []

    class Rules:
        def can_move(self, item: str, section: int, index: int) -> bool:
            calls.append(item)
            return True

    engine = open_engine(delegate=Rules())
    gc.collect()
    long_press_drag(engine, 0, 200, 84, 120)
    assert calls


def test_menu_actions_open_a_menu_from_the_menu_key_and_enter_performs(open_engine: Open) -> None:
    performed = []

    class Rules:
        def menu_actions(self, item: str, section: int, index: int) -> list[gripper.Action]:
            return [gripper.Action("copy", "Copy"), gripper.Action("archive", "Archive")] if item == "i2" else []

        def perform_action(self, action: str, item: str, section: int, index: int) -> bool:
            performed.append((action, item))
            return False

    engine = open_engine(delegate=Rules())
    engine.set_focus(0, 1, time_us=1_000_000)
    engine.key(1_010_000, 127)  # KEY_COMPOSE, the Menu key
    assert engine.state == "menu", engine.take_lines()
    entries = [a for a in engine.attributes() if a.kind == gripper.ElementKind.MENU_ENTRY]
    assert [(e.action_index, e.action_id, e.action_title, e.id) for e in entries] == [
        (0, "copy", "Copy", "i2"),
        (1, "archive", "Archive", "i2"),
    ]
    assert [a.kind for a in engine.attributes()].count(gripper.ElementKind.MENU) == 1
    engine.key(1_020_000, 108)  # KEY_DOWN: Archive
    engine.key(1_030_000, 28)  # KEY_ENTER
    assert performed == [("archive", "i2")]
    assert engine.state == "idle"
    # No menu for another item: the Menu key does nothing there.
    engine.set_focus(0, 0, time_us=1_040_000)
    engine.key(1_050_000, 127)
    assert engine.state == "idle"
