"""OpenSpiel's IS-MCTS against yezi's own search bot, on any yezi game.

    pip install 'yezi[openspiel]'
    python examples/ismcts_vs_search.py dingniu --deals 20 --simulations 200

IS-MCTS (open_spiel.python.algorithms.ismcts) searches `yezi_<game>` with random rollouts and
draws the worlds it cannot tell apart through `yezi.openspiel.resampler` (the engine's
`sample_from_view`). The other seats are yezi's search bot (`search@N`: N determinised rollouts
per decision). IS-MCTS takes every *acting* seat in turn (`ismcts_seat`), so the seat's own
advantage cancels; the mean payment of the IS-MCTS seat is printed with a 95% interval. In
four-player Luk Fu seat 2 is the dummy (夢家, `game.dummy_seat`: dealt a hand, never acts, paid
when its hand matches), so IS-MCTS never takes it: it used to every fourth deal, and the dummy's
payment was scored as IS-MCTS's result.
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import yezi.openspiel as yos
from yezi.bots import make_bot
from yezi.core.stats import mean_ci


def ismcts_seat(ygame, deal_index: int) -> int:
    """The seat IS-MCTS takes in deal `deal_index`: the acting seats in turn (never a dummy)."""
    acting = list(ygame.active_seats())
    return acting[deal_index % len(acting)]


def play(game_name: str, deals: int = 10, simulations: int = 100, search: str = "search@50", seed: int = 0,
         preset: str | None = None) -> list[float]:
    params = {"preset": preset} if preset else {}
    game = pyspiel.load_game(f"yezi_{game_name}", params)
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=simulations,
                           random_state=rng)
    bot.set_resampler(yos.resampler(seed))
    other = make_bot(game_name, search)
    py_rng = random.Random(seed)
    results = []
    for d in range(deals):
        me = ismcts_seat(game.ygame, d)
        state = game.new_initial_state()
        state.apply_deal(d)  # deal d: game.deal_from_seed(d)
        while not state.is_terminal():
            player, legal = state.current_player(), state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif player == me:
                action = bot.step(state)
            else:
                ys = state.ystate
                action = other.choose(ys.game, ys.view(player), legal, py_rng)
            state.apply_action(action)
        bot.reset()
        results.append(state.returns()[me])
    return results


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", default="dingniu")
    p.add_argument("--preset")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--simulations", type=int, default=100, help="IS-MCTS simulations per decision")
    p.add_argument("--search", default="search@50", help="yezi bot for the other seats")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    res = play(args.game, args.deals, args.simulations, args.search, args.seed, args.preset)
    m, h = mean_ci(res)
    print(f"IS-MCTS ({args.simulations} simulations) vs {args.search} on {args.game}: "
          f"{m:+.2f} ± {h:.2f} per deal over {len(res)} deals")


if __name__ == "__main__":
    main()
