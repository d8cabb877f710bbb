"""Batch simulation: duplicate-deal tournaments between bots, with paired statistics and Elo.

`run_tournament` (yezi.sim.duplicate) plays the deals on every core; `yezi.sim.report` prints
the tables and draws the optional chart; `yezi.sim.stats` holds the arithmetic.
"""

from yezi.sim.duplicate import (
    DealResult,
    Tournament,
    derived_seed,
    play_duplicate_deal,
    run_tournament,
    seat_assignment,
)

__all__ = ["DealResult", "Tournament", "derived_seed", "play_duplicate_deal", "run_tournament", "seat_assignment"]
