"""Paths and helpers shared by the tests: where the repository, the tool and the header are."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: The Gripper checkout this python/ folder is in.
REPOSITORY = Path(__file__).resolve().parents[2]

#: gripper.h's folder.
HEADER_DIR = REPOSITORY / "Sources" / "CGripper" / "include"

#: The bundled scenario cases.
SCENARIOS = REPOSITORY / "Recordings" / "scenarios"


def gripper_tool() -> str | None:
    """The ``gripper`` tool, an absolute path: GRIPPER_BIN, else the debug build of this checkout, else PATH."""
    configured = os.environ.get("GRIPPER_BIN")
    if configured:
        return os.path.abspath(configured) if os.sep in configured else shutil.which(configured)
    built = REPOSITORY / ".build" / "debug" / "gripper"
    if built.is_file():
        return str(built)
    return shutil.which("gripper")


def required() -> bool:
    """Whether a missing library or tool is a failure (GRIPPER_REQUIRE=1, as scripts/test-python sets) or a skip."""
    return os.environ.get("GRIPPER_REQUIRE", "") == "1"
