"""Fishing in the web app: the SVG render module (pure), its frame extras (public only), and a
whole deal through the real server over WebSocket."""

from __future__ import annotations

import random

import pytest

from tests.web.helpers import full_record
from yezi.core.playout import random_playout
from yezi.core.registry import load_game
from yezi.render import fishing as R


def test_assets_have_every_kind_and_the_action_layout():
    for lang in ("zh-hant", "zh-hans", "en"):
        a = R.assets(lang)
        assert len(a["faces"]) == len(a["tiles"]) == 21
        assert all(f.startswith("<svg") for f in a["faces"].values())
        assert (a["K"], a["cap"], a["rel"], a["dcap"], a["drel"], a["stack"], a["keep"]) == (21, 0, 441, 462, 903, 924, 945)
    assert R.assets("en")["names"]["0"] == "Heaven"


def test_table_svg_for_every_seat_and_tiu_u():
    for preset in ("suffocated", "tiu-u"):
        g = load_game("fishing", preset)
        st = random_playout(g.start(seed=3), random.Random(0))
        for seat in [None, *range(g.players)]:
            s = R.table_svg(st.view(seat), "zh-hant", [g.seat_name(x) for x in range(g.players)], g.dominoes)
            assert s.startswith("<svg") and s.endswith("</svg>")
    assert "&lt;" in R.table_svg(load_game("fishing").start(seed=1).view(0), "en", ["<b>", "B", "C"])


def test_frame_extras_use_only_public_information():
    """Worlds a seat cannot tell apart give the same extras."""
    g = load_game("fishing")
    rng = random.Random(2)
    st = g.start(seed=8)
    for _ in range(23):
        la = st.legal_actions()
        st.apply(la[rng.randrange(len(la))])
    for seat in range(3):
        base = R.frame_extras(st, seat)
        for _ in range(3):
            other = st.sample_state(seat, rng)
            assert R.frame_extras(other, seat) == base


def test_a_whole_deal_through_the_server():
    pytest.importorskip("websockets")
    pytest.importorskip("starlette")
    from tests.web.helpers import play_random, sqlite_server, table_against_bots

    with sqlite_server(prefix="yezi-fish-db-") as srv:
        t, cl = table_against_bots(srv, "fishing")
        first = cl.state()
        assert first["view"]["hand"] is not None and "stock" not in first["view"]["deal"]
        assert "extras" in first and len(first["extras"]["scores"]) == 3
        end = play_random(cl, random.Random(4), max_moves=200)
        assert end["deal_over"] and sum(end["payments"]) == 0
        pairs = end["extras"]["pairs"]  # each pair's arithmetic in each language
        assert set(pairs) == {"zh-hant", "zh-hans", "en"} and all(len(v) == 3 for v in pairs.values())
        # a pair with equal scores pays nothing, and says so (the deal is the server's: sometimes two seats tie)
        assert all("付" in line for line in pairs["zh-hant"])
        assert all(" pays " in line or "equal, nothing paid" in line for line in pairs["en"]), pairs["en"]
        rec = full_record(srv, t["id"])
        assert rec.replay().payments() == end["payments"]
        assets = srv.get("/api/games/fishing/assets?lang=en").json()
        assert assets["names"]["12"] == "Red Nine"
        assert srv.get("/static/games/fishing.js").status_code == 200
        cl.close()
