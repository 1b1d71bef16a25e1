"""An engine opened from Python: input in time order, the transcript, the model, what to draw."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import gripper

from .conftest import ITEMS
from .gestures import FRAME_US, fire_until, long_press_drag, swipe, tap

Open = Callable[..., gripper.Engine]


def moved(items: list[str], source: int, destination: int) -> list[str]:
    """``items`` with the one at ``source`` moved to ``destination`` (the journal's move, on a plain list)."""
    result = list(items)
    result.insert(destination, result.pop(source))
    return result


def test_version_is_the_library_s(library: str) -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", gripper.version())
    assert gripper.status_name(0) == "GRIPPER_OK"
    assert gripper.status_name(8) == "GRIPPER_ERROR_TIME_ORDER"
    assert gripper.status_name(12345) == "unknown status"


def test_open_from_lists_reads_the_model_back(open_engine: Open) -> None:
    engine = open_engine([("fruit", ["apple", "pear"]), ("veg", ["leek"]), ("empty", [])])
    assert engine.sections() == [("fruit", ["apple", "pear"]), ("veg", ["leek"]), ("empty", [])]
    assert engine.state == "idle"
    assert engine.journal_count == 0
    assert engine.next_deadline() is None
    assert engine.take_lines() == []


def test_open_from_a_data_source_matches_the_lists(open_engine: Open) -> None:
    class Source:
        def __init__(self) -> None:
            self.calls: list[str] = []

        def section_count(self) -> int:
            return 2

        def section_id(self, section: int) -> str:
            return ["a", "b"][section]

        def item_count(self, section: int) -> int:
            return [3, 1][section]

        def item_id(self, section: int, item: int) -> bytes:
            self.calls.append(f"{section}.{item}")
            return f"{'ab'[section]}{item}".encode()

    source = Source()
    engine = open_engine(source)
    assert engine.sections() == [("a", ["a0", "a1", "a2"]), ("b", ["b0"])]
    assert sorted(source.calls) == ["0.0", "0.1", "0.2", "1.0"]


def test_item_heights_set_the_frames(open_engine: Open) -> None:
    engine = open_engine([("list", ["a", "b", "c"], [30.0, 100.0, 40.0])])
    cells = [a for a in engine.attributes() if a.kind == gripper.ElementKind.CELL]
    assert [(c.id, c.y, c.height) for c in cells] == [("a", 0.0, 30.0), ("b", 30.0, 100.0), ("c", 130.0, 40.0)]


def test_long_press_drag_commits_a_move(open_engine: Open) -> None:
    engine = open_engine()
    end = long_press_drag(engine, 500_000, 200, 84, 234)  # from item 1 down about four rows
    lines = engine.take_lines()
    assert any(" dragBegan i2 from [0,1]" in line for line in lines), lines
    commits = [line for line in lines if " committed " in line]
    assert len(commits) == 1, lines
    found = re.fullmatch(r"(\d+\.\d{6}) committed #1 move i2 \[0,1\] -> \[0,(\d+)\]", commits[0])
    assert found, commits
    destination = int(found.group(2))
    assert destination >= 4
    # The commit is at the lift's time, in seconds from the first input.
    assert abs(float(found.group(1)) - (end - 500_000) / 1e6) <= 2e-6
    assert engine.sections() == [("list", moved(ITEMS, 1, destination))]
    assert engine.state == "idle"
    assert engine.journal_count == 1
    engine.finish()
    assert engine.transcript().endswith(f"final list: {' '.join(moved(ITEMS, 1, destination))}\n")


def test_full_swipe_deletes(open_engine: Open) -> None:
    engine = open_engine()
    swipe(engine, 500_000, 390, 196, -370)  # item 3 (i4), right to left across the screen
    lines = engine.take_lines()
    assert any(line.endswith(" committed #1 action delete on i4") for line in lines), lines
    assert engine.sections() == [("list", [i for i in ITEMS if i != "i4"])]


def test_a_cancelled_touch_commits_nothing(open_engine: Open) -> None:
    engine = open_engine()
    engine.touch_begin(0, 7, 200, 84)
    fire_until(engine, 600_000)
    assert engine.state == "dragging"
    for step in range(1, 10):
        engine.touch_update(600_000 + step * FRAME_US, 7, 200, 84 + 20 * step)
    engine.touch_cancel(800_000, 7, 200, 264)
    assert engine.sections() == [("list", ITEMS)]
    assert engine.journal_count == 0
    assert engine.state == "idle"


def test_take_lines_consumes_and_the_transcript_keeps(open_engine: Open) -> None:
    engine = open_engine()
    tap(engine, 0, 200, 30)
    first = engine.take_lines()
    assert first and all(line and "\n" not in line for line in first)
    assert engine.take_lines() == []
    assert engine.transcript() == "".join(line + "\n" for line in first)


def test_without_record_transcript_the_transcript_is_empty(open_engine: Open) -> None:
    engine = open_engine(record_transcript=False)
    tap(engine, 0, 200, 30)
    assert engine.take_lines()  # the lines still come, one take at a time
    assert engine.transcript() == ""


def test_attributes_of_a_rect(open_engine: Open) -> None:
    engine = open_engine()
    cells = [a for a in engine.attributes((0, 0, 400, 120)) if a.kind == gripper.ElementKind.CELL]
    assert [(a.id, a.index_path, a.frame) for a in cells] == [
        ("i1", (0, 0), (0.0, 0.0, 400.0, 56.0)),
        ("i2", (0, 1), (0.0, 56.0, 400.0, 56.0)),
        ("i3", (0, 2), (0.0, 112.0, 400.0, 56.0)),
    ]
    for cell in cells:
        assert cell.alpha == 1.0
        assert not cell.hidden and not cell.selected and not cell.editing
        assert cell.action_id is None and cell.action_index is None and cell.action_title is None
        assert cell.delete_control is None and cell.gripper is None
    below = [a.id for a in engine.attributes((0, 300, 400, 10)) if a.kind == gripper.ElementKind.CELL]
    assert below == ["i6"]
    assert engine.attributes((0, 2000, 400, 100)) == []


def test_attributes_default_to_the_viewport(open_engine: Open) -> None:
    engine = open_engine(viewport=(400, 200))
    assert [a.id for a in engine.attributes() if a.kind == gripper.ElementKind.CELL] == ["i1", "i2", "i3", "i4"]
    engine.resize(400, 100, 0)
    assert engine.viewport == (400.0, 100.0)
    assert [a.id for a in engine.attributes() if a.kind == gripper.ElementKind.CELL] == ["i1", "i2"]


def test_the_layout_changes_while_the_user_watches(open_engine: Open) -> None:
    engine = open_engine(viewport=(400, 200))
    engine.change_layout(columns=2, row_height=100, inter_item_spacing=8, time_us=0)
    assert engine.take_lines()[-1].endswith("stimulus layout columns 2 rowHeight 100 interItemSpacing 8")
    cells = [a for a in engine.attributes() if a.kind == gripper.ElementKind.CELL]
    assert [a.id for a in cells] == ["i1", "i2", "i3", "i4"]
    assert cells[1].frame[0] == pytest.approx(204.0)  # the second column, after 196 points and 8 between
    engine.change_layout(kind=gripper.LayoutKind.FLOW, time_us=1000)
    engine.change_layout(kind=gripper.LayoutKind.GRID, columns=1, minimum_item_width=0, time_us=2000)
    with pytest.raises(gripper.InvalidValueError):
        engine.change_layout(time_us=3000)
    with pytest.raises(gripper.InvalidValueError):
        engine.change_layout(kind=7, time_us=3000)
    with pytest.raises(gripper.LayoutError):
        engine.change_layout(columns=1000, inter_item_spacing=1, time_us=3000)
    assert engine.sections() == [("list", ITEMS)]


def test_display_changes_say_what_came_and_went(open_engine: Open) -> None:
    engine = open_engine(viewport=(400, 200))
    first = engine.take_display_changes()
    assert [(c.appeared, c.kind, c.id) for c in first] == [(True, gripper.ElementKind.CELL, i) for i in ITEMS[:4]]
    assert engine.take_display_changes() == []
    engine.change_layout(snapping=gripper.Snapping.ITEM, columns=2, time_us=0)
    assert [c.id for c in engine.take_display_changes() if c.appeared] == ITEMS[4:8]


def test_a_small_first_buffer_grows(open_engine: Open, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gripper.Engine, "initial_capacity", 0)
    engine = open_engine()
    assert len([a for a in engine.attributes() if a.kind == gripper.ElementKind.CELL]) == 10
    tap(engine, 0, 200, 30)
    assert len(engine.take_lines()) > 3
    assert engine.sections() == [("list", ITEMS)]


def test_batch_editing_selects_and_deletes(open_engine: Open) -> None:
    engine = open_engine()
    engine.command("edit_on", 0)
    assert engine.state.startswith("batchEditing")
    first = engine.attributes((0, 0, 400, 56))[0]
    assert first.editing and first.movable and first.deletable
    assert first.delete_control is not None and first.gripper is not None
    # The controls lie inside the cell: the delete control at its leading edge, the gripper at its trailing one.
    assert first.delete_control[0] < first.gripper[0]
    for x, y, width, height in (first.delete_control, first.gripper):
        assert 0 <= x and x + width <= 400 and 0 <= y and y + height <= 56
    end = tap(engine, 100_000, 200, 30)
    end = tap(engine, end, 200, 140)
    selected = [a.id for a in engine.attributes() if a.kind == gripper.ElementKind.CELL and a.selected]
    assert selected == ["i1", "i3"]
    engine.command(gripper.Command.DELETE_SELECTED)
    assert engine.sections() == [("list", [i for i in ITEMS if i not in ("i1", "i3")])]
    engine.command(gripper.Command.UNDO)
    assert engine.sections() == [("list", ITEMS)]


def test_keyboard_moves_the_focused_item(open_engine: Open) -> None:
    engine = open_engine()
    engine.set_focus(0, 1, 0)
    focused = [a.id for a in engine.attributes() if a.focused]
    assert focused == ["i2"]
    engine.command("move_down")
    assert engine.sections() == [("list", moved(ITEMS, 1, 2))]
    engine.set_focus(None)
    assert [a.id for a in engine.attributes() if a.focused] == []
    engine.take_lines()
    engine.set_focus(0, 10)  # past the end: refused in the transcript, as a scroll to no item is
    assert engine.take_lines()[-1].endswith(" rejected focus [0,10]: no item there")
    assert [a.id for a in engine.attributes() if a.focused] == []


def test_evdev_devices_drive_the_engine(open_engine: Open) -> None:
    engine = open_engine()
    keyboard = engine.attach_device(name="AT Translated Set 2 keyboard", codes=[(1, c) for c in range(1, 128)] + [(0, 0), (17, 0)])
    panel = engine.attach_device(
        name="panel",
        codes=[(3, 0x35), (3, 0x36), (3, 0x39), (3, 0x2F), (1, 0x14A), (0, 0)],
        axes=[
            gripper.AbsAxis(0x35, 0, 4000, resolution=10),
            gripper.AbsAxis(0x36, 0, 6400, resolution=10),
            gripper.AbsAxis(0x39, 0, 65535),
            gripper.AbsAxis(0x2F, 0, 9),
        ],
        properties=1 << 1,  # INPUT_PROP_DIRECT
    )
    assert keyboard != panel
    engine.set_focus(0, 0, 0)
    engine.evdev_frame(keyboard, [(1000, 1, 108, 1), (1000, 0, 0, 0)])  # KEY_DOWN pressed
    engine.evdev_frame(keyboard, [gripper.InputEvent(2000, 1, 108, 0), gripper.InputEvent(2000, 0, 0, 0)])
    assert [a.id for a in engine.attributes() if a.focused] == ["i2"]
    down = [(3000, 3, 0x2F, 0), (3000, 3, 0x39, 5), (3000, 3, 0x35, 2000), (3000, 3, 0x36, 1400), (3000, 1, 0x14A, 1), (3000, 0, 0, 0)]
    engine.evdev_frame(panel, down)
    engine.evdev_frame(panel, [(50000, 3, 0x39, -1), (50000, 1, 0x14A, 0), (50000, 0, 0, 0)])
    lines = engine.take_lines()
    assert any(" gesture tap recognized at " in line for line in lines), lines
    engine.device_lost(panel, 60000)
    assert engine.take_lines()[-1].endswith(" deviceLost -")
    with pytest.raises(gripper.InvalidValueError):
        engine.evdev_frame(panel, [])


def test_app_batch_applies_and_a_broken_one_changes_nothing(open_engine: Open) -> None:
    engine = open_engine()
    engine.apply_batch([gripper.BatchOp.insert_item("new", 0, 0), gripper.BatchOp.delete_item(0, 9)], 0)
    assert engine.sections() == [("list", ["new", *ITEMS[:9]])]
    assert engine.journal_count == 1
    engine.take_lines()
    with pytest.raises(gripper.BatchError) as raised:
        engine.apply_batch([gripper.BatchOp.delete_item(0, 0), gripper.BatchOp.delete_item(0, 99)])
    assert raised.value.status == gripper.Status.BATCH
    assert "99" in raised.value.message
    assert engine.sections() == [("list", ["new", *ITEMS[:9]])]
    assert engine.journal_count == 1
    assert engine.take_lines() == []


def test_sections_batch(open_engine: Open) -> None:
    engine = open_engine([("a", ["x"])])
    engine.apply_batch([gripper.BatchOp.insert_section("b", 1), gripper.BatchOp.insert_item("y", 1, 0)], 0)
    assert engine.sections() == [("a", ["x"]), ("b", ["y"])]
    engine.apply_batch([gripper.BatchOp.delete_section(0)])
    assert engine.sections() == [("b", ["y"])]


def test_a_section_moves_with_its_items_and_a_reload_keeps_it_in_place(open_engine: Open) -> None:
    engine = open_engine([("a", ["x"]), ("b", ["y", "z"]), ("c", [])])
    engine.take_lines()
    engine.apply_batch([gripper.BatchOp.move_section(0, 2), gripper.BatchOp.reload_section(1)], 0)
    assert engine.sections() == [("b", ["y", "z"]), ("c", []), ("a", ["x"])]
    assert engine.take_lines()[-1].endswith(" appBatch #1 move section 0 -> 2; reload section 1")
    with pytest.raises(gripper.BatchError) as raised:
        engine.apply_batch([gripper.BatchOp.reload_section(1), gripper.BatchOp.move_section(1, 0)])
    assert "both reloaded and moved" in raised.value.message
    assert engine.sections() == [("b", ["y", "z"]), ("c", []), ("a", ["x"])]


def test_scrolling(open_engine: Open) -> None:
    engine = open_engine([("list", [f"item{k}" for k in range(100)])])
    assert engine.content_size == (400.0, 5600.0)
    assert engine.content_offset == 0.0
    engine.scroll_to(1000, time_us=0)
    assert engine.content_offset == 1000.0
    assert [a.id for a in engine.attributes((0, 0, 400, 1))] == ["item17"]  # 952…1008 holds offset 1000
    engine.scroll(100_000, 200, 300, 0, 1)  # a wheel detent towards the end
    fire_until(engine, 2_000_000)
    assert engine.content_offset > 1000.0


def test_mouse_drag_commits_a_move(open_engine: Open) -> None:
    engine = open_engine()
    t = 0
    engine.pointer_motion(t, 200, 84)
    engine.pointer_button(t, 200, 84, 1, True)
    fire_until(engine, t + 600_000)
    t += 600_000
    for step in range(1, 21):
        t += FRAME_US
        engine.pointer_motion(t, 200, 84 + 6 * step)
        fire_until(engine, t)
    engine.pointer_button(t + FRAME_US, 200, 204, 1, False)
    commits = [line for line in engine.take_lines() if " committed " in line]
    assert len(commits) == 1 and " move i2 [0,1] -> " in commits[0], commits


def test_transitions_describe_the_change(open_engine: Open) -> None:
    engine = open_engine(transitions=True)
    assert engine.take_transitions() == []
    swipe(engine, 0, 390, 196, -370)
    transitions = engine.take_transitions()
    assert transitions
    assert engine.take_transitions() == []
    committed = [t for t in transitions if t.cause == "committed"]
    assert committed, [t.cause for t in transitions]
    transition = committed[-1]
    assert transition.duration_us > 0 and isinstance(transition.curve, gripper.Curve)
    assert transition.fraction_at(transition.start_us) == 0.0
    assert transition.fraction_at(transition.start_us + transition.duration_us) == 1.0
    assert gripper.curve_value(transition.curve, 0.0) == 0.0
    assert gripper.curve_value(transition.curve, 1.0) == 1.0
    assert gripper.curve_value(99, 0.5) == 0.0
    roles = {change.role for change in transition.changes}
    assert gripper.ChangeRole.MOVING in roles
    disappearing = [c for c in transition.changes if c.role == gripper.ChangeRole.DISAPPEARING and c.initial.kind == gripper.ElementKind.CELL]
    # The deleted cell fades out: i4, from where it was.
    assert [(c.initial.id, c.initial.y, c.final.alpha) for c in disappearing] == [("i4", 168.0, 0.0)]
    for change in transition.changes:
        if change.role == gripper.ChangeRole.MOVING and change.initial.kind == gripper.ElementKind.CELL:
            # The same element moves: its identity is the same at both ends.
            assert change.initial.id == change.final.id, change


def test_announcements_use_the_accessibility_label(open_engine: Open) -> None:
    class Labels:
        def accessibility_label(self, item: str) -> str | None:
            return f"Item {item[1:]}" if item != "i5" else None

    engine = open_engine(announce=True, delegate=Labels())
    assert engine.take_announcements() == []
    swipe(engine, 0, 390, 196, -370)  # deletes i4
    announcements = engine.take_announcements()
    assert announcements and any("Item 4" in a for a in announcements), announcements
    assert engine.take_announcements() == []


def test_the_engine_closes_once(library: str) -> None:
    with gripper.Engine([("list", ["a"])]) as engine:
        assert not engine.closed
        assert "idle" in repr(engine)
    assert engine.closed
    assert repr(engine) == "<gripper.Engine closed>"
    engine.close()
    with pytest.raises(gripper.ClosedError) as raised:
        engine.touch_begin(0, 1, 10, 10)
    assert raised.value.status == gripper.Status.NULL
    with pytest.raises(gripper.ClosedError):
        engine.sections()


def test_an_engine_left_open_is_closed_when_collected(library: str) -> None:
    import gc
    import weakref

    engine = gripper.Engine([("list", ["a"])])
    finalizer = engine._finalizer
    assert finalizer is not None and finalizer.alive
    reference = weakref.ref(engine)
    del engine
    gc.collect()
    assert reference() is None
    assert not finalizer.alive


def test_an_engine_its_delegate_refers_to_is_collected_too(library: str) -> None:
    import gc
    import weakref

    class Rules:
        engine: gripper.Engine | None = None

        def can_move(self, item: str, section: int, index: int) -> bool:
            return self.engine is not None

    rules = Rules()
    engine = gripper.Engine([("list", ["a"])], delegate=rules)
    rules.engine = engine  # a cycle: engine → delegate → engine
    finalizer = engine._finalizer
    reference = weakref.ref(engine)
    del engine, rules
    gc.collect()
    assert reference() is None
    assert finalizer is not None and not finalizer.alive


def test_engines_are_independent(open_engine: Open) -> None:
    one = open_engine([("s", ["a", "b"])])
    two = open_engine([("s", ["a", "b"])])
    one.apply_batch([gripper.BatchOp.delete_item(0, 0)], 0)
    assert one.sections() == [("s", ["b"])]
    assert two.sections() == [("s", ["a", "b"])]


def test_an_engine_is_shared_by_threads_safely(open_engine: Open) -> None:
    import threading

    engine = open_engine([("list", [f"item{k}" for k in range(200)])])
    failures: list[BaseException] = []

    def read() -> None:
        try:
            for _ in range(50):
                assert len(engine.sections()[0][1]) == 200
                engine.attributes()
        except BaseException as error:  # noqa: BLE001
            failures.append(error)

    threads = [threading.Thread(target=read) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_a_pinch_goes_between_two_layouts(open_engine: Open) -> None:
    engine = open_engine(viewport=(400, 600))
    engine.set_pinch_layouts(closing={"columns": 2}, spreading=None)
    with pytest.raises(gripper.InvalidValueError):
        engine.set_pinch_layouts(closing={"rows": 2})
    with pytest.raises(gripper.InvalidValueError):
        engine.set_pinch_layouts(closing={"columns": 0})
    assert engine.pinch is None and engine.pinched_attributes() == []
    engine.touch_begin(1_000_000, 1, 140, 120)
    engine.touch_begin(1_010_000, 2, 260, 120)
    seen = []
    for k in range(1, 21):
        half = 60 - k * 2.5  # 120 points apart down to 20: the fingers close
        engine.touch_update(1_010_000 + k * 16_000, 1, 200 - half, 120)
        engine.touch_update(1_011_000 + k * 16_000, 2, 200 + half, 120)
        pinch = engine.pinch
        if pinch is not None:
            assert pinch.closing and 0 <= pinch.progress <= 1
            seen.append(pinch.progress)
            shown = engine.pinched_attributes()
            assert any(a.kind == gripper.ElementKind.CELL for a in shown)
    assert seen and max(seen) > 0.5 and seen == sorted(seen)
    engine.touch_end(1_400_000, 1, 190, 120)
    engine.touch_end(1_410_000, 2, 210, 120)
    assert engine.pinch is None
    lines = engine.take_lines()
    assert any(line.endswith("layoutPinch began columns 2") for line in lines)
    assert any(line.endswith("layoutPinch finished columns 2") for line in lines)
    cells = [a for a in engine.attributes() if a.kind == gripper.ElementKind.CELL]
    assert cells[1].frame[0] > 100  # the second item beside the first: two columns
    assert engine.sections() == [("list", ITEMS)]


def test_a_touchpads_pinch_from_the_toolkit(open_engine: Open) -> None:
    engine = open_engine(viewport=(400, 600))
    engine.set_pinch_layouts(closing={"columns": 2})
    with pytest.raises(gripper.InvalidValueError):
        engine.touchpad_pinch(1_000_000, gripper.TouchPhase.BEGIN, 0.0, 200, 100)
    engine.touchpad_pinch(1_000_000, gripper.TouchPhase.BEGIN, 1.0, 200, 100)
    for k in range(1, 13):
        engine.touchpad_pinch(1_000_000 + k * 16_000, gripper.TouchPhase.UPDATE, 1 - k * 0.05, 200, 100)
    pinch = engine.pinch
    assert pinch is not None and pinch.closing and pinch.progress > 0.5
    engine.touchpad_pinch(1_400_000, gripper.TouchPhase.END, 0.4, 200, 100)
    assert engine.pinch is None
    assert any(line.endswith("layoutPinch finished columns 2") for line in engine.take_lines())
