"""pytest plugin: every Gripper replay case under some folders is a test.

    pytest --gripper-cases Recordings/scenarios Recordings/real-replays
    pytest --gripper-cases=Recordings --gripper-update        # re-record what fails

or in the ini file (``pytest.ini``, ``pyproject.toml``'s ``[tool.pytest.ini_options]``)::

    gripper_cases = Recordings/scenarios
    gripper_bin = .build/debug/gripper

Each case (Documentation/ReplayCases.md) is one test item named by its path.
Running it runs the real ``gripper`` tool on that case alone: ``gripper test
--json CASE/expected.txt`` (or ``NAME.expected.txt``; for a case whose
``case.json`` is in a folder above its own, ``gripper test --json FOLDER
--filter '\\A\\QNAME\\E\\z'``, as only a search of that folder applies it).
The tool reads the case's trace, scene and settings, replays it and compares
the transcript with the expected file; a failure shows the first differing
entries with their times. ``--gripper-update`` runs it with ``--update``,
which re-records the expected transcript of a failing or new case, and lists
what it rewrote at the end.

With ``--gripper-cases`` on the command line and no other paths, only the
cases run (no Python tests are collected from the current folder).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .cases import CaseSearchError, ReplayCase, find_cases, printable

#: Seconds one case may take before its ``gripper test`` is killed (``--gripper-timeout``).
DEFAULT_TIMEOUT = 120.0

#: Most diff lines shown for a failure (the tool shows at most 40).
MAXIMUM_DIFF_LINES = 40


def pytest_addoption(parser: pytest.Parser) -> None:
    """The plugin's options and ini keys."""
    group = parser.getgroup("gripper", "Gripper replay cases")
    group.addoption(
        "--gripper-cases",
        action="extend",
        nargs="+",
        default=[],
        metavar="PATH",
        help="run every Gripper replay case under these folders (or these case folders or expected files)",
    )
    group.addoption(
        "--gripper-bin",
        default=None,
        metavar="PATH",
        help="the gripper tool (default: the gripper_bin ini key, $GRIPPER_BIN, else gripper on PATH)",
    )
    group.addoption(
        "--gripper-update",
        action="store_true",
        default=False,
        help="re-record the expected transcript of each failing or new case (gripper test --update)",
    )
    group.addoption(
        "--gripper-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"kill a case's gripper test after this long (default {DEFAULT_TIMEOUT:g}, or the gripper_timeout ini key)",
    )
    parser.addini("gripper_cases", type="paths", default=[], help="folders of Gripper replay cases to run")
    parser.addini("gripper_bin", type="string", default="", help="the gripper tool")
    parser.addini("gripper_timeout", type="string", default="", help="seconds a case may take")


def pytest_configure(config: pytest.Config) -> None:
    """Registers the session's case collector when there are cases to run."""
    from_command_line = list(config.getoption("gripper_cases") or [])
    paths = from_command_line or [str(p) for p in config.getini("gripper_cases")]
    if not paths:
        return
    if from_command_line and config.args_source != pytest.Config.ArgsSource.ARGS:
        config.args = []  # `pytest --gripper-cases X`: the cases only, not the current folder's tests too
    config.pluginmanager.register(ReplayCasePlugin(config, paths), "gripper-replay-cases")


def _tool(config: pytest.Config) -> str | None:
    """The gripper tool's absolute path, or None when it cannot be found.

    A path with a slash is taken from the invocation folder (the option,
    GRIPPER_BIN) or from the ini file's folder (``gripper_bin``); a bare name
    is looked for on PATH.
    """
    base = Path(config.invocation_params.dir)
    named = config.getoption("gripper_bin") or ""
    if not named:
        named = config.getini("gripper_bin") or ""
        if named and config.inipath is not None:
            base = config.inipath.parent
    if not named:
        named = os.environ.get("GRIPPER_BIN", "")
    if not named:
        return shutil.which("gripper")
    if os.sep not in named:
        return shutil.which(named)
    return str(base / os.path.expanduser(named))


def _timeout(config: pytest.Config) -> float:
    option = config.getoption("gripper_timeout")
    if option is not None:
        return float(option)
    ini = config.getini("gripper_timeout")
    return float(ini) if ini else DEFAULT_TIMEOUT


@dataclass
class CaseOutcome:
    """What ``gripper test --json`` said of one case."""

    status: str
    message: str = ""
    expected_file: str = ""
    first_difference: dict[str, Any] | None = None
    diff: list[str] | None = None
    timeline: str | None = None


class ReplayCaseFailure(Exception):
    """A case failed, was bad input, or its tool run went wrong; the message is the report."""


class ReplayCasePlugin:
    """The session's cases: collected after pytest's own collection, one item each."""

    def __init__(self, config: pytest.Config, paths: list[str]) -> None:
        self.config = config
        self.paths = paths
        self.tool = _tool(config)
        self.timeout = _timeout(config)
        self.update = bool(config.getoption("gripper_update"))
        self.workdir = Path(config.invocation_params.dir)
        self.updated: list[tuple[str, str]] = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
        """Adds an item per case (before -k, -m and --deselect filter the items)."""
        names: set[str] = set()
        for path in self.paths:
            folder = ReplayCaseFolder.from_parent(
                session, name=printable(path), path=self.workdir / path, nodeid=self.nodeid(path), plugin=self, search=path
            )
            for item in session.genitems(folder):
                if item.nodeid not in names:
                    names.add(item.nodeid)
                    items.append(item)

    def nodeid(self, path: str) -> str:
        """A case's or folder's node id: its path from the rootdir, as pytest gives files (printable)."""
        full = os.path.normpath(os.path.join(self.workdir, path))
        return printable(os.path.relpath(full, self.config.rootpath))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        """Lists the cases ``--gripper-update`` rewrote."""
        if not self.updated:
            return
        terminalreporter.section("gripper: updated replay cases")
        for name, message in self.updated:
            terminalreporter.line(f"UPD  {printable(name)}: {printable(message)}")


class ReplayCaseFolder(pytest.Collector):
    """A path given to ``--gripper-cases``: collects its cases."""

    def __init__(self, *, plugin: ReplayCasePlugin, search: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.plugin = plugin
        self.search = search

    def collect(self) -> Iterator[pytest.Item]:
        """One :class:`ReplayCaseItem` per case, in name order."""
        try:
            cases = find_cases(self.search)
        except CaseSearchError as error:
            raise self.CollectError(f"--gripper-cases {error}") from None
        for case in cases:
            yield ReplayCaseItem.from_parent(
                self,
                name=case.display_name,
                nodeid=self.plugin.nodeid(case.name),
                path=self.plugin.workdir / case.expected,
                case=case,
            )

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException]) -> str:  # type: ignore[override,unused-ignore]
        """The search error's message alone (no traceback)."""
        if isinstance(excinfo.value, self.CollectError):
            return str(excinfo.value.args[0])
        return super().repr_failure(excinfo)  # type: ignore[return-value]


class ReplayCaseItem(pytest.Item):
    """One replay case, run by ``gripper test``."""

    def __init__(self, *, case: ReplayCase, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case

    @property
    def plugin(self) -> ReplayCasePlugin:
        """The plugin that collected it."""
        parent = self.parent
        assert isinstance(parent, ReplayCaseFolder)
        return parent.plugin

    def runtest(self) -> None:
        """Replays the case through the tool; raises :class:`ReplayCaseFailure` unless it passed (or was updated)."""
        plugin = self.plugin
        if plugin.tool is None:
            raise ReplayCaseFailure(
                "no gripper tool: give --gripper-bin PATH (or the gripper_bin ini key, or GRIPPER_BIN), "
                "or put gripper on PATH (swift build makes .build/debug/gripper)"
            )
        command = [plugin.tool, "test", "--json", *(["--update"] if plugin.update else []), *self.case.test_arguments()]
        try:
            run = subprocess.run(
                command,
                cwd=plugin.workdir,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=plugin.timeout,
            )
        except subprocess.TimeoutExpired:
            raise ReplayCaseFailure(f"gripper test did not finish within {plugin.timeout:g} s (killed)") from None
        except OSError as error:
            raise ReplayCaseFailure(f"cannot run {printable(plugin.tool)}: {printable(str(error))}") from None
        outcome = self._outcome(run)
        if outcome.status == "passed" and run.returncode == 0:
            return
        if outcome.status == "updated" and run.returncode == 0:
            plugin.updated.append((self.case.name, outcome.message))
            return
        raise ReplayCaseFailure(self._report(outcome, run))

    def _outcome(self, run: subprocess.CompletedProcess[bytes]) -> CaseOutcome:
        """The case line of the tool's JSON Lines (a ``bad`` outcome when there is none)."""
        for line in run.stdout.decode("utf-8", "replace").splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("event") == "case":
                return CaseOutcome(
                    status=str(event.get("status", "")),
                    message=str(event.get("message", "")),
                    expected_file=str(event.get("expected", "")),
                    first_difference=event.get("firstDifference"),
                    diff=[str(d) for d in event.get("diff", [])],
                    timeline=event.get("timeline"),
                )
        errors = run.stderr.decode("utf-8", "replace").strip()
        return CaseOutcome(status="error", message=errors or f"gripper test printed no result (exit status {run.returncode})")

    def _report(self, outcome: CaseOutcome, run: subprocess.CompletedProcess[bytes]) -> str:
        """The failure's report: the first difference with its time, the diff around it, where the timeline is."""
        name = self.case.display_name
        if outcome.status == "bad":
            return f"BAD  {name}: bad input: {printable(outcome.message)}"
        if outcome.status == "error":
            lines = [f"ERROR {name}: gripper test exited with status {run.returncode}"]
            lines += ["     " + printable(line) for line in outcome.message.splitlines()[:20]]
            return "\n".join(lines)
        if outcome.status != "failed":
            return f"FAIL {name}: gripper test said {printable(outcome.status)!s} (exit status {run.returncode}): {printable(outcome.message)}"
        lines = [f"FAIL {name}: {printable(outcome.message)}"]
        difference = outcome.first_difference
        if difference:
            time = difference.get("t")
            at = f" at {time:.6f} s" if isinstance(time, (int, float)) else ""
            lines.append(f"     first difference, line {difference.get('line')}{at}:")
            expected, actual = difference.get("expected"), difference.get("actual")
            lines.append("     expected: " + ("(nothing: the transcript ended)" if expected is None else printable(str(expected))))
            lines.append("     actual:   " + ("(nothing: the transcript ended)" if actual is None else printable(str(actual))))
        if outcome.diff:
            lines.append("     diff (- expected, + actual):")
            lines += ["       " + printable(line) for line in outcome.diff[:MAXIMUM_DIFF_LINES]]
            if len(outcome.diff) > MAXIMUM_DIFF_LINES:
                lines.append(f"       … {len(outcome.diff) - MAXIMUM_DIFF_LINES} more lines")
        if outcome.timeline:
            lines.append(f"     timeline of the actual run: {printable(outcome.timeline)}")
        lines.append("     --gripper-update re-records it (as gripper test --update does) when the actual transcript is right")
        return "\n".join(lines)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """The case's report alone for a case failure; pytest's usual one for anything else."""
        if isinstance(excinfo.value, ReplayCaseFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)  # type: ignore[return-value]

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """Where the case is: its expected file, and ``replay case NAME``."""
        return self.path, None, f"replay case {self.case.display_name}"
