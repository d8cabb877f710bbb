"""``yezi record``: the operator's copy of a served table's finished deal, read from the database.

A table's records on the web are what everybody saw, or what one seat saw with its credential
(`yezi.core.record.Record.seen`); the whole record (every hand, every face-down play, the seed)
stays in the server's database, for the operator and for disputes, and this command prints it.
"""

from __future__ import annotations

import sys

from yezi.cli.args import Parser, non_negative_int
from yezi.core.protocol import NOTATIONS
from yezi.core.record import Record, records_text


def full_record(database_url: str, table_id: str, deal_no: int) -> Record:
    """Deal `deal_no` of `table_id`, whole, rebuilt from the database's log (raises TableError)."""
    return full_records(database_url, table_id, deal_no)[0]


def full_records(database_url: str, table_id: str, deal_no: int | None = None) -> list[Record]:
    """Deal `deal_no` of `table_id` (None: every finished deal, in order: the match so far), whole,
    rebuilt from the database's log (raises TableError)."""
    from yezi.server.config import Settings
    from yezi.server.db import Store, make_engine
    from yezi.server.tables import TableError, TableManager

    store = Store(make_engine(database_url, "NORMAL"), checkpoint_every=0)
    manager = TableManager(store, Settings(database_url=database_url))
    try:
        t = manager._load(table_id)
        if t is None:
            raise TableError("no-table", "no such table")
        if deal_no is not None:
            return [t.record(deal_no)]
        done = [d.no for d in t.deals if d.state.current_player is None]
        if not done:
            raise TableError("deal-not-over", "this table has no finished deal yet")
        return [t.record(k) for k in done]
    finally:
        manager.thinker.close()
        store.close()


def main(argv: list[str] | None = None) -> int:
    p = Parser(prog="yezi record", description="Print a served table's finished deal whole (every hand and "
               "face-down play), or all its finished deals in one file, from the server's database: the "
               "operator's copy, for disputes.")
    p.add_argument("table", help="the table id")
    p.add_argument("deal", type=non_negative_int, nargs="?", default=None,
                   help="the deal number, from 0 (default: every finished deal, one after another in one file)")
    p.add_argument("--database-url", required=True, help="the server's SQLAlchemy URL")
    p.add_argument("--lang", default="zh-hant", choices=NOTATIONS)
    args = p.parse_args(argv)
    from yezi.server.tables import TableError

    try:
        recs = full_records(args.database_url, args.table, args.deal)
    except TableError as e:
        print(f"yezi record: {e.message}", file=sys.stderr)
        return 1
    sys.stdout.write(records_text(recs, args.lang))
    return 0
