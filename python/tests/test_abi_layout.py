"""The ctypes structs and enums match gripper.h, checked by a C compiler (skipped without one or the header)."""

from __future__ import annotations

import ctypes
import enum
import shutil
import subprocess
from pathlib import Path

import pytest

import gripper
from gripper import _abi

from .support import HEADER_DIR

STRUCTS: dict[str, type[ctypes.Structure]] = {
    "gripper_config": _abi.Config,
    "gripper_data_source": _abi.DataSource,
    "gripper_section_data": _abi.SectionData,
    "gripper_action": _abi.Action,
    "gripper_delegate": _abi.Delegate,
    "gripper_abs_axis": _abi.AbsAxis,
    "gripper_device_info": _abi.DeviceInfo,
    "gripper_input_event": _abi.InputEvent,
    "gripper_attributes": _abi.Attributes,
    "gripper_batch_op": _abi.BatchOp,
    "gripper_transition": _abi.Transition,
    "gripper_change": _abi.Change,
    "gripper_layout_change": _abi.LayoutChange,
    "gripper_display_change": _abi.DisplayChange,
    "gripper_pinch": _abi.Pinch,
}

# C constant prefix for each Python enum.
ENUMS: dict[type[enum.IntEnum] | type[enum.IntFlag], str] = {
    gripper.Status: "GRIPPER_ERROR_",
    gripper.TouchPhase: "GRIPPER_TOUCH_",
    gripper.KeyState: "GRIPPER_KEY_",
    gripper.SelectionMode: "GRIPPER_SELECTION_",
    gripper.MoveAnswer: "GRIPPER_MOVE_",
    gripper.Edge: "GRIPPER_EDGE_",
    gripper.ElementKind: "GRIPPER_ELEMENT_",
    gripper.AttributeFlag: "GRIPPER_ATTR_",
    gripper.BatchKind: "GRIPPER_BATCH_",
    gripper.Command: "GRIPPER_COMMAND_",
    gripper.Curve: "GRIPPER_CURVE_",
    gripper.LayoutKind: "GRIPPER_LAYOUT_",
    gripper.Snapping: "GRIPPER_SNAPPING_",
}

CONFIG_FLAGS = {
    "RECORD_TRANSCRIPT": "GRIPPER_RECORD_TRANSCRIPT",
    "MAKE_TRANSITIONS": "GRIPPER_MAKE_TRANSITIONS",
    "ANNOUNCE": "GRIPPER_ANNOUNCE",
    "RECORD_INPUT": "GRIPPER_RECORD_INPUT",
    "PINNED_HEADERS": "GRIPPER_PINNED_HEADERS",
}


def _c_name(cls: type[enum.IntEnum] | type[enum.IntFlag], member: str, prefix: str) -> str:
    return "GRIPPER_OK" if cls is gripper.Status and member == "OK" else prefix + member


def _expected_lines() -> list[str]:
    lines = []
    for c_name, struct in STRUCTS.items():
        lines.append(f"sizeof {c_name} {ctypes.sizeof(struct)}")
        for field_name, *_ in struct._fields_:
            lines.append(f"offsetof {c_name}.{field_name} {getattr(struct, field_name).offset}")
    for cls, prefix in ENUMS.items():
        for member in cls:
            lines.append(f"value {_c_name(cls, str(member.name), prefix)} {int(member)}")
    for flag, constant in CONFIG_FLAGS.items():
        lines.append(f"value {constant} {int(gripper.ConfigFlag[flag])}")
    lines.append(f"value GRIPPER_ABI_VERSION {_abi.ABI_VERSION}")
    return lines


def _program() -> str:
    body = []
    for line in _expected_lines():
        kind, name, _ = line.split(" ")
        if kind == "sizeof":
            body.append(f'    printf("sizeof {name} %zu\\n", sizeof({name}));')
        elif kind == "offsetof":
            struct, field_name = name.split(".")
            body.append(f'    printf("offsetof {name} %zu\\n", offsetof({struct}, {field_name}));')
        else:
            body.append(f'    printf("value {name} %lld\\n", (long long)({name}));')
    return "#include <stddef.h>\n#include <stdio.h>\n#include <gripper.h>\nint main(void) {\n" + "\n".join(body) + "\n    return 0;\n}\n"


def test_structs_and_enums_match_the_header(tmp_path: Path) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to check the layout with")
    if not (HEADER_DIR / "gripper.h").is_file():
        pytest.skip(f"no gripper.h in {HEADER_DIR}")
    source = tmp_path / "layout.c"
    source.write_text(_program())
    binary = tmp_path / "layout"
    subprocess.run(
        [compiler, "-std=c11", "-Wall", "-Werror", "-I", str(HEADER_DIR), str(source), "-o", str(binary)],
        check=True,
        timeout=120,
    )
    actual = subprocess.run([str(binary)], check=True, capture_output=True, text=True, timeout=30).stdout.splitlines()
    assert actual == _expected_lines()


def _c_type(ctype: object, structs: dict[object, str]) -> str:
    """The C type a ctypes argument or result type stands for in PROTOTYPES."""
    scalars = {
        ctypes.c_int: "int",
        ctypes.c_int32: "int32_t",
        ctypes.c_int64: "int64_t",
        ctypes.c_uint16: "uint16_t",
        ctypes.c_uint32: "uint32_t",
        ctypes.c_uint64: "uint64_t",
        ctypes.c_size_t: "size_t",
        ctypes.c_double: "double",
        ctypes.c_char_p: "const char *",
        ctypes.c_void_p: "gripper_engine *",  # the only void pointers in PROTOTYPES are engines
        ctypes.c_char: "char",
    }
    if ctype is None:
        return "void"
    if ctype in scalars:
        return scalars[ctype]
    if ctype in structs:
        return structs[ctype]
    pointee = getattr(ctype, "_type_", None)
    if pointee is not None and isinstance(ctype, type) and issubclass(ctype, ctypes._Pointer):
        return _c_type(pointee, structs) + " *"
    raise AssertionError(f"no C type for {ctype!r}")


def test_prototypes_match_the_header(tmp_path: Path) -> None:
    """Every function is called with arguments of the types ctypes passes; -Wconversion catches a width or sign."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to check the prototypes with")
    if not (HEADER_DIR / "gripper.h").is_file():
        pytest.skip(f"no gripper.h in {HEADER_DIR}")
    structs: dict[object, str] = {struct: name for name, struct in STRUCTS.items()}
    body = []
    for number, (name, (restype, argtypes)) in enumerate(_abi.PROTOTYPES.items()):
        declarations = [f"    {_c_type(t, structs)} a{number}_{k} = 0;" for k, t in enumerate(argtypes)]
        call = f"{name}({', '.join(f'a{number}_{k}' for k in range(len(argtypes)))})"
        result = _c_type(restype, structs)
        if result == "void":
            statement = f"    {call};"
        else:
            statement = f"    {{ {result} r = {call}; (void)r; }}"
        body.append("  {\n" + "\n".join(declarations) + "\n" + statement + "\n  }")
    source = tmp_path / "prototypes.c"
    source.write_text(
        "#include <stdint.h>\n#include <stddef.h>\n#include <gripper.h>\n"
        "void check(void);\nvoid check(void) {\n" + "\n".join(body) + "\n}\n"
    )
    run = subprocess.run(
        [compiler, "-std=c11", "-Wall", "-Wextra", "-Wconversion", "-Wsign-conversion", "-Werror",
         "-I", str(HEADER_DIR), "-c", str(source), "-o", str(tmp_path / "prototypes.o")],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    # And every function the header declares is one the package knows.
    header = (HEADER_DIR / "gripper.h").read_text()
    import re

    declared = set(re.findall(r"^[a-z0-9_ ]+[ *]+(gripper_[a-z_]+)\(", header, re.M))
    assert declared == set(_abi.PROTOTYPES), declared ^ set(_abi.PROTOTYPES)
