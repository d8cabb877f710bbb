"""`yezi reports`: the operator reads every reported chat line in its conversation (the lines of its
room around it), from a table's chat and from a club's room alike; a removed line still shows as it
was reported."""

from __future__ import annotations

import json

from yezi.cli.main import main
from yezi.server import chat
from yezi.server.db import make_engine, migrate


def test_reports_in_their_conversation(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'yezi.db'}"
    engine = make_engine(url)
    migrate(engine)
    try:
        said = [chat.store_message(engine, "tab1", chat.PLAYERS, i % 2, name, text, None)
                for i, (name, text) in enumerate([("Ann", "hello"), ("Bob", "you cheat, idiot"), ("Ann", "calm down"),
                                                  ("Bob", "sorry")])]
        chat.store_message(engine, "tab1", chat.SPECTATORS, None, "Kib", "another room", None)
        chat.report(engine, said[1], "tab1", "client-a")
        chat.remove(engine, "tab1", said[1].id)
        club = chat.store_message(engine, "club:c1", chat.PLAYERS, None, "Dee", "buy cheap pills here", None)
        chat.report(engine, club, "club:c1", "user:dee-friend")
    finally:
        engine.dispose()
    assert main(["reports", "--database-url", url]) == 0
    out = capsys.readouterr().out
    first, second = out.split("report ")[1:3]  # newest first
    assert "club:c1" in first and "buy cheap pills here" in first
    assert "tab1" in second and "as reported: [players] Bob: you cheat, idiot" in second
    talk = second.split("\n", 2)[2]  # the conversation, after the report's heading and its copy
    assert talk.index("hello") < talk.index("you cheat") < talk.index("calm down") < talk.index("sorry")
    assert "[removed by the host]" in second and "another room" not in out
    assert main(["reports", "--database-url", url, "--json", "--around", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (r,) = [r for r in doc["reports"] if r["where"] == "tab1"]
    assert [m["text"] for m in r["before"]] == ["hello"] and [m["text"] for m in r["after"]] == ["calm down"]
    assert r["removed"] is True and r["message"]["text"] == "you cheat, idiot"
