"""``yezi reports``: the chat messages people reported, for the operator, from the server's database.

A report keeps a copy of the message as it was when reported (a removal later does not hide it),
and the command shows it in its conversation: the lines of its room before and after it, as the
reporter saw them. Table chats and the club's and friends' rooms alike (`yezi.server.chat.reports`).
"""

from __future__ import annotations

import json
import sys
import time
from datetime import UTC, datetime

from yezi.cli.args import Parser, non_negative_int, positive_int


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _line(m: dict) -> str:
    who = m["name"] or (f"seat {m['seat'] + 1}" if m.get("seat") is not None else "a spectator")
    said = m["text"] if m.get("text") is not None else f"({m.get('phrase')})"
    return f"{_when(m['at'])}  {who}: {said}" + ("  [removed by the host]" if m.get("removed") else "")


def main(argv: list[str] | None = None) -> int:
    p = Parser(prog="yezi reports", description="List the chat messages people reported (table chats, clubs' "
               "and friends' rooms), newest first, each in its conversation: the operator's moderation queue.")
    p.add_argument("--database-url", required=True, help="the server's SQLAlchemy URL")
    p.add_argument("--days", type=non_negative_int, default=30, help="reports of the last DAYS days (0: all; default 30)")
    p.add_argument("--limit", type=positive_int, default=100, help="at most this many reports (default 100)")
    p.add_argument("--around", type=non_negative_int, default=5,
                   help="the messages of the room shown before and after each (default 5)")
    p.add_argument("--json", action="store_true", help="one JSON document instead of text")
    args = p.parse_args(argv)
    from yezi.server.chat import reports
    from yezi.server.db import make_engine

    engine = make_engine(args.database_url)
    try:
        got = reports(engine, time.time() - args.days * 86400 if args.days else 0.0, args.limit, args.around)
    finally:
        engine.dispose()
    if args.json:
        json.dump({"reports": got}, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    if not got:
        print("no reports")
        return 0
    for r in got:
        print(f"report {r['report']} · {_when(r['at'])} · {r['where']} · by {r['reporter']}")
        print(f"  as reported: {r['copy']}")
        for m in r["before"]:
            print("    " + _line(m))
        if r["message"] is not None:
            print("  > " + _line(r["message"]))
        else:
            print("  > (the message is no longer stored)")
        for m in r["after"]:
            print("    " + _line(m))
        print()
    return 0
