"""The compiled engines (native/, Rust) behind a ctypes loader, and the switch between engines.

Why ctypes and a C ABI rather than PyO3: the machines that build yezi reach PyPI but not
crates.io, so the crate has no dependencies at all and must build offline; a C ABI needs none.
Every hot call is a *batch* (many playouts, a whole trace, a vector step), so the ~1 µs
ctypes call overhead is paid once per batch, not once per action.

Where the library comes from, newest first: ``$YEZI_NATIVE_LIB``; ``yezi/_native*.so`` built by
``pip install`` (setup.py, setuptools-rust); ``native/target/release/libyezi_native.so`` built by
``cargo build --release`` in a source checkout. Without any, `available()` is False and every
consumer runs on the pure-Python reference engine, after one notice on stderr (`notice()`).
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys
from pathlib import Path

ABI_VERSION = 2  # 2: exports behind catch_unwind, and their table (yezi/native/abi.py)
ENGINES = ("native", "python")

_lib: ctypes.CDLL | None = None
_loaded = False
_error: str | None = None
_noticed = False


def _candidates() -> list[Path]:
    here = Path(__file__).resolve().parent.parent  # the yezi package
    found = [Path(p) for p in glob.glob(str(here / "_native*.so"))]
    found += [Path(p) for p in glob.glob(str(here / "_native*.pyd"))]
    cargo = here.parent / "native" / "target" / "release"
    for name in ("libyezi_native.so", "libyezi_native.dylib", "yezi_native.dll"):
        if (cargo / name).exists():
            found.append(cargo / name)
    found.sort(key=lambda p: p.stat().st_mtime, reverse=True)  # a fresh cargo build beats a stale install
    env = os.environ.get("YEZI_NATIVE_LIB")
    return ([Path(env)] if env else []) + found


def library() -> ctypes.CDLL | None:
    """The loaded native library, or None (the reason is in `load_error()`)."""
    global _lib, _loaded, _error
    if _loaded:
        return _lib
    _loaded = True
    if os.environ.get("YEZI_ENGINE") == "python":
        _error = "YEZI_ENGINE=python"
        return None
    errors = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(str(path))
            lib.yz_abi_version.restype = ctypes.c_int64
            version = lib.yz_abi_version()
        except (OSError, AttributeError) as e:
            errors.append(f"{path}: {e}")
            continue
        if version != ABI_VERSION:
            errors.append(f"{path}: ABI {version}, expected {ABI_VERSION} (a stale build)")
            continue
        from yezi.native.abi import NativeError, exports

        try:
            exports(lib)  # every function yezi binds is checked against this table (abi.bind)
        except NativeError as e:
            errors.append(f"{path}: {e}")
            continue
        _lib = lib
        return lib
    _error = "; ".join(errors) or "no compiled library found (cargo was missing when yezi was installed?)"
    return None


def available() -> bool:
    return library() is not None


def load_error() -> str | None:
    library()
    return _error


def notice() -> None:
    """Say once on stderr that the slow reference engine is in use (where speed matters)."""
    global _noticed
    if not _noticed and not available():
        _noticed = True
        print(f"yezi: native engine unavailable ({load_error()}); using the Python reference engine",
              file=sys.stderr)


def resolve_engine(engine: str | None) -> str:
    """`--engine` as given (or None for the default) to the engine that will run: native by
    default when it is available; asking for native where it is missing is an error."""
    if engine is None or engine == "auto":
        if available():
            return "native"
        notice()
        return "python"
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine == "native" and not available():
        raise RuntimeError(f"the native engine is unavailable: {load_error()}")
    return engine
