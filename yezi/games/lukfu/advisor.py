"""Luk Fu bid advisor: should this hand 做 (bid) or 唔做 (pass)? A number instead of an argument.

Given a hand and a position (頭家 lead seat, 二家, 三家), it deals the other cards at random many
times and plays each deal out with the heuristic bot in every seat, twice from the moment the
hand must decide: once after 做, once after 唔做 (the same cards and the same random stream, so
the comparison is paired). It reports, for each choice, the probability of winning the deal and
the expected payment, each with a 95% interval, and the difference 做 − 唔做.

The seats before this one decide by the same bot; a dealt world in which one of them bids first
(or someone declares 五虎下山) never reaches this decision and is set aside, so the numbers are
conditioned, as they should be, on "everyone before me passed". That is the 可以做而唔做 question
(S0 SW 爭議): the paired difference says how much passing this hand costs, on average.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from yezi.components.lukfu_deck import deck, name, parse_card, sort_key
from yezi.core.errors import NotationError
from yezi.core.outcomes import Outcomes, plain_line, risk_line
from yezi.core.stats import mean_ci, proportion_ci95
from yezi.games.lukfu import actions as A
from yezi.i18n import NP_, Msg, PerLanguage, Words

POSITIONS = {
    "頭家": "lead", "头家": "lead", "lead": "lead", "0": "lead",
    "二家": "second", "second": "second", "1": "second",
    "三家": "third", "third": "third", "3": "third",
}
FIVE_TIGERS_CARDS = (0, 9, 18, 27, 36)


def seat_of(game, position: str | int) -> int:
    """The seat index of 頭家 / 二家 / 三家 (三家 is seat 3 with four players, 2 with three)."""
    if isinstance(position, int):
        if position not in game.active_seats():
            raise ValueError(f"seat {position} does not bid; bidding seats: {game.active_seats()}")
        return position
    key = POSITIONS.get(position.strip().lower())
    if key is None:
        raise ValueError(f"unknown position {position!r}; use 頭家, 二家 or 三家 (lead, second, third)")
    return {"lead": 0, "second": 1, "third": game.active_seats()[2]}[key]


def parse_hand(text: str | Sequence[str]) -> list[int]:
    tokens = re.split(r"[\s,，、]+", text.strip()) if isinstance(text, str) else list(text)
    cards = [parse_card(t) for t in tokens if t]
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:  # name it: in a hand of twelve, the reader should not have to hunt for it
        raise NotationError(Msg("a hand holds each card once; {card} is given twice",
                                card=PerLanguage(lambda lang: name(twice, lang))))
    return cards


@dataclass
class Option:
    """Estimates for one choice."""

    action: int
    n: int
    win: float  # probability that this seat wins the deal
    win_half: float
    mean: float  # expected payment to this seat
    mean_half: float
    outcomes: Outcomes | None = None  # what it brought deal by deal: the risk a player reads


@dataclass
class Advice:
    seat: int
    hand: list[int]
    samples: int  # worlds in which the decision was reached
    tried: int  # worlds dealt (some never reach this seat's decision)
    bid: Option | None
    pass_: Option | None
    diff: float  # 做 − 唔做, paired
    diff_half: float
    five_tigers: bool = False

    @property
    def recommended(self) -> int:
        if self.five_tigers:
            return A.TIGERS
        if self.bid is None:
            return A.PASS
        if self.pass_ is None:
            return A.BID
        return A.BID if self.diff > 0 else A.PASS

    @property
    def reach_rate(self) -> float:
        return self.samples / self.tried if self.tried else 0.0


def _random_deal(game, seat: int, hand: list[int], rng: random.Random) -> list[list[int]]:
    rest = [c for c in deck(game.players) if c not in set(hand)]
    rng.shuffle(rest)
    sizes = [12, 12, 1, 12] if game.players == 4 else [12, 12, 12]
    deal: list[list[int]] = []
    i = 0
    for s, size in enumerate(sizes):
        if s == seat:
            deal.append(sorted(hand))
        else:
            deal.append(sorted(rest[i:i + size]))
            i += size
    return deal


def _finish(game, state, policy: list[Any], rng: random.Random) -> None:
    while (s := state.current_player) is not None:
        legal = state.legal_actions()
        a = legal[0] if len(legal) == 1 else policy[s].choose(game, state.view(s), legal, rng)
        state.apply_unchecked(a)


def advise(
    game,
    hand: Sequence[int] | str,
    position: str | int = "頭家",
    samples: int = 400,
    seed: int = 0,
    policy_factory: Callable[[], Any] | None = None,
    max_tries: int | None = None,
    tigers_open: bool = True,
) -> Advice:
    """Simulate `samples` deals in which this hand must decide; see the module docstring.
    `tigers_open=False`: the 五虎下山 check is already past (the seat kept quiet), so a hand holding the
    five tigers is advised 做 or 唔做 like any other, never a declaration that is no longer legal."""
    from yezi.games.lukfu.bots import HeuristicBot  # the rollout policy of the search bot too

    cards = parse_hand(hand) if isinstance(hand, str) else list(hand)
    if len(cards) != 12:
        raise ValueError(f"a Luk Fu hand has 12 cards, got {len(cards)}")
    if any(c not in deck(game.players) for c in cards):
        raise ValueError("the hand holds a card that is not in this game's deck")
    seat = seat_of(game, position)
    rng = random.Random(seed)
    factory = policy_factory or HeuristicBot
    policy = [factory() for _ in range(game.num_seats)]
    five = (tigers_open and game.rules["five_tigers"] == "on" and game.players == 4
            and all(c in cards for c in FIVE_TIGERS_CARDS))
    pays: dict[int, list[float]] = {A.BID: [], A.PASS: []}
    wins: dict[int, int] = {A.BID: 0, A.PASS: 0}
    diffs: list[float] = []
    tried = 0
    limit = max_tries or samples * 40
    while len(diffs) < samples and tried < limit and not (five and tried):
        tried += 1
        state = game.new_state(_random_deal(game, seat, cards, rng))
        play_rng = random.Random(rng.getrandbits(64))
        while state.current_player is not None and not (state.phase == "bid" and state.to_act == seat):
            s = state.current_player
            legal = state.legal_actions()
            if s == seat:  # 五虎下山 check: this seat keeps quiet (five tigers are handled above)
                state.apply_unchecked(A.NO_TIGERS if A.NO_TIGERS in legal else legal[0])
                continue
            state.apply_unchecked(policy[s].choose(game, state.view(s), legal, play_rng))
        if state.current_player is None or state.phase != "bid":
            continue  # someone bid first or declared 五虎下山: this decision never comes
        legal = state.legal_actions()
        roll_seed = rng.getrandbits(64)
        got: dict[int, float] = {}
        for a in (A.BID, A.PASS):
            if a not in legal:
                continue
            st = state.clone()
            st.apply_unchecked(a)
            _finish(game, st, policy, random.Random(roll_seed))
            v = float(st.payments()[seat])
            pays[a].append(v)
            got[a] = v
            if st.winner == seat and st.outcome in ("win", "tigers"):
                wins[a] += 1
        diffs.append(got.get(A.BID, 0.0) - got.get(A.PASS, 0.0) if len(got) == 2 else 0.0)

    def option(a: int) -> Option | None:
        xs = pays[a]
        if not xs:
            return None
        m, h = mean_ci(xs)
        _, wh = proportion_ci95(wins[a], len(xs))
        return Option(a, len(xs), wins[a] / len(xs), wh, m, h, Outcomes.of(xs))

    both = bool(pays[A.BID]) and bool(pays[A.PASS])
    d, dh = mean_ci(diffs) if both else (0.0, math.nan)
    return Advice(seat, sorted(cards, key=sort_key), len(diffs), tried, option(A.BID), option(A.PASS), d, dh, five)


WORDS = Words("lukfu-advisor", {
    "bid": NP_("lukfu-advisor:bid", "bid (做)"),
    "pass": NP_("lukfu-advisor:pass", "pass (唔做)"),
    "win": NP_("lukfu-advisor:win", "wins"),
    "pay": NP_("lukfu-advisor:pay", "expected payment"),
    "diff": NP_("lukfu-advisor:diff", "bid − pass"),
    "rec": NP_("lukfu-advisor:rec", "advice"),
    "deals": NP_("lukfu-advisor:deals", "simulated deals"),
    "reach": NP_("lukfu-advisor:reach", "reached this decision in"),
    "tigers": NP_("lukfu-advisor:tigers", "declare 五虎下山: this hand wins at once"),
    "forced": NP_("lukfu-advisor:forced", "passing is not allowed here"),
    "never": NP_("lukfu-advisor:never", "this decision was never reached in the simulations (an earlier seat "
                                        "always bids first)"),
})


def format_advice(game, adv: Advice, lang: str = "zh-hant") -> str:
    w = WORDS.get(lang, WORDS["en"])
    card_lang = lang if lang in ("zh-hant", "zh-hans", "en") else "en"
    hand = " ".join(name(c, card_lang) for c in adv.hand)
    lines = [f"{game.seat_name(adv.seat, card_lang)}: {hand}"]
    if adv.five_tigers:
        lines.append(f"{w['rec']}: {w['tigers']}")
        return "\n".join(lines)
    if not adv.samples:
        lines.append(w["never"])
        return "\n".join(lines)
    for key, opt in (("bid", adv.bid), ("pass", adv.pass_)):
        if opt is None:
            lines.append(f"  {w[key]:<12} {w['forced']}")
            continue
        lines.append(f"  {w[key]:<12} {w['win']} {opt.win:6.1%} ± {opt.win_half:.1%}   "
                     f"{w['pay']} {opt.mean:+.2f} ± {opt.mean_half:.2f}")
    if adv.bid is not None and adv.pass_ is not None:
        lines.append(f"  {w['diff']}: {adv.diff:+.2f} ± {adv.diff_half:.2f}")
    rec = w["bid"] if adv.recommended == A.BID else w["pass"]
    sure = adv.bid is None or adv.pass_ is None or abs(adv.diff) > adv.diff_half
    lines.append(f"{w['rec']}: {rec}{'' if sure else ' (?)'}   ({adv.samples} {w['deals']}; "
                 f"{w['reach']} {adv.reach_rate:.0%})")
    return "\n".join(lines)


def plain_advice(game, adv: Advice, lang: str = "zh-hant") -> tuple[str, str]:
    """The advice in a player's words (`yezi.core.outcomes`): the suggested bid and how much
    better it is than the other, as far as the simulated deals tell them apart, and what each did
    (how often it lost, its range)."""
    w = WORDS.get(lang, WORDS["en"])
    if adv.five_tigers:
        return w["tigers"], ""
    if not adv.samples:
        return w["never"], ""
    rec = adv.recommended
    chosen, other = (adv.bid, adv.pass_) if rec == A.BID else (adv.pass_, adv.bid)
    fmt = {A.BID: w["bid"], A.PASS: w["pass"]}
    diff = adv.diff if rec == A.BID else -adv.diff
    line = plain_line(fmt[rec], None if other is None else fmt[other.action], diff, adv.diff_half, lang)
    return line, risk_line([(fmt[o.action], o.outcomes) for o in (chosen, other) if o is not None], lang)


def advice_json(game, adv: Advice, lang: str = "zh-hant") -> dict[str, Any]:
    """The advice as plain JSON for the web app: ``action`` the suggested one (marked on its
    button), ``line`` and ``risk`` in the player's words, ``details`` the statistics."""

    def one(opt: Option | None) -> dict[str, Any] | None:
        if opt is None:
            return None
        return {"action": opt.action, "text": game.format_action(opt.action, lang), "samples": opt.n,
                "p_win": opt.win, "p_win_half_width": opt.win_half, "mean": opt.mean, "half_width": opt.mean_half,
                "outcomes": None if opt.outcomes is None else opt.outcomes.as_json()}

    line, risk = plain_advice(game, adv, lang)
    details = format_advice(game, adv, lang)

    return {
        "seat": adv.seat,
        "hand": adv.hand,
        "samples": adv.samples,
        "reach_rate": adv.reach_rate,
        "bid": one(adv.bid),
        "pass": one(adv.pass_),
        "bid_minus_pass": None if adv.bid is None or adv.pass_ is None else adv.diff,
        "bid_minus_pass_half_width": None if adv.bid is None or adv.pass_ is None else adv.diff_half,
        "five_tigers": adv.five_tigers,
        "recommended": adv.recommended,
        "recommended_text": game.format_action(adv.recommended, lang),
        "action": adv.recommended,
        "line": line,
        "risk": risk,
        "details": details,
        "summary": line + ("\n" + risk if risk else ""),
    }


def example_hand(seed: int = 0, players: int = 4) -> list[int]:
    """A random 12-card hand (for demonstrations and tests)."""
    cards = deck(players)
    random.Random(seed).shuffle(cards)
    return sorted(cards[:12], key=sort_key)


__all__ = ["Advice", "Option", "advice_json", "advise", "format_advice", "plain_advice"]
