"""A heuristic bot for the three domino games, deciding from its seat's view only.

What it weighs (issue 4): get high-pip tiles onto the table while it can, so that what it must
put face down later is low ("keep low pips from being stuck"); prefer open numbers it holds more
of and the others hold less of (so the others must 扣牌, which pays in pairwise settlement);
in 斜釘 keep a way to place a tile while 頭七/尾八 threatens; in 頂牛 make a block only when its
own total is clearly below what the others can be expected to hold, and avoid 算帳 otherwise,
since a losing 算帳 pays 12 alone (包庄).
"""

from __future__ import annotations

import random
from typing import Any

from yezi.components import tiengow as tg
from yezi.games.dominoes.chain import HIGH, LOW, MASK, NK, PIPS, WITH, decode, lead_ends


def _unknown(view: dict[str, Any], set_counts: list[int]) -> list[int]:
    unk = list(set_counts)
    for line in view["lines"]:
        for t in line:
            unk[t[2]] -= 1
    for k in view["hand"]:
        unk[k] -= 1
    for k in view["down"][view["seat"]] or []:
        unk[k] -= 1
    return unk


class HeuristicBot:
    name = "heuristic"

    def choose(self, game: Any, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        hand = tg.counts(view["hand"])
        unk = _unknown(view, game.set_counts)
        dingniu = game.name == "dingniu"
        others_total = sum(PIPS[k] * c for k, c in enumerate(unk))
        others_avg = others_total / max(1, game.num_seats - 1)
        my_down = sum(PIPS[k] for k in view["down"][seat] or [])
        risk = game.name == "tseding" and view["placed_counts"][seat] <= (1 if seat == 0 else 0)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            verb, k, x = decode(a)
            if verb == "down":
                v = -3.0 * PIPS[k] - 40
                # keep tiles that still connect somewhere later: discard ones matching nothing open
                v -= 0.5 * sum(hand[j] for j in range(NK) if j != k and MASK[j] & MASK[k])
                if risk:
                    v -= 30
            else:
                if verb == "lead":
                    ends = lead_ends(k, x, view["two_ends"])
                else:
                    ends = list(view["ends"])
                    n = ends[x]
                    ends[x] = LOW[k] if HIGH[k] == n else HIGH[k]
                rest = list(hand)
                rest[k] -= 1
                mine = sum(rest[j] for n in set(ends) for j in WITH[n])
                theirs = sum(unk[j] for n in set(ends) for j in WITH[n])
                v = 2.0 * PIPS[k] + 3.0 * min(mine, 3) - 1.0 * theirs
                if risk:
                    v += 4.0 * min(mine, 2)
                if dingniu and theirs == 0:
                    my_after = my_down + sum(PIPS[j] * c for j, c in enumerate(rest))
                    if my_after < 0.6 * others_avg:
                        v += 100  # the block ends the hand now with me clearly lowest
                    elif my_after >= 0.8 * others_avg:
                        v -= 100  # a losing 算帳 pays 包庄
            v += rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        return best
