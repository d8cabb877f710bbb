"""算帳 versus 死砸 in 頂牛, judged from the mover's own information (rules-notes §6.3 (3))."""

from __future__ import annotations

import random

from yezi.components import tiengow as tg
from yezi.core.playout import random_playout
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.dominoes.chain import HIGH, LOW, MASK, decode, play_code
from yezi.games.dominoes.dingniu import judge_from_view

SUANZHANG_SUCCESS = """[Game "dingniu"]
[Deal "44 55 22 61 51 51 | 66 31 55 33 22 64 | 11 44 31 64 61 63 | 66 11 33 65 65 62"]

1. 莊家 引 紅八[44]
2. 二家 接 紅十[64] 左
3. 三家 接 紅十[64] 左
"""

#: the same deal under ``block_end = "all"`` (navpil's classic 算帳): the blocker plays on
SUANZHANG_PLAY_ON = """[Game "dingniu"]
[Preset "recommended"]
[Options "block_end=all"]
[Deal "44 55 22 61 51 51 | 66 31 55 33 22 64 | 11 44 31 64 61 63 | 66 11 33 65 65 62"]

1. 莊家 引 紅八[44]
2. 二家 接 紅十[64] 左
3. 三家 接 紅十[64] 左
4. 四家 扣 虎頭[65]
5. 莊家 扣 一六[61]
6. 二家 扣 大天[66]
7. 三家 接 紅八[44] 左
"""

BAOZHUANG = """[Game "dingniu"]
[Preset "navpil"]
[Deal "66 31 65 64 61 61 | 11 44 31 33 22 51 | 44 55 55 64 51 63 | 66 11 33 22 65 62"]

1. 莊家 引 紅十[64]
2. 二家 接 紅八[44] 右
3. 三家 接 紅十[64] 左
4. 四家 扣 二板[22]
5. 莊家 扣 一六[61]
6. 二家 扣 長衫[33]
7. 三家 接 紅八[44] 左
"""

SIZHA = """[Game "dingniu"]
[Deal "55 33 65 64 61 63 | 11 55 33 22 22 62 | 11 44 44 31 65 51 | 66 66 31 64 61 51"]

1. 莊家 引 長衫[33]
2. 二家 接 長衫[33] 左
3. 三家 接 幺鵝[31] 左
4. 四家 接 幺鵝[31] 左
5. 莊家 接 歪脖九[63] 左
6. 二家 接 二六[62] 左
"""


def test_suanzhang_success():
    # Ends 6/4 after move 2. 三家 holds 紅八[44] and 紅十[64]; playing 紅十 on the 6 end makes both
    # ends 4: the two [6:4] are on the table, one [4:4] too and the other in his hand, so nobody else
    # can connect. 一六 on the same end would have left a 1 open: 算帳, not 死砸.
    st = Record.from_text(SUANZHANG_SUCCESS).replay()
    note = st.notes[2]
    assert note["kind"] == "suanzhang" and note["seat"] == 2
    assert play_code(tg.LONG_SEVEN, 0) in note["free"]
    assert "算帳" in note["text"]["zh-hant"] and "deliberate block" in note["text"]["en"]
    # seed 004: the block ends the hand at once; 三家's 30 (his [4:4] still in hand) is strictly
    # lowest: everything doubles
    assert st.result["reason"] == "blocked" and st.result["rule"] == "suanzhang-success"
    assert st.result["scores"] == [33, 36, 30, 50] and st.payments() == [-2, -4, 12, -6]
    before = load_game("dingniu").replay(st.deal, st.history[:2])
    assert "算帳" in before.annotate(st.history[2], "zh-hant")


def test_suanzhang_played_on_under_block_end_all():
    st = Record.from_text(SUANZHANG_PLAY_ON).replay()
    assert st.notes[2]["kind"] == "suanzhang"
    # the others saw nothing of it during play; the mover did
    game = load_game("dingniu", "recommended", {"block_end": "all"})
    mid = game.replay(st.deal, st.history[:3])
    assert mid.current_player == 3
    assert "2" in mid.view(2)["notes"] and mid.view(1)["notes"] == {} and mid.view(None)["notes"] == {}
    # 三家 then plays his [4:4]; nobody can connect; his 22 is strictly lowest: everything doubles
    assert st.result["reason"] == "blocked" and st.result["rule"] == "suanzhang-success"
    assert st.result["scores"] == [33, 36, 22, 50] and st.payments() == [-2, -4, 12, -6]


def test_suanzhang_that_loses_pays_baozhuang():
    # navpil (block_end=all): 三家 blocks, plays on and ends with 35; 二家 wins with 22; 三家 is
    # 小庄 and made 算帳.
    rec = Record.from_text(BAOZHUANG)
    st = load_game("dingniu", "navpil").replay(rec.deal, rec.actions)
    assert st.notes[2]["kind"] == "suanzhang"
    # [V-D3] (navpil): any losing 算帳 player pays the winner 12 alone
    assert st.result["rule"] == "baozhuang" and st.result["payer"] == 2
    assert st.payments() == [0, 12, -12, 0]
    # the seed [S4] (the default): his block ends the hand after move 3 with 三家 and 四家 on 43;
    # the tie goes to 三家 (nearer the lead), so he is 二庄, and only the 大庄 pays 包庄: plain
    st2 = load_game("dingniu").replay(rec.deal, rec.actions[:3])
    assert st2.result["scores"] == [41, 22, 43, 43] and st2.result["suanzhang"] == [2]
    assert st2.result["rule"] == "plain" and st2.payments() == [-1, 6, -2, -3]


def test_sizha_is_not_suanzhang():
    # Move 6: ends 6/3, 二家's only tile showing 6 or 3 is 二六[62]; after it the ends are 2/3 and
    # every 2 and 3 is on the table or in his hand. Every legal move blocks: 死砸.
    st = Record.from_text(SIZHA).replay()
    assert st.notes[5]["kind"] == "sizha" and st.notes[5]["free"] == []
    assert st.result["suanzhang"] == [] and st.result["rule"] == "plain"
    assert st.payments() == [-2, 6, -1, -3]


def test_record_comments_explain_the_judgement():
    rec = Record.from_text(SUANZHANG_SUCCESS)
    text = rec.to_text("zh-hant", comments=True)
    assert "{算帳：" in text
    assert Record.from_text(text).actions == rec.actions


def _judge(view_before, action, legal, set_counts):
    """An independent re-derivation from the mover's view before his move."""
    unk = list(set_counts)
    for line in view_before["lines"]:
        for t in line:
            unk[t[2]] -= 1
    for k in view_before["hand"]:
        unk[k] -= 1
    for k in view_before["down"][view_before["seat"]]:
        unk[k] -= 1

    def ends_after(a):
        verb, k, e = decode(a)
        ends = list(view_before["ends"])
        if verb == "play":
            n = ends[e]
            ends[e] = LOW[k] if HIGH[k] == n else HIGH[k]
        return ends

    def blocked(ends):
        m = sum(1 << e for e in set(ends))
        return not any(unk[k] for k in range(21) if MASK[k] & m)

    if decode(action)[0] != "play" or blocked(view_before["ends"]) or not blocked(ends_after(action)):
        return None
    return "suanzhang" if any(not blocked(ends_after(b)) for b in legal if b != action) else "sizha"


def test_detection_matches_an_independent_judge_over_random_games():
    for preset in ("recommended", "wikipedia"):
        g = load_game("dingniu", preset)
        kinds = {"suanzhang": 0, "sizha": 0}
        for seed in range(150):
            rng = random.Random(seed)
            st = g.start(seed=seed)
            while not st.is_terminal():
                p = st.current_player
                legal = st.legal_actions()
                a = legal[rng.randrange(len(legal))]
                want = _judge(st.view(p), a, legal, g.set_counts)
                assert judge_from_view(g, st.view(p), a)[0] == want
                i = len(st.history)
                st.apply(a)
                got = st.notes.get(i, {}).get("kind")
                assert got == want, (preset, seed, i)
                if got:
                    kinds[got] += 1
        assert kinds["suanzhang"] and kinds["sizha"]
    random_playout(g.start(seed=1), random.Random(1))


def test_why_command_judges_a_move_before_it_is_made():
    from yezi.games.dominoes.text import why

    game = load_game("dingniu")
    st = Record.from_text(SUANZHANG_SUCCESS).replay()
    before = game.replay(st.deal, st.history[:2])
    view = before.view(2)
    assert judge_from_view(game, view, st.history[2])[0] == "suanzhang"
    assert judge_from_view(game, view, play_code(tg.LONG_SEVEN, 0)) == (None, [])
    assert "算帳" in why(game, view, "接 紅十 左", "zh-hant")
    assert "does not block" in why(game, view, "P61<", "en")
    st3 = Record.from_text(SIZHA).replay()
    v5 = game.replay(st3.deal, st3.history[:5]).view(1)
    assert judge_from_view(game, v5, st3.history[5]) == ("sizha", [])
    assert "死砸" in why(game, v5, "P62<", "zh-hant")


def test_why_names_who_pays_baozhuang_under_the_ruleset():
    """Seed 004 (the default): only the 大庄 pays 包庄; [V-D3] (navpil): any loser."""
    from yezi.games.dominoes.text import why
    from yezi.render.dominoes import frame_extras

    st = Record.from_text(SUANZHANG_SUCCESS).replay()
    for preset, want_en, want_zh in (("recommended", "highest score (大庄)", "點數最多（大庄）"),
                                     ("navpil", "if you do not win", "若你沒贏")):
        game = load_game("dingniu", preset)
        before = game.replay(st.deal, st.history[:2])
        view = before.view(2)
        assert want_en.lower() in why(game, view, "接 紅十 左", "en").lower()
        assert want_zh in why(game, view, "接 紅十 左", "zh-hant")
        assert "If you then lose" not in why(game, view, "接 紅十 左", "en")
        extras = frame_extras(before, 2)
        assert extras["judge"][str(st.history[2])] == "suanzhang"
        assert want_zh in extras["warn"]["zh-hant"] and want_en in extras["warn"]["en"]
