"""What a newcomer met in the terminal (findings of 2026-12-01, "CLI and README" and "Terminal replay"):
each test is the newcomer's step and what they should have been told."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.cli_helpers import ROOT, yezi
from yezi.components.lukfu_deck import name
from yezi.core.record import Record

GOLDEN = ROOT / "tests" / "lukfu" / "golden" / "hakka-hk-seed1.txt"
CJK = re.compile(r"[\u4e00-\u9fff]")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "yezi.cli.main", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def golden_record(tmp_path: Path) -> tuple[Path, Record]:
    text = GOLDEN.read_text(encoding="utf-8")
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    return path, Record.from_text(text)


def test_version():
    r = run("--version")
    assert r.returncode == 0, r.stderr
    assert re.fullmatch(r"yezi \d+\.\d+\.\d+\n", r.stdout)


@pytest.mark.parametrize("lang, seats", [("en", "0 (Dealer), 1 (Second), 3 (Third)"),
                                         ("zh-hant", "0（頭家），1（二家），3（三家）"),
                                         ("zh-hans", "0（头家），1（二家），3（三家）")])
def test_play_refuses_the_dummys_seat_and_names_the_seats_that_play(lang, seats):
    """`--seat 2` made the newcomer Luk Fu's dummy: the deal played itself and nothing said why."""
    r = run("play", "lukfu", "--seat", "2", "--seed", "1", "--lang", lang)
    assert r.returncode == 2
    assert r.stdout == ""  # nothing was dealt
    assert seats in r.stderr
    if lang != "en":
        assert not re.search(r"plays|seat that", r.stderr), r.stderr


def test_a_deal_in_which_the_rotation_makes_you_the_dummy_says_so():
    """The dummy's place moves with the deal; the player who lands there is told the deal plays itself."""
    for seed in range(20):
        out = yezi("play", "lukfu", "--seat", "3", "--seed", str(seed), "--deals", "3", "--autoplay", "--lang", "en")
        lines = out.splitlines()
        heads = [i for i, ln in enumerate(lines) if ln.startswith("#### ")]
        dummy = [i for i in heads if lines[i].endswith("· Dummy ####")]
        if dummy:
            for i in dummy:
                assert "the deal plays itself" in lines[i + 1], lines[i + 1]
            for i in set(heads) - set(dummy):
                assert "the deal plays itself" not in lines[i + 1]
            return
    pytest.fail("no seed in 20 put seat 3 at the dummy's place within three deals")


class Player:
    """A terminal user: picks the first move at every prompt, and between deals types `line_between` once."""

    def __init__(self, out: io.StringIO, line_between: str):
        self.out, self.line_between, self.typed = out, line_between, False

    def readline(self) -> str:
        if self.out.getvalue().rstrip().endswith("Enter to deal again, q to stop"):
            if not self.typed:
                self.typed = True
                return self.line_between + "\n"
            return "q\n"
        return "1\n"


@pytest.mark.parametrize("typed", ["why 9T", "1", "nonsense"])
def test_a_word_typed_between_deals_does_not_deal_a_new_hand(typed):
    """Typing `why` at "Enter to deal again" dealt a new hand; a command is answered, anything else asks again."""
    from yezi.cli.play import run_play

    out = io.StringIO()
    args = SimpleNamespace(game="lukfu", preset=None, option=[], lang="en", bots="heuristic", seed=2, deals=None,
                           seat=0, notation=None)
    assert run_play(args, stdin=Player(out, typed), stdout=out) == 0
    text = out.getvalue()
    assert "#### 2 ·" not in text, "a new hand was dealt"
    after = text.split("Enter to deal again, q to stop", 1)[1]
    if typed.startswith("why"):
        assert "9 Tens" in after  # the why command answered about that card
    else:
        assert f"'{typed}' is not a command here" in after
    assert after.rstrip().endswith("Enter to deal again, q to stop")  # asked again


@pytest.mark.parametrize("lang, card", [("en", "9 Tens"), ("zh-hant", "九拾"), ("zh-hans", "九拾")])
def test_advise_names_the_card_given_twice(lang, card):
    r = run("advise", "九拾", "八拾", "九拾", "--lang", lang)
    assert r.returncode == 2
    assert card in r.stderr
    if lang != "en":
        assert not re.search(r"[A-Za-z]{3,}", r.stderr.split(":", 1)[1]), r.stderr


def test_replay_by_seat_shows_every_starting_hand_in_the_readers_language(tmp_path):
    """`--lang en` ended with "every starting hand: 頭:八索 九綫 …" in Chinese."""
    path, rec = golden_record(tmp_path)
    out = yezi("replay", str(path), "--seat", "1", "--lang", "en")
    end = out.split("== every starting hand ==", 1)[1]
    assert "頭:" not in end
    for hand in rec.deal:
        for c in hand:
            assert name(c, "en") in end, name(c, "en")
    assert CJK.findall(end.replace("(老歲)", "")) == []  # Chinese only where English glosses a term


def test_replay_brief_ends_with_each_seats_payment(tmp_path):
    """`--brief` ended with a raw list `payments: [2, -2, 0, 0]`."""
    path, rec = golden_record(tmp_path)
    last = {lang: yezi("replay", str(path), "--brief", "--lang", lang).splitlines()[-1]
            for lang in ("en", "zh-hant", "zh-hans")}
    a, b, c, d = (f"{p:+}" for p in rec.replay().payments())  # the golden's deal, however its play went
    assert last["en"] == f"payments: Dealer {a}, Second {b}, Dummy {c}, Third {d}"
    assert last["zh-hant"] == f"收付：頭家 {a}，二家 {b}，夢家 {c}，三家 {d}"
    assert last["zh-hans"] == f"收付：头家 {a}，二家 {b}，梦家 {c}，三家 {d}"


def test_replay_positions_draws_the_table_after_every_move(tmp_path):
    """Without --seat the replay printed the moves and the final table only; --positions draws each one."""
    path, rec = golden_record(tmp_path)
    out = yezi("replay", str(path), "--positions", "--lang", "en")
    lines = out.splitlines()
    moves = [i for i, ln in enumerate(lines) if re.match(r"\s*\d+\. ", ln)]
    assert len(moves) == len(rec.actions)
    for i in moves:  # each move is followed by the table it left
        assert lines[i + 1].startswith("== Luk Fu"), lines[i:i + 2]
    plain = yezi("replay", str(path), "--lang", "en")
    assert plain.count("== Luk Fu") == 4 + 1  # without it: each seat's starting view and the final table


def test_simulate_speaks_lang():
    """`yezi simulate … --lang en` was refused ("unrecognized arguments")."""
    def steady(out: str) -> str:  # all but the speed, which differs from run to run
        return re.sub(r"[\d,]+ deals/s|每秒 [\d,]+ 局", "", out)

    en = yezi("simulate", "lukfu", "--games", "20", "--quiet", "--lang", "en", "--engine", "python")
    assert steady(en) == steady(yezi("simulate", "lukfu", "--games", "20", "--quiet", "--engine", "python"))
    assert en.startswith("Luk Fu (Six Tigers) · preset hakka-hk · 20 deals · seed 0 · Python engine · ")
    for lang, seat in (("zh-hant", "頭家"), ("zh-hans", "头家")):
        zh = yezi("simulate", "lukfu", "--games", "20", "--quiet", "--lang", lang, "--engine", "python")
        assert seat in zh and "流局" in zh and "Dealer" not in zh
        # English left only in the names the command line takes: the preset's and the bots'
        assert re.findall(r"[A-Za-z]{2,}", zh.replace("hakka-hk", "").replace("heuristic", "")) == [], zh


@pytest.mark.parametrize("command", [["tournament", "lukfu", "--bots", "random,heuristic"], ["analyze", "lukfu"]])
def test_commands_without_lang_say_which_commands_take_it(command):
    r = run(*command, "--lang", "en")
    assert r.returncode == 2
    assert "takes no --lang" in r.stderr and "yezi simulate" in r.stderr and "yezi play" in r.stderr


def test_every_command_said_to_take_lang_takes_it():
    from yezi.cli.args import LANG_COMMANDS

    for command in LANG_COMMANDS:
        r = run(command, "--help")
        help_text = r.stdout + r.stderr
        if "--lang" not in help_text:  # commands with sub-commands take it on each (yezi madiao play, settle GAME)
            sub = {"madiao": ["madiao", "play"], "settle": ["settle", "lukfu"]}[command]
            help_text = run(*sub, "--help").stdout
        assert "--lang" in help_text, command
