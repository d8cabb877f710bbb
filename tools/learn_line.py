"""Authoring aid for tutorial lessons (yezi/learn/<game>.toml): play a fixed deal with the game's
heuristic bots (a fixed seed) and the learner's chosen moves, and print the whole line in the
game's notation, marking the learner's turns with their legal moves, so that a lesson's `line`
comes from the engine and its bots rather than from the author's head.

    python3 tools/learn_line.py lukfu --preset hakka-hk --deal "頭:… | …" --seat 0 --moves 不報 做 各二(拾貫索)
"""

from __future__ import annotations

import argparse
import random

from yezi.bots import make_bot
from yezi.core.registry import load_game


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--preset")
    p.add_argument("--deal")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--moves", nargs="*", default=[], help="the learner's moves, in order (then the bot plays)")
    p.add_argument("--prefix", nargs="*", default=[], help="moves of any seats played first (a line kept from "
                   "another lesson), before the learner's --moves")
    p.add_argument("--bot-seed", type=int, default=0)
    p.add_argument("--lang", default="zh-hant")
    a = p.parse_args()
    g = load_game(a.game, a.preset)
    s = g.new_state(g.parse_deal(a.deal)) if a.deal else g.start(seed=a.seed)
    if not a.deal:
        print("deal =", repr(g.format_deal(s.deal)))
    bot = make_bot(a.game, "heuristic")
    moves = list(a.moves)
    line: list[str] = []
    for text in a.prefix:
        s.apply(g.parse_action(text))
        line.append(g.format_action(g.parse_action(text), a.lang))
    while s.current_player is not None:
        seat = s.current_player
        legal = s.legal_actions()
        rng = random.Random(a.bot_seed * 100003 + len(s.history))
        if seat == a.seat:
            print(f"  [{len(line)}] you: legal =", " · ".join(g.format_action(x, a.lang) for x in legal))
            act = g.parse_action(moves.pop(0)) if moves else bot.choose(g, s.view(seat), legal, rng)
        else:
            act = bot.choose(g, s.view(seat), legal, rng)
        text = g.format_action(act, a.lang)
        print(f"{len(line)} {g.seat_name(seat, 'zh-hant')}: {text}")
        line.append(text)
        s.apply(act)
    print("payments", s.payments())
    print("line =", line)


if __name__ == "__main__":
    main()
