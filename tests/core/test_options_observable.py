"""Every option of every game changes something observable, or says why it cannot (issue 10).

For each option and each value other than its default, some preset is played under both values
on the same seeded deals with the same random choices; something a player or the table can see
must differ: a seat's view, the legal actions, the words of a move, the final table, the payments,
the change of dealer, or (for match-level options) the course of a match or session.

Options that cannot change anything observable are listed in `INERT`; each carries its reason as
the option's ``note``, which `yezi rules` prints. Values whose effect needs a deal that random
seeds seldom give are in `RARE`, each with the test that builds such a deal.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from yezi.bots import RandomBot
from yezi.components import tiengow as tg
from yezi.core.errors import OptionError
from yezi.core.playout import play_match
from yezi.core.registry import available_games, game_class, load_game

#: options with no observable effect; the reason is the option's note in its options.toml
INERT = {
    ("madiao", "direction"): "seats are numbered in play order",
    ("lukfu", "cut_peek"): "the peeked card is 三家's own",
}

#: (game, option, value) -> the test that shows the effect on a deal built for it
RARE = {
    ("lukfu", "five_base_double_12", True): "tests/lukfu/test_examples.py::test_points_variants",
    # 五虎下山 comes in about one deal in 60: random seeds may or may not meet one
    ("lukfu", "five_tigers_value", 6):
        "tests/lukfu/test_examples.py::test_five_tigers_value_6_is_6_points_per_loser_under_any_scoring",
    ("madiao", "he_timing", "play-out"):
        "tests/madiao/test_variants.py::test_v17_play_out_pays_he_hands_that_also_trip_a_preplay_check",
    ("madiao", "quantu_condition", "dahuo"): "tests/madiao/test_variants.py::test_v17_play_out_and_quantu",
    ("madiao", "he_multiple", "cumulative"): "tests/madiao/test_settlement.py::test_he_cumulative_option",
    ("madiao", "red_set", "qing9"): "tests/madiao/test_variants.py::test_v1_red_sets",
    ("madiao", "substitution", "qing"): "tests/madiao/test_variants.py::test_v6_qing_substitution",
    ("madiao", "jiakui_zhengben", True): "tests/madiao/test_variants.py::test_v13_jiakui_needs_zhengben",
    ("madiao", "tu_multiple", "one-per-player"): "tests/madiao/test_settlement.py::test_xiaotu_with_its_own_ci",
    ("fishing", "double_both", True): "tests/fishing/test_double_both.py::test_m2_double_both",
    ("tiengow", "specials", False): "tests/tiengow/test_sources.py::test_hkg_wu_zun_is_paid_at_once",
    ("tiengow", "zun_money", 2): "tests/tiengow/test_sources.py::test_hkg_si_da_he",
    ("paigow", "single_rank", "supreme-lowest"):
        "tests/paigow/test_engine.py::test_single_rank_supreme_lowest_puts_the_gee_joon_tiles_below_the_fives",
    # 至尊 against 雙天 or 雙地 in one comparison: rarer than the seeded deals reach
    ("paigow", "supreme_rank", "third"):
        "tests/paigow/test_examples.py::test_wenzhou_order_heavens_and_earths_above_the_supreme",
}

#: other options a value needs to be valid
COMPANIONS = {("madiao", "stake_min", 20): {"stake_max": 40}}


def _eight_doubles(game) -> dict[str, Any]:
    doubles = tg.parse_kinds("66 66 11 11 44 44 33 33")
    rest = list(game.cfg.tiles)
    for k in doubles:
        rest.remove(k)
    return {"hands": [sorted(doubles), *(sorted(rest[8 * i:8 * i + 8]) for i in range(3))], "aside": []}


#: explicit deals added to the seeded ones, for effects that need a particular deal
WITNESS_DEALS = {
    ("tseding", "bajue"): _eight_doubles,
    ("tseding", "bajue_pay"): _eight_doubles,
}

SEEDS = 60


def _fingerprint(game, state, rng: random.Random) -> tuple:
    steps = []
    while (p := state.current_player) is not None and len(steps) < 500:
        legal = state.legal_actions()
        a = legal[rng.randrange(len(legal))]
        steps.append((p, tuple(legal), game.format_action(a, "zh-hant"), json.dumps(state.view(p), sort_keys=True,
                                                                                    default=str)))
        state.apply(a)
    final = json.dumps(state.view(None), sort_keys=True, default=str)
    return steps, final, tuple(state.payments()), game.dealer_shift(state)


def _deals(name: str, option: str, game) -> Iterator[tuple]:
    for seed in range(SEEDS):
        yield _fingerprint(game, game.start(seed=seed), random.Random(seed))
    witness = WITNESS_DEALS.get((name, option))
    if witness:
        yield _fingerprint(game, game.new_state(witness(game)), random.Random(0))


def _match(name: str, game) -> tuple:
    bots = [RandomBot()] * game.num_seats
    m = play_match(game, bots, None, seed=5, keep_states=True)
    out: tuple = (len(m.deals), tuple(m.totals))
    if name == "madiao":
        from yezi.games.madiao.session import play_session

        for seed in (5, 6):  # two sessions: one seat draw can match another's by chance (1 in 6 for 'choose')
            s = play_session(game, bots, seed=seed, max_hands=40)
            out += (len(s.hands), tuple(s.totals), tuple(s.table), s.pool_left, s.leftover_split)
    return out


def _cases():
    for name in available_games():
        table = game_class(name).option_table()
        for option, spec in table.options.items():
            if (name, option) in INERT:
                continue
            for choice in spec.choices:
                if choice.value == spec.default or (name, option, choice.value) in RARE:
                    continue
                yield pytest.param(name, option, spec.default, choice.value, id=f"{name}-{option}-{choice.value}")


def _observably_different(name: str, option: str, base: Any, value: Any) -> str | None:
    table = game_class(name).option_table()
    extra = COMPANIONS.get((name, option, value), {})
    for preset in table.presets:
        try:
            g0 = load_game(name, preset, {**extra, option: base})
            g1 = load_game(name, preset, {**extra, option: value})
        except OptionError:
            continue  # not a valid combination in this preset
        for a, b in zip(_deals(name, option, g0), _deals(name, option, g1)):
            if a != b:
                return preset
        if _match(name, g0) != _match(name, g1):
            return preset
    return None


@pytest.mark.parametrize("name,option,base,value", list(_cases()))
def test_option_value_changes_something_observable(name, option, base, value):
    assert _observably_different(name, option, base, value), (
        f"{name} option {option}={value!r} plays exactly like {base!r} in every preset: make it matter, "
        "or list it in INERT with a note in its options.toml"
    )


@pytest.mark.parametrize("key", sorted(INERT))
def test_inert_options_say_why_in_their_note(key):
    name, option = key
    spec = game_class(name).option_table().options[option]
    assert INERT[key] in spec.note  # shown by `yezi rules`
    assert spec.note in game_class(name).option_table().describe()


@pytest.mark.parametrize("key", sorted(RARE, key=str))
def test_rare_values_name_a_test_that_exists(key):
    path, func = RARE[key].split("::")
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    assert callable(getattr(module, func, None)), RARE[key]
