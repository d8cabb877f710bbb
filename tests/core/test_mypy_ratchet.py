"""The mypy ratchet (tools/mypy_ratchet.py, run by .ci/run): yezi/core and yezi/games are held
clean, every other module's error count in mypy_ratchet.json may only go down; and the typing it
holds: a game's state knows its game's type (`State` is generic over its game)."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).parents[2]

REPORT = """\
yezi/server/db.py:10: error: Incompatible types in assignment  [assignment]
yezi/server/db.py:12: note: See https://mypy.readthedocs.io
yezi/server/db.py:30:5: error: Item "None" has no attribute "x"  [union-attr]
yezi/cli/replay.py:7: error: Need type annotation for "out"  [var-annotated]
yezi/cli/replay.py:9: note: By default the bodies of untyped functions are not checked  [annotation-unchecked]
"""


def _tool():
    spec = importlib.util.spec_from_file_location("mypy_ratchet", ROOT / "tools" / "mypy_ratchet.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_errors_are_counted_per_file_and_notes_are_not():
    assert _tool().count_errors(REPORT) == {"yezi/cli/replay.py": 1, "yezi/server/db.py": 2}


def test_a_count_may_not_rise_and_the_clean_packages_allow_none():
    t = _tool()
    assert t.compare({"yezi/server/db.py": 2}, {"yezi/server/db.py": 2}).ok
    risen = t.compare({"yezi/server/db.py": 3, "yezi/cli/new.py": 1}, {"yezi/server/db.py": 2}).risen
    assert risen == ["yezi/cli/new.py: 1 mypy error; it is allowed 0", "yezi/server/db.py: 3 mypy errors; it is allowed 2"]
    for path in ("yezi/core/protocol.py", "yezi/games/lukfu/state.py"):
        assert t.compare({path: 1}, {path: 5}).risen == [f"{path}: 1 mypy error; it is held clean"]


def test_the_committed_counts_hold_no_clean_package_and_add_up(tmp_path):
    t = _tool()
    counts = t.load_baseline()
    assert counts and not any(t.is_clean(p) for p in counts)
    assert json.loads(t.BASELINE.read_text(encoding="utf-8"))["total"] == sum(counts.values())
    bad = tmp_path / "mypy_ratchet.json"
    bad.write_text(json.dumps({"counts": {"yezi/games/fishing/game.py": 1}}), encoding="utf-8")
    with pytest.raises(ValueError, match="held clean"):
        t.load_baseline(bad)


def test_a_drop_says_how_to_lower_the_file_which_then_only_goes_down(tmp_path, monkeypatch, capsys):
    t = _tool()
    baseline = tmp_path / "mypy_ratchet.json"
    t.write_baseline({"yezi/server/db.py": 4, "yezi/cli/replay.py": 1}, baseline)
    monkeypatch.setattr(t, "BASELINE", baseline)
    monkeypatch.setattr(t, "run_mypy", lambda *paths: REPORT)
    assert t.main([]) == 0
    out = capsys.readouterr().out
    assert "yezi/server/db.py: 4 -> 2" in out and "python3 tools/mypy_ratchet.py --write-ratchet" in out
    assert t.main(["--write-ratchet"]) == 0
    assert t.load_baseline(baseline) == {"yezi/server/db.py": 2, "yezi/cli/replay.py": 1}
    # a rise fails, names the file and its errors, and is never written into the file
    monkeypatch.setattr(t, "run_mypy", lambda *paths: REPORT + "yezi/cli/replay.py:8: error: Bad  [misc]\n")
    capsys.readouterr()
    assert t.main(["--write-ratchet"]) == 1
    out = capsys.readouterr().out
    assert "yezi/cli/replay.py: 2 mypy errors; it is allowed 1" in out and "yezi/cli/replay.py:8: error: Bad" in out
    assert t.load_baseline(baseline) == {"yezi/server/db.py": 2, "yezi/cli/replay.py": 1}


def test_a_state_knows_the_type_of_its_game(tmp_path):
    """What the 104 attr-defined errors were: `state.game` was a bare `Game` to mypy, so a Luk Fu
    state's `self.game.dummy_seat` was an error. Now `LukFu(...).start()` is a `LukFuState`, its
    `game` a `LukFu`, and a clone keeps both."""
    pytest.importorskip("mypy")
    snippet = tmp_path / "typed_state.py"
    snippet.write_text(
        "from yezi.games.lukfu.game import LukFu\n"
        "from yezi.games.paigow.game import PaiGow\n"
        "state = LukFu.from_preset().start(seed=1)\n"
        "reveal_type(state)\n"
        "reveal_type(state.clone().game)\n"
        "reveal_type(state.game.dummy_seat)\n"
        "reveal_type(PaiGow.from_preset().replay({}, []).game)\n",
        encoding="utf-8")
    report = _tool().run_mypy(str(snippet))
    # the snippet's own lines, however mypy writes its path (the errors mypy meets in the modules it
    # follows are the ratchet's business, not this test's)
    ours = [line.split(": ", 1)[1] for line in report.splitlines() if line.split(":", 1)[0].endswith("typed_state.py")]
    assert ours == [
        'note: Revealed type is "yezi.games.lukfu.state.LukFuState"',
        'note: Revealed type is "yezi.games.lukfu.game.LukFu"',
        'note: Revealed type is "int | None"',
        'note: Revealed type is "yezi.games.paigow.game.PaiGow"',
    ], report
