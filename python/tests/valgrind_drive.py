"""A short Python session driving libgripper, for `scripts/test-python --valgrind` (memcheck).

It touches every path where memory crosses between Python and the library:
both ways of opening (lists, a data source whose strings live in Python
buffers), a delegate whose answers are copied, input in time order, the
buffers the library fills (attributes, text, transitions with their
strings), refused input (NaN, time order, invalid UTF-8), an exception in a
callback, a saved replay case, and closing (explicitly and by the garbage
collector). It prints one line and exits 0; valgrind's exit status tells the
rest. Also a plain pytest module (one test), so it runs with the others.
"""

from __future__ import annotations

import gc
import math
import sys
import tempfile
import warnings
from pathlib import Path

import gripper

ITEMS = [f"i{k}" for k in range(1, 11)]


class Source:
    """A data source with multibyte identities."""

    def section_count(self) -> int:
        return 2

    def section_id(self, section: int) -> str:
        return ["à faire", "fait"][section]

    def item_count(self, section: int) -> int:
        return 8

    def item_id(self, section: int, item: int) -> str:
        return f"{section}-{item}-é"

    def item_height(self, section: int, item: int) -> float:
        return 40.0 + item


class Rules:
    """A delegate answering every question, with labels and actions."""

    def can_move(self, item: str, section: int, index: int) -> bool:
        return index != 7

    def swipe_actions(self, item: str, section: int, index: int, edge: gripper.Edge) -> list[gripper.Action]:
        if edge == gripper.Edge.TRAILING:
            return [gripper.Action("archive", "Archive ✓", full_swipe=True), gripper.Action("flag", "Flag")]
        return [gripper.Action("pin")]

    def perform_action(self, action: str, item: str, section: int, index: int) -> bool:
        return action == "archive"

    def accessibility_label(self, item: str) -> str:
        return "Item " + item

    def target_for_move(self, item: str, section: int, index: int, to_section: int, to_index: int) -> object:
        return None


def _fire_until(engine: gripper.Engine, time_us: int) -> None:
    while (deadline := engine.next_deadline()) is not None and deadline <= time_us:
        engine.fire(deadline)


def _drag(engine: gripper.Engine, t: int, x: float, y: float, dy: float) -> int:
    engine.touch_begin(t, 1, x, y)
    _fire_until(engine, t + 600_000)
    t += 600_000
    for step in range(1, 21):
        t += 16_000
        _fire_until(engine, t)
        engine.touch_update(t, 1, x, y + dy * step / 20)
    t += 16_000
    engine.touch_end(t, 1, x, y + dy)
    return t


def _swipe(engine: gripper.Engine, t: int, x: float, y: float, dx: float) -> int:
    engine.touch_begin(t, 1, x, y)
    for step in range(1, 17):
        t += 16_000
        engine.touch_update(t, 1, x + dx * step / 16, y)
    t += 16_000
    engine.touch_end(t, 1, x + dx, y)
    return t


def _read_everything(engine: gripper.Engine) -> int:
    total = len(engine.attributes()) + len(engine.take_lines()) + len(engine.transcript())
    total += sum(len(t.changes) for t in engine.take_transitions())
    total += len(engine.take_announcements()) + len(engine.sections()) + len(engine.state)
    return total


def drive(folder: Path) -> int:
    """The session; returns a number made of what was read (so nothing is optimized away)."""
    total = 0
    with gripper.Engine(
        Source(), viewport=(400, 640), delegate=Rules(), transitions=True, announce=True, record_input=True, header_height=24
    ) as engine:
        t = _drag(engine, 0, 200, 100, 200)
        total += _read_everything(engine)
        t = _swipe(engine, t + 200_000, 390, 200, -370)
        total += _read_everything(engine)
        engine.apply_batch([gripper.BatchOp.insert_item("nouveau", 0, 0), gripper.BatchOp.delete_item(1, 0)], t + 1)
        engine.command("edit_on", t + 2)
        engine.command(gripper.Command.EDIT_OFF, t + 3)
        engine.set_focus(0, 1, t + 4)
        engine.command("move_down", t + 5)
        engine.scroll(t + 6, 200, 300, 0, 2)
        _fire_until(engine, t + 3_000_000)
        total += _read_everything(engine)
        for time_us, x in ((t + 4_000_000, math.nan), (0, 1.0)):  # not a number; out of time order
            try:
                engine.touch_begin(time_us, 2, x, 1)
            except gripper.GripperError as error:
                total += len(str(error))
        engine.finish()
        with warnings.catch_warnings():
            # perform_action deletes on a normal action: a rule the scene cannot hold, which the save notes.
            warnings.simplefilter("ignore", gripper.ReplayCaseWarning)
            total += len(engine.save_replay_case(folder / "case"))
        total += _read_everything(engine)

    class Bad(Source):
        def item_id(self, section: int, item: int) -> bytes:  # type: ignore[override]
            return b"\xff\xfe"

    try:
        gripper.Engine(Bad())
    except gripper.Utf8Error as error:
        total += len(str(error))

    class Raising(Rules):
        def can_move(self, item: str, section: int, index: int) -> bool:
            raise RuntimeError("from a callback")

    raising = gripper.Engine([("list", ITEMS)], viewport=(400, 640), delegate=Raising())
    try:
        _drag(raising, 0, 200, 84, 120)
    except RuntimeError as error:
        total += len(str(error))
    del raising  # closed by the garbage collector
    gc.collect()
    return total


def test_a_session_runs() -> None:
    """The session as a test (the library must be there)."""
    import pytest

    try:
        gripper.version()
    except gripper.LibraryNotFoundError as error:
        pytest.skip(str(error))
    with tempfile.TemporaryDirectory() as folder:
        assert drive(Path(folder)) > 0


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        print(f"valgrind_drive: {drive(Path(folder))} ({gripper.version()})")
    sys.exit(0)
