"""Table leases in PostgreSQL: which server instance runs which table, and until when.

Several `yezi serve` instances (processes or machines) share one PostgreSQL database. Each table
is run by one instance at a time, its owner, which holds the table's row in ``yezi_leases``
(owner instance id, expiry). The owner renews all its leases with one UPDATE every heartbeat; an
instance that stops renewing (killed, frozen, cut off) loses its tables when the lease expires,
and the first other instance to notice takes them over and rebuilds them from the event log.

Times are the database server's clock (``clock_timestamp()``), so the machines' clocks need not
agree. The lease is a fence as well as a claim: the owner writes an action into the event log
only in a statement that also holds a share lock on an unexpired lease row of its own
(`FENCED_EVENT_SQL`), so a stalled ex-owner cannot append a move after its lease ran out, and a
take-over (which updates the row) waits for any such write in flight and then sees it.

The table holds run-time state only (dropping it loses nothing: leases are retaken), so it is made
here with CREATE TABLE IF NOT EXISTS rather than by an Alembic revision.
"""

from __future__ import annotations

NOW = "EXTRACT(EPOCH FROM clock_timestamp())"

DDL = """CREATE TABLE IF NOT EXISTS yezi_leases (
    table_id VARCHAR(32) PRIMARY KEY,
    owner VARCHAR(64) NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
)"""

# the tables this instance runs (and only those), renewed at once; the rows returned are the leases
# it still has. A lease row of ours whose table we do not run (a take-over that failed, a table given
# up) is not renewed: it runs out and another instance (or this one, afresh) takes the table. An
# expired row still ours is renewed: nobody else took the table meanwhile, so our copy is current.
RENEW = f"""UPDATE yezi_leases SET expires_at = {NOW} + %(ttl)s
WHERE owner = %(me)s AND table_id = ANY(%(ids)s::varchar[]) RETURNING table_id"""

# tables in play nobody holds (finished and archived ones stay as they are): never leased (made before the cluster, or by an instance that died
# before it could lease them) or leased by an instance that stopped renewing
ORPHANS = f"""SELECT t.id FROM yezi_tables t LEFT JOIN yezi_leases l ON l.table_id = t.id
WHERE t.status = 'playing' AND (l.table_id IS NULL OR l.expires_at < {NOW})
ORDER BY t.created_at LIMIT %(limit)s"""

# take one or more tables if nobody holds them (a lease of our own is simply renewed); the rows
# returned are the tables taken
ACQUIRE = f"""INSERT INTO yezi_leases (table_id, owner, expires_at)
SELECT x, %(me)s, {NOW} + %(ttl)s FROM unnest(%(ids)s::varchar[]) AS x
ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
WHERE yezi_leases.expires_at < {NOW} OR yezi_leases.owner = EXCLUDED.owner
RETURNING table_id"""

# seconds until the next lease of another instance runs out: the heartbeat wakes up then, so a
# dead instance's tables are taken when its leases expire, not up to a heartbeat later
NEXT_EXPIRY = f"SELECT MIN(expires_at) - {NOW} FROM yezi_leases WHERE owner <> %(me)s"

OWNER = f"SELECT owner, expires_at - {NOW} FROM yezi_leases WHERE table_id = %(t)s"

RELEASE_ALL = "DELETE FROM yezi_leases WHERE owner = %(me)s"
RELEASE = "DELETE FROM yezi_leases WHERE owner = %(me)s AND table_id = ANY(%(ids)s::varchar[])"

# `Store.add_event` / `Store.add_deal` with a lease owner set: the event is written only under the owner's live lease
FENCED_EVENT_SQL = f"""WITH lease AS (
    SELECT 1 FROM yezi_leases WHERE table_id = %(t)s AND owner = %(me)s AND expires_at > {NOW} FOR SHARE
)
INSERT INTO yezi_events (table_id, deal_no, seq, seat, action, client_id, created_at)
SELECT %(t)s, %(d)s, %(s)s, %(seat)s, %(a)s, %(cid)s, %(ts)s FROM lease"""

# many events at once (`Store.add_events`): those of tables whose lease is the owner's are written
# and named in what it returns; the others are not
FENCED_EVENTS_SQL = f"""WITH e AS (
    SELECT * FROM unnest(%(t)s::text[], %(d)s::int[], %(s)s::int[], %(seat)s::int[], %(a)s::int[], %(cid)s::text[],
                         %(ts)s::float8[]) AS e(t, d, s, seat, a, cid, ts)
), lease AS (
    SELECT table_id FROM yezi_leases WHERE table_id = ANY(%(t)s::text[]) AND owner = %(me)s AND expires_at > {NOW} FOR SHARE
)
INSERT INTO yezi_events (table_id, deal_no, seq, seat, action, client_id, created_at)
SELECT t, d, s, seat, a, cid, ts FROM e WHERE t IN (SELECT table_id FROM lease)
RETURNING table_id, deal_no, seq"""

FENCED_DEAL_SQL = f"""WITH lease AS (
    SELECT 1 FROM yezi_leases WHERE table_id = %(t)s AND owner = %(me)s AND expires_at > {NOW} FOR SHARE
)
INSERT INTO yezi_deals (table_id, deal_no, dealer, seed, deal, created_at)
SELECT %(t)s, %(d)s, %(dealer)s, %(seed)s, %(deal)s, %(ts)s FROM lease"""

# the cluster's DDL, one instance at a time (concurrent CREATE TABLE IF NOT EXISTS can collide)
DDL_LOCK = "SELECT pg_advisory_xact_lock(5937002)"


class LeaseLost(Exception):
    """This instance no longer holds the table's lease: the action was not stored."""
