"""Self-sizing through the binding: measured chip widths in the flow layout, a header measured taller, bad values refused."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import gripper

Open = Callable[..., gripper.Engine]


def cells(engine: gripper.Engine) -> dict[str, tuple[float, float, float, float]]:
    return {a.id: a.frame for a in engine.attributes() if a.kind == gripper.ElementKind.CELL}


def test_measured_widths_wrap_the_flow_and_a_header_grows(open_engine: Open) -> None:
    engine = open_engine([("tags", ["a", "b", "c", "d", "e"]), ("more", ["f"])], transitions=True)
    engine.change_layout(kind=gripper.LayoutKind.FLOW, header_height=30, time_us=0)
    engine.take_transitions()
    # Each item fills its line until measured: three 120-point chips share one (3 × 120 ≤ 400).
    for item in range(3):
        engine.set_measured_size(0, item, width=120, time_us=1000)
    frames = cells(engine)
    assert frames["a"][1] == frames["b"][1] == frames["c"][1]
    assert frames["c"][2] == pytest.approx(120.0)
    assert frames["d"][1] > frames["c"][1]
    assert [t.cause for t in engine.take_transitions()] == ["measured"] * 3
    engine.set_measured_size(0, 3, width=80, height=60, time_us=2000)
    assert cells(engine)["d"][2:] == (80.0, 60.0)
    f_before = cells(engine)["f"][1]
    engine.set_measured_header_height(0, 70, time_us=3000)
    assert cells(engine)["f"][1] == pytest.approx(f_before + 40)
    lines = engine.take_lines()
    assert any(line.endswith("stimulus measured item [0,2] width 120.00") for line in lines), lines
    assert any(line.endswith("stimulus measured item [0,3] width 80.00 height 60.00") for line in lines), lines
    assert any(line.endswith("stimulus measured header 0 height 70.00") for line in lines), lines


def test_bad_measurements_change_nothing(open_engine: Open) -> None:
    engine = open_engine(transitions=True)
    before = cells(engine)
    for value in (float("nan"), -1.0, float("inf"), 2.0**40 + 1):
        with pytest.raises(gripper.InvalidValueError):
            engine.set_measured_size(0, 0, width=value, time_us=0)
        with pytest.raises(gripper.InvalidValueError):
            engine.set_measured_size(0, 0, width=10, height=value, time_us=0)
    with pytest.raises(gripper.InvalidValueError):
        engine.set_measured_size(-1, 0, height=10, time_us=0)
    with pytest.raises(gripper.LayoutError):
        engine.set_measured_size(0, 99, height=10, time_us=0)
    with pytest.raises(gripper.LayoutError):
        engine.set_measured_header_height(0, 10, time_us=0)  # the list has no header
    with pytest.raises(gripper.LayoutError):
        engine.set_measured_header_height(5, 10, footer=True, time_us=0)
    with pytest.raises(TypeError):
        engine.set_measured_size(0, 0, time_us=0)
    assert cells(engine) == before
    assert engine.take_transitions() == []
