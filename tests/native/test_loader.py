"""The loader finds the compiled library, or says why not and leaves the Python engine in charge."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import yezi.native as native


def test_native_built_where_required():
    # CI sets YEZI_REQUIRE_NATIVE=1: there the compiled engine must have been built by pip install
    if os.environ.get("YEZI_REQUIRE_NATIVE") == "1":
        assert native.available(), native.load_error()


@pytest.mark.skipif(not native.available(), reason="native engine not built")
def test_rng_is_fixed():
    lib = native.library()
    lib.yz_rng_selftest.restype = __import__("ctypes").c_int64
    lib.yz_rng_selftest.argtypes = [__import__("ctypes").c_uint64]
    a, b = lib.yz_rng_selftest(1), lib.yz_rng_selftest(1)
    assert a == b and 400_000 < a < 600_000  # 1000 uniform draws below 1000: mean about 499.5


def test_python_engine_forced_by_environment():
    code = ("import yezi.native as n; print(n.available(), n.resolve_engine(None)); "
            "print(n.load_error())")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "YEZI_ENGINE": "python"},
                         capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["False python", "YEZI_ENGINE=python"]
    assert "Python reference engine" in out.stderr  # the one-line notice


def test_asking_for_a_missing_native_engine_is_an_error(monkeypatch):
    monkeypatch.setattr(native, "_loaded", True)
    monkeypatch.setattr(native, "_lib", None)
    monkeypatch.setattr(native, "_error", "test")
    with pytest.raises(RuntimeError, match="unavailable"):
        native.resolve_engine("native")
    with pytest.raises(ValueError, match="unknown engine"):
        native.resolve_engine("fast")
    assert native.resolve_engine("python") == "python"
