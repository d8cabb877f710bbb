"""One `Match` behind every front end: `yezi play`, a web table and `play_match` play the same
deals, with the same dealers and the same totals, for one seed; a web table plays the game's own
match (Luk Fu's rounds) and carries what a deal hands on (Ma Diao's 官堆)."""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_helpers import yezi
from yezi.bots import RandomBot
from yezi.core.match import Match, deal_seed
from yezi.core.playout import play_match
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.server.config import Settings
from yezi.server.db import Store, make_engine, migrate
from yezi.server.tables import TableManager


def _manager(tmp_path: Path) -> TableManager:
    url = f"sqlite:///{tmp_path}/match.db"
    engine = make_engine(url)
    migrate(engine)
    return TableManager(Store(engine), Settings(database_url=url, bot_delay=0.0, next_deal_delay=0.0,
                                                bot_tables_per_client=50, max_bot_tables=50))


async def _bots_play(m: TableManager, spec: dict, timeout: float = 120):
    """An all-random-bot table created as the lobby creates one, played to its end by the server's
    own bot loop."""
    n = load_game(spec["game"], spec.get("preset"), spec.get("options") or {}).num_seats
    t, _ = await m.create({"seats": [{"kind": "bot", "bot": "random"}] * n, "listed": False, **spec})
    t.kick()
    end = time.monotonic() + timeout
    while not t.match_over:
        assert time.monotonic() < end, "the bots did not finish the match"
        await asyncio.sleep(0.01)
    return t


def _web(tmp_path: Path, spec: dict):
    async def go():
        m = _manager(tmp_path)
        try:
            t = await _bots_play(m, spec)
            seen = ([(d.no, d.dealer, d.seed) for d in t.deals], list(t.totals), t.row.seed)
            again = m._load(t.id)  # rebuilt from its log, deal by deal: the same match
            assert again is not None and again.match_over
            assert [(d.no, d.dealer, d.seed) for d in again.deals] == seen[0] and list(again.totals) == seen[1]
            return t, seen
        finally:
            m.close()
            m.store.close()
    return asyncio.run(go())


def _terminal(tmp_path: Path, game: str, seed: int, n: int) -> tuple[list[tuple[int, int, int]], list[int]]:
    """`yezi play GAME --autoplay --bots random --seed S` as a player runs it: its deals (number,
    dealer, seed, from the saved records and the "#### k · seat" headers) and its closing totals."""
    out = yezi("play", game, "--autoplay", "--bots", "random", "--seed", str(seed), "--lang", "en",
               "--save", str(tmp_path / "deal.txt"))
    seats = [m.group(2) for m in re.finditer(r"^#### (\d+) · (.+) ####$", out, re.M)]
    g = load_game(game)
    names = [g.seat_name(s, "en") for s in range(n)]
    deals = []
    for k, seat_name in enumerate(seats):
        rec = Record.from_text((tmp_path / ("deal.txt" if k == 0 else f"deal-{k + 1}.txt")).read_text("utf-8"))
        dealer = (0 - names.index(seat_name)) % n  # you are player 0, at this seat of the deal
        deals.append((k, dealer, rec.seed))
    totals_line = next(ln for ln in out.splitlines() if ln.startswith("Totals: "))
    totals = [int(x) for x in re.findall(r"P\d(?:\(you\))? ([+-]?\d+)", totals_line)]
    return deals, totals


@pytest.mark.parametrize("game", ["lukfu", "tiengow"])
def test_yezi_play_the_server_and_play_match_give_the_same_match_for_one_seed(tmp_path, game):
    # the game's own match (one round: each player leads or banks), random bots everywhere; 打天九's first
    # banker is thrown by dice, so the first dealer is the game's rule everywhere too
    g = load_game(game)
    _t, (deals, totals, seed) = _web(tmp_path, {"game": game, "match": "own"})
    assert len(deals) >= g.num_seats and any(d[1] != deals[0][1] for d in deals)
    assert deals[0][1] == g.first_dealer(seed)
    assert [d[2] for d in deals] == [deal_seed(seed, k) for k in range(len(deals))]
    played = play_match(g, [RandomBot()] * g.num_seats, None, seed)
    assert [(k, dl, deal_seed(seed, k)) for k, dl in enumerate(played.dealers)] == deals
    assert played.totals == totals
    assert _terminal(tmp_path, game, seed, g.num_seats) == (deals, totals)


def test_a_web_luk_fu_table_with_match_rounds_4_ends_after_four_rounds(tmp_path):
    game = load_game("lukfu", None, {"match_rounds": 4})
    t, (_deals, _totals, _seed) = _web(tmp_path, {"game": "lukfu", "options": {"match_rounds": 4}, "match": "own"})
    shifts = [game.dealer_shift(d.state) % 4 for d in t.deals]
    assert sum(1 for s in shifts if s) == 16  # four rounds: every player led four times
    assert shifts[-1]  # and the match ended on the deal that completed the fourth round
    assert t.public_info()["match"]["unit"] == "rounds" and t.public_info()["match"]["count"] == 4
    settle = t.public_info()["match"]["settle"]
    assert sum(Fraction(x) for x in settle["totals"]) == 0 and len(settle["transfers"]) <= 3


def test_a_ma_diao_web_session_carries_the_pool(tmp_path):
    async def go():
        m = _manager(tmp_path)
        try:
            for _ in range(5):  # a session whose pool never fills is rare: play the next one then
                t = await _bots_play(m, {"game": "madiao", "match": "own"})
                pools = [(d.deal["pool"], d.state.settlement()["pool_after"]) for d in t.deals]
                for (_before, after), (nxt, _) in itertools.pairwise(pools):
                    assert nxt == after  # the 官堆 a hand leaves is the next hand's
                if any(after for _b, after in pools[:-1]):
                    final = Match(t.game, t.row.seed)
                    return t, pools, final
            raise AssertionError("five sessions and the pool never held anything")
        finally:
            m.close()
            m.store.close()

    t, pools, _ = asyncio.run(go())
    assert t.match.length.unit == "rounds"  # a session of rotations of the bank (the preset's session_end)
    # the totals book the pool flows, and the pool left over is split when the session closes
    assert sum(Fraction(x) for x in t.totals) == 0
    # the same session at the terminal: `yezi madiao play`'s Session, by position
    from yezi.games.madiao.session import play_session

    res = play_session(t.game, [RandomBot()] * 4, t.row.seed)
    assert [h.pool_before for h in res.hands] == [p[0] for p in pools]
    by_position = [res.totals[p] for p in res.table]
    assert by_position == list(t.totals)


@pytest.mark.parametrize("game", ["fishing", "tiengow", "dingniu"])
def test_every_front_end_follows_the_games_own_rotation(game):
    g = load_game(game)
    m = play_match(g, [RandomBot()] * g.num_seats, 6, seed=11, keep_states=True)
    assert m.dealers[0] == g.first_dealer(11)  # 打天九 throws dice for the first banker: play_match too
    for prev, state, nxt in zip(m.dealers, m.deals, m.dealers[1:]):
        assert nxt == (prev + g.dealer_shift(state)) % g.num_seats
