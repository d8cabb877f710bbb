"""The bot golden: for each game and each of its own bots, how that bot plays.

It is the one golden a bot change is allowed to change (the rule goldens, tests/<game>/golden/, are
played by uniformly random legal play). Each file holds one deal with every seat played by the bot
(its payments and moves), then the bot's answer at every step of seeded uniformly random deals, about
`DECISIONS` positions in all: positions that do not depend on the bot's own earlier choices, so a
retuned weight shows as the few answers it changes, not as a cascade. Review a diff here as a change
of play, not of rules. Regenerate after an intended bot change with
``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/bots/test_bot_golden.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.golden_helpers import REGEN, play_recorded, seed_of
from yezi.bots import make_bot
from yezi.core.registry import GAMES, game_class, load_game

GOLDEN = Path(__file__).parent / "golden"
DECISIONS = 1200
"""Positions asked per bot: a heuristic weight moves few answers (打天九's military tile worth, 1.5 → 1.6,
changes 3 of 1156), so a bot golden needs many positions to see it; 1200 keep each file under a second.
At most `MAX_DEALS` deals, though: 牌九 asks four decisions a deal, and a deal costs more than an answer."""
MAX_DEALS = 50
CASES = [(name, bot) for name in GAMES for bot in game_class(name).bots()]  # search bots: tests/bots/test_search.py


def answers(game, bot, deal_seed: int) -> list[str]:
    """The bot's answer, in ASCII notation, at every position of one deal of random play."""
    rng, bot_rng = random.Random(deal_seed), random.Random(seed_of(deal_seed, "bot"))
    state = game.start(seed=deal_seed)
    out = []
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        out.append(game.format_action(bot.choose(game, state.view(seat), legal, bot_rng), "ascii"))
        state.apply(legal[rng.randrange(len(legal))])
    return out


def bot_golden(name: str, bot_name: str) -> str:
    game = load_game(name)
    seed = seed_of("bots", name, bot_name)
    state, rec = play_recorded(game, [make_bot(name, bot_name) for _ in range(game.num_seats)], seed)
    lines = [f"# bot golden: {name} {game.rules.preset}, bot {bot_name!r}",
             f"play, every seat {bot_name}, seed {seed}: payments {json.dumps([str(p) for p in state.payments()])}",
             "moves: " + " ".join(game.format_action(a, "ascii") for a in rec.actions),
             "answers at every step of uniformly random deals:"]
    bot, asked, deal = make_bot(name, bot_name), 0, 0
    while asked < DECISIONS and deal < MAX_DEALS:
        deal_seed = seed_of("bots", name, bot_name, deal)
        said = answers(game, bot, deal_seed)
        lines.append(f"deal {deal_seed}: {' '.join(said)}")
        asked, deal = asked + len(said), deal + 1
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,bot", CASES)
def test_bot_golden(name, bot):
    path = GOLDEN / f"{name}-{bot}.txt"
    text = bot_golden(name, bot)
    if REGEN or not path.exists():
        path.write_text(text, encoding="utf-8")
        if not REGEN:
            pytest.fail(f"{path.name} was missing and has been written; review and commit it")
    assert text == path.read_text(encoding="utf-8"), (
        f"{name}'s bot {bot!r} plays differently: review the diff of {path} and regenerate with "
        "YEZI_REGEN_GOLDEN=1 if intended")
