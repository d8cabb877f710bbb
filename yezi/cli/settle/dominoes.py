"""``yezi settle jielong|tseding|dingniu``: settle a domino deal played with real tiles.

One line per player, in turn order from the dealer (who led). A line lists the tiles the player
put face down; in 頂牛 a ``|`` is followed by the tiles left in his hand, and the word 算帳 marks
a player who made a 算帳 (deliberate) block. In 斜釘 a player holding eight doubles writes 八掘
and every line then lists that player's whole hand. A line may start with a name and a colon;
``-`` stands for no tiles. Tiles are named in any language or style, or by dice (``6-6``, ``66``),
and may carry a count (``梅花×2``, ``Plum x2``).

The facts go to the game's own `settle_facts` (the function the engine settles with), and every
payment is printed with its reason (`settle.explain`).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import TextIO

from yezi.cli.settle.common import (
    InputError,
    add_rules_args,
    banner,
    input_lines,
    later,
    load_rules_game,
    run_main,
    say,
)
from yezi.cli.settle.fishing import parse_catch
from yezi.components import tiengow as tg
from yezi.games.dominoes.chain import DOUBLE
from yezi.i18n import NP_, PerLanguage, Words, punct

GAMES = ("jielong", "tseding", "dingniu")
SUANZHANG = {"算帳", "算帐", "suanzhang", "sz"}
BAJUE = {"八掘", "bajue"}
NOTHING = {"-", "—", "無", "无", "none", "nothing"}

WORDS = Words("settle-dominoes", {
    "score": NP_("settle-dominoes:score", "score"),
    "down": NP_("settle-dominoes:down", "face down"),
    "left": NP_("settle-dominoes:left", "left in hand"),
    "hand": NP_("settle-dominoes:hand", "hand"),
    "pays": NP_("settle-dominoes:pays", "Payments"),
    "totals": NP_("settle-dominoes:totals", "Totals"),
    "prompt": NP_("settle-dominoes:prompt", "{seat_en} ({seat}): tiles face down: "),
    "prompt-dingniu": NP_("settle-dominoes:prompt-dingniu",
                          "{seat_en} ({seat}): tiles face down | tiles left in hand [算帳]: "),
    "ended": NP_("settle-dominoes:ended", "input ended before every player's tiles were given"),
    "at-line": NP_("settle-dominoes:at-line", "line {no}: "),
    "suanzhang": NP_("settle-dominoes:suanzhang", "{where}算帳 belongs to 頂牛 (dingniu), not {game}"),
    "bajue": NP_("settle-dominoes:bajue", "{where}八掘 belongs to 斜釘 (tseding), not {game}"),
    "bar": NP_("settle-dominoes:bar",
               "{where}only 頂牛 counts the tiles left in hand ('|'); in {game} list the tiles face down"),
    "lines": NP_("settle-dominoes:lines",
                 "{game} here is played by {n}; got {got} line(s), one per player in turn order from the dealer "
                 "(for another number of players: -o players=N)"),
    "too-many": NP_("settle-dominoes:too-many", "{n} × {tile} ({dice}) in all lines; the {game} set has {have}"),
    "bajue-twice": NP_("settle-dominoes:bajue-twice", "八掘 is marked on more than one player"),
    "bajue-rules": NP_("settle-dominoes:bajue-rules",
                       "八掘 is not played with these rules (it needs -o bajue=yes and eight-tile hands)"),
    "bajue-whole": NP_("settle-dominoes:bajue-whole",
                       "player {s}: with 八掘 every line lists the whole hand of {hand} tiles, got {n}"),
    "bajue-doubles": NP_("settle-dominoes:bajue-doubles", "player {s}: 八掘 is a hand of eight doubles (掘牌)"),
    "hand-size": NP_("settle-dominoes:hand-size", "player {s}: {n} tiles, but a hand has {hand}"),
})

EXAMPLES = {
    "jielong": "  莊家: 天 地\n  二家: -\n  三家: 梅花 長三×2\n  四家: 6-6, 5-4",
    "tseding": "  A: 天 地\n  B: -\n  C: 梅花 長三\n  D: 6-6 5-4 3-1 6-1 5-1 2-1 6-5 6-4\n"
               "  (八掘: every line lists the whole hand, and the eight-doubles line says 八掘)",
    "dingniu": "  莊家: 地 | 大天\n  二家: | 地 一五\n  三家: | 大五 一六\n  四家: 一五 | 大五 一六 算帳",
}


class Player:
    def __init__(self, name: str | None, down: list[int], hand: list[int], suanzhang: bool, bajue: bool):
        self.name, self.down, self.hand, self.suanzhang, self.bajue = name, down, hand, suanzhang, bajue


def build_parser(game: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=f"yezi settle {game}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=f"Settle a {game} deal played with real tiles: the scores, every payment with its reason. "
                    "One line per player in turn order from the dealer: the tiles put face down"
                    + ("; after | the tiles left in hand; 算帳 marks a player who made a 算帳 block"
                       if game == "dingniu" else "")
                    + ("; 八掘 marks a hand of eight doubles (then every line lists the whole hand)"
                       if game == "tseding" else "") + ".",
        epilog=f"example input:\n{EXAMPLES[game]}\nexample: yezi settle {game} --lang en deal.txt",
    )
    p.add_argument("file", nargs="?", help="the players' lines (default: standard input, or asked one by one)")
    add_rules_args(p)
    return p


def parse_line(line: str, where: object, game: str) -> Player:
    """One player's line; `where` (text or a per-language mapping) starts an error's message."""
    name = None
    m = re.match(r"^\s*([^:：]{1,20})[:：](.*)$", line)
    if m:
        name, line = m.group(1).strip(), m.group(2)
    words = line.split()
    suanzhang = any(w.lower() in SUANZHANG for w in words)
    bajue = any(w.lower() in BAJUE for w in words)
    if suanzhang and game != "dingniu":
        raise InputError(WORDS, "suanzhang", where=where, game=game)
    if bajue and game != "tseding":
        raise InputError(WORDS, "bajue", where=where, game=game)
    rest = " ".join(w for w in words if w.lower() not in SUANZHANG | BAJUE)
    down_text, bar, hand_text = rest.partition("|")
    if bar and game != "dingniu":
        raise InputError(WORDS, "bar", where=where, game=game)
    return Player(name, _tiles(down_text, where), _tiles(hand_text, where), suanzhang, bajue)


def _tiles(text: str, where: object) -> list[int]:
    text = text.strip()
    if not text or text.lower() in NOTHING:
        return []
    return tg.expand(parse_catch(text, where))


def read_players(args: argparse.Namespace, stdin: TextIO, game, name: str) -> list[Player]:
    n = game.cfg.seats
    lang = args.lang
    prompt = "prompt-dingniu" if name == "dingniu" else "prompt"

    def ask() -> list[str]:
        out = []
        for s in range(n):
            try:
                out.append(input(say(WORDS, prompt, lang, seat_en=game.seat_name(s, "en"),
                                     seat=game.seat_name(s) if lang == "en" else game.seat_name(s, lang))))
            except EOFError:
                raise InputError(WORDS, "ended") from None
        return out

    lines = input_lines(args.file, stdin, ask)
    players = [parse_line(text, later(WORDS, "at-line", no=no), name) for no, text in lines]
    if len(players) != n:
        raise InputError(WORDS, "lines", game=_title(game, name), n=n, got=len(players))
    return players


def _title(game, name: str) -> PerLanguage:
    """The game as an error names it: its command name in English (as typed), its title in Chinese."""
    return PerLanguage(lambda lang: name if lang == "en" else game.titles.get(lang, name))


def check(players: list[Player], game, name: str, lang: str) -> None:
    """The tiles must fit the set and the hands; a bad line is named and nothing is settled."""
    total = [0] * tg.NUM_KINDS
    for p in players:
        for k in p.down + p.hand:
            total[k] += 1
    for k, c in enumerate(total):
        have = game.set_counts[k] if k < len(game.set_counts) else 0
        if c > have:
            raise InputError(WORDS, "too-many", n=c, tile=game.tile_name(k, lang), dice=tg.KINDS[k].dice,
                             game=_title(game, name), have=have)
    hand = game.cfg.hand
    bajue = [s for s, p in enumerate(players) if p.bajue]
    if bajue:
        if len(bajue) > 1:
            raise InputError(WORDS, "bajue-twice")
        if not game.rules["bajue"] or hand != 8:
            raise InputError(WORDS, "bajue-rules")
        for s, p in enumerate(players):
            if len(p.down) != hand:
                raise InputError(WORDS, "bajue-whole", s=s + 1, hand=hand, n=len(p.down))
        if not all(DOUBLE[k] for k in players[bajue[0]].down):
            raise InputError(WORDS, "bajue-doubles", s=bajue[0] + 1)
        return
    for s, p in enumerate(players):
        if len(p.down) + len(p.hand) > hand:
            raise InputError(WORDS, "hand-size", s=s + 1, n=len(p.down) + len(p.hand), hand=hand)


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, name: str) -> int:
    lang = args.lang
    game = load_rules_game(name, args)
    players = read_players(args, stdin, game, name)
    check(players, game, name, lang)
    names = [p.name or game.seat_name(s, lang) for s, p in enumerate(players)]
    bajue = [s for s, p in enumerate(players) if p.bajue]
    if bajue:
        result = game.bajue_facts(bajue[0], [p.down for p in players])
    else:
        result = game.settle_facts([p.down for p in players], [p.hand for p in players],
                                   [s for s, p in enumerate(players) if p.suanzhang])
    w = WORDS[lang]
    say = lambda s="": print(s, file=stdout)  # noqa: E731
    mark = lambda m: punct(lang, m)  # noqa: E731
    say(banner(game, lang))
    for s, p in enumerate(players):
        shown = f"{w['hand'] if bajue else w['down']} " + (" ".join(game.tile_name(k, lang) for k in p.down) or "—")
        if p.hand:
            shown += f"{mark('semicolon')}{w['left']} " + " ".join(game.tile_name(k, lang) for k in p.hand)
        say(f"{names[s]}{mark('colon')}{w['score']} {result['scores'][s]}{mark('open')}{shown}{mark('close')}")
    say(f"\n{w['pays']}{mark('colon').rstrip()}")
    for line in game.settlement_lines(result, lang, names):
        say(f"  {line}")
    say(f"{w['totals']}{mark('colon')}" + mark("comma").join(f"{n} {v:+d}" for n, v in zip(names, result["payments"])))
    return 0


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """`argv` starts with the game's name (jielong, tseding or dingniu)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    name = argv[0] if argv and argv[0] in GAMES else "jielong"
    rest = argv[1:] if argv and argv[0] in GAMES else argv
    return run_main(f"yezi settle {name}", build_parser(name),
                    lambda a, i, o: run(a, i, o, name), rest, stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
