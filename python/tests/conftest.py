"""Fixtures: the library (loaded or the test skipped, failed under GRIPPER_REQUIRE=1), the tool, engines."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import gripper

from .support import gripper_tool, required

pytest_plugins = ["pytester"]

#: Ten items in one section, as the bundled scenarios use.
ITEMS = [f"i{k}" for k in range(1, 11)]


@pytest.fixture(scope="session")
def library() -> str:
    """The loaded library's version; skips (or fails, under GRIPPER_REQUIRE=1) when libgripper is missing."""
    try:
        return gripper.version()
    except gripper.LibraryNotFoundError as error:
        if required():
            pytest.fail(f"libgripper is required here: {error}")
        pytest.skip(f"no libgripper: {error}")


@pytest.fixture(scope="session")
def tool() -> str:
    """The gripper tool's path; skips (or fails, under GRIPPER_REQUIRE=1) when it is missing."""
    path = gripper_tool()
    if path is None:
        if required():
            pytest.fail("the gripper tool is required here: set GRIPPER_BIN")
        pytest.skip("no gripper tool (set GRIPPER_BIN)")
    return path


@pytest.fixture
def open_engine(library: str) -> Iterator[Callable[..., gripper.Engine]]:
    """Opens engines (default: the ten items, 400 × 640) and closes them after the test."""
    opened: list[gripper.Engine] = []

    def make(sections: Any = None, **options: Any) -> gripper.Engine:
        options.setdefault("viewport", (400, 640))
        engine = gripper.Engine([("list", ITEMS)] if sections is None else sections, **options)
        opened.append(engine)
        return engine

    yield make
    for engine in opened:
        engine.close()
