"""Scripted toolkit input, in time order, as a live loop feeds it: deadlines fired before each input.

Times are microseconds; positions viewport points. Rows are 56 points high,
so item k (from 0) of the default list spans y = 56k … 56k + 56.
"""

from __future__ import annotations

import gripper

#: A frame of a 60 Hz toolkit, microseconds.
FRAME_US = 16_000


def fire_until(engine: gripper.Engine, time_us: int) -> None:
    """Fires every deadline due up to ``time_us``, each at its own time, as a timer loop would."""
    while True:
        deadline = engine.next_deadline()
        if deadline is None or deadline > time_us:
            return
        engine.fire(deadline)


def long_press_drag(engine: gripper.Engine, start_us: int, x: float, y: float, dy: float, steps: int = 30) -> int:
    """Presses at (x, y), holds still 0.6 s (a long press), moves ``dy`` in ``steps`` frames and lifts; returns the end time."""
    t = start_us
    engine.touch_begin(t, 1, x, y)
    fire_until(engine, t + 600_000)
    t += 600_000
    for step in range(1, steps + 1):
        t += FRAME_US
        fire_until(engine, t)
        engine.touch_update(t, 1, x, y + dy * step / steps)
    t += FRAME_US
    fire_until(engine, t)
    engine.touch_end(t, 1, x, y + dy)
    return t


def swipe(engine: gripper.Engine, start_us: int, x: float, y: float, dx: float, steps: int = 16) -> int:
    """A quick horizontal swipe of ``dx`` from (x, y) in ``steps`` frames; returns the end time."""
    t = start_us
    engine.touch_begin(t, 1, x, y)
    for step in range(1, steps + 1):
        t += FRAME_US
        fire_until(engine, t)
        engine.touch_update(t, 1, x + dx * step / steps, y)
    t += FRAME_US
    engine.touch_end(t, 1, x + dx, y)
    return t


def tap(engine: gripper.Engine, start_us: int, x: float, y: float) -> int:
    """A tap at (x, y): down and up 60 ms apart, then the tap's deadlines fired; returns the end time."""
    engine.touch_begin(start_us, 1, x, y)
    engine.touch_end(start_us + 60_000, 1, x, y)
    fire_until(engine, start_us + 600_000)
    return start_us + 600_000
