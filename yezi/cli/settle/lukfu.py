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

Seats are roles: 頭家 (Dealer, 0), 二家 (Second), 夢家 (Dummy), 三家 (Third). The facts go to the
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
    banner,
    input_lines,
    key_value,
    later,
    line_at,
    load_rules_game,
    run_main,
    say,
    split_names,
)
from yezi.components.lukfu_deck import deck, name, parse_card
from yezi.core.errors import NotationError
from yezi.games.lukfu.settlement import Settlement, settle_declare, settle_tigers
from yezi.i18n import NP_, PerLanguage, Words, punct

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
    # the questions asked one by one at a terminal
    "ask-bid": NP_("settle-lukfu:ask-bid", "bid 做 — who bid (頭家/二家/三家, or none): "),
    "ask-winner": NP_("settle-lukfu:ask-winner", "winner 食糊 — who declared (none: a draw): "),
    "ask-cards": NP_("settle-lukfu:ask-cards", "cards 食糊用牌 — his won cards and 老歲 (blank if unknown): "),
    "ask-dummy": NP_("settle-lukfu:ask-dummy", "dummy 夢家 — the dummy's card: "),
    # the input errors
    "at": NP_("settle-lukfu:at", "line {no} ({key})"),
    "seat": NP_("settle-lukfu:seat", "{what}: cannot read {text} as a seat; expected one of {choices} (or none)"),
    "card": NP_("settle-lukfu:card",
                "{what}: cannot read {text} as a Luk Fu card; expected a name like 九貫, 百子, 雲綫, '9 Myriads' or 9M"),
    "card-twice": NP_("settle-lukfu:card-twice", "{what}: {card} is named twice; the deck has one of each card"),
    "bad-line": NP_("settle-lukfu:bad-line", "{line}: expected 'key: value' with a key among {keys}; got {text}"),
    "key-twice": NP_("settle-lukfu:key-twice", "{line}: {key} given twice (first on {first})"),
    "tigers-dummy": NP_("settle-lukfu:tigers-dummy", "{where}: 五虎下山 is declared by a player, not the dummy"),
    "tigers-off": NP_("settle-lukfu:tigers-off", "五虎下山 is not played with these rules (five_tigers is off)"),
    "tigers-alone": NP_("settle-lukfu:tigers-alone",
                        "五虎下山 ends the deal before play; {keys} cannot be given with it"),
    "no-bid": NP_("settle-lukfu:no-bid", "say who bid 做 (bid: 二家), or 'bid: none' when nobody did"),
    "dummy-bids": NP_("settle-lukfu:dummy-bids", "{where}: the dummy does not bid"),
    "void-win": NP_("settle-lukfu:void-win", "nobody bid 做, so the deal is void and nobody can declare 食糊"),
    "dummy-wins": NP_("settle-lukfu:dummy-wins", "{where}: the dummy does not declare 食糊"),
    "need-dummy": NP_("settle-lukfu:need-dummy", "four players: give the dummy's card (dummy: 一索)"),
    "dummy-one": NP_("settle-lukfu:dummy-one", "{where}: the dummy holds one card, got {n}"),
    "no-dummy": NP_("settle-lukfu:no-dummy", "three players: there is no dummy"),
    "not-in-deck": NP_("settle-lukfu:not-in-deck", "{where}: {card} is not in the {size}-card deck of {players} players"),
    "dummy-in-cards": NP_("settle-lukfu:dummy-in-cards", "the dummy's card {card} is also among the winner's cards"),
    "hu-number": NP_("settle-lukfu:hu-number", "{where}: expected a whole number of 糊, e.g. 7"),
    "hu-cards": NP_("settle-lukfu:hu-cards", "hu {hu} but {n} cards are listed; each 食糊用牌 card is one 糊"),
    "need-cards": NP_("settle-lukfu:need-cards", "give the winner's cards (cards: …) or at least how many 糊 (hu: 7)"),
    "few-hu": NP_("settle-lukfu:few-hu", "{n} 糊: a declaration needs at least 6 糊, and a hand has 12 cards"),
    "linear": NP_("settle-lukfu:linear",
                  "linear scoring counts the red cards among the 食糊用牌: give them (cards: …)"),
    "dummy-paid": NP_("settle-lukfu:dummy-paid",
                      "the dummy is paid for the 食糊用牌 of its number: give them (cards: …)"),
    "need-hand": NP_("settle-lukfu:need-hand",
                     "with dummy_match=winner_hand the dummy matches the winner's hand: give it (hand: …)"),
})

#: the input keys as an error names them: the English key, or in Chinese an alias the calculator reads
KEY_NAMES = Words("settle-lukfu-key", {
    "bid": NP_("settle-lukfu-key:bid", "bid"),
    "winner": NP_("settle-lukfu-key:winner", "winner"),
    "cards": NP_("settle-lukfu-key:cards", "cards"),
    "hu": NP_("settle-lukfu-key:hu", "hu"),
    "dummy": NP_("settle-lukfu-key:dummy", "dummy"),
    "hand": NP_("settle-lukfu-key:hand", "hand"),
    "tigers": NP_("settle-lukfu-key:tigers", "tigers"),
})


def _keys(keys: list[str], en: str) -> PerLanguage:
    """Input keys listed in an error: `en` as English has it, the keys' Chinese names otherwise."""
    return PerLanguage(lambda lang: en if lang == "en" else "、".join(KEY_NAMES[lang][k] for k in keys))

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
                    "tigers 五虎下山. Seats: 頭家/Dealer, 二家/Second, 夢家/Dummy, 三家/Third. English card names "
                    "of two words need commas (9 Myriads, Pak Tsz) or use 9M.",
        epilog=f"example input (preset hakka-hk):\n{EXAMPLE}\nexample: yezi settle lukfu --preset guangdong deal.txt",
    )
    p.add_argument("file", nargs="?", help="the facts (default: standard input, or asked one by one)")
    add_rules_args(p)
    return p


def _seat(game, text: str, what: object) -> int | None:
    t = text.strip()
    if t.lower() in NOBODY:
        return None
    for s in range(game.num_seats):
        names = {game.seat_name(s, lg).lower() for lg in ("zh-hant", "zh-hans", "en")} | ({"lead"} if s == 0 else set())
        if t.lower() in names or t == str(s):
            return s
    choices = PerLanguage(lambda lang: ", ".join(f"{game.seat_name(s)}/{game.seat_name(s, 'en')}"
                                                 for s in range(game.num_seats)) if lang == "en"
                          else "、".join(game.seat_name(s, lang) for s in range(game.num_seats)))
    raise InputError(WORDS, "seat", what=what, text=repr(text), choices=choices)


def _card_name(c: int) -> PerLanguage:
    """A card's name in an error: in 繁體 in the English text (as it was), in the reader's script otherwise."""
    return PerLanguage(lambda lang: name(c, "zh-hant" if lang == "en" else lang))


def _cards(text: str, what: object) -> list[int]:
    out = []
    for tok in split_names(text):
        try:
            c = parse_card(tok)
        except NotationError:
            raise InputError(WORDS, "card", what=what, text=repr(tok)) from None
        if c in out:
            raise InputError(WORDS, "card-twice", what=what, card=_card_name(c))
        out.append(c)
    return out


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def read_facts(args: argparse.Namespace, stdin: TextIO, game) -> dict[str, tuple[int, str]]:
    prompts = [say(WORDS, k, args.lang) for k in ("ask-bid", "ask-winner", "ask-cards")]
    if game.dummy_seat is not None:
        prompts.append(say(WORDS, "ask-dummy", args.lang))
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
            keys = _keys(list(KEYS), ", ".join(k + " " + v[2] if len(v) > 2 else k for k, v in KEYS.items()))
            raise InputError(WORDS, "bad-line", line=line_at(no), keys=keys, text=repr(line))
        key = lookup[kv[0].lower()]
        if key in facts:
            raise InputError(WORDS, "key-twice", line=line_at(no), key=_keys([key], key), first=line_at(facts[key][0]))
        facts[key] = (no, kv[1])
    return facts


def settle_facts(game, facts: dict[str, tuple[int, str]], lang: str) -> tuple[Settlement | None, str | None]:
    """(the engine's settlement, or None with the reason nobody pays)."""
    rules = game.rules
    active = game.active_seats()
    in_deck = set(deck(game.players))

    def where(key: str) -> PerLanguage:
        return later(WORDS, "at", no=facts[key][0], key=_keys([key], key))

    if "tigers" in facts:
        w = _seat(game, facts["tigers"][1], where("tigers"))
        if w is None or w not in active:
            raise InputError(WORDS, "tigers-dummy", where=where("tigers"))
        if rules["five_tigers"] != "on":
            raise InputError(WORDS, "tigers-off")
        other = sorted(set(facts) - {"tigers"})
        if other:
            raise InputError(WORDS, "tigers-alone", keys=_keys(other, ", ".join(other)))
        return settle_tigers(num_seats=game.num_seats, active=active, winner=w, rules=rules, seat_names=[]), None
    if "bid" not in facts:
        raise InputError(WORDS, "no-bid")
    bidder = _seat(game, facts["bid"][1], where("bid"))
    if bidder is not None and bidder not in active:
        raise InputError(WORDS, "dummy-bids", where=where("bid"))
    winner = _seat(game, facts["winner"][1], where("winner")) if "winner" in facts else None
    if bidder is None:
        if winner is not None:
            raise InputError(WORDS, "void-win")
        return None, WORDS[lang]["void"]
    if winner is None:
        return None, WORDS[lang]["draw"]
    if winner not in active:
        raise InputError(WORDS, "dummy-wins", where=where("winner"))
    cards = _cards(facts["cards"][1], where("cards")) if "cards" in facts else None
    hand = _cards(facts["hand"][1], where("hand")) if "hand" in facts else None
    dummy_card = None
    if game.dummy_seat is not None:
        if "dummy" not in facts:
            raise InputError(WORDS, "need-dummy")
        got = _cards(facts["dummy"][1], where("dummy"))
        if len(got) != 1:
            raise InputError(WORDS, "dummy-one", where=where("dummy"), n=len(got))
        dummy_card = got[0]
    elif "dummy" in facts:
        raise InputError(WORDS, "no-dummy")
    for key, cs in (("cards", cards), ("hand", hand), ("dummy", [dummy_card] if dummy_card is not None else None)):
        for c in cs or ():
            if c not in in_deck:
                raise InputError(WORDS, "not-in-deck", where=where(key), card=name(c, lang), size=len(in_deck),
                                 players=game.players)
    if cards is not None and dummy_card in cards:
        raise InputError(WORDS, "dummy-in-cards", card=name(dummy_card, lang))
    hu = None
    if "hu" in facts:
        try:
            hu = int(facts["hu"][1])
        except ValueError:
            raise InputError(WORDS, "hu-number", where=where("hu")) from None
        if cards is not None and hu != len(cards):
            raise InputError(WORDS, "hu-cards", hu=hu, n=len(cards))
    elif cards is None:
        raise InputError(WORDS, "need-cards")
    n = hu if hu is not None else len(cards or [])
    if not 6 <= n <= 12:
        raise InputError(WORDS, "few-hu", n=n)
    if cards is None and rules["scoring"] == "linear":
        raise InputError(WORDS, "linear")
    if dummy_card is not None and rules["dummy_match"] == "winning_cards" and cards is None:
        raise InputError(WORDS, "dummy-paid")
    if dummy_card is not None and rules["dummy_match"] == "winner_hand" and hand is None:
        raise InputError(WORDS, "need-hand")
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
    print(banner(game, lang), file=stdout)
    print(w["pays"] + punct(lang, "colon").rstrip(), file=stdout)
    pays = [0] * game.num_seats
    if settlement is None:
        print(f"  {nothing}", file=stdout)
    else:
        for line in settlement.texts(lang):
            print(f"  {line}", file=stdout)
        pays = settlement.payments
    print(w["totals"] + punct(lang, "colon") + punct(lang, "comma").join(f"{game.seat_name(s, lang)} {p:+d}" for s, p in enumerate(pays)),
          file=stdout)
    return 0


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    return run_main("yezi settle lukfu", build_parser(), run, argv, stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
