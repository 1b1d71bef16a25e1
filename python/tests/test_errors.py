"""Bad input raises the GripperError of the right status, changes nothing, and never crashes."""

from __future__ import annotations

import ctypes
import math
from collections.abc import Callable
from pathlib import Path

import pytest

import gripper
from gripper import _abi

from .conftest import ITEMS
from .gestures import tap

Open = Callable[..., gripper.Engine]


@pytest.mark.parametrize(
    ("x", "y"),
    [(math.nan, 10.0), (10.0, math.nan), (math.inf, 10.0), (10.0, -math.inf)],
)
def test_a_position_that_is_not_a_number_is_invalid(open_engine: Open, x: float, y: float) -> None:
    engine = open_engine()
    with pytest.raises(gripper.InvalidValueError) as raised:
        engine.touch_begin(0, 1, x, y)
    assert raised.value.status == gripper.Status.INVALID
    assert raised.value.function == "gripper_touch"
    assert raised.value.message
    assert isinstance(raised.value, ValueError)
    assert engine.take_lines() == []
    assert engine.state == "idle"
    with pytest.raises(gripper.InvalidValueError):
        engine.pointer_motion(0, x, y)
    with pytest.raises(gripper.InvalidValueError):
        engine.scroll(0, 10, 10, x, y)
    with pytest.raises(gripper.InvalidValueError):
        engine.attributes((0, 0, x, y))
    # The engine still works.
    tap(engine, 0, 200, 30)
    assert engine.take_lines()


def test_unknown_enum_values_are_invalid(open_engine: Open) -> None:
    engine = open_engine()
    with pytest.raises(gripper.InvalidValueError):
        engine.touch(0, 9, 1, 10, 10)
    with pytest.raises(gripper.InvalidValueError):
        engine.pointer_button(0, 10, 10, 4, True)
    with pytest.raises(gripper.InvalidValueError):
        engine.key(0, 768)
    with pytest.raises(gripper.InvalidValueError):
        engine.key(0, 103, 7)
    with pytest.raises(gripper.InvalidValueError):
        engine.command(42, 0)
    with pytest.raises(gripper.InvalidValueError):
        engine.command("fly", 0)
    with pytest.raises(gripper.InvalidValueError):
        engine.apply_batch([gripper.BatchOp(kind=17)], 0)
    with pytest.raises(gripper.InvalidValueError):
        engine.set_focus(-5, 0, 0)  # not an index path (only -1, -1 clears the focus)
    with pytest.raises(gripper.InvalidValueError):
        engine.scroll_to(math.nan, time_us=0)
    with pytest.raises(gripper.InvalidValueError):
        engine.resize(-1, 100, 0)
    assert engine.take_lines() == []


def test_events_out_of_time_order(open_engine: Open) -> None:
    engine = open_engine()
    engine.touch_begin(1_000_000, 1, 200, 30)
    engine.take_lines()
    with pytest.raises(gripper.TimeOrderError) as raised:
        engine.touch_update(999_999, 1, 200, 40)
    assert raised.value.status == gripper.Status.TIME_ORDER
    assert raised.value.message
    with pytest.raises(gripper.TimeOrderError):
        engine.apply_batch([gripper.BatchOp.delete_item(0, 0)], 500_000)
    assert engine.take_lines() == []
    assert engine.sections() == [("list", ITEMS)]
    engine.touch_end(1_000_000, 1, 200, 30)  # the same time is in order


# gripper.h's Time promise against ToolkitSession: fire() does not count as an
# input handled (latestGiven), and an input before engine.now is taken at now
# (inputTime's max) instead of refused. Strict: when the library keeps the
# promise these pass, and the marks must go.
def test_firing_before_the_latest_input_does_nothing(open_engine: Open) -> None:
    """A timer behind the events' clock is harmless: gripper_fire at an earlier time fires nothing."""
    engine = open_engine()
    engine.touch_begin(1_000_000, 1, 200, 30)
    before = engine.transcript()
    engine.fire(0)
    assert engine.transcript() == before


def test_an_input_before_a_fired_deadline_is_taken_at_that_deadline(open_engine: Open) -> None:
    """A timer ahead of the events' clock: a later event with an earlier stamp is taken when the engine already is."""
    engine = open_engine()
    engine.touch_begin(0, 1, 200, 30)
    engine.fire(2_000_000)
    engine.touch_end(1_000_000, 1, 200, 30)
    assert any(line.startswith("2.000000 gesture touch ended") for line in engine.transcript().splitlines())
    with pytest.raises(gripper.TimeOrderError):
        engine.touch_begin(500_000, 2, 200, 30)


def test_times_and_numbers_out_of_the_c_range(open_engine: Open) -> None:
    engine = open_engine()
    with pytest.raises(gripper.InvalidValueError):
        engine.touch_begin(1 << 63, 1, 10, 10)
    with pytest.raises(gripper.InvalidValueError):
        engine.touch_begin(0, -1, 10, 10)
    with pytest.raises(TypeError):
        engine.touch_begin(0.5, 1, 10, 10)  # type: ignore[arg-type]
    with pytest.raises(gripper.InvalidValueError):
        engine.set_focus(1 << 31, 0, 0)


def test_invalid_utf8_from_a_data_source(library: str) -> None:
    class Source:
        def section_count(self) -> int:
            return 1

        def section_id(self, section: int) -> str:
            return "list"

        def item_count(self, section: int) -> int:
            return 2

        def item_id(self, section: int, item: int) -> bytes:
            return [b"fine", b"bad \xff\xfe"][item]

    with pytest.raises(gripper.Utf8Error) as raised:
        gripper.Engine(Source())
    assert raised.value.status == gripper.Status.UTF8
    assert raised.value.function == "gripper_engine_open"
    assert raised.value.message


def test_invalid_utf8_and_empty_identities_in_lists(library: str) -> None:
    with pytest.raises(gripper.Utf8Error):
        gripper.Engine([("list", [b"\xc3\x28"])])
    with pytest.raises(gripper.Utf8Error):
        gripper.Engine([(b"\xed\xa0\x80", ["a"])])  # an encoded surrogate is not UTF-8
    with pytest.raises(gripper.Utf8Error):
        gripper.Engine([("list", ["\udc80"])])  # a lone surrogate in a str goes as bytes, refused the same
    with pytest.raises(gripper.Utf8Error):
        gripper.Engine([("list", [""])])
    with pytest.raises(gripper.InvalidValueError):
        gripper.Engine([("list", ["a\0b"])])  # a C string cannot hold a NUL


def test_a_data_source_that_contradicts_itself(library: str) -> None:
    with pytest.raises(gripper.DataSourceError) as raised:
        gripper.Engine([("list", ["a", "b", "a"])])
    assert raised.value.status == gripper.Status.DATA_SOURCE

    class NullIdentity:
        def section_count(self) -> int:
            return 1

        def section_id(self, section: int) -> None:
            return None

        def item_count(self, section: int) -> int:
            return 0

        def item_id(self, section: int, item: int) -> str:
            return "x"

    with pytest.raises(gripper.DataSourceError):
        gripper.Engine(NullIdentity())


def test_bad_configuration(library: str) -> None:
    with pytest.raises(gripper.InvalidValueError):
        gripper.Engine([("list", ["a"])], viewport=(math.nan, 100))
    with pytest.raises(gripper.InvalidValueError):
        gripper.Engine([("list", ["a"])], viewport=(400, 1e8))
    with pytest.raises(gripper.InvalidValueError):
        gripper.Engine([("list", ["a"])], row_height=0)
    with pytest.raises(gripper.InvalidValueError):
        gripper.Engine([("list", ["a"])], columns=0)
    with pytest.raises(gripper.InvalidValueError):
        gripper.Engine([("list", ["a"])], selection_mode=9)
    with pytest.raises((gripper.InvalidValueError, gripper.DataSourceError)):
        gripper.Engine([("list", ["a"], [-5.0])])  # the library says DATA_SOURCE: the heights are the source's
    with pytest.raises((gripper.InvalidValueError, gripper.LayoutError)):
        gripper.Engine([("list", ["a"])], columns=1000, viewport=(10, 100), inter_item_spacing=5)


def test_a_buffer_too_small(open_engine: Open) -> None:
    """The raw call: GRIPPER_ERROR_BUFFER, the length needed set, nothing consumed."""
    engine = open_engine()
    tap(engine, 0, 200, 30)
    lib = _abi.library()
    handle = engine._handle
    buffer = ctypes.create_string_buffer(4)
    length = ctypes.c_size_t(0)
    status = lib.gripper_take_lines(handle, buffer, 4, ctypes.byref(length))
    assert status == gripper.Status.BUFFER
    error = gripper.errors.error_for(status, engine.last_error, "gripper_take_lines")
    assert isinstance(error, gripper.BufferTooSmallError) and error.status == gripper.Status.BUFFER
    needed = length.value
    assert needed > 4
    lines = engine.take_lines()  # nothing was consumed
    assert len("".join(line + "\n" for line in lines).encode()) == needed

    count = ctypes.c_size_t(0)
    cells = (_abi.Attributes * 2)()
    status = lib.gripper_attributes_in_rect(handle, 0, 0, 400, 640, cells, 2, ctypes.byref(count))
    assert status == gripper.Status.BUFFER
    assert count.value == len(engine.attributes())

    status = lib.gripper_item_id(handle, 0, 0, buffer, 2, ctypes.byref(length))
    assert status == gripper.Status.BUFFER and length.value == 2  # "i1"
    status = lib.gripper_item_id(handle, 0, 0, buffer, 3, None)  # *length may be NULL
    assert status == gripper.Status.OK and buffer.value == b"i1"


def test_a_struct_size_this_version_does_not_know(library: str) -> None:
    lib = _abi.library()
    config = _abi.Config()
    lib.gripper_config_init(ctypes.byref(config))
    assert config.struct_size == ctypes.sizeof(_abi.Config)
    config.struct_size = 12
    handle = ctypes.c_void_p()
    message = ctypes.create_string_buffer(256)
    ids = (ctypes.c_char_p * 1)(b"a")
    section = _abi.SectionData(id=b"s", item_ids=ids, item_count=1, item_heights=None)
    status = lib.gripper_engine_open_arrays(ctypes.byref(config), ctypes.byref(section), 1, None, ctypes.byref(handle), message, 256)
    assert status == gripper.Status.STRUCT_SIZE
    assert handle.value is None
    assert message.value  # the reason, NUL-terminated
    # A message buffer of one byte is still NUL-terminated.
    tiny = ctypes.create_string_buffer(b"x", 1)
    status = lib.gripper_engine_open_arrays(ctypes.byref(config), ctypes.byref(section), 1, None, ctypes.byref(handle), tiny, 1)
    assert status == gripper.Status.STRUCT_SIZE and tiny.raw == b"\0"


def test_null_handles_and_pointers(library: str) -> None:
    lib = _abi.library()
    assert lib.gripper_touch(None, 0, 0, 1, 1.0, 1.0) == gripper.Status.NULL
    assert lib.gripper_engine_last_error(None) == b"no engine"
    assert lib.gripper_state(None) == b""
    assert lib.gripper_callback_errors(None) == 0
    lib.gripper_engine_close(None)
    lib.gripper_config_init(None)
    handle = ctypes.c_void_p()
    assert lib.gripper_engine_open_arrays(None, None, 0, None, ctypes.byref(handle), None, 0) == gripper.Status.NULL
    config = _abi.Config()
    lib.gripper_config_init(ctypes.byref(config))
    assert lib.gripper_engine_open_arrays(ctypes.byref(config), None, 0, None, None, None, 0) == gripper.Status.NULL


def test_zero_sections_open(library: str) -> None:
    with gripper.Engine([]) as engine:
        assert engine.sections() == []


def test_finished_engines_only_read(open_engine: Open, tmp_path: Path) -> None:
    engine = open_engine()
    tap(engine, 0, 200, 30)
    engine.finish()
    with pytest.raises(gripper.FinishedError) as raised:
        engine.touch_begin(2_000_000, 1, 10, 10)
    assert raised.value.status == gripper.Status.FINISHED
    with pytest.raises(gripper.FinishedError):
        engine.finish()
    with pytest.raises(gripper.FinishedError):
        engine.apply_batch([gripper.BatchOp.delete_item(0, 0)])
    assert engine.sections() == [("list", ITEMS)]
    assert engine.transcript().endswith("final list: " + " ".join(ITEMS) + "\n")


def test_no_such_device_and_no_announcement(open_engine: Open) -> None:
    engine = open_engine(announce=True)
    with pytest.raises(gripper.NotFoundError) as raised:
        engine.evdev_frame(99, [(0, 0, 0, 0)])
    assert raised.value.status == gripper.Status.NOT_FOUND
    assert isinstance(raised.value, LookupError)
    with pytest.raises(gripper.NotFoundError):
        engine.device_lost(99, 0)
    assert engine.take_announcements() == []


def test_saving_needs_recorded_input(open_engine: Open, tmp_path: Path) -> None:
    engine = open_engine()
    with pytest.raises(gripper.InvalidValueError):
        engine.save_replay_case(tmp_path / "case")
    assert not (tmp_path / "case").exists()


def test_saving_where_a_file_is_fails_as_an_os_error(open_engine: Open, tmp_path: Path) -> None:
    engine = open_engine(record_input=True)
    tap(engine, 0, 200, 30)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(gripper.WriteError) as raised:
        engine.save_replay_case(blocker / "case")
    assert raised.value.status == gripper.Status.IO
    assert isinstance(raised.value, OSError)
    assert "file" in raised.value.message


def test_saving_never_writes_through_a_symlink(open_engine: Open, tmp_path: Path) -> None:
    engine = open_engine(record_input=True)
    tap(engine, 0, 200, 30)
    engine.finish()
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    case = tmp_path / "case"
    case.mkdir()
    (case / "expected.txt").symlink_to(target)
    engine.save_replay_case(case)
    assert target.read_text() == "keep me"
    assert not (case / "expected.txt").is_symlink()
