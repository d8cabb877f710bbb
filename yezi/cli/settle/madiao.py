"""``yezi settle madiao``: settle a Ma Diao 馬弔 hand played with real cards.

The facts, one per line as ``key: value`` (blank lines and ``#`` comments are ignored)::

    face: 六索                 # 面葉, the card turned up after the cut
    second: 七索               # 底牌次張 (for 假逵; optional)
    stake: 1                   # chips a 注 (optional: the rules' minimum)
    pool: 0                    # chips in the 官堆 before the hand (optional)
    樁家: 萬萬 六十 … (eight)   # each player's cards as dealt: 樁家 下首 對面 上首
    下首: …
    對面: …
    上首: …
    tricks: 樁家 萬萬, 下首 百萬, …   # the eight tricks in order: who won it, the card that went up
    mian: 下首                 # who declared 免鬭, if anyone

The hand goes through the engine (`yezi.games.madiao.facts`), which itemises every payment with
its clause of 《馬弔脚例》 as the web table does.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import TextIO

from yezi.cli.settle.common import WORDS as COMMON
from yezi.cli.settle.common import (
    InputError,
    add_rules_args,
    banner,
    input_lines,
    key_value,
    later,
    line_at,
    load_rules_game,
    run_main,
    say,
)
from yezi.components.madiao_deck import parse_card
from yezi.core.errors import NotationError
from yezi.games.madiao.facts import LIABILITY_NOTE, TableFacts, settle_table
from yezi.games.madiao.settle import public
from yezi.games.madiao.text import explain
from yezi.games.madiao.words import END_REASONS
from yezi.i18n import NP_, PerLanguage, Words, punct

KEYS = {
    "face": ("face", "面葉", "面叶"),
    "second": ("second", "底牌次張", "底牌次张", "次張", "次张"),
    "stake": ("stake", "注", "每注"),
    "pool": ("pool", "官堆"),
    "tricks": ("tricks", "卓", "上卓"),
    "mian": ("mian", "免鬭", "免斗", "免鬥"),
    "plays": ("plays", "出牌", "次序"),
}
WORDS = Words("settle-madiao", {
    "totals": NP_("settle-madiao:totals", "Totals"),
    "tricks": NP_("settle-madiao:tricks", "tricks"),
    "note": NP_("settle-madiao:note", "Note"),
    # the questions asked one by one at a terminal
    "ask-face": NP_("settle-madiao:ask-face", "face 面葉: "),
    "ask-second": NP_("settle-madiao:ask-second", "second 底牌次張 (blank: unknown): "),
    "ask-seat": NP_("settle-madiao:ask-seat", "{seat} ({seat_en}): eight cards: "),
    "ask-tricks": NP_("settle-madiao:ask-tricks",
                      "tricks, in order, 'seat card' separated by commas (blank: not played): "),
    # the input errors
    "seat": NP_("settle-madiao:seat", "{where}: cannot read {text} as a seat; expected {choices}"),
    "card": NP_("settle-madiao:card",
                "{where}: {text} is not a Ma Diao card; expected a name such as 萬萬, 九十, 五萬, 一索, 空文, 半文, "
                "三錢 or ASCII WW QW BW T9..T2 M9..M1 S9..S1 KW HW C1..C9"),
    "chips": NP_("settle-madiao:chips", "{where}: expected a whole number of chips, got {text}"),
    "bad-line": NP_("settle-madiao:bad-line",
                    "{where}: expected 'key: value' (face, second, stake, pool, a seat, tricks, mian); got {text}"),
    "key-twice": NP_("settle-madiao:key-twice", "{where}: {key} given twice (first on {first})"),
    "at-trick": NP_("settle-madiao:at-trick", "{where}, trick {i}"),
    "trick": NP_("settle-madiao:trick", "{where}: trick {i} {entry}: expected 'seat card', e.g. 樁家 百老"),
    "no-face": NP_("settle-madiao:no-face", "give the face card (face: 二十)"),
    "missing": NP_("settle-madiao:missing", "give each player's eight cards; missing: {seats}"),
})
EXAMPLE = (
    "  face: 六索\n"
    "  second: 七索\n"
    "  樁家: 萬萬 六十 五十 一萬 二十 二錢 八萬 五萬\n"
    "  下首: 百萬 六萬 八十 四萬 二萬 九錢 半文 一錢\n"
    "  對面: 三錢 四錢 七十 七萬 三萬 四十 一索 八索\n"
    "  上首: 七錢 八錢 九索 空文 五錢 九萬 三十 六錢\n"
    "  tricks: 樁家 萬萬, 下首 百萬, 樁家 六十, 下首 八十, 對面 三錢, 樁家 五十, 下首 四萬, 對面 四錢\n"
    "  → 樁家 −5, 下首 +15, 對面 −4, 上首 −6 at 2 chips a 注 (spec §4.9)"
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="yezi settle madiao",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Settle a Ma Diao 馬弔 hand played with real cards: each player's eight cards, the face "
                    "card, and who won each trick with which card → every payment in 注 with its clause of "
                    "《馬弔脚例》. Keys: face 面葉, second 底牌次張, stake, pool 官堆, one line per seat "
                    "(樁家/Banker, 下首/Dealer, 對面/Opposite, 上首/Shuffler), tricks (8, in order: 'seat card', "
                    "separated by commas), mian 免鬭, or plays 出牌: all 32 plays in order in the game's notation "
                    "(九萬, 滅三錢 for a card discarded face down), which the engine replays and checks, "
                    "counting the liabilities (代人認開) too; without plays they cannot be known and are "
                    "not counted.",
        epilog=f"example input:\n{EXAMPLE}\nexample: yezi settle madiao --lang en hand.txt",
    )
    p.add_argument("file", nargs="?", help="the facts (default: standard input, or asked one by one)")
    add_rules_args(p)
    return p


def _seats(game, seats) -> PerLanguage:
    """Seats listed in an error: ``樁家/Banker`` in English (as typed either way), the reader's names otherwise."""
    return PerLanguage(lambda lang: ", ".join(f"{game.seat_name(s)}/{game.seat_name(s, 'en')}" for s in seats)
                       if lang == "en" else "、".join(game.seat_name(s, lang) for s in seats))


def _seat(game, text: str, where: object) -> int:
    t = text.strip().lower()
    for s in range(4):
        if t == str(s) or t in {game.seat_name(s, lg).lower() for lg in ("zh-hant", "zh-hans", "en")}:
            return s
    raise InputError(WORDS, "seat", where=where, text=repr(text), choices=_seats(game, range(4)))


def _card(text: str, where: object) -> int:
    try:
        return parse_card(text)
    except NotationError:
        raise InputError(WORDS, "card", where=where, text=repr(text)) from None


def _cards(text: str, where: object) -> list[int]:
    sep = r"[,，、;；]+" if re.search(r"[,，、;；]", text) else r"\s+"
    return [_card(t, where) for t in re.split(sep, text.strip()) if t.strip()]


def _int(text: str, where: object) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(WORDS, "chips", where=where, text=repr(text)) from None


def read_facts(args: argparse.Namespace, stdin: TextIO, game) -> TableFacts:
    lang = args.lang

    def ask() -> list[str]:
        out = []
        prompts = [("face", say(WORDS, "ask-face", lang)), ("second", say(WORDS, "ask-second", lang))]
        prompts += [(game.seat_name(s), say(WORDS, "ask-seat", lang, seat_en=game.seat_name(s, "en"),
                                            seat=game.seat_name(s) if lang == "en" else game.seat_name(s, lang)))
                    for s in range(4)]
        prompts += [("tricks", say(WORDS, "ask-tricks", lang))]
        for key, prompt in prompts:
            try:
                line = input(prompt).strip()
            except EOFError:
                raise InputError(COMMON, "ended") from None
            if line:
                out.append(f"{key}: {line}")
        return out

    lookup = {a.lower(): k for k, aliases in KEYS.items() for a in aliases}
    seen: dict[str, int] = {}
    dealt: list[list[int] | None] = [None] * 4
    face = second = stake = mian = None
    pool = 0
    tricks: list[tuple[int, int]] = []
    plays: list[str] = []
    for no, line in input_lines(args.file, stdin, ask):
        where = line_at(no)
        kv = key_value(line)
        if kv is None:
            raise InputError(WORDS, "bad-line", where=where, text=repr(line))
        key, value = kv
        k = lookup.get(key.lower())
        if k is None:
            s = _seat(game, key, where)
            k = f"seat{s}"
        if k in seen:
            raise InputError(WORDS, "key-twice", where=where, key=key, first=line_at(seen[k]))
        seen[k] = no
        if k.startswith("seat"):
            dealt[int(k[4:])] = _cards(value, where)
        elif k == "face":
            face = _card(value, where)
        elif k == "second":
            second = _card(value, where)
        elif k == "stake":
            stake = _int(value, where)
        elif k == "pool":
            pool = _int(value, where)
        elif k == "mian":
            mian = _seat(game, value, where)
        elif k == "plays":
            plays = [t for t in re.split(r"[\s,，、;；/]+", value) if t]
        elif k == "tricks":
            for i, entry in enumerate(t for t in re.split(r"[,，、;；]+", value) if t.strip()):
                parts = entry.split(None, 1)
                if len(parts) != 2:
                    raise InputError(WORDS, "trick", where=where, i=i + 1, entry=repr(entry.strip()))
                at = later(WORDS, "at-trick", where=where, i=i + 1)
                tricks.append((_seat(game, parts[0], at), _card(parts[1], at)))
    if face is None:
        raise InputError(WORDS, "no-face")
    missing = [s for s in range(4) if dealt[s] is None]
    if missing:
        names = PerLanguage(lambda lang: ", ".join(game.seat_name(s) for s in missing) if lang == "en"
                            else "、".join(game.seat_name(s, lang) for s in missing))
        raise InputError(WORDS, "missing", seats=names)
    return TableFacts(dealt=[list(h or []) for h in dealt], face=face, second=second, stake=stake, pool=pool,
                      tricks=tricks, mian=mian, plays=plays)


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    lang = args.lang
    game = load_rules_game("madiao", args)
    facts = read_facts(args, stdin, game)
    st = settle_table(game, facts)  # a `FactsError` is shown in --lang by `run_main`
    w = WORDS[lang]
    say = lambda s="": print(s, file=stdout)  # noqa: E731
    # the end reason: its code in English (as it always printed), its name in Chinese
    reason = st.end_reason if lang == "en" or st.end_reason not in END_REASONS else END_REASONS[st.end_reason][lang]
    say(f"{banner(game, lang)} · {reason}")
    if st.end_reason == "played":
        say(w["tricks"] + punct(lang, "colon") + punct(lang, "comma").join(f"{game.seat_name(s, lang)} {n}" for s, n in enumerate(st.counts())))
    say(explain(game, {"settlement": public(st, st.settlement())}, lang))
    if st.end_reason == "played" and not facts.plays and (game.rules["guard_rules"] == "liability"
                                                          or game.rules["d3"]):
        say(w["note"] + punct(lang, "colon") + LIABILITY_NOTE[lang])
    pays = st.payments()
    say(w["totals"] + punct(lang, "colon") + punct(lang, "comma").join(f"{game.seat_name(s, lang)} {p:+}" for s, p in enumerate(pays)))
    return 0


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    return run_main("yezi settle madiao", build_parser(), run, argv, stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
