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
