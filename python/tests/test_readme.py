"""The README's example runs and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re

from .support import REPOSITORY


def test_the_readme_example_runs(library: str) -> None:
    text = (REPOSITORY / "python" / "README.md").read_text()
    example = re.search(r"```python\n(.*?)```", text, re.S)
    assert example is not None
    code = example.group(1)
    assert len(code.strip().splitlines()) <= 15
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), {})
    output = printed.getvalue()
    assert "0.780000 committed #1 move pear [0,1] -> [1,1]" in output
    assert "[('fruit', ['apple', 'plum']), ('veg', ['leek', 'pear'])]" in output
