"""``yezi settle fishing``: settle a Fishing 釣魚 deal played with physical cards.

People play with real cards and argue about the count. Give each player's catch — card names in
any supported language or style, dice codes, or counts by kind — from a file, from standard input
or interactively, and this prints how every card was classified and why, each player's score and
special sets, and the pairwise payments with the arithmetic shown.

Input, one player per line (blank lines and ``#`` comments are ignored)::

    A: 天 天 紅九 黑九 黑九 梅花×4 人 平八
    B: Heaven, Red Nine, Long Three x2, 6-3
    C: 天=1 紅九 2 黑九 3

A count follows a card as ``×2``, ``x2``, ``*2``, ``=2`` or a separate number. Without ``Name:``
the players are called A, B, C. English names of two words need commas between cards.
Scores can also be given directly: ``--scores 900,700,600 [--jun 2,0,1]``.

Every setting comes from the Fishing options (a ``--preset``, ``-o name=value``, or the flags
below, which are shorthands for options) and the method is built by the engine's own
`method_from_rules`, so the calculator settles exactly as a game with those rules would.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from typing import TextIO

from yezi.cli.settle.common import InputError, later, read_text, run_main, say
from yezi.components import tiengow as tg
from yezi.core.errors import NotationError
from yezi.core.options import parse_overrides
from yezi.games.fishing.scoring import SPECIALS, THREE_JUN, ClassRules, classify, explain
from yezi.games.fishing.settlement import METHODS, Standing, method_from_rules
from yezi.i18n import NP_, PerLanguage, Words, punct

#: the headings of the payments and the totals, the lines of each catch, the prompt and the input errors
HEADS = Words("settle-fishing", {
    "pays": NP_("settle-fishing:pays", "Payments"),
    "totals": NP_("settle-fishing:totals", "Totals"),
    "cards": NP_("settle-fishing:cards", "{name}: {n} cards"),
    "fish": NP_("settle-fishing:fish", "fish {fish}{bonus} = 決勝分 {score}; specials: {specials}; 鈞 {jun}{three}"),
    "three-jun": NP_("settle-fishing:three-jun", " (三鈞)"),
    "score": NP_("settle-fishing:score", "{name}: 決勝分 {score}, 鈞 {jun}"),
    "warning": NP_("settle-fishing:warning", "warning: the catches hold {n} cards, not 84 (is a card missing?)"),
    "prompt": NP_("settle-fishing:prompt",
                  "Player {name}'s catch (cards, e.g. 天 天 紅九 黑九×2, or 'Name: cards'): "),
    "ended": NP_("settle-fishing:ended", "input ended before every player's catch was given"),
    "at-player": NP_("settle-fishing:at-player", "player {name}: "),
    "at-line": NP_("settle-fishing:at-line", "line {no}: "),
    "count": NP_("settle-fishing:count", "{where}a count {tok} with no card before it; expected e.g. 天 2 or 天×2"),
    "card": NP_("settle-fishing:card", "{where}{error}. A card may carry a count: 天×2, 天 x2, 天=2, 2×天"),
    "unreadable": NP_("settle-fishing:unreadable",
                      "cannot read {text} as a Tien Gow tile or card; expected a name such as 天, 紅九, 平八, "
                      "Heaven, Red Nine, 大天, 龍斜, or dice such as 6-6 or 54"),
    "ambiguous": NP_("settle-fishing:ambiguous", "{text} names more than one kind: say {options}"),
    "or": NP_("settle-fishing:or", " or "),
    "players": NP_("settle-fishing:players", "expected the catches of 2 or 3 players, got {n}"),
    "players-flag": NP_("settle-fishing:players-flag", "--players {want} but {n} catches were given"),
    "too-many": NP_("settle-fishing:too-many", "{n} × {card} ({card_en}) in all catches ({who}); the deck has only 4"),
    "scores": NP_("settle-fishing:scores", "--scores, --jun and --names need 2 or 3 values each, as many of each"),
    "ints": NP_("settle-fishing:ints", "{flag} {text}: expected whole numbers separated by commas, e.g. 900,700,600"),
    "method": NP_("settle-fishing:method", "unknown method {text}; expected one of {methods}"),
})

_COUNT_AFTER = re.compile(r"^(.*?)(?:\s*[×xX*＊=＝]\s*|\s+)(\d+)$")
_COUNT_BEFORE = re.compile(r"^(\d+)\s*(?:[×xX*＊])\s*(.+)$")


def parse_catch(text: str, where: object = "") -> list[int]:
    """A count vector from one player's cards; raises `InputError` naming the unreadable card.

    `where` starts the error's message: text, or a per-language mapping (``line 3: ``)."""
    text = text.strip()
    sep = r"[,，、;；]+" if re.search(r"[,，、;；]", text) else r"\s+"
    tokens = [t.strip() for t in re.split(sep, text) if t.strip()]
    counts = [0] * tg.NUM_KINDS
    last: int | None = None
    for tok in tokens:
        m = re.match(r"^[×xX*＊=＝]\s*(\d+)$", tok)
        if m:
            tok = m.group(1)
        if tok.isdigit() and not (len(tok) == 2 and _is_kind(tok)):  # 54 is the dice of a tile, 2 a count
            if last is None:
                raise InputError(HEADS, "count", where=where, tok=repr(tok))
            counts[last] += int(tok) - 1
            last = None
            continue
        n = 1
        name = tok
        m = _COUNT_AFTER.match(tok)
        if m and not _is_kind(tok):
            name, n = m.group(1), int(m.group(2))
        else:
            m = _COUNT_BEFORE.match(tok)
            if m and not _is_kind(tok):
                n, name = int(m.group(1)), m.group(2)
        if " " in name and sep == r"\s+":
            name = name.strip()
        try:
            k = tg.parse_kind(name)
        except NotationError:
            raise InputError(HEADS, "card", where=where, error=_unreadable(name)) from None
        counts[k] += n
        last = k if n == 1 else None
    return counts


def _unreadable(name: str) -> PerLanguage:
    """Why `name` names no card, in every language: no kind has that name, or it covers two or more
    (雜九 …), which are listed with the names that tell them apart (the engine's `parse_kind` refuses both)."""
    try:
        kinds = tg.parse_kinds_group(name)
    except NotationError:
        return later(HEADS, "unreadable", text=repr(name))

    def options(lang: str) -> str:
        if lang == "en":
            return " or ".join(f"{tg.name(k)} / {tg.name(k, 'en')} ({tg.KINDS[k].dice})" for k in kinds)
        return say(HEADS, "or", lang).join(f"{tg.name(k, lang)}（{tg.KINDS[k].dice}）" for k in kinds)
    return later(HEADS, "ambiguous", text=repr(name), options=PerLanguage(options))


def _is_kind(tok: str) -> bool:
    try:
        tg.parse_kind(tok)
        return True
    except NotationError:
        return False


def read_players(stream: TextIO, interactive: bool, players: int, lang: str = "en") -> list[tuple[str, list[int]]]:
    """The catches, a line per player; asked one by one (in `lang`) when `interactive`."""
    out: list[tuple[str, list[int]]] = []
    if interactive:
        for i in range(players):
            default = chr(ord("A") + i)
            while True:
                try:
                    line = input(say(HEADS, "prompt", lang, name=default))
                except EOFError:
                    raise InputError(HEADS, "ended") from None
                try:
                    out.append(_parse_line(line, default, later(HEADS, "at-player", name=default)))
                    break
                except InputError as e:
                    print(f"  {e.text(lang)}", file=sys.stderr)
        return out
    for lineno, raw in enumerate(stream, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        default = chr(ord("A") + len(out))
        out.append(_parse_line(line, default, later(HEADS, "at-line", no=lineno)))
    return out


def _parse_line(line: str, default: str, where: PerLanguage) -> tuple[str, list[int]]:
    name = default
    m = re.match(r"^\s*([^:：]{1,20})[:：](.*)$", line)
    if m:
        name, line = m.group(1).strip(), m.group(2)
    return name, parse_catch(line, PerLanguage(lambda lang: f"{where[lang]}({name}) "))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="yezi settle fishing",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Settle a Fishing 釣魚 deal played with physical cards: classification with reasons, "
                    "scores, specials, pairwise payments with the arithmetic.",
        epilog="input, one player per line (file, standard input, or answered when asked):\n"
               "  A: 天 天 紅九 黑九 黑九 梅花×4 人 平八\n"
               "  B: Heaven, Red Nine, Long Three x2, 6-3\n"
               "  C: 天=1 紅九 2 黑九 3\n"
               "example: yezi settle fishing --preset fc1-group deal.txt\n"
               "         yezi settle fishing -m M3 --scores 800,500,300",
    )
    p.add_argument("file", nargs="?", help="catches, one player per line (default: standard input, or ask)")
    p.add_argument("--preset", default=None,
                   help="take the method and scoring rules from a Fishing preset (suffocated, mongkok, fc1-group, "
                        "yuenlong-elders, tiu-u); flags given here override it (default: suffocated)")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help="override one Fishing option (see `yezi rules fishing`), e.g. -o overmountain_3p=700")
    p.add_argument("--method", "-m", default=None,
                   help="settlement: M1 (Yuen Long), M2 (Mong Kok), M3 (FC1's group), YL (Yuen Long elders), plain")
    p.add_argument("--players", "-p", type=int, choices=(2, 3), default=None,
                   help="number of players (default: as many as given)")
    p.add_argument("--lang", default="zh-hant", choices=("zh-hant", "zh-hans", "en"))
    p.add_argument("--wenwu", choices=("strict", "any"), default=None,
                   help="strict: 一文加雜武 (default); any: V-F7")
    p.add_argument("--no-medium", action="store_true", help="V-F8: no medium fish makes the catch all small")
    p.add_argument("--scoring", choices=("fish", "red-dots"), default=None, help="red-dots: Tiu U scoring")
    p.add_argument("--overmountain", type=int, default=None,
                   help="過山 threshold (default: 1000 with two players, the option overmountain_3p with three)")
    p.add_argument("--di", type=int, default=None, help="M3: base units 底 (100 each; default 1)")
    p.add_argument("--jun-scale", choices=("linear", "1-3-5"), default=None, help="M3: 鈞頭 value")
    p.add_argument("--no-di-overmountain", action="store_true", help="M3: no 底 for a 過山 winner")
    p.add_argument("--no-di-second-third", action="store_true", help="M3, 3 players: no 底 for second over third")
    p.add_argument("--double-both", action="store_true", help="M2: double when both players are 過山")
    p.add_argument("--scores", help="settle from 決勝分 directly: 900,700,600 (skips classification)")
    p.add_argument("--jun", help="with --scores: complete 鈞 per player, e.g. 2,0,1")
    p.add_argument("--names", help="with --scores: player names, e.g. A,B,C")
    p.add_argument("--no-check", action="store_true", help="do not check that the catches hold the 84 cards")
    return p


def _method_key(text: str) -> str:
    t = text.strip().upper()
    aliases = {"1": "M1", "2": "M2", "3": "M3", "YUENLONG": "M1", "MONGKOK": "M2", "FC1": "M3",
               "ELDERS": "YL", "PLAIN": "plain"}
    key = aliases.get(t, t if t in METHODS else text.strip())
    if key not in METHODS:
        raise InputError(HEADS, "method", text=repr(text), methods=", ".join(METHODS))
    return key


def apply_preset(args: argparse.Namespace) -> None:
    """Resolve the Fishing options (preset, ``-o``, and the flags, which name options) into
    ``args.rules``, and fill every flag not given from them."""
    from yezi.games.fishing.game import Fishing

    over: dict[str, object] = dict(parse_overrides(args.option))
    flags = {"settlement": _method_key(args.method) if args.method else None, "wenwu": args.wenwu,
             "scoring": args.scoring, "di": args.di, "jun_scale": args.jun_scale,
             "no_medium": True if args.no_medium else None,
             "di_overmountain": False if args.no_di_overmountain else None,
             "di_second_third": False if args.no_di_second_third else None,
             "double_both": True if args.double_both else None}
    over.update({k: v for k, v in flags.items() if v is not None})
    rules = Fishing.option_table().resolve(args.preset or "suffocated", over)
    args.rules = rules
    args.method = rules["settlement"]
    args.wenwu = rules["wenwu"]
    args.scoring = rules["scoring"]
    args.no_medium = bool(rules["no_medium"])


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    lang = args.lang
    apply_preset(args)
    key = _method_key(args.method)
    if args.scores:
        scores = _ints(args.scores, "--scores")
        juns = _ints(args.jun, "--jun") if args.jun else [0] * len(scores)
        names = [x.strip() for x in args.names.split(",")] if args.names else [chr(65 + i) for i in range(len(scores))]
        if not (len(scores) == len(juns) == len(names)) or len(scores) not in (2, 3):
            raise InputError(HEADS, "scores")
        players = args.players or len(scores)
        method = _make(key, players, args)
        standings = [Standing(s, j, j == 3) for s, j in zip(scores, juns)]
        print(method.title_text(lang), file=stdout)
        for n, s in zip(names, standings):
            print(say(HEADS, "score", lang, name=n, score=s.score, jun=s.jun), file=stdout)
        _print_settlement(method.settle(standings, names, lang=lang), names, stdout, lang)
        return 0
    if args.file:
        entries = read_players(io.StringIO(read_text(args.file)), False, 0)
    elif stdin.isatty():
        entries = read_players(stdin, True, args.players or 3, lang)
    else:
        entries = read_players(stdin, False, 0)
    if len(entries) not in (2, 3):
        raise InputError(HEADS, "players", n=len(entries))
    if args.players and args.players != len(entries):
        raise InputError(HEADS, "players-flag", want=args.players, n=len(entries))
    players = len(entries)
    names = [n for n, _ in entries]
    total = [sum(c[k] for _, c in entries) for k in range(tg.NUM_KINDS)]
    per_kind = 4 if args.scoring == "fish" else None
    if per_kind:
        for k in range(tg.NUM_KINDS):
            if total[k] > per_kind:
                who = punct(lang, "comma").join(f"{n} {c[k]}" for n, c in entries if c[k])
                raise InputError(HEADS, "too-many", n=total[k], card=tg.name(k, lang), card_en=tg.name(k, "en"),
                                 who=who)
        if sum(total) != 84 and not args.no_check:
            print(say(HEADS, "warning", lang, n=sum(total)), file=stdout)
    rules = ClassRules(strict_wenwu=args.wenwu == "strict", no_medium_all_small=args.no_medium, scoring=args.scoring)
    method = _make(key, players, args)
    print(method.title_text(lang), file=stdout)
    standings = []
    for name, counts in entries:
        catch = classify(counts, rules)
        st = method.standing(catch)
        standings.append(st)
        print("\n" + say(HEADS, "cards", lang, name=name, n=sum(counts)), file=stdout)
        for line in explain(catch, lang):
            print(f"  {line}", file=stdout)
        bonus = method.bonus_text(catch, lang)
        specials = (", " if lang == "en" else "、").join(SPECIALS[s]["names"][lang] for s in catch.specials) or "—"
        print("  " + say(HEADS, "fish", lang, fish=catch.fish, bonus=f" + {' + '.join(bonus)}" if bonus else "",
                         score=st.score, specials=specials, jun=catch.jun,
                         three=say(HEADS, "three-jun", lang) if THREE_JUN in catch.specials else ""), file=stdout)
    _print_settlement(method.settle(standings, names, lang=lang), names, stdout, lang)
    return 0


def _ints(text: str, flag: str) -> list[int]:
    try:
        return [int(x) for x in re.split(r"[,\s]+", text.strip()) if x]
    except ValueError:
        raise InputError(HEADS, "ints", flag=flag, text=repr(text)) from None


def _make(key: str, players: int, args):
    """The engine's method for these rules (the threshold: ``--overmountain`` or the options)."""
    return method_from_rules(args.rules, players, overmountain=args.overmountain)



def _print_settlement(settle, names, stdout, lang: str = "en") -> None:
    heads = HEADS.get(lang, HEADS["en"])
    pays, tot = heads["pays"], heads["totals"]
    colon = punct(lang, "colon")
    print(f"\n{pays}{colon.rstrip()}", file=stdout)
    for p in settle.pairs:  # English sets the reason off with two spaces; a full-width colon needs none
        print(f"  {names[p.payer]} → {names[p.payee]} {p.amount}{colon if lang != 'en' else ':  '}{p.arithmetic}",
              file=stdout)
    print(f"{tot}{colon}" + punct(lang, "comma").join(f"{n} {v:+d}" for n, v in zip(names, settle.payments)),
          file=stdout)


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    return run_main("yezi settle fishing", build_parser(), run, argv, stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
