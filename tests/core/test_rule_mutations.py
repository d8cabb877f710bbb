"""Breaking a rule on purpose fails a test: one small mutation of each game's Python engine, and
the rule checks that must see it.

Issue 25's round broke two rules on purpose (Luk Fu's strict must-beat slot in the 老歲 deduction,
十五胡's 21 胡) and both breaks passed every test. Here each mutation rewrites one line of the
engine's source (the function is recompiled from its text with the line changed, and put in place
of the original wherever a module holds it), then runs the checks that cover the game in-process:
the perft counts (tests/core/perft), the rule goldens (tests/<game>/test_golden.py), the branch
coverage of the differential (tests/native, where the native engine keeps the true rule) and the
worked examples that name the rule. At least one must fail; which ones did is printed, and a check
that errs (rather than fails) is an error here, so a mutation cannot pass by breaking the harness.
The text replaced must occur exactly once, so a refactor of the line fails loudly instead of
mutating nothing.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import json
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet

import yezi.native as native
from tests.golden_helpers import REGEN

pytestmark = pytest.mark.skipif(REGEN, reason="the goldens and perft counts are being rewritten")

PERFT = Path(__file__).parent / "perft"


@dataclass(frozen=True)
class Mutation:
    """Replace `old` by `new` in the source of `module`.`qualname` (a function or a method)."""

    rule: str
    game: str  # the registry name, for the perft counts
    module: str
    qualname: str
    old: str
    new: str
    goldens: str  # the package under tests/ whose test_golden.py holds the game's rule goldens
    branches: tuple[str, dict[str, Any]] | None  # the native branch-coverage test: (module, kwargs)
    examples: tuple[str, ...] = field(default=())  # worked examples: "module::function"


def _branch_test(module: str, **kwargs: Any) -> tuple[str, dict[str, Any]]:
    return f"tests.native.{module}", kwargs


MUTATIONS = [
    Mutation("Luk Fu: under strict must-beat the discard itself is no beater (the slot under the fact)",
             "lukfu", "yezi.games.lukfu.knowledge", "Knowledge.build",
             "later_slots = [ev[1], *later_slots]", "later_slots = list(later_slots)",
             "lukfu", _branch_test("test_lukfu"),
             ("tests.lukfu.test_deduction::test_strict_must_beat_puts_the_discard_itself_under_the_fact",)),
    Mutation("Luk Fu: strict must-beat forbids discarding while a play beats",
             "lukfu", "yezi.games.lukfu.state", "LukFuState._follow_actions",
             'if out and self.rules["must_beat"] == "strict":', 'if out and self.rules["must_beat"] == "never":',
             "lukfu", _branch_test("test_lukfu")),
    Mutation("十五胡: 21 胡 declared pays three units", "shiwuhu", "yezi.games.shiwuhu.game", "ShiwuhuState.apply_unchecked",
             "self.units = 3 if h >= 21 else 2 if h >= 18 else 1", "self.units = 2 if h >= 18 else 1",
             "shiwuhu", _branch_test("test_shiwuhu"),
             ("tests.shiwuhu.test_rules::test_comment_7_twenty_one_hu_pays_three_units_and_must_be_declared",)),
    Mutation("Fishing: 三鈞 is a special set", "fishing", "yezi.games.fishing.scoring", "quick",
             "if jun == 3:", "if jun == 4:", "fishing", _branch_test("test_fishing")),
    Mutation("Ma Diao: a 賞 lives only with its winner 正本 (two tricks)", "madiao", "yezi.games.madiao.settle", "_played",
             "if w is not None and t[w] >= 2:\n            live_shang", "if w is not None and t[w] >= 1:\n            live_shang",
             "madiao", _branch_test("test_madiao")),
    Mutation("打天九: 入一, no tile won, no contest of a single last trick", "tiengow", "yezi.games.tiengow.game",
             "TienGowState._face_up", "self.game.entered_rule and self.won[self.turn] == 0",
             "self.game.entered_rule and self.won[self.turn] < 0", "tiengow", _branch_test("test_tiengow")),
    Mutation("牌九: a copy goes to the banker", "paigow", "yezi.games.paigow.game", "PaiGowState.outcomes",
             "out.append([keys[f[0] * K + f[1]] > kbf])", "out.append([keys[f[0] * K + f[1]] >= kbf])",
             "paigow", _branch_test("test_paigow")),
    Mutation("斜釘: 通牌 against 頭七/尾八 settles ×4", "tseding", "yezi.games.dominoes.settle", "pair_multiplier",
             "if pair == {PASS, PENALTY}:\n        return 4", "if pair == {PASS, PENALTY}:\n        return 2",
             "dominoes", _branch_test("test_dominoes", name="tseding")),
    Mutation("頂牛: 包庄 falls on the 大庄 only", "dingniu", "yezi.games.dominoes.settle", "dingniu_payments",
             "candidates = [s for s in candidates if s == order[-1]]",
             "candidates = [s for s in candidates if s == order[1]]",
             "dominoes", _branch_test("test_dominoes", name="dingniu")),
    Mutation("接龍: one who can connect must", "jielong", "yezi.games.dominoes.chain", "DominoState.legal_actions",
             "if cfg.relead and self.last_placer == p:", "if cfg.relead and self.last_placer != p:",
             "dominoes", _branch_test("test_dominoes", name="jielong")),
]


def mutate(monkeypatch: pytest.MonkeyPatch, module: str, qualname: str, old: str, new: str) -> None:
    """Put a copy of `module.qualname` with `old` replaced by `new` in place of it, in its own
    module (or class) and in every loaded module that imported it by name."""
    mod = importlib.import_module(module)
    *owners, name = qualname.split(".")
    owner: Any = mod
    for o in owners:
        owner = getattr(owner, o)
    raw = owner.__dict__[name]
    fn = getattr(raw, "__func__", raw)
    lines, first = inspect.getsourcelines(fn)
    src = textwrap.dedent("".join(lines))
    assert src.count(old) == 1, f"{module}.{qualname}: {old!r} occurs {src.count(old)} times"
    assert "super()" not in src, "a recompiled method has no __class__ cell"
    code = compile("\n" * (first - 1) + src.replace(old, new), inspect.getsourcefile(fn) or module, "exec")
    ns: dict[str, Any] = {}
    exec(code, fn.__globals__, ns)  # the decorators in the source apply again
    monkeypatch.setattr(owner, name, ns[name])
    if owner is mod:
        for other in list(sys.modules.values()):
            if other is not mod and getattr(other, "__dict__", {}).get(name) is fn:
                monkeypatch.setattr(other, name, ns[name])


def _parametrized_cases(fn: Callable[..., Any]) -> list[dict[str, Any]]:
    """The keyword arguments of each case of a test function with one parametrize mark."""
    marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "parametrize"]
    if not marks:
        return [{}]
    assert len(marks) == 1, fn
    names, values = marks[0].args[:2]
    names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
    out = []
    for v in values:
        v = v.values if isinstance(v, ParameterSet) else v
        out.append(dict(zip(names, v if len(names) > 1 else (v,))))
    return out


def _perft(game: str) -> None:
    from tests.core.test_perft import counts_of

    assert counts_of(game) == json.loads((PERFT / f"{game}.json").read_text()), f"{game} perft counts"


def _goldens(package: str, game: str) -> None:
    mod = importlib.import_module(f"tests.{package}.test_golden")
    for name, fn in vars(mod).items():
        if not name.startswith("test_golden") or not callable(fn):
            continue
        for kw in _parametrized_cases(fn):
            if package == "dominoes" and kw.get("name") != game:
                continue
            fn(**kw)


def _call(ref: str, **kwargs: Any) -> None:
    module, name = ref.split("::")
    getattr(importlib.import_module(module), name)(**kwargs)


def _checks(m: Mutation) -> list[tuple[str, Callable[[], None]]]:
    checks: list[tuple[str, Callable[[], None]]] = [
        ("perft", lambda: _perft(m.game)), ("goldens", lambda: _goldens(m.goldens, m.game)),
    ]
    for ex in m.examples:
        checks.append((ex.split("::")[1], lambda ex=ex: _call(ex)))  # type: ignore[misc]
    if m.branches is not None and native.available():
        module, kw = m.branches
        checks.append(("branch coverage", lambda: _call(
            f"{module}::test_every_rule_branch_is_reached_with_both_engines_agreeing", **kw)))
    return checks


def _preload(m: Mutation) -> None:
    """Import, before the mutation, every module the checks may load: one imported while the copy is
    in place would keep it (`from x import f`) after the test."""
    import pkgutil

    package = importlib.import_module(m.module.rsplit(".", 1)[0])
    names = [m.module, "tests.core.test_perft", f"tests.{m.goldens}.test_golden", *(e.split("::")[0] for e in m.examples)]
    if m.branches is not None:
        names.append(m.branches[0])
    for pkg in (package, importlib.import_module("yezi.native")):
        names += [i.name for i in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    for name in names:
        with contextlib.suppress(ImportError):  # a native module without its library: its checks skip too
            importlib.import_module(name)


@pytest.mark.parametrize("m", MUTATIONS, ids=[m.rule for m in MUTATIONS])
def test_breaking_a_rule_fails_a_check(m, monkeypatch, capsys):
    _preload(m)
    mutate(monkeypatch, m.module, m.qualname, m.old, m.new)
    caught: dict[str, str] = {}
    for name, check in _checks(m):
        try:
            check()
        except AssertionError as e:
            caught[name] = str(e).splitlines()[0][:200] if str(e) else "AssertionError"
    with capsys.disabled():
        print(f"\n{m.rule}: caught by {sorted(caught) or 'nothing'}")
        for name, why in caught.items():
            print(f"    {name}: {why}")
    assert caught, f"{m.rule}: broken in {m.module}.{m.qualname}, and no check failed"


def test_the_mutation_replaces_the_function_everywhere(monkeypatch):
    # the helper itself: a module-level function imported by name elsewhere is replaced there too
    from yezi.games.fishing import game as fishing_game
    from yezi.games.fishing import scoring

    before = scoring.quick
    mutate(monkeypatch, "yezi.games.fishing.scoring", "quick", "if jun == 3:", "if jun == 4:")
    assert scoring.quick is not before and fishing_game.quick is scoring.quick
    monkeypatch.undo()
    assert scoring.quick is before and fishing_game.quick is before
