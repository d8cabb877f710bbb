"""十五胡 in the web app: listed with its renderer, the reconstruction notice, assets, a full deal over
the WebSocket API with the settlement explained in three languages, and the record."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

from tests.web.helpers import full_record, play_random, sqlite_server, table_against_bots
from yezi.render.shiwuhu import table_svg


@pytest.fixture(scope="module")
def server():
    with sqlite_server(prefix="yezi-sw-") as srv:
        yield srv


def test_listed_with_renderer_bots_and_the_reconstruction_notice(server):
    games = {g["name"]: g for g in server.get("/api/games").json()["games"]}
    g = games["shiwuhu"]
    assert g["renderer"] and {"heuristic", "search-easy"} <= set(g["bots"])
    assert "重構" in g["titles"]["zh-hant"] and "reconstruction" in g["titles"]["en"]
    assert "重構" in g["notice"]["zh-hant"] and "reconstructed" in g["notice"]["en"]
    assert all("econstruction" in p["title"] for p in g["presets"].values())
    a = server.get("/api/games/shiwuhu/assets?lang=zh-hans").json()
    assert len(a["faces"]) == 21 and len(a["plays"]) == a["num_plays"] == 493
    assert a["plays"][a["pass"] - 1] and len(a["questions"]) == 12 and "重构" in a["notice"]


def test_full_deal_over_the_api_with_the_settlement_explained(server):
    t, cl = table_against_bots(server, "shiwuhu")
    end = play_random(cl, random.Random(3), max_moves=300,
                      check=lambda f: all(str(x) in f["labels"] for x in f["legal"]))
    assert end["deal_over"] and sum(end["payments"]) == 0
    lines = end["extras"]["settlement"]
    assert set(lines) == {"zh-hant", "zh-hans", "en"} and all(lines.values())
    assert end["view"]["hand"] is not None and "hands" not in end["view"]
    rec = full_record(server, t["id"])
    assert rec.game == "shiwuhu" and rec.replay().payments() == end["payments"]
    assert "<svg" in table_svg(end["view"], "zh-hant")
    cl.close()
