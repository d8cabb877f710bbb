"""How often a Luk Fu deal is void (流局: nobody bids), and how well a bid rule agrees with the advisor.

The bid advisor (yezi/games/lukfu/advisor.py) answers "should this hand 做?" by dealing the unseen
cards at random, keeping the worlds in which the earlier seats passed, and playing each out twice
with the heuristic bot, after 做 and after 唔做. This script asks the same question with the
native engine (the bidding walked here in Python, the play after it rolled out natively), so that
thousands of decisions fit in minutes, and reports for each bid rule:

- the void rate over N deals dealt from seeds 0..N-1, with its 95% interval;
- the same for seats that all bid as the advisor says (做 where 做 − 唔做 > 0);
- the agreement of the rule with the advisor at the decisions the rule meets.

The rules: ``bot``, the heuristic bot's own (`yezi.games.lukfu.bots.bid_score` against `BID_NEED`),
and ``strength``, the bot's rule before it was fitted to the advisor (the cards likely to win
tricks: 6 for 頭家, 8 for 二家 and 三家).
Run: python bench/lukfu_bidding.py --deals 2000 --worlds 150 --rule strength --rule bot
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter

from yezi.components.lukfu_deck import mask_of
from yezi.core.registry import load_game
from yezi.core.stats import proportion_ci95
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.advisor import _random_deal
from yezi.games.lukfu.bots import BID_NEED, _disjoint_combos, bid_score
from yezi.native.lukfu import NativeLukFu

FIVE_TIGERS = mask_of([0, 9, 18, 27, 36])


def hand_strength(game, hand: int, laosui: int) -> int:
    """The score of the rule before: 老歲 singles plus the cards of disjoint 各 and 順."""
    used = 0
    for m in _disjoint_combos(game, hand):
        used |= m
    return bin(laosui & ~used).count("1") + bin(used).count("1")


RULES = {
    "strength": (hand_strength, (6, 8, 8)),
    "bot": (bid_score, BID_NEED),
}


class Bidding:
    """The bidding walked in Python for one rule; the play after it rolled out natively."""

    def __init__(self, game, rule: str):
        self.game = game
        self.score, self.need = RULES[rule]
        self.nat = NativeLukFu(game)
        self.active = game.active_seats()
        self.tigers_phase = game.rules["five_tigers"] == "on" and game.dummy_seat is not None

    def strengths(self, deal) -> dict[int, int]:
        old = self.nat.laosui_now(deal, [])
        return {s: self.score(self.game, mask_of(deal[s]), old[s]) for s in self.active}

    def tigers(self, deal) -> int | None:
        if not self.tigers_phase:
            return None
        return next((s for s in self.active if mask_of(deal[s]) & FIVE_TIGERS == FIVE_TIGERS), None)

    def prefix(self) -> list[int]:
        return [A.NO_TIGERS] * len(self.active) if self.tigers_phase else []

    def bids(self, pos: int, strength: int) -> bool:
        return strength >= self.need[pos]

    def pay(self, deal, hist: list[int], seat: int) -> int:
        state = self.game.new_state(deal)
        for a in hist:
            state.apply_unchecked(a)
        if state.current_player is None:
            return int(state.payments()[seat])
        return int(self.nat.playout(state, "heuristic")[seat])

    def rest_of_bidding(self, strengths: dict[int, int], after_pos: int) -> list[int]:
        """The bids of the positions after `after_pos`, by this rule, up to the first 做."""
        out = []
        for pos in range(after_pos + 1, 3):
            if self.bids(pos, strengths[self.active[pos]]):
                return [*out, A.BID]
            out.append(A.PASS)
        return out

    def advice(self, hand: list[int], pos: int, worlds: int, rng: random.Random) -> tuple[float, float, int]:
        """(mean 做 − 唔做, mean payment after 做, worlds) over worlds in which this decision comes."""
        seat = self.active[pos]
        diffs, bids = [], []
        tries = 0
        while len(diffs) < worlds and tries < worlds * 40:
            tries += 1
            deal = _random_deal(self.game, seat, hand, rng)
            if self.tigers(deal) is not None:
                continue
            st = self.strengths(deal)
            if any(self.bids(p, st[self.active[p]]) for p in range(pos)):
                continue
            head = self.prefix() + [A.PASS] * pos
            b = self.pay(deal, [*head, A.BID], seat)
            p = self.pay(deal, [*head, A.PASS, *self.rest_of_bidding(st, pos)], seat)
            diffs.append(b - p)
            bids.append(b)
        if not diffs:
            return 0.0, 0.0, 0
        return sum(diffs) / len(diffs), sum(bids) / len(bids), len(diffs)


def run(game, rule: str, deals: int, worlds: int, advisor: bool, dump: list | None = None) -> None:
    b = Bidding(game, rule)
    outcomes: Counter[str] = Counter()
    adv_void = adv_n = 0
    agree = Counter()
    meets = Counter()
    rows = []
    rng = random.Random(12345)
    t0 = time.perf_counter()
    for seed in range(deals):
        deal = game.deal_from_seed(seed)
        if b.tigers(deal) is not None:
            outcomes["tigers"] += 1
            continue
        st = b.strengths(deal)
        bidder = next((p for p in range(3) if b.bids(p, st[b.active[p]])), None)
        outcomes["void" if bidder is None else f"bid{bidder}"] += 1
        if not advisor:
            continue
        # the advisor at each decision the rule meets (and, for the advisor's own void rate, until
        # the advisor says 做)
        adv_bidder = None
        for pos in range(3):
            seat = b.active[pos]
            by_rule = bidder is None or pos <= bidder
            by_adv = adv_bidder is None
            if not (by_rule or by_adv):
                break
            d, mb, n = b.advice(sorted(deal[seat]), pos, worlds, rng)
            says = n > 0 and d > 0
            rows.append((pos, st[seat], d, mb, n))
            if dump is not None:
                dump.append({"pos": pos, "hand": sorted(deal[seat]), "strength": st[seat], "diff": d, "bid": mb, "n": n})
            if by_rule:
                meets[pos] += 1
                agree[pos] += says == b.bids(pos, st[seat])
            if by_adv and says:
                adv_bidder = pos
        adv_n += 1
        adv_void += adv_bidder is None
    dt = time.perf_counter() - t0
    n = sum(outcomes.values())
    v = outcomes["void"] / n
    half = proportion_ci95(outcomes["void"], n)[1]
    print(f"rule {rule}: void {v:.1%} ± {half:.1%} over {n} deals; "
          + ", ".join(f"{k} {c}" for k, c in sorted(outcomes.items())) + f"  ({dt:.0f} s)")
    if advisor:
        half = proportion_ci95(adv_void, adv_n)[1]
        print(f"  seats bidding as the advisor (rollouts with this rule): void {adv_void / adv_n:.1%} ± {half:.1%}")
        tot_a, tot_m = sum(agree.values()), sum(meets.values())
        print(f"  agreement with the advisor: {tot_a / tot_m:.1%} of {tot_m} decisions; by position "
              + ", ".join(f"{p}: {agree[p] / meets[p]:.1%} of {meets[p]}" for p in range(3) if meets[p]))
        by = Counter()
        pos_bid = Counter()
        total: Counter[tuple[int, int]] = Counter()
        for pos, s, d, _mb, n in rows:
            if n:
                by[(pos, s)] += 1
                pos_bid[(pos, s)] += d > 0
                total[(pos, s)] += d
        for pos in range(3):
            cells = [f"{s}:{pos_bid[(pos, s)]}/{by[(pos, s)]} ({total[(pos, s)] / by[(pos, s)]:+.2f})"
                     for s in range(60) if by[(pos, s)]]
            print(f"  position {pos}, score: advisor says 做 / decisions (mean 做 − 唔做)  " + " ".join(cells))


def engine_void_rate(game, deals: int) -> None:
    """The same void rate counted on the Python engine with the heuristic bot in every seat (the
    bidding only: a deal is void or not once someone has bid), to check the walk above."""
    bot = game.bots()["heuristic"]()
    rng = random.Random(0)
    void = 0
    for seed in range(deals):
        state = game.new_state(game.deal_from_seed(seed))
        while state.current_player is not None and state.phase in ("tigers", "bid"):
            s = state.current_player
            state.apply(bot.choose(game, state.view(s), state.legal_actions(), rng))
        void += state.outcome == "void"
    half = proportion_ci95(void, deals)[1]
    print(f"Python engine, heuristic bots: void {void / deals:.1%} ± {half:.1%} over {deals} deals")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--worlds", type=int, default=200)
    p.add_argument("--rule", action="append", default=[], choices=sorted(RULES))
    p.add_argument("--no-advisor", action="store_true")
    p.add_argument("--engine-check", action="store_true", help="also count the bot's void rate on the Python engine")
    p.add_argument("--preset", default=None)
    p.add_argument("--dump", help="write every advised decision (position, hand, strength, 做 − 唔做) as JSON")
    args = p.parse_args()
    game = load_game("lukfu", args.preset)
    dump: list | None = [] if args.dump else None
    for r in args.rule or ["strength", "bot"]:
        run(game, r, args.deals, args.worlds, not args.no_advisor, dump)
    if args.engine_check:
        engine_void_rate(game, args.deals)
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            json.dump(dump, f)


if __name__ == "__main__":
    main()
