"""An independent review of the Luk Fu engine against seed 000 (客家六虎牌例 and the Huizhou
comment) and seed 001: edge cases the worked examples do not reach, and one leak found.

Each test quotes the seed sentence it checks.
"""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import sys

import pytest

from yezi.components.lukfu_deck import cards_of, mask_of, name, parse_card
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.plays import PLAYS

from .helpers import act, cards, game, make_deal


def single_leads(s) -> set[str]:
    return {name(c) for c in cards_of(s.single_leads(s.to_act))}


def discard_until(s, seat: int) -> None:
    """Every other seat discards (the first legal discard) until `seat` is to act."""
    while s.current_player is not None and s.current_player != seat:
        s.apply(next(a for a in s.legal_actions() if a >= A.DISCARD_BASE))


# ---- hidden information ------------------------------------------------------------------------

def test_play_does_not_show_other_seats_face_down_discards():
    """000 鬥牌: 墊牌必須牌面向下 … 玩家可查看任何牌面向上（即無論勝負，只要並非墊出）的牌."""
    stdin = "2\n" + "1\n" * 200  # bid, then always the first legal move
    p = subprocess.run([sys.executable, "-m", "yezi.cli.main", "play", "lukfu", "--seed", "2", "--deals", "1",
                        "--lang", "zh-hant"], input=stdin, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    # the human is 頭家 in the first deal; a bot's discard must not name its card
    discards = re.findall(r"(?:二家|三家): 墊(\S+)", p.stdout)
    assert discards, "the bots discarded nothing: the test saw no face-down play"
    leaked = [d for d in discards if _is_card(d)]
    assert not leaked, f"face-down discards shown to 頭家: {leaked}"


def _is_card(text: str) -> bool:
    from yezi.components.lukfu_deck import parse_card
    from yezi.core.errors import NotationError

    try:
        parse_card(text)
    except NotationError:
        return False
    return True


def test_draw_reveals_nothing_and_spectator_sees_no_hand():
    """Discards stay face down, and the dummy's card is shown only when a win is settled."""
    g = game()
    rng = random.Random(3)
    for seed in range(40):
        s = g.start(seed=seed)
        while s.current_player is not None:
            legal = [a for a in s.legal_actions() if a not in (A.DECLARE, A.TIGERS)] or s.legal_actions()
            s.apply(rng.choice(legal))
        v = s.view(None)
        assert "hand" not in v and "deal" not in v and "my_discards" not in v
        if s.outcome in ("draw", "void"):
            for seat in (None, 0, 1, 3):
                assert s.view(seat)["revealed"] == {}
                assert s.hands[2] and cards_of(s.hands[2])[0] not in s.view(seat).get("hand", [])


# ---- declaring (勝出條件) -------------------------------------------------------------------------

def test_dealer_may_declare_on_the_first_lead_and_baopei_applies_if_another_bid():
    """000: 在每回合剛開始之時 … 他任先手 … 已贏取的牌數與手上未打出的老歲牌數總和，共六隻或以上;
    首輪由頭家任先手（注意：並非做牌者任首輪先手）."""
    hand = "九拾 九貫 九索 九綫 百子 毛公 二拾 三拾 四拾 五拾 六貫 七索"
    g = game()
    s = g.new_state(make_deal(4, {0: hand, 2: "二索"}))
    act(s, "不報", "不報", "不報", "唔做", "做")  # 二家 bids: he is privileged
    assert s.current_player == 0 and A.DECLARE in s.legal_actions()
    s.apply("食糊")
    # 6 糊 → 1 per loser; 二家 包賠 his own and 三家's share; the dummy's 二 matches nothing
    assert s.payments() == [2, -2, 0, 0]
    assert g.dealer_shift(s) == 1  # 由其他人做牌 → 下家接任


@pytest.mark.parametrize("after_last", [True, False])
def test_last_trick_winner_declares_only_under_declare_after_last(after_last):
    """000 has no thirteenth 回合: 若各玩家耗盡手上的牌，仍無人食糊，則算和局 (option, see the report)."""
    g = game(declare_after_last=after_last)
    rng = random.Random(1)
    seen = 0
    for seed in range(60):
        s = g.start(seed=seed)
        while s.current_player is not None:
            legal = [a for a in s.legal_actions() if a != A.DECLARE] or s.legal_actions()
            if s.phase == "bid" and A.BID in legal:
                legal = [A.BID]
            s.apply(rng.choice(legal))
        if s.outcome not in ("draw", "win") or any(s.hands[q] for q in s.active):
            continue
        w = s.tricks[-1]["winner"]
        if s.hu[w] >= 6:
            seen += 1
            # with the option the last move was his 不食; without it nobody was asked
            assert (s.history[-1] == A.DECLINE) == after_last
    assert seen


# ---- leading (先手出牌限制與特權玩家) ----------------------------------------------------------------

PRIV_DEAL = {
    0: "二拾 三拾 四拾 五拾 六拾 七拾 二貫 三貫 四貫 五貫 六貫 七貫",
    1: "雲綫 九拾 八拾 一拾 九貫 八貫 五索 九綫 八綫 毛公 二綫 三綫",
    3: "二索 三索 四索 六索 七索 八索 九索 一貫 一索 四綫 五綫 六綫",
}


@pytest.mark.parametrize("opts, expected", [
    # 000: 可以提早出任何單隻的老歲牌 (八貫 is 老歲 because 九貫 is his own; 雲綫 by default)
    ({}, {"九拾", "百子", "九貫", "八貫", "九綫", "八綫", "毛公", "雲綫"}),
    ({"privilege_yunxian": False}, {"九拾", "百子", "九貫", "八貫", "九綫", "八綫", "毛公"}),
    # 001: 特權玩家引牌時，可先出同門的老歲牌
    ({"privilege": "same_suit"}, {"九拾", "百子"}),
])
def test_privileged_leads_under_each_privilege_value(opts, expected):
    g = game(**opts)
    s = g.new_state(make_deal(4, PRIV_DEAL))
    act(s, "不報", "不報", "不報", "唔做", "做", "二拾", "八拾")
    discard_until(s, 1)
    assert s.privileged == 1 and single_leads(s) == expected
    s.privileged = None  # the same hand without privilege: only the first class (拾 老歲)
    s._version += 1
    assert single_leads(s) == {"九拾", "百子"}


def test_free_lead_bosses_and_dealer_free_open():
    """Huizhou: 先手的時候可以隨時出毛公和百子(應該包括云钱也是); DS: a calling dealer opens freely."""
    g = game(free_lead_bosses=True)
    s = g.new_state(make_deal(4, {0: "二拾 三拾 五貫 毛公 雲綫 六索 七索 二索 四綫 五綫 八綫 九綫"}))
    act(s, "不報", "不報", "不報", "做")
    assert single_leads(s) == {"二拾", "三拾", "毛公", "雲綫"}

    g = game(dealer_free_open=True)
    deal = make_deal(4, {0: "二拾 三拾 四拾 九綫 六拾 七拾 二貫 三貫 四貫 五貫 六貫 七貫"})
    s = g.new_state(deal)
    act(s, "不報", "不報", "不報", "唔做", "做")  # 頭家 did not bid: no freedom
    assert single_leads(s) == {"二拾", "三拾", "四拾", "六拾", "七拾"}
    s = g.new_state(deal)
    act(s, "不報", "不報", "不報", "做")
    assert len(single_leads(s)) == 12
    s.apply("九綫")
    discard_until(s, 0)  # 九綫 wins; the second lead follows the order again
    assert single_leads(s) == {"二拾", "三拾", "四拾", "六拾", "七拾"}


# ---- following: the must-beat rule with split combinations ---------------------------------------

@pytest.mark.parametrize("preset", ["hakka-hk", "hakka-hk-3p", "guangdong"])
def test_discard_choices_match_brute_force(preset):
    """000: 若下家手中有牌能勝過上家 … 必須打擊或將可打的牌墊掉，令自己在墊牌後手上沒有能勝過上家的牌,
    counting a three out of a four (可以拆牌，用三條八來打各四) and a run cut from a longer one."""
    g = game(preset)
    rng = random.Random(11)
    checked = 0
    for seed in range(60):
        s = g.start(seed=seed)
        while s.current_player is not None:
            legal = s.legal_actions()
            if s.phase == "play" and s.followers_started() and not s.pending:
                hand, size = s.hands[s.to_act], PLAYS[s.trick["lead"]].size
                if size <= 4:
                    ok = set()
                    for comb in itertools.combinations(cards_of(hand), size):
                        if not s.table.has_beater(hand & ~mask_of(comb), s.best_play):
                            ok.update(comb)
                    assert ok == {a - A.DISCARD_BASE for a in legal if a >= A.DISCARD_BASE}
                    checked += 1
            plays = [a for a in legal if A.PLAY_BASE <= a < A.DISCARD_BASE]
            s.apply(max(plays, key=lambda a: PLAYS[a - A.PLAY_BASE].size) if plays and rng.random() < 0.7
                    else rng.choice(legal))
    assert checked > 50


def test_three_of_four_and_short_run_must_be_broken():
    g = game()
    # 頭家 leads 各二; 二家 holds four 四 (four 3-subsets beat it) and no other 各
    s = g.new_state(make_deal(4, {0: "二拾 二貫 二索",
                                  1: "四拾 四貫 四索 四綫 五綫 六綫 七綫 五拾 六貫 七索 八拾 九索"}))
    act(s, "不報", "不報", "不報", "做", "各二(拾貫索)")

    def discards():
        return {name(a - A.DISCARD_BASE) for a in s.legal_actions() if a >= A.DISCARD_BASE}

    assert len(discards()) == 12  # any first card, as long as two 四 follow
    s.apply("墊五拾")
    assert discards() == {"四拾", "四貫", "四索", "四綫"}
    s.apply("墊四貫")
    assert discards() == {"四拾", "四索", "四綫"}
    # 頭家 leads 三二一索; 二家's 九八七六五貫 holds three 3-runs of a higher suit, all through 七貫
    s = g.new_state(make_deal(4, {0: "三索 二索 一索",
                                  1: "九貫 八貫 七貫 六貫 五貫 二拾 四拾 六拾 八拾 二綫 四綫 六綫"}))
    act(s, "不報", "不報", "不報", "做", "三二一索")
    beats = {a for a in s.legal_actions() if A.PLAY_BASE <= a < A.DISCARD_BASE}
    assert beats == {A.parse_action(t) for t in ("九八七貫", "八七六貫", "七六五貫")}
    assert len(discards()) == 12
    t = s.clone()
    act(t, "墊二拾", "墊四拾")
    assert discards_of(t) == {"七貫"}  # one card left: only 七貫 breaks all three runs
    act(s, "墊二拾", "墊九貫")
    assert discards_of(s) == {"七貫", "六貫"}  # 八七六 and 七六五 remain


def discards_of(s) -> set[str]:
    return {name(a - A.DISCARD_BASE) for a in s.legal_actions() if a >= A.DISCARD_BASE}


# ---- the beat relation, rebuilt from the seed's sentences --------------------------------------

def _seed_beats(q, p, ge_one: str, unbeatable: set[int], max_run: int) -> bool:
    """000 鬥牌 1)-3) and 001's variants, written out independently of plays.py."""
    from yezi.components.lukfu_deck import WAN_TSIN, number, suit
    from yezi.games.lukfu.plays import GE, SHUN, SINGLE

    if q.kind != p.kind or q.size != p.size:  # 打擊順子時所出張數必須與先手相同; 三條只可以用三條打
        return False
    if q.kind == SINGLE:  # 只能用同門而較大的牌打; 百子、毛公與雲綫 … 既不能打別的牌，亦不會被打敗
        if WAN_TSIN in (q.id, p.id) or p.id in unbeatable or q.id in (0, 27):
            return False
        return suit(q.id) == suit(p.id) and number(q.id) > number(p.id)
    if q.kind == GE:  # 只比數字大小，唯各一只可用各九打，但各一也不能打擊其他「各」牌
        a, b = q.number, p.number
        if ge_one == "guangdong":  # 001: 數字一的組合 … 只小於數字九的組合
            rank = {1: 8.5}
            return rank.get(a, a) > rank.get(b, b)
        if a == 1:
            return False
        return a == 9 if b == 1 else a > b
    assert q.kind == SHUN
    if q.size > max_run:
        return False
    return q.suit < p.suit or (q.suit == p.suit and q.number > p.number)  # 先算門，後算數字


@pytest.mark.parametrize("straight, max_run", [("3-9", 9), ("3", 3)])
@pytest.mark.parametrize("ge_one", ["hakka", "guangdong"])
@pytest.mark.parametrize("unbeat, unbeatable", [("hakka", {0, 27, 36}), ("guangdong", {0, 9, 18, 36})])
def test_beat_table_matches_the_seed_sentences(straight, max_run, ge_one, unbeat, unbeatable):
    from yezi.games.lukfu.plays import play_table

    t = play_table(straight, ge_one, unbeat)
    for p in PLAYS:
        expected = {q.id for q in PLAYS if _seed_beats(q, p, ge_one, unbeatable, max_run)}
        assert set(t.beaters[p.id]) == expected, p


# ---- settlement with the dummy (結算) ------------------------------------------------------------

@pytest.mark.parametrize("opts, pays", [
    ({}, [0, -6, 4, 2]),  # 000's worked example: 頭家不用輸，二家輸 6 分，做夢者贏 4 分，三家贏 2 分
    ({"dummy_match": "winner_hand"}, [0, -6, 4, 2]),
    ({"baopei": "double_winner"}, [-2, -4, 4, 2]),  # 001 包輸: double to the winner, dummy paid as usual
])
def test_baopei_example_through_the_state_machine(opts, pays):
    """000: 二家做牌，做夢者持一索，三家 … 以三條各八打掉二家的各七取得先手，再以手持的九綫、百子、雲綫食糊."""
    g = game(laosui="visible", **opts)
    s = g.new_state(make_deal(4, {2: "一索"}))
    act(s, "不報", "不報", "不報", "唔做", "做")
    s.hands[0] = mask_of(cards("二拾 三拾 四拾 五拾 六拾 二索 三索"))
    s.hands[1] = mask_of(cards("七拾 七貫 七索 二貫 三貫 四貫 五貫"))
    s.hands[3] = mask_of(cards("八拾 八貫 八索 九綫 百子 雲綫 六綫"))
    s.to_act = 1
    s._version += 1
    act(s, "各七(拾貫索)", "各八(拾貫索)")
    discard_until(s, 3)
    assert s.hu_count(3) == 6
    s.apply("食糊")
    assert s.result.dummy_hu == 7 and s.payments() == pays


def test_dummy_matches_only_the_winners_cards_not_his_hand_by_default():
    """000: 他於各回合取勝所用的牌張（包括最後一回合手持的老歲牌）; 001: 與贏家手上同數牌的牌數."""
    for match, dummy_paid in (("winning_cards", False), ("winner_hand", True)):
        g = game(laosui="visible", dummy_match=match)
        s = g.new_state(make_deal(4, {0: "九拾 九貫 九索 九綫 百子 毛公 六貫", 2: "六索"}))
        act(s, "不報", "不報", "不報", "做", "食糊")  # 六貫 is no 老歲 but is in his hand
        assert bool(s.result.dummy_hu) is dummy_paid


def test_three_players_have_no_dummy_no_yunxian_no_tigers():
    """000 三人牌局: 沒有夢家，去掉鹿花及雲綫，只用三十六隻牌 … 亦沒有憑「五虎下山」勝出的規則."""
    g = game("hakka-hk-3p", five_tigers="on")
    s = g.start(seed=1)
    assert s.phase == "bid" and s.dummy is None
    assert sorted(c for h in s.deal for c in h) == list(range(36))
    assert [len(h) for h in s.deal] == [12, 12, 12]


def test_next_dealer_after_five_tigers():
    """000: 每局若由頭家「做牌」而和局或勝出，則頭家連任，其他情況 … 一律由下家接任 (no bid: moves on);
    001: 下一圈由贏家作莊."""
    deal = make_deal(4, {0: "雲綫 百子 一貫 一索 毛公"})
    for preset, shift in (("hakka-hk", 1), ("guangdong", 0)):
        g = game(preset)
        s = g.new_state(deal)
        s.apply("五虎下山")
        assert s.outcome == "tigers" and s.payments()[2] == 0
        assert g.dealer_shift(s) == shift


def test_card_names_used_here_parse():
    assert parse_card("雲綫") == 36 and parse_card("毛公") == 27


# ---- 老歲 deduction under the strict must-beat rule ------------------------------------------------

LIMIT = 8


@pytest.mark.slow  # finding small strict positions by self-play takes about a minute
def test_strict_deduction_matches_brute_force():
    """Huizhou: 有得打一定要打. A discarder then held no beater even before his discard; the brute
    force in test_deduction.py checks only the hand after the discard, so this checks the stricter
    fact the engine uses for `must_beat = strict` against its own enumeration."""
    from yezi.components.lukfu_deck import WAN_TSIN, deck, number, suit

    from .test_deduction import naive_has_beater, small_positions

    checked = 0
    for state, seat in small_positions("huizhou", limit=LIMIT, max_unknown=7):
        g = state.game
        hand = set(cards_of(state.hands[seat]))
        own = {c for _, m in state.discards[seat] for c in cards_of(m)}
        unknown = sorted(set(deck(4)) - hand - set(cards_of(state.faceup)) - own)
        opponents = [q for q in g.active_seats() if q != seat]
        slots = []
        for q in opponents:
            slots += [(q, t, e["discard"]) for t, tr in enumerate(state.tricks) for e in tr["plays"]
                      if e["seat"] == q and "discard" in e]
            slots.append((q, None, bin(state.hands[q]).count("1")))
        slots.append((-1, None, 1))

        def worlds(cs, i, slots=slots):
            if i == len(slots):
                yield []
                return
            for chosen in itertools.combinations(cs, slots[i][2]):
                rest = [c for c in cs if c not in chosen]
                for tail in worlds(rest, i + 1, slots):
                    yield [set(chosen), *tail]

        with_opp: set[int] = set()
        for world in worlds(unknown, 0):
            ok = True
            for q in opponents:
                cur = set().union(*(w for (o, t, _), w in zip(slots, world) if o == q and t is None))
                disc = {t: w for (o, t, _), w in zip(slots, world) if o == q and t is not None}
                for t in range(len(state.tricks) - 1, -1, -1):
                    for k in range(len(state.tricks[t]["plays"]) - 1, -1, -1):
                        e = state.tricks[t]["plays"][k]
                        if e["seat"] != q:
                            continue
                        if "discard" in e:
                            cur = cur | disc[t]
                            ok = ok and not naive_has_beater(cur, e["against"])  # before the discard
                        else:
                            cur = cur | set(PLAYS[e["play"]].cards)
                            if k == 0 and not state.tricks[t]["exempt"] and e["play"] < 37:
                                led = e["play"]
                                ok = ok and not any(c != WAN_TSIN and (led == WAN_TSIN or suit(c) < suit(led))
                                                    for c in cur)
            if ok:
                for (o, t, _), w in zip(slots, world):
                    if o >= 0 and t is None:
                        with_opp |= w
        for c in hand:
            if c in (0, 27, WAN_TSIN):
                continue
            higher = {x for x in deck(4) if x != WAN_TSIN and suit(x) == suit(c) and number(x) > number(c)}
            assert state.is_laosui(seat, c) == (not higher & with_opp), (seat, name(c), state.tricks)
            checked += 1
    assert checked >= 3
