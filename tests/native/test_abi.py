"""The library's border (native/src/ffi.rs, yezi/native/abi.py): a Rust panic is a `NativeError`, not
the end of the process, and every function yezi binds is checked against the library's own table.

On the code before issue 25 the release build aborted on a panic (``panic = "abort"``, no export
caught one) and the loader typed each function from its own guess: a stale library with another
arity was called with the wrong arguments."""

from __future__ import annotations

import ctypes
import re
import subprocess
import sys
from pathlib import Path

import pytest

import yezi.native as native
from yezi.core.registry import load_game
from yezi.native import abi, registry
from yezi.native.abi import NativeError, bind

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

NATIVE_SRC = Path(__file__).resolve().parents[2] / "native" / "src"


def test_a_panic_is_a_native_error_and_the_process_lives():
    lib = native.library()
    boom = bind(lib, "yz_test_panic", [ctypes.c_int64])
    for code in (7, 8):  # and again: nothing was left broken by the first
        with pytest.raises(NativeError, match=rf"yz_test_panic panicked: .*a panic on purpose \({code}\)"):
            boom(code)
    assert "ffi.rs" in abi.last_panic(lib)  # where it panicked, for the log
    selftest = bind(lib, "yz_rng_selftest", [ctypes.c_uint64])
    assert 400_000 < selftest(1) < 600_000  # the library goes on answering


def test_a_panic_in_a_fresh_process_exits_normally_and_prints_no_rust_panic():
    code = ("import ctypes, yezi.native as n; from yezi.native.abi import bind, NativeError\n"
            "f = bind(n.library(), 'yz_test_panic', [ctypes.c_int64])\n"
            "try:\n    f(1)\nexcept NativeError as e:\n    print('caught', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr  # abort would be -6 (SIGABRT)
    assert out.stdout.startswith("caught yz_test_panic panicked")
    assert "panicked at" not in out.stderr  # kept for the exception, not printed by Rust's hook


def test_every_export_is_declared_in_the_one_table():
    # only the table's macro writes #[no_mangle]: no export can skip catch_unwind or the description
    stray = [f"{p.relative_to(NATIVE_SRC)}:{i}" for p in NATIVE_SRC.rglob("*.rs")
             for i, line in enumerate(p.read_text().splitlines(), 1)
             if re.search(r"#\[no_mangle\]|extern \"C\" fn", line) and p != NATIVE_SRC / "ffi.rs"]
    assert stray == [], "exports outside native/src/exports.rs: " + ", ".join(stray)
    table = abi.exports(native.library())
    assert len(table) > 50 and table["yz_lukfu_trace"] == "pipiupi" and table["yz_abi_version"] == ""
    for name in table:
        assert hasattr(native.library(), name)


def test_a_function_bound_with_other_arguments_than_the_library_has_is_refused():
    lib = native.library()
    with pytest.raises(NativeError, match=r"yz_lukfu_points takes \(iiii\) in the native library but yezi "
                                          r"calls it with \(iii\)"):
        bind(lib, "yz_lukfu_points", [ctypes.c_int64] * 3)
    with pytest.raises(NativeError, match=r"\(iiii\).*\(iiip\)"):
        bind(lib, "yz_lukfu_points", [ctypes.c_int64] * 3 + [ctypes.c_void_p])
    with pytest.raises(NativeError, match="does not export yz_lukfu_no_such_thing"):
        bind(lib, "yz_lukfu_no_such_thing", [])
    with pytest.raises(NativeError, match="no export table"):  # a library older than the table
        abi.exports(ctypes.CDLL(None))


def test_a_stale_library_gives_no_engine_and_says_so(monkeypatch, capsys):
    lib = native.library()
    stale = {**abi.exports(lib), "yz_lukfu_trace": "pipiui"}  # as if built when trace took one argument less
    monkeypatch.setitem(lib.__dict__, "_yz_exports", stale)
    monkeypatch.setitem(lib.__dict__, "_yz_bound", {})
    monkeypatch.setattr(registry, "_stale", set())
    assert registry.native_game(load_game("lukfu", "hakka-hk", {})) is None
    err = capsys.readouterr().err
    assert "yz_lukfu_trace takes (pipiui) in the native library but yezi calls it with (pipiupi)" in err
    assert "rebuild" in err
