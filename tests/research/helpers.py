"""Every game under every preset (and Luk Fu with 老歲 deduced), for the research-API tests."""

from __future__ import annotations

import random

from yezi.core.registry import available_games, game_class, load_game


def cases() -> list[tuple[str, str, dict]]:
    out = []
    for name in available_games():
        for preset in game_class(name).option_table().presets:
            out.append((name, preset, {}))
    out.append(("lukfu", "hakka-hk", {"laosui": "deduce"}))
    return out


def case_id(case: tuple[str, str, dict]) -> str:
    name, preset, opts = case
    return "-".join([name, preset, *(f"{k}={v}" for k, v in opts.items())])


CASES = cases()
IDS = [case_id(c) for c in CASES]


def game_of(case):
    name, preset, opts = case
    return load_game(name, preset, opts)


def random_states(game, seeds, every: int = 1):
    """(state, rng) at every `every`-th decision of random deals, the final state included."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.start(seed=seed)
        i = 0
        while state.current_player is not None:
            if i % every == 0:
                yield state, rng
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            i += 1
        yield state, rng
