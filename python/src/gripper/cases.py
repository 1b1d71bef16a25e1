"""Finding replay cases on disk, by the convention of Documentation/ReplayCases.md.

- A **folder case** is a folder holding ``expected.txt``, or a trace named
  ``trace.evemu`` (``.events``, ``.txt``, ``.yml``, ``.yaml``) and a
  ``scene.json`` (a new case, not yet recorded). Its name is its path.
- A **named case** is a file ``NAME.expected.txt``; its name is ``FOLDER/NAME``.

Names are built as ``gripper test`` builds them (the path searched, then the
folders below it), so a case found here is the case of that name there.
Each case is then run by its own expected file (or trace), so the tool
walks no folder — except a case whose settings come from a ``case.json``
above its own folder: it is run by searching that folder with a filter on
its exact name, as a search applies such settings and a run of the case
alone does not.

The walk never follows a symbolic link out of the folder searched, visits
each real folder once (a link to a folder already seen, or a loop, is not
entered again; real folders are walked before links, so a case is named by
its real path when it has one), skips hidden folders and ``node_modules``,
and stops 32 folders deep, as ``gripper test`` does.
"""

from __future__ import annotations

import os
import unicodedata
from collections import deque
from dataclasses import dataclass

#: The extensions a trace may have, in the order ``gripper test`` looks for them.
TRACE_EXTENSIONS = ("evemu", "events", "txt", "yml", "yaml")

#: The deepest folder searched below a path (as ``gripper test``'s ``maximumDepth``).
MAXIMUM_DEPTH = 32

EXPECTED = "expected.txt"
NAMED_SUFFIX = ".expected.txt"
SETTINGS = "case.json"


class CaseSearchError(Exception):
    """A path given to search is neither a folder nor a case (its message is printable)."""


@dataclass(frozen=True, slots=True)
class ReplayCase:
    """One replay case found on disk.

    Attributes:
        name: the case's name as ``gripper test`` prints it (a path; may hold any character).
        expected: the path of its expected transcript (which may not exist yet: a new case).
        run_path: the path to give ``gripper test`` to run this case.
        search: when not None, ``run_path`` is a folder to search and this is
            the case's exact name to filter on: the case takes its settings
            from a ``case.json`` above its own folder, which only a search of
            that folder applies. Otherwise ``run_path`` is the case's own
            expected file (or trace), and the tool walks no folder.
    """

    name: str
    expected: str
    run_path: str
    search: str | None = None

    @property
    def display_name(self) -> str:
        """:attr:`name` with control, format and line-breaking characters escaped (see :func:`printable`)."""
        return printable(self.name)

    def test_arguments(self) -> list[str]:
        """The arguments after ``gripper test --json`` that run this case alone."""
        if self.search is not None:
            return [self.run_path, "--filter", exact_pattern(self.search)]
        return [self.run_path]


_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """``text`` safe to print on one line: escapes what a terminal would act on or hide.

    Backslash, controls (C0, DEL, C1), format characters (bidirectional
    overrides, zero-width characters), line and paragraph separators, other
    spaces than U+0020, and undecodable bytes (surrogate escapes from the
    file system) are written as ``\\n``, ``\\xNN``, ``\\uNNNN``; the result is
    unambiguous (a backslash is doubled).
    """
    out: list[str] = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
            continue
        code = ord(char)
        category = unicodedata.category(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (os.fsdecode's surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or (category == "Zs" and char != " "):
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(char)
    return "".join(out)


def exact_pattern(name: str) -> str:
    """A regular expression (Swift ``Regex`` syntax) matching exactly ``name`` and nothing else."""
    quoted = name.replace("\\E", "\\E\\\\E\\Q")
    return "\\A\\Q" + quoted + "\\E\\z"


def clean(path: str) -> str:
    """``path`` without ``./`` in front or ``/`` behind (as ``gripper test`` names from it)."""
    while path.startswith("./"):
        path = path[2:]
    while len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    return path or "."


def join(folder: str, name: str) -> str:
    """``folder/name`` as ``gripper test`` joins names (no ``./`` in front)."""
    if not name:
        return folder
    if not folder or folder == ".":
        return name
    return folder + name if folder.endswith("/") else folder + "/" + name


def _listing(folder: str) -> list[str]:
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return []


def _is_folder_case(names: set[str]) -> bool:
    traces = any(f"trace.{extension}" in names for extension in TRACE_EXTENSIONS)
    return EXPECTED in names or (traces and "scene.json" in names)


def _folder_case(folder: str, names: set[str], settings_above: str | None) -> ReplayCase:
    """The folder case in ``folder`` (whose entries are ``names``)."""
    expected = join(folder, EXPECTED)
    if settings_above is not None and SETTINGS not in names:
        return ReplayCase(folder, expected, settings_above, folder)
    traces = [f"trace.{extension}" for extension in TRACE_EXTENSIONS if f"trace.{extension}" in names]
    # Its expected file, or for a new case its trace: the tool runs that case alone, searching nothing.
    run_path = expected if EXPECTED in names or not traces else join(folder, traces[0])
    return ReplayCase(folder, expected, run_path)


def _named_case(folder: str, stem: str, names: set[str], settings_above: str | None) -> ReplayCase:
    """The named case ``stem`` in ``folder``."""
    name = join(folder, stem)
    expected = join(folder, stem + NAMED_SUFFIX)
    own_settings = f"{stem}.{SETTINGS}" in names or SETTINGS in names
    if settings_above is not None and not own_settings:
        return ReplayCase(name, expected, settings_above, name)
    return ReplayCase(name, expected, expected)


def _inside(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or below it (both real paths)."""
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:
        return False


def _walk(root: str) -> list[ReplayCase]:
    """Every case under the folder ``root``."""
    found: dict[str, ReplayCase] = {}
    seen: set[tuple[int, int]] = set()
    links: deque[tuple[str, int, str | None]] = deque()
    root_real = os.path.realpath(root)

    def visit(folder: str, depth: int, settings_above: str | None) -> None:
        # settings_above: the nearest folder above this one (up to root) holding a case.json.
        if depth > MAXIMUM_DEPTH:
            return
        try:
            status = os.stat(folder)
        except OSError:
            return
        key = (status.st_dev, status.st_ino)
        if key in seen:
            return
        seen.add(key)
        listing = _listing(folder)
        names = set(listing)
        if _is_folder_case(names):
            found[folder] = _folder_case(folder, names, settings_above)
        for name in listing:
            if name.endswith(NAMED_SUFFIX) and name != EXPECTED:
                case = _named_case(folder, name[: -len(NAMED_SUFFIX)], names, settings_above)
                found[case.name] = case
        below = folder if SETTINGS in names else settings_above
        for name in listing:
            if name.startswith(".") or name == "node_modules":
                continue
            path = join(folder, name)
            if os.path.islink(path):
                if os.path.isdir(path):
                    links.append((path, depth + 1, below))
            elif os.path.isdir(path):
                visit(path, depth + 1, below)

    visit(root, 0, None)
    while links:
        path, depth, settings_above = links.popleft()
        if _inside(os.path.realpath(path), root_real):
            visit(path, depth, settings_above)
    return [found[name] for name in sorted(found)]


def _has_folder_below(folder: str) -> bool:
    return any(not name.startswith(".") and os.path.isdir(join(folder, name)) for name in _listing(folder))


def _file_case(path: str) -> ReplayCase | None:
    """The case a file names: an ``expected.txt``, ``NAME.expected.txt``, a folder case's trace or a named case's trace."""
    folder, file = os.path.split(path)
    place = folder or "."
    extension = file.rsplit(".", 1)[1] if "." in file else ""
    if file == EXPECTED or (file.startswith("trace.") and extension in TRACE_EXTENSIONS):
        if not _is_folder_case(set(_listing(place))):
            return None
        return ReplayCase(place, join(place, EXPECTED), path)
    if file.endswith(NAMED_SUFFIX):
        stem = file[: -len(NAMED_SUFFIX)]
    else:
        stem = file.rsplit(".", 1)[0] if "." in file else file
    if not os.path.exists(join(place, stem + NAMED_SUFFIX)):
        return None
    return ReplayCase(join(place, stem), join(place, stem + NAMED_SUFFIX), path)


def find_cases(path: str) -> list[ReplayCase]:
    """Every case ``path`` names: a folder searched, a case folder, an expected file or a case's trace.

    Raises:
        CaseSearchError: the path does not exist or is not a case.
    """
    root = clean(path)
    if os.path.isdir(root):
        names = set(_listing(root))
        if _is_folder_case(names) and not _has_folder_below(root):
            return [_folder_case(root, names, None)]
        return _walk(root)
    if os.path.isfile(root):
        case = _file_case(root)
        if case is None:
            raise CaseSearchError(
                f"{printable(path)}: not a replay case (no expected transcript beside it; see Documentation/ReplayCases.md)"
            )
        return [case]
    if os.path.isfile(root + NAMED_SUFFIX):
        folder, stem = os.path.split(root)
        place = folder or "."
        return [ReplayCase(join(place, stem), root + NAMED_SUFFIX, root)]
    raise CaseSearchError(f"{printable(path)}: no such file or folder")
