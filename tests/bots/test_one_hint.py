"""Every hint comes from `Game.hint` (the web table's, `yezi play`'s ``hint``, Luk Fu's own ``hint``
command): issue 25 found three dispatchers of advice-or-search, each with its own defaults."""

from __future__ import annotations

import json

from tests.bots.test_search import _play_point
from yezi.core.registry import load_game


def _bidding_view(game):
    state = game.new_state(game.deal_from_seed(5))
    while state.phase != "bid":
        state.apply(state.legal_actions()[-1] if state.phase == "tigers" else state.legal_actions()[0])
    return state, state.view(state.current_player)


def test_the_bid_gets_the_advice_and_play_gets_the_search():
    game = load_game("lukfu")
    state, view = _bidding_view(game)
    h = game.hint(view, lang="en", seed=3, samples=30)
    assert h["kind"] == "advice" and h["recommended"] in state.legal_actions()
    json.dumps(h)
    played = _play_point(game)
    h = game.hint(played.view(played.current_player), level="easy", lang="en", seed=1)
    assert h["kind"] == "search" and h["level"] == "easy" and h["action"] in played.legal_actions()


def test_the_server_job_the_terminal_and_the_games_command_agree():
    from yezi.games.lukfu.text import COMMANDS
    from yezi.server.jobs import hint as job_hint

    game = load_game("lukfu")
    _state, view = _bidding_view(game)
    web, _cpu = job_hint(("lukfu", game.rules.preset, {}), view, [], "easy", "en", 7)
    assert web == game.hint(view, [], "easy", "en", 7)
    text = game.hint_text(view, "40 details", "en")
    assert text == COMMANDS["hint"](game, view, "40 details", "en")
    h = game.hint(view, lang="en", samples=40)  # the terminal's advice: seed 0, the deals it names
    assert text.startswith(h["line"]) and h["details"].split("\n")[0] in text


def test_a_game_without_advice_is_searched_at_the_level_asked():
    game = load_game("fishing")
    st = game.new_state(game.deal_from_seed(2))
    view = st.view(st.current_player)
    h = game.hint(view, level="easy", lang="en", seed=2)
    assert h["kind"] == "search" and h["action"] in st.legal_actions()
    assert game.hint_text(view, "easy", "en").startswith("Suggested")
