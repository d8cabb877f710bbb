"""The native library's table of its own exports, and binding a function against it.

The library lists every function it exports with its argument kinds (``yz_exports``: one line
``name(codes)->i`` per export, ``i`` int64, ``u`` uint64, ``p`` a pointer; native/src/exports.rs
generates both the functions and the table from one list). `bind` is the only way yezi takes a
function from the library: it checks the argument types yezi will pass against that table, so a
stale or foreign build is refused with a message naming the function instead of being called
with the wrong arguments (which reads garbage or writes past a buffer, silently).

Every export runs behind ``catch_unwind``: a Rust panic returns `PANIC` instead of aborting the
process, and the ``errcheck`` `bind` installs raises `NativeError` with the panic's message and
place, so a caller (the web server: `yezi.native.select.Fallback`) can answer from the Python
engine instead and carry on.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Sequence
from typing import Any

#: what an export returns when its body panicked (native/src/ffi.rs `E_PANIC`)
PANIC = -0x7A6E6963

_LINE = re.compile(r"^(\w+)\(([iup]*)\)->i$")


class NativeError(RuntimeError):
    """The native library reported an error (a negative code, or a panic: `PANIC`), or does not
    export a function as yezi calls it (a stale build)."""


def code(t: Any) -> str:
    """A ctypes argument type as the export table writes it."""
    if t is ctypes.c_int64:
        return "i"
    if t is ctypes.c_uint64:
        return "u"
    if t in (ctypes.c_void_p, ctypes.c_char_p) or (isinstance(t, type) and issubclass(t, ctypes._Pointer)):
        return "p"
    raise TypeError(f"no ABI code for {t!r}: the exports take int64, uint64 and pointers only")


def _text(fn: Any) -> str:
    """What a ``(out, cap) -> length`` export writes, read whole."""
    fn.restype, fn.argtypes = ctypes.c_int64, [ctypes.c_void_p, ctypes.c_int64]
    n = fn(None, 0)
    buf = ctypes.create_string_buffer(max(1, n))
    fn(buf, n)
    return buf.raw[:n].decode("utf-8", "replace")


def exports(lib: ctypes.CDLL) -> dict[str, str]:
    """The library's table: export name -> argument codes. Read once per library; a library
    without one is older than the table (the loader refuses it)."""
    table = lib.__dict__.get("_yz_exports")
    if table is None:
        try:
            text = _text(lib.yz_exports)
        except AttributeError as e:
            raise NativeError("the native library has no export table (yz_exports): a stale build") from e
        table = {}
        for line in text.splitlines():
            m = _LINE.match(line)
            if m is None:
                raise NativeError(f"the native library's export table has a line yezi cannot read: {line!r}")
            table[m.group(1)] = m.group(2)
        lib.__dict__["_yz_exports"] = table
    return table


def last_panic(lib: ctypes.CDLL) -> str:
    """This thread's last panic inside the library: its place and message, on one line (a log's)."""
    return " ".join(_text(lib.yz_last_panic).split())


def bind(lib: ctypes.CDLL, name: str, argtypes: Sequence[Any], restype: Any = ctypes.c_int64) -> Any:
    """`lib`'s function `name`, typed, once its table says it takes `argtypes` (else
    `NativeError`: the library is stale); a panic in it raises `NativeError`.

    Each (name, types) gets its own function object, kept: binding again costs a dict look-up,
    and two callers passing the same pointer as different ctypes types never retype each other's."""
    key = (name, tuple(argtypes), restype)
    bound = lib.__dict__.setdefault("_yz_bound", {})
    fn = bound.get(key)
    if fn is not None:
        return fn
    have = exports(lib).get(name)
    want = "".join(code(t) for t in argtypes)
    if have is None:
        raise NativeError(f"the native library does not export {name} (a stale build: rebuild it with "
                          "pip install -e . or cargo build --release --offline in native/)")
    if have != want:
        raise NativeError(f"{name} takes ({have}) in the native library but yezi calls it with ({want}): "
                          "a stale build; rebuild it")
    fn = lib._FuncPtr((name, lib))
    fn.restype, fn.argtypes = restype, list(argtypes)
    fn.__name__ = name  # type: ignore[attr-defined]  # ctypes function pointers take a name; typeshed omits it
    fn.errcheck = _errcheck(lib, name)
    bound[key] = fn
    return fn


def _errcheck(lib: ctypes.CDLL, name: str) -> Any:
    def check(result: Any, fn: Any, args: tuple) -> Any:
        if result == PANIC:
            raise NativeError(f"{name} panicked: {last_panic(lib)}")
        return result

    return check


__all__ = ["PANIC", "NativeError", "bind", "code", "exports", "last_panic"]
