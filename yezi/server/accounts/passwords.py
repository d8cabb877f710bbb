"""Passwords: argon2id hashes, the NIST SP 800-63B rules, and hashing off the event loop.

The rules are 800-63B's and nothing more: at least 8 characters (code points, so 8 Chinese
characters count 8), at most 128, not one of the commonest breached passwords (the shipped
``common_passwords.txt``) nor the account's own name; no composition rules, no expiry.

An argon2id hash costs tens of milliseconds of CPU and 64 MiB: it never runs on the event loop,
and a flood of sign-ins must not take every thread either. `Hashing` runs them on a few threads
of its own (argon2 releases the GIL) and refuses ("busy") past a bounded queue, so a crowd of
sign-ins costs a short wait to the others and never the tables' moves.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from yezi.server.errors import TableError

T = TypeVar("T")

MIN_LENGTH = 8
MAX_LENGTH = 128
COMMON = Path(__file__).with_name("common_passwords.txt")

#: argon2id as OWASP's password storage guide sets it (19 MiB, 2 passes, 1 lane): about 50 ms of
#: one core, where the library's default (64 MiB, 3 passes, 4 lanes) took four times as long and
#: memory, and a crowd of sign-ins would take that from the tables. A stored hash of other
#: parameters is replaced at its next sign-in (`verify`).
HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)


@cache
def common_passwords() -> frozenset[str]:
    lines = COMMON.read_text(encoding="utf-8").splitlines()
    return frozenset(x for x in lines if x and not x.startswith("#"))


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s).casefold()


def refusal(password: str, name: str = "") -> tuple[str, str] | None:
    """(code, message) when `password` may not be chosen, else None."""
    n = len(password)
    if n < MIN_LENGTH:
        return "password-short", f"a password has at least {MIN_LENGTH} characters"
    if n > MAX_LENGTH:
        return "password-long", f"a password has at most {MAX_LENGTH} characters"
    folded = _fold(password)
    if folded in common_passwords() or (name and folded == _fold(name)):
        return "password-common", "this password is among the commonest (or is your name): choose another"
    return None


def hash_password(password: str) -> str:
    return HASHER.hash(password)


@cache
def _dummy_hash() -> str:
    """What an unknown name's password is checked against: the same work as a real account's."""
    return HASHER.hash("no such account: this hash matches no password anyone sends")


def verify(stored: str | None, password: str) -> tuple[bool, str | None]:
    """(matches, a new hash when the stored one's parameters are stale). `stored` None (an unknown
    name, an account without a password) costs the same time and never matches."""
    try:
        HASHER.verify(stored or _dummy_hash(), password)
    except (VerificationError, InvalidHashError):
        return False, None
    if stored is None:
        return False, None
    return True, (hash_password(password) if HASHER.check_needs_rehash(stored) else None)


class Hashing:
    """argon2 on `threads` threads of its own; at most `queue` hashes waiting, past which the
    caller is refused with ``busy`` (503) rather than queued for ever."""

    def __init__(self, threads: int = 2, queue: int = 32):
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="yezi-argon2")
        self.limit = threads + queue
        self.pending = 0

    async def run(self, fn: Callable[..., T], *args) -> T:
        if self.pending >= self.limit:
            raise TableError("busy", "the server is busy signing people in: try again in a moment")
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)
        finally:
            self.pending -= 1

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


_hashing: Hashing | None = None


def hashing() -> Hashing:
    """The process's one `Hashing` (the bound holds for the whole process, whatever apps it serves)."""
    global _hashing
    if _hashing is None:
        _hashing = Hashing()
    return _hashing
