"""A duplicate tournament for people (issue 23): 7 players of Luk Fu over 3 rounds (a bot in the
seat nobody fills, the absent players played by the move timer's stand-in). Every table of a round
plays the same deals; the standings equal a hand computation from the tables' records; each deal's
comparison shows what everyone who held the same cards won at the other tables."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.core.registry import load_game
from yezi.server import tournament
from yezi.server.accounts.seats import seat_keys_of
from yezi.server.app import create_app
from yezi.server.config import Settings

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus"]


def _clients(app, n):
    return [TestClient(app, base_url="http://localhost") for _ in range(n)]


def test_a_three_round_duplicate_tournament_of_seven(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0, timer_scale=0.004,
                              timeout_move_pad_s=0.0))
    cs = _clients(app, len(NAMES))
    with cs[0], cs[1], cs[2], cs[3], cs[4], cs[5], cs[6]:
        users = [sign_in(c, n) for c, n in zip(cs, NAMES, strict=True)]
        r = cs[0].post("/api/tournaments", json={"title": "Sunday cup", "game": "lukfu", "rounds": 3, "deals": 1})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        assert cs[1].post(f"/api/tournaments/{tid}/start", json={}).json()["error"] == "not-tournament-organiser"
        for c in cs[1:]:
            assert c.post(f"/api/tournaments/{tid}/enter", json={}).status_code == 200
        assert cs[1].post(f"/api/tournaments/{tid}/enter", json={}).json()["error"] == "already-entered"
        assert cs[0].post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
        end = time.monotonic() + 120
        while True:
            info = cs[0].get(f"/api/tournaments/{tid}").json()
            if info["tournament"]["status"] == "finished":
                break
            assert time.monotonic() < end, info["tournament"]
            time.sleep(0.5)
        store = app.state.store
        game = load_game("lukfu")
        rounds = {r["round"]: r for r in info["rounds"]}
        assert sorted(rounds) == [1, 2, 3]
        won: dict[str, float] = {n: 0.0 for n in NAMES}
        dup: dict[str, float] = {n: 0.0 for n in NAMES}
        for r in rounds.values():
            tables = r["tables"]
            assert len(tables) == 2  # 7 players at two tables of four: one bot
            rows = [store.table(x["table"]) for x in tables]
            assert len({row.seed for row in rows}) == 1, "the round's tables were not dealt alike"
            assert len({repr(store.deals(x["table"])[0][3]) for x in tables}) == 1, "different deals"
            bots = sum(1 for x in tables for s in x["seats"].values() if s["bot"])
            assert bots == 1
            # the hand computation: replay each table's log, book each seat's payment to its player
            held: dict[int, list[tuple[str | None, float]]] = {}
            for x in tables:
                (_no, dealer, _seed, deal), = store.deals(x["table"])
                actions = [e[3] for e in store.events(x["table"]) if e[0] == 0]
                st = game.replay(deal, actions)
                assert st.current_player is None
                pays = game.match_result(st)
                for pos, seat in x["seats"].items():
                    held.setdefault(int(pos), []).append((seat["name"], float(pays[(int(pos) - dealer) % 4])))
            for got in held.values():
                mean = sum(w for _n, w in got) / len(got)
                for name, w in got:
                    if name is not None:
                        won[name] += w
                        dup[name] += w - mean
            (d,) = r["deals"]
            for c in d["same_cards"]:  # the comparison: every table's holder of these cards
                assert len(c["held_by"]) == 2
                assert {h["table_no"] for h in c["held_by"]} == {0, 1}
        standings = {s["name"]: s for s in info["standings"]}
        for n in NAMES:
            assert abs(standings[n]["total"] - won[n]) < 1e-6, n
            assert abs(standings[n]["duplicate"] - dup[n]) < 1e-3, n
        assert abs(sum(dup.values())) < 1e-6 or any(s["bot"] for x in rounds[1]["tables"] for s in x["seats"].values())
        # each player's seats were their account's: they could open them from any device
        t1 = rounds[1]["tables"][0]["table"]
        seated = [u for u in users if seat_keys_of(store.engine, u.id, t1)]
        assert len(seated) == sum(1 for s in rounds[1]["tables"][0]["seats"].values() if not s["bot"])
        # the page is worked out once: asked again with nothing changed, nothing is replayed again
        worked = []
        real = tournament._results
        tournament._results = lambda *a: worked.append(a) or real(*a)
        try:
            again = cs[1].get(f"/api/tournaments/{tid}").json()
        finally:
            tournament._results = real
        assert worked == [] and again["standings"] == [s | {"mine": s["name"] == "Bo"} for s in info["standings"]]


def test_nobody_learns_how_the_same_hands_went_while_another_table_still_plays_them(tmp_path):
    """Five players, two tables of one round playing the same deal. Once table 1 has finished and table 2
    has not, the deal's comparison and its standings wait, and the other table cannot be found from the
    page (watching it would show the very hands being played); once both are done, everything shows."""
    import asyncio

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    cs = _clients(app, 5)
    with cs[0], cs[1], cs[2], cs[3], cs[4]:
        for c, n in zip(cs, NAMES[:5], strict=True):
            sign_in(c, n)
        tid = cs[0].post("/api/tournaments", json={"title": "Cup", "game": "lukfu", "rounds": 1, "deals": 1}).json()["id"]
        for c in cs[1:]:
            c.post(f"/api/tournaments/{tid}/enter", json={})
        assert cs[0].post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
        manager = app.state.manager
        rows = {x["table_no"]: x["table"] for x in tournament.tables_of(app.state.store.engine, tid)}

        async def play_out(table_id: str) -> None:
            live = manager.live[table_id]
            end = time.monotonic() + 20
            while live.current.state.current_player is not None:
                assert time.monotonic() < end, (live.current.state.current_player, [(p.kind, p.bot) for p in live.players], live.bot_task)
                async with live.lock:
                    st = live.current.state
                    if st.current_player is not None:
                        pos = live.position_of(st.current_player)
                        if live.players[pos].kind == "human":
                            await live.commit_action(pos, st.legal_actions()[0], None)
                live.kick()  # (as a move through the socket does: the bots answer)
                await asyncio.sleep(0.005)

        cs[0].portal.call(play_out, rows[0])
        info = cs[0].get(f"/api/tournaments/{tid}").json()
        (deal,) = info["rounds"][0]["deals"]
        assert deal["pending"] and deal["same_cards"] == []
        assert all(s["deals"] == 0 and s["total"] == 0 for s in info["standings"])
        on_page = [x for x in info["rounds"][0]["tables"] if "table" in x]
        assert len(on_page) <= 1 and all(any(s["mine"] for s in x["seats"].values()) for x in on_page)
        cs[0].portal.call(play_out, rows[1])
        info = cs[0].get(f"/api/tournaments/{tid}").json()
        (deal,) = info["rounds"][0]["deals"]
        assert not deal.get("pending") and deal["same_cards"]
        assert all("table" in x for x in info["rounds"][0]["tables"])


def test_a_clubs_own_tournament(tmp_path):
    """A club's organiser makes a tournament only its members enter; a private club's is listed on its
    page only, and to anyone outside the club it is not there."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    ann, bob, cy = _clients(app, 3)
    with ann, bob, cy:
        for c, n in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
            sign_in(c, n)
        cid = ann.post("/api/clubs", json={"name": "Chan family", "private": True}).json()["id"]
        secret = ann.post(f"/api/clubs/{cid}/invite").json()["link"].split("#join=")[1]
        assert bob.post(f"/api/clubs/{cid}/join", json={"invite": secret}).status_code == 200
        spec = {"title": "Family cup", "game": "fishing", "rounds": 1, "deals": 1, "club": cid}
        r = bob.post("/api/tournaments", json=spec)
        assert r.status_code == 403 and r.json()["error"] == "not-organiser", r.text
        r = cy.post("/api/tournaments", json=spec | {"club": "nosuchclub"})
        assert r.status_code == 404 and r.json()["error"] == "no-club", r.text
        r = ann.post("/api/tournaments", json=spec)
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        assert r.json()["tournament"]["club"] == cid
        # the club's members see it, on the club's page and its own; nobody else does
        assert [t["id"] for t in bob.get(f"/api/clubs/{cid}").json()["tournaments"]] == [tid]
        got = bob.get(f"/api/tournaments/{tid}")
        assert got.status_code == 200 and got.json()["tournament"]["club_name"] == "Chan family"
        assert cy.get(f"/api/tournaments/{tid}").status_code == 404
        assert tid not in [t["id"] for t in cy.get("/api/tournaments").json()["tournaments"]]
        assert cy.post(f"/api/tournaments/{tid}/enter", json={}).status_code == 404
        assert bob.post(f"/api/tournaments/{tid}/enter", json={}).status_code == 200
        # a public club's tournament is listed for all, and still entered by its members only
        pub = ann.post("/api/clubs", json={"name": "Village hall", "private": False}).json()["id"]
        open_cup = ann.post("/api/tournaments", json=spec | {"club": pub, "title": "Open cup"}).json()["id"]
        listed = {t["id"]: t for t in cy.get("/api/tournaments").json()["tournaments"]}
        assert listed[open_cup]["club_name"] == "Village hall"
        r = cy.post(f"/api/tournaments/{open_cup}/enter", json={})
        assert r.status_code == 403 and r.json()["error"] == "not-member", r.text
        assert ann.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
