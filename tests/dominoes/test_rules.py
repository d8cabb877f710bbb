"""Rule-by-rule checks of the three state machines on explicit deals."""

from __future__ import annotations

import random

import pytest

from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction, RecordError
from yezi.core.playout import random_playout
from yezi.core.registry import load_game
from yezi.games.dominoes.chain import DOUBLE, decode, down_code, lead_code, play_code


def hands(*texts):
    return [tg.parse_kinds(t) for t in texts]


def test_deal_sizes():
    for players, hand, aside in ((2, 16, 0), (3, 10, 2), (4, 8, 0)):
        g = load_game("jielong", None, {"players": str(players)})
        d = g.deal_from_seed(5)
        assert [len(h) for h in d["hands"]] == [hand] * players and len(d["aside"]) == aside
    d = load_game("dingniu").deal_from_seed(5)
    assert [len(h) for h in d["hands"]] == [6] * 4 and d["aside"] == []
    assert sorted(k for h in d["hands"] for k in h) == sorted(tg.dingniu_set())


def test_bad_deals_are_refused():
    g = load_game("jielong")
    with pytest.raises(RecordError):
        g.new_state({"hands": [[0] * 8] * 4, "aside": []})
    with pytest.raises(RecordError):
        g.parse_deal("66 66 | 11")


def test_lead_names_the_open_end_and_the_line_connects():
    g = load_game("jielong")
    st = g.start(seed=11)
    k = next(k for k in st.deal["hands"][0] if not DOUBLE[k])
    st.apply(lead_code(k, 1))  # open the low end
    assert st.ends == [tg.KINDS[k].low] and st.lines[0][0][:2] == [tg.KINDS[k].high, tg.KINDS[k].low]
    while not st.is_terminal():
        a = st.legal_actions()[0]
        verb = decode(a)[0]
        before = list(st.ends)
        st.apply(a)
        if verb == "play":
            assert st.lines[-1][-1][0] == before[0]  # touching ends are equal


def test_must_connect_when_able_and_illegal_leaves_state_unchanged():
    g = load_game("jielong")
    st = g.start(seed=3)
    st.apply(st.legal_actions()[0])
    for _ in range(40):
        p = st.current_player
        plays = [a for a in st.legal_actions() if decode(a)[0] == "play"]
        if plays:
            k = next(k for k in range(21) if st.hands[p][k])
            snapshot = st.view(None)
            with pytest.raises(IllegalAction) as e:
                st.apply(down_code(k))
            assert e.value.rule == "must-connect"
            assert st.view(None) == snapshot
            return
        st.apply(st.legal_actions()[0])
    pytest.fail("no position with a connecting tile found")


def test_optional_discard_allows_face_down_when_able():
    g = load_game("jielong", "pagat")
    st = g.start(seed=3)
    st.apply(st.legal_actions()[0])
    legal = st.legal_actions()
    assert any(decode(a)[0] == "down" for a in legal)


def test_not_in_hand_and_game_over_errors():
    g = load_game("jielong")
    st = g.start(seed=1)
    missing = next(k for k in range(21) if not st.hands[0][k])
    with pytest.raises(IllegalAction) as e:
        st.apply(lead_code(missing))
    assert e.value.rule == "not-in-hand"
    random_playout(st, random.Random(1))
    with pytest.raises(IllegalAction) as e:
        st.apply(0)
    assert e.value.rule == "game-over"


def _relead_game(preset_overrides: dict, seeds=range(400)):
    for seed in seeds:
        g = load_game("jielong", None, preset_overrides)
        st = g.start(seed=seed)
        random_playout(st, random.Random(seed))
        if len(st.lines) > 1:
            return g, st
    return None, None


def test_relead_by_the_last_placer_with_a_different_number():
    g, st = _relead_game({})
    assert st is not None, "no re-lead in 400 random games"
    n = g.cfg.seats
    replay = g.new_state(st.deal)
    for i, a in enumerate(st.history):
        if i > 0 and decode(a)[0] == "lead":
            p = replay.current_player
            assert replay.last_placer == p
            assert all(decode(b)[0] == "down" for b in st.history[i - n + 1:i])
            assert not replay.can_connect(p)
            dead = replay.ends[0]
            replay.apply(a)
            assert replay.ends[0] != dead
        else:
            replay.apply(a)


def test_v_j1_never_releads():
    g, st = _relead_game({"relead": "no"}, range(200))
    assert st is None
    g = load_game("jielong", "navpil")
    assert not g.cfg.relead


def test_three_player_aside_is_hidden_until_the_end():
    g = load_game("jielong", None, {"players": "3"})
    st = g.start(seed=8)
    v = st.view(1)
    assert v["deal"]["aside"] is None and v["deal"]["hands"][0] is None
    random_playout(st, random.Random(8))
    assert st.view(1)["deal"]["aside"] == st.deal["aside"]
    assert sum(st.view(None)["result"]["scores"]) == sum(tg.PIPS[k] for d in st.down for k in d)


def test_winner_deals_next():
    g = load_game("jielong")
    st = g.start(seed=21)
    random_playout(st, random.Random(2))
    sc = st.result["scores"]
    w = min(range(4), key=lambda s: (sc[s], s))
    assert g.dealer_shift(st) == w


# --- 斜釘 ----------------------------------------------------------------------------------

def test_bajue_wins_at_once():
    g = load_game("tseding")
    deal = {"hands": hands("66 66 11 11 44 44 55 55", "33 33 22 22 65 65 64 64",
                           "61 61 51 51 31 31 63 54", "62 53 52 43 42 41 32 21"), "aside": []}
    st = g.new_state(deal)
    assert st.is_terminal() and st.result["reason"] == "bajue" and st.result["winner"] == 0
    pips = [st.hand_pips(s) for s in range(4)]
    assert st.payments() == [2 * sum(pips[1:]), -2 * pips[1], -2 * pips[2], -2 * pips[3]]
    assert g.dealer_shift(st) == 0
    g2 = load_game("tseding", "wikipedia")
    st2 = g2.new_state(deal)
    assert st2.result["reason"] == "bajue"
    assert load_game("tseding", None, {"bajue": "no"}).new_state(deal).result["reason"] == "redeal"
    assert load_game("tseding", None, {"bajue": "no", "redeal_doubles": "0"}).new_state(deal).current_player == 0


def test_redeal_on_seven_doubles():
    g = load_game("tseding")
    deal = {"hands": hands("66 66 11 11 44 44 55 61", "33 33 22 22 65 65 64 64",
                           "55 61 51 51 31 31 63 54", "62 53 52 43 42 41 32 21"), "aside": []}
    st = g.new_state(deal)
    assert st.is_terminal() and st.result["reason"] == "redeal" and st.payments() == [0, 0, 0, 0]
    assert g.dealer_shift(st) == 0
    assert load_game("tseding", "wikipedia").new_state(deal).current_player == 0
    for seed in range(300):
        d = g.deal_from_seed(seed)
        assert all(sum(DOUBLE[k] for k in h) < 7 for h in d["hands"])


@pytest.mark.parametrize("overrides", [{}, {"discard": "always"}])
def test_tseding_tags_follow_the_table(overrides):
    g = load_game("tseding", None, overrides)
    seen = set()
    for seed in range(300):
        st = g.start(seed=seed)
        random_playout(st, random.Random(seed))
        if st.result["reason"] != "all-out":
            continue
        for s, tag in enumerate(st.result["tags"]):
            down = len(st.down[s])
            want = "pass" if down == 0 else (
                "penalty" if (s == 0 and st.placed[0] == 1) or (s > 0 and st.placed[s] == 0) else "none")
            assert tag == want
            seen.add(tag)
    assert seen >= ({"pass", "none"} if not overrides else {"penalty", "none"})


def test_tseding_names_in_actions():
    g = load_game("tseding")
    assert g.format_action(play_code(tg.GOOSE), "zh-hant") == "接 斜釘[31]"
    assert g.format_action(down_code(tg.PLUM), "zh-hant") == "扣 掘梅[55]"
    assert load_game("tseding", None, {"names": "hk"}).format_action(down_code(tg.PLUM)) == "扣 梅花[55]"


# --- 頂牛 ----------------------------------------------------------------------------------

DN_DEAL = {"hands": hands("22 22 62 33 33 11", "66 65 64 55 44 11", "66 65 64 55 44 63", "31 31 61 61 51 51"),
           "aside": []}


def test_dingniu_lead_must_be_answerable():
    g = load_game("dingniu")
    st = g.new_state(DN_DEAL)
    # 2-2 opens 2 and 2: every other tile with a 2 is in the dealer's own hand
    with pytest.raises(IllegalAction) as e:
        st.apply(lead_code(tg.BENCH))
    assert e.value.rule == "unanswerable-lead"
    assert lead_code(tg.FLAT_EIGHT) in st.legal_actions()


def test_dingniu_two_ends_and_immediate_end():
    g = load_game("dingniu")
    st = g.new_state(DN_DEAL)
    st.apply(lead_code(tg.FLAT_EIGHT))  # [6|2]: ends 6 and 2
    assert st.ends == [6, 2]
    assert set(st.legal_actions()) == {play_code(k, 0) for k in (tg.HEAVEN, tg.HATCHET, tg.RED_TEN)}
    st.apply(play_code(tg.HATCHET, 0))  # [5|6][6|2]: ends 5 and 2
    assert st.ends == [5, 2]
    st.apply(play_code(tg.PLUM, 0))
    assert st.ends == [5, 2]
    st.apply(play_code(tg.MALLET_SIX, 0))  # seat 3 plays [1|5]: ends 1 and 2
    assert st.ends == [1, 2]


def test_dingniu_single_end_variant():
    g = load_game("dingniu", "wikipedia")
    assert not g.cfg.two_ends
    st = g.new_state(DN_DEAL)
    st.apply(lead_code(tg.FLAT_EIGHT, 0))  # open 6
    assert st.ends == [6]
    with pytest.raises(IllegalAction):
        st.apply(lead_code(tg.FLAT_EIGHT, 1))


def test_dingniu_scores_count_hand_and_face_down():
    g = load_game("dingniu")
    for seed in range(100):
        st = g.start(seed=seed)
        random_playout(st, random.Random(seed))
        for s in range(4):
            assert st.result["scores"][s] == st.hand_pips(s) + sum(tg.PIPS[k] for k in st.down[s])
        if st.result["reason"] == "blocked":  # seed 004: nobody but the last mover can connect
            mover = st.actor_of(len(st.history) - 1)
            assert not any(st.can_connect(s) for s in range(4) if s != mover)
