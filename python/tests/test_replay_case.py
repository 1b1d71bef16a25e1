"""An engine's session saved as a replay case replays byte for byte through `gripper test` and the plugin."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

import gripper

from .gestures import long_press_drag, swipe, tap

Open = Callable[..., gripper.Engine]


def _session(engine: gripper.Engine) -> None:
    """A drag, an app batch, a swipe, batch editing and a key move: a little of everything."""
    t = long_press_drag(engine, 0, 200, 84, 234)
    engine.apply_batch([gripper.BatchOp.insert_item("fresh", 0, 0)], t + 100_000)
    t = swipe(engine, t + 200_000, 390, 196, -370)
    engine.command("edit_on", t + 100_000)
    t = tap(engine, t + 200_000, 200, 30)
    engine.command("delete_selected", t)
    engine.command("edit_off", t + 1)
    engine.set_focus(0, 0, t + 2)
    engine.command("move_down", t + 3)
    engine.finish()


def test_a_saved_case_passes_gripper_test(open_engine: Open, tool: str, tmp_path: Path) -> None:
    engine = open_engine(record_input=True)
    _session(engine)
    case = tmp_path / "bug-report"
    engine.save_replay_case(case)
    assert sorted(p.name for p in case.iterdir()) == ["expected.txt", "scene.json", "trace.yml"]
    assert (case / "expected.txt").read_text() == engine.transcript()
    json.loads((case / "scene.json").read_text())
    run = subprocess.run([tool, "test", "--json", str(case)], capture_output=True, text=True, timeout=120)
    events = [json.loads(line) for line in run.stdout.splitlines()]
    assert [e["status"] for e in events if e["event"] == "case"] == ["passed"], run.stdout + run.stderr
    assert run.returncode == 0


class _Source:
    """Two sections of identities with spaces and accents."""

    def section_count(self) -> int:
        return 2

    def section_id(self, section: int) -> str:
        return ["to do", "done"][section]

    def item_count(self, section: int) -> int:
        return 6

    def item_id(self, section: int, item: int) -> str:
        return f"{'td'[section]}{item} é"


def test_a_saved_case_with_a_delegate_and_a_data_source(library: str, tool: str, tmp_path: Path) -> None:
    class Rules:
        def can_move(self, item: str, section: int, index: int) -> bool:
            return not item.startswith("d0")

        def swipe_actions(self, item: str, section: int, index: int, edge: gripper.Edge) -> list[gripper.Action]:
            if edge == gripper.Edge.TRAILING:
                return [gripper.Action("archive", "Archive", destructive=True, full_swipe=True)]
            return []

        def accessibility_label(self, item: str) -> str:
            return item.upper()

    with gripper.Engine(_Source(), viewport=(400, 640), delegate=Rules(), record_input=True, header_height=30) as engine:
        t = swipe(engine, 0, 390, 100, -370)
        long_press_drag(engine, t + 300_000, 200, 150, 300)
        engine.finish()
        assert engine.save_replay_case(tmp_path / "case") == ""
        transcript = engine.transcript()
    assert " committed #1 action archive on " in transcript
    run = subprocess.run([tool, "test", str(tmp_path / "case")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_rule_the_scene_cannot_hold_is_said_when_saving(open_engine: Open, tmp_path: Path) -> None:
    """A target_for_move that depends on the place proposed: the replay parts from the live run, and the save says so."""

    class Rules:
        def target_for_move(self, item: str, section: int, index: int, to_section: int, to_index: int) -> object:
            return False if to_index in (2, 3) else None

    engine = open_engine(delegate=Rules(), record_input=True)
    long_press_drag(engine, 0, 200, 84, 234)
    engine.finish()
    with pytest.warns(gripper.ReplayCaseWarning) as warned:
        note = engine.save_replay_case(tmp_path / "case")
    assert "live transcript" in note
    assert str(warned[0].message) == note
    assert (tmp_path / "case" / "expected.txt").is_file()
    with pytest.warns(gripper.ReplayCaseWarning):
        assert engine.save_replay_case(tmp_path / "again") == note  # the same case, the same note


def test_a_saved_case_passes_the_plugin(open_engine: Open, tool: str, pytester: pytest.Pytester) -> None:
    engine = open_engine(record_input=True)
    _session(engine)
    engine.save_replay_case(pytester.path / "cases" / "saved")
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool, "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*cases/saved PASSED*"])
