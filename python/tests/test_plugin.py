"""The pytest plugin: replay cases collected by the convention, run through the real tool."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from gripper.cases import find_cases

from .support import SCENARIOS

FULL_SWIPE_LINE = "0.840806 committed #1 action delete on i4"


def _case_folders(root: Path) -> list[str]:
    return sorted(p.parent.name for p in root.glob("*/expected.txt"))


def _copy_case(pytester: pytest.Pytester, name: str, into: str = "cases") -> Path:
    target = pytester.path / into / name
    shutil.copytree(SCENARIOS / name, target, ignore=shutil.ignore_patterns("actual.html", "*.svg"))
    return target


def test_the_bundled_scenarios_pass(pytester: pytest.Pytester, tool: str) -> None:
    expected = _case_folders(SCENARIOS)
    assert len(expected) >= 20
    result = pytester.runpytest("--gripper-cases", str(SCENARIOS), "--gripper-bin", tool, "-v")
    result.assert_outcomes(passed=len(expected))
    for name in expected:
        result.stdout.fnmatch_lines([f"*scenarios/{name} PASSED*"])


def test_a_tampered_case_fails_showing_the_first_difference(pytester: pytest.Pytester, tool: str) -> None:
    case = _copy_case(pytester, "full-swipe")
    _copy_case(pytester, "mouse-drag")
    expected = case / "expected.txt"
    original = expected.read_text()
    assert FULL_SWIPE_LINE in original
    expected.write_text(original.replace(FULL_SWIPE_LINE, "0.840806 committed #1 action archive on i4"))
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "FAIL cases/full-swipe: first difference at line 9 (0.840806 s) of cases/full-swipe/expected.txt",
            "*first difference, line 9 at 0.840806 s:",
            "*expected: 0.840806 committed #1 action archive on i4",
            "*actual:   0.840806 committed #1 action delete on i4",
            "*-0.840806 committed #1 action archive on i4",
            "*+0.840806 committed #1 action delete on i4",
            "*timeline of the actual run: cases/full-swipe/actual.html",
        ]
    )
    # Not a wall of text: the report is the first differing entries and a little context.
    report = result.stdout.str()
    assert report.count("gesture touch began") <= 1
    assert (case / "actual.html").is_file()
    assert expected.read_text() != original  # a failing run never rewrites the expected file


def test_gripper_update_re_records(pytester: pytest.Pytester, tool: str) -> None:
    case = _copy_case(pytester, "full-swipe")
    expected = case / "expected.txt"
    original = expected.read_text()
    expected.write_text(original.replace(FULL_SWIPE_LINE, "0.840806 committed #1 action archive on i4"))
    new = _copy_case(pytester, "mouse-swipe")
    (new / "expected.txt").unlink()
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool, "--gripper-update")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*gripper: updated replay cases*", "UPD  cases/full-swipe: updated*", "UPD  cases/mouse-swipe: recorded*"])
    assert expected.read_text() == original
    assert (new / "expected.txt").read_text() == (SCENARIOS / "mouse-swipe" / "expected.txt").read_text()
    again = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool)
    again.assert_outcomes(passed=2)
    assert "updated replay cases" not in again.stdout.str()


def test_a_new_case_fails_until_recorded(pytester: pytest.Pytester, tool: str) -> None:
    case = _copy_case(pytester, "grid-drag")
    (case / "expected.txt").unlink()
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*no expected transcript*--update*"])


def test_a_case_with_bad_input_fails_naming_it(pytester: pytest.Pytester, tool: str) -> None:
    case = _copy_case(pytester, "grid-drag")
    (case / "scene.json").write_text("{ not json")
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["BAD  cases/grid-drag: bad input: *scene.json*"])


def test_named_cases_share_a_scene_and_their_settings(pytester: pytest.Pytester, tool: str) -> None:
    real_replays = SCENARIOS.parent / "real-replays"
    names = sorted(p.name[: -len(".expected.txt")] for p in real_replays.glob("*.expected.txt"))
    result = pytester.runpytest("--gripper-cases", str(real_replays), "--gripper-bin", tool, "-v")
    result.assert_outcomes(passed=len(names))


def test_the_ini_option_names_the_cases(pytester: pytest.Pytester, tool: str) -> None:
    _copy_case(pytester, "full-swipe", into="recordings")
    pytester.makeini(f"[pytest]\ngripper_cases = recordings\ngripper_bin = {tool}\n")
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=2)  # the ini's cases and the folder's own tests
    result.stdout.fnmatch_lines(["*recordings/full-swipe PASSED*"])


def test_the_ini_tool_path_is_from_the_ini_file_s_folder(pytester: pytest.Pytester, tool: str) -> None:
    _copy_case(pytester, "full-swipe")
    (pytester.path / "tools").mkdir()
    os.symlink(tool, pytester.path / "tools" / "gripper")
    pytester.makeini("[pytest]\ngripper_cases = cases\ngripper_bin = tools/gripper\n")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)


def test_command_line_cases_run_alone(pytester: pytest.Pytester, tool: str) -> None:
    _copy_case(pytester, "full-swipe")
    pytester.makepyfile(test_plain="def test_plain():\n    assert False\n")
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool)
    result.assert_outcomes(passed=1)
    both = pytester.runpytest("test_plain.py", "--gripper-cases", "cases", "--gripper-bin", tool)
    both.assert_outcomes(passed=1, failed=1)


def test_keyword_selection_and_the_tool_from_the_environment(
    pytester: pytest.Pytester, tool: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _copy_case(pytester, "full-swipe")
    _copy_case(pytester, "mouse-drag")
    monkeypatch.setenv("GRIPPER_BIN", tool)
    result = pytester.runpytest("--gripper-cases", "cases", "-k", "mouse")
    result.assert_outcomes(passed=1, deselected=1)


def test_a_missing_path_is_a_collection_error(pytester: pytest.Pytester, tool: str) -> None:
    result = pytester.runpytest("--gripper-cases", "nowhere", "--gripper-bin", tool)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*--gripper-cases nowhere: no such file or folder*"])


def test_a_missing_tool_fails_saying_how_to_find_it(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    _copy_case(pytester, "full-swipe")
    monkeypatch.delenv("GRIPPER_BIN", raising=False)
    monkeypatch.setenv("PATH", str(pytester.path))
    result = pytester.runpytest("--gripper-cases", "cases")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*no gripper tool: give --gripper-bin PATH*"])


def test_a_tool_that_hangs_is_killed_after_the_timeout(pytester: pytest.Pytester) -> None:
    _copy_case(pytester, "full-swipe")
    fake = pytester.path / "slow-gripper"
    fake.write_text("#!/bin/sh\nexec sleep 30\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", str(fake), "--gripper-timeout", "0.5")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*did not finish within 0.5 s (killed)*"])
    assert result.duration < 20


def test_a_tool_that_prints_nothing_useful(pytester: pytest.Pytester) -> None:
    _copy_case(pytester, "full-swipe")
    fake = pytester.path / "broken-gripper"
    fake.write_text("#!/bin/sh\necho 'gripper: it broke' >&2\nexit 3\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", str(fake))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["ERROR cases/full-swipe: gripper test exited with status 3", "*gripper: it broke*"])


# -- the walk ---------------------------------------------------------------------------------------------------


def test_the_walk_names_cases_as_gripper_test_does(tool: str) -> None:
    import json
    import subprocess

    recordings = SCENARIOS.parent
    run = subprocess.run([tool, "test", "--json", str(recordings)], capture_output=True, text=True, timeout=300)
    theirs = sorted(json.loads(line)["case"] for line in run.stdout.splitlines() if '"event":"case"' in line)
    ours = sorted(case.name for case in find_cases(str(recordings)))
    assert ours == theirs


def test_the_walk_stays_inside_and_visits_each_folder_once(tmp_path: Path) -> None:
    searched = tmp_path / "searched"
    outside = tmp_path / "outside"
    shutil.copytree(SCENARIOS / "full-swipe", outside / "escaped")
    shutil.copytree(SCENARIOS / "full-swipe", searched / "real" / "inner")
    os.symlink(outside, searched / "link-out")  # out of the folder searched: never followed
    os.symlink(searched / "real", searched / "a-alias")  # a second way to a folder already walked
    os.symlink(searched, searched / "real" / "loop")  # a loop
    os.symlink("../../outside/escaped", searched / "real" / "relative-out")
    (searched / ".hidden").mkdir()
    shutil.copytree(SCENARIOS / "mouse-drag", searched / ".hidden" / "case")
    os.symlink(searched / ".hidden", searched / "shown")  # a hidden folder reached by a visible link is inside
    names = [case.name for case in find_cases(str(searched))]
    assert names == [f"{searched}/real/inner", f"{searched}/shown/case"]


def test_case_names_are_printed_escaped(pytester: pytest.Pytester, tool: str) -> None:
    weird = "new\nline\x1b[31m\u202eevil\\"
    _copy_case(pytester, "full-swipe", into="cases")
    os.rename(pytester.path / "cases" / "full-swipe", pytester.path / "cases" / weird)
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool, "-v")
    result.assert_outcomes(passed=1)
    output = result.stdout.str()
    assert "\x1b" not in output and "\u202e" not in output
    assert "cases/new\\nline\\x1b[31m\\u202eevil\\\\ PASSED" in output
    collected = pytester.runpytest("--gripper-cases", "cases", "--collect-only", "-q")
    assert "cases/new\\nline\\x1b[31m\\u202eevil\\\\" in collected.stdout.str()


def test_a_case_folder_and_an_expected_file_name_one_case(pytester: pytest.Pytester, tool: str) -> None:
    _copy_case(pytester, "full-swipe")
    real_replays = SCENARIOS.parent / "real-replays"
    named = sorted(real_replays.glob("*.expected.txt"))[0]
    result = pytester.runpytest(
        "--gripper-cases", "cases/full-swipe", "cases/full-swipe/expected.txt", str(named), "--gripper-bin", tool, "-v"
    )
    result.assert_outcomes(passed=2)


def test_settings_above_a_case_apply_as_in_a_search(pytester: pytest.Pytester, tool: str) -> None:
    """A case.json above the case's folder applies: the plugin runs it by searching that folder."""
    import subprocess

    root = pytester.path / "cases"
    shutil.copytree(SCENARIOS / "long-press-drag-down-up", root / "slow" / "drag", ignore=shutil.ignore_patterns("actual.html"))
    (root / "slow" / "case.json").write_text('{"gestures": {"longPressDuration": 0.3}}\n')
    (root / "slow" / "drag" / "expected.txt").unlink()
    recorded = subprocess.run([tool, "test", "--update", "cases"], cwd=pytester.path, capture_output=True, text=True, timeout=120)
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    expected = (root / "slow" / "drag" / "expected.txt").read_text()
    assert "0.807990 gesture longPress began" in expected  # 0.3 s after the touch, not 0.5 s
    [case] = find_cases("cases")
    assert case.test_arguments() == ["cases/slow", "--filter", "\\A\\Qcases/slow/drag\\E\\z"]
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool)
    result.assert_outcomes(passed=1)


def test_cases_run_alone_so_a_looping_folder_does_not_hang_the_tool(pytester: pytest.Pytester, tool: str) -> None:
    case = _copy_case(pytester, "full-swipe")
    os.symlink("..", case / "up1")
    os.symlink("..", case / "up2")
    [found] = find_cases("cases")
    assert found.test_arguments() == ["cases/full-swipe/expected.txt"]
    result = pytester.runpytest("--gripper-cases", "cases", "--gripper-bin", tool, "--gripper-timeout", "60")
    result.assert_outcomes(passed=1)
    assert result.duration < 30
