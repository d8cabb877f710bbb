"""The learned bot at web tables: offered for a game whose network ships, seated at a table of the
rules it was trained on, and refused (not quietly replaced by the heuristic under its label) at a
table of other rules."""

from __future__ import annotations

from starlette.testclient import TestClient

from yezi.server.app import create_app
from yezi.server.config import Settings


def _spec(game: str, seats: int, **more) -> dict:
    return {"game": game, "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "learned"}] * (seats - 1), **more}


def test_the_learned_bot_sits_only_where_its_network_was_trained(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as c:
        games = {g["name"]: g for g in c.get("/api/games").json()["games"]}
        assert "learned" in games["lukfu"]["bots"] and "learned" in games["fishing"]["bots"]
        assert games["lukfu"]["bot_labels"]["learned"]["zh-hant"] != games["lukfu"]["bot_labels"]["learned"]["en"]
        assert c.post("/api/tables", json=_spec("lukfu", 4)).status_code == 201
        r = c.post("/api/tables", json=_spec("lukfu", 3, options={"players": 3}))
        assert r.status_code == 400 and r.json()["error"] == "bad-seats", r.text
        assert "not trained for these rules" in r.json()["message"]
        r = c.post("/api/tables", json=_spec("fishing", 2, preset="tiu-u"))
        assert r.status_code == 400 and r.json()["error"] == "bad-seats", r.text


def test_the_lobby_names_every_bot_once_in_every_language(tmp_path):
    """Each game's bot choices: one entry per bot (牌九's `house-way` is its heuristic under a
    second name: offered once, still accepted at a table) and a name in every language, from the
    client's catalog (i18n.js botNames) or the server's labels; none shown as its internal id."""
    import re
    from pathlib import Path

    from yezi.core.registry import available_games
    from yezi.server import catalog

    js = (Path(catalog.__file__).parent.parent / "web" / "i18n.js").read_text(encoding="utf-8")
    blocks = re.findall(r"botNames: \{(.*?)\}", js, re.S)
    assert len(blocks) == 3
    client = [set(re.findall(r'"?([a-z-]+)"?:\s*"', b)) for b in blocks]
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as c:
        games = {g["name"]: g for g in c.get("/api/games").json()["games"]}
        for name in available_games():
            g = games[name]
            factories = catalog.game_class(name).bots()
            kinds = [factories.get(lv) for lv in g["bots"] if lv in factories]
            assert len(kinds) == len(set(kinds)), (name, g["bots"])
            for lv in g["bots"]:
                assert all(lv in names for names in client) or lv in g["bot_labels"], (name, lv)
        assert "house-way" not in games["paigow"]["bots"] and "heuristic" in games["paigow"]["bots"]
        spec = {"game": "paigow", "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "house-way"}] * 3}
        assert c.post("/api/tables", json=spec).status_code == 201
