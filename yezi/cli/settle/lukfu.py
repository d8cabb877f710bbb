"""``yezi settle lukfu``: settle a Luk Fu 六虎牌 deal played with real cards.

The facts, one per line as ``key: value`` (keys in English or Chinese; blank lines and ``#``
comments are ignored)::

    bid: 二家                      # who said 做 (none: nobody did, the deal is void)
    winner: 三家                   # who declared 食糊 (none: a draw)
    cards: 八拾 八貫 八索 九綫 百子 雲綫   # his 食糊用牌: the cards of his won tricks and the 老歲 he showed
    dummy: 一索                    # the dummy's card (four players)
    hu: 6                          # optional: how many 糊 (the number of those cards)
    hand: ...                      # only for dummy_match=winner_hand (guangdong): his hand when declaring
    tigers: 二家                   # instead of the rest: 五虎下山

Seats are roles: 頭家 (Lead, 0), 二家 (Second), 夢家 (Dummy), 三家 (Third). The facts go to the
engine's own `settle_declare` / `settle_tigers`, and every payment is printed with its reason.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from yezi.cli.settle.common import (
    InputError,
    add_rules_args,
    ask_lines,
    input_lines,
    key_value,
    load_rules_game,
    run_main,
    split_names,
)
from yezi.components.lukfu_deck import deck, name, parse_card
from yezi.core.errors import NotationError
from yezi.games.lukfu.settlement import Settlement, settle_declare, settle_tigers
from yezi.i18n import NP_, Words

KEYS = {
    "bid": ("bid", "bidder", "做", "做牌"),
    "winner": ("winner", "win", "贏家", "赢家", "食糊"),
    "cards": ("cards", "食糊用牌", "糊牌", "用牌"),
    "hu": ("hu", "糊", "糊數", "糊数"),
    "dummy": ("dummy", "夢家", "梦家", "夢家牌", "梦家牌"),
    "hand": ("hand", "手牌"),
    "tigers": ("tigers", "五虎下山", "五虎"),
}
NOBODY = {"none", "nobody", "-", "—", "無", "无", "冇", "冇人", "無人", "无人"}

WORDS = Words("settle-lukfu", {
    "void": NP_("settle-lukfu:void", "Nobody bid 做: the deal is void, nobody pays."),
    "draw": NP_("settle-lukfu:draw", "A draw: nobody pays."),
    "totals": NP_("settle-lukfu:totals", "Totals"),
    "pays": NP_("settle-lukfu:pays", "Settlement"),
})

EXAMPLE = ("  bid: 二家\n  winner: 三家\n  cards: 八拾 八貫 八索 九綫 百子 雲綫\n  dummy: 一索\n"
           "  → 二家 pays 三家 2 and 夢家 4 (包賠): 頭家 0, 二家 −6, 夢家 +4, 三家 +2")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="yezi settle lukfu",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Settle a Luk Fu 六虎牌 deal played with real cards: who bid 做, who declared 食糊 with "
                    "which cards (食糊用牌: his won tricks and the 老歲 he showed), the dummy's card → every "
                    "payment with its reason. One fact per line, 'key: value'; keys: bid 做, winner 食糊, "
                    "cards 食糊用牌, dummy 夢家, hu 糊 (optional), hand 手牌 (dummy_match=winner_hand only), "
                    "tigers 五虎下山. Seats: 頭家/Lead, 二家/Second, 夢家/Dummy, 三家/Third. English card names "
                    "of two words need commas (9 Myriads, Pak Tsz) or use 9M.",
        epilog=f"example input (preset hakka-hk):\n{EXAMPLE}\nexample: yezi settle lukfu --preset guangdong deal.txt",
    )
    p.add_argument("file", nargs="?", help="the facts (default: standard input, or asked one by one)")
    add_rules_args(p)
    return p


def _seat(game, text: str, what: str) -> int | None:
    t = text.strip()
    if t.lower() in NOBODY:
        return None
    for s in range(game.num_seats):
        names = {game.seat_name(s, lg).lower() for lg in ("zh-hant", "zh-hans", "en")}
        if t.lower() in names or t == str(s):
            return s
    choices = ", ".join(f"{game.seat_name(s)}/{game.seat_name(s, 'en')}" for s in range(game.num_seats))
    raise InputError(f"{what}: cannot read {text!r} as a seat; expected one of {choices} (or none)")


def _cards(text: str, what: str) -> list[int]:
    out = []
    for tok in split_names(text):
        try:
            c = parse_card(tok)
        except NotationError as e:
            raise InputError(f"{what}: {e}") from None
        if c in out:
            raise InputError(f"{what}: {name(c)} is named twice; the deck has one of each card")
        out.append(c)
    return out


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def read_facts(args: argparse.Namespace, stdin: TextIO, game) -> dict[str, tuple[int, str]]:
    prompts = ["bid 做 — who bid (頭家/二家/三家, or none): ", "winner 食糊 — who declared (none: a draw): ",
               "cards 食糊用牌 — his won cards and 老歲 (blank if unknown): "]
    if game.dummy_seat is not None:
        prompts.append("dummy 夢家 — the dummy's card: ")
    keys = ["bid", "winner", "cards", "dummy"]

    def ask() -> list[str]:
        answers = ask_lines(prompts, optional={2})()
        # answers come back without their keys: put them on
        asked = [k for k, _ in zip(keys, prompts)]
        if len(answers) < len(asked):  # the optional cards were skipped
            asked.remove("cards")
        return [f"{k}: {a}" for k, a in zip(asked, answers)]

    facts: dict[str, tuple[int, str]] = {}
    lookup = {alias.lower(): key for key, aliases in KEYS.items() for alias in aliases}
    for no, line in input_lines(args.file, stdin, ask):
        kv = key_value(line)
        if kv is None or kv[0].lower() not in lookup:
            raise InputError(f"line {no}: expected 'key: value' with a key among "
                             f"{', '.join(k + ' ' + v[2] if len(v) > 2 else k for k, v in KEYS.items())}; "
                             f"got {line!r}")
        key = lookup[kv[0].lower()]
        if key in facts:
            raise InputError(f"line {no}: {key} given twice (first on line {facts[key][0]})")
        facts[key] = (no, kv[1])
    return facts


def settle_facts(game, facts: dict[str, tuple[int, str]], lang: str) -> tuple[Settlement | None, str | None]:
    """(the engine's settlement, or None with the reason nobody pays)."""
    rules = game.rules
    active = game.active_seats()
    in_deck = set(deck(game.players))

    def where(key: str) -> str:
        return f"line {facts[key][0]} ({key})"

    if "tigers" in facts:
        w = _seat(game, facts["tigers"][1], where("tigers"))
        if w is None or w not in active:
            raise InputError(f"{where('tigers')}: 五虎下山 is declared by a player, not the dummy")
        if rules["five_tigers"] != "on":
            raise InputError("五虎下山 is not played with these rules (five_tigers is off)")
        other = set(facts) - {"tigers"}
        if other:
            raise InputError(f"五虎下山 ends the deal before play; {', '.join(sorted(other))} cannot be given with it")
        return settle_tigers(num_seats=game.num_seats, active=active, winner=w, rules=rules, seat_names=[]), None
    if "bid" not in facts:
        raise InputError("say who bid 做 (bid: 二家), or 'bid: none' when nobody did")
    bidder = _seat(game, facts["bid"][1], where("bid"))
    if bidder is not None and bidder not in active:
        raise InputError(f"{where('bid')}: the dummy does not bid")
    winner = _seat(game, facts["winner"][1], where("winner")) if "winner" in facts else None
    if bidder is None:
        if winner is not None:
            raise InputError("nobody bid 做, so the deal is void and nobody can declare 食糊")
        return None, WORDS[lang]["void"]
    if winner is None:
        return None, WORDS[lang]["draw"]
    if winner not in active:
        raise InputError(f"{where('winner')}: the dummy does not declare 食糊")
    cards = _cards(facts["cards"][1], where("cards")) if "cards" in facts else None
    hand = _cards(facts["hand"][1], where("hand")) if "hand" in facts else None
    dummy_card = None
    if game.dummy_seat is not None:
        if "dummy" not in facts:
            raise InputError("four players: give the dummy's card (dummy: 一索)")
        got = _cards(facts["dummy"][1], where("dummy"))
        if len(got) != 1:
            raise InputError(f"{where('dummy')}: the dummy holds one card, got {len(got)}")
        dummy_card = got[0]
    elif "dummy" in facts:
        raise InputError("three players: there is no dummy")
    for key, cs in (("cards", cards), ("hand", hand), ("dummy", [dummy_card] if dummy_card is not None else None)):
        for c in cs or ():
            if c not in in_deck:
                raise InputError(f"{where(key)}: {name(c, lang)} is not in the {len(in_deck)}-card deck of "
                                 f"{game.players} players")
    if cards is not None and dummy_card in cards:
        raise InputError(f"the dummy's card {name(dummy_card, lang)} is also among the winner's cards")
    hu = None
    if "hu" in facts:
        try:
            hu = int(facts["hu"][1])
        except ValueError:
            raise InputError(f"{where('hu')}: expected a whole number of 糊, e.g. 7") from None
        if cards is not None and hu != len(cards):
            raise InputError(f"hu {hu} but {len(cards)} cards are listed; each 食糊用牌 card is one 糊")
    elif cards is None:
        raise InputError("give the winner's cards (cards: …) or at least how many 糊 (hu: 7)")
    n = hu if hu is not None else len(cards or [])
    if not 6 <= n <= 12:
        raise InputError(f"{n} 糊: a declaration needs at least 6 糊, and a hand has 12 cards")
    if cards is None and rules["scoring"] == "linear":
        raise InputError("linear scoring counts the red cards among the 食糊用牌: give them (cards: …)")
    if dummy_card is not None and rules["dummy_match"] == "winning_cards" and cards is None:
        raise InputError("the dummy is paid for the 食糊用牌 of its number: give them (cards: …)")
    if dummy_card is not None and rules["dummy_match"] == "winner_hand" and hand is None:
        raise InputError("with dummy_match=winner_hand the dummy matches the winner's hand: give it (hand: …)")
    # hu alone (no cards): only the count is used, as the checks above made sure
    return settle_declare(num_seats=game.num_seats, active=active, winner=winner, bidder=bidder,
                          used_cards=_mask(cards or []),
                          hand_cards=_mask(hand or []), dummy_seat=game.dummy_seat, dummy_card=dummy_card,
                          rules=rules, hu=hu), None


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    lang = args.lang
    game = load_rules_game("lukfu", args)
    facts = read_facts(args, stdin, game)
    settlement, nothing = settle_facts(game, facts, lang)
    w = WORDS[lang]
    print(f"{game.titles.get(lang, game.titles['en'])} · {game.rules.preset}", file=stdout)
    print(f"{w['pays']}:", file=stdout)
    pays = [0] * game.num_seats
    if settlement is None:
        print(f"  {nothing}", file=stdout)
    else:
        for line in settlement.texts(lang):
            print(f"  {line}", file=stdout)
        pays = settlement.payments
    print(f"{w['totals']}: " + ", ".join(f"{game.seat_name(s, lang)} {p:+d}" for s, p in enumerate(pays)),
          file=stdout)
    return 0


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    return run_main("yezi settle lukfu", build_parser(), run, argv, stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
