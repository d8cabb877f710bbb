"""Another client's ping while a stranger abuses the server, next to the quiet figure.

For each scenario a fresh `yezi serve` (SQLite in a temp dir) is started; one client (the
victim) sits at its own table and sends a WebSocket ping every 20 ms, timing each pong, while the
abuse runs:

* quiet: nothing else;
* bots: `--bot-tables` tables whose every seat is a `--bot-level` bot (default search-strong),
  all opened by one client (the caps on all-bot tables are raised for this run, so the figure
  shows what the worker processes do, not what the caps refuse; the lines below say how many
  tables the default caps let through);
* instant / instant4 (issue 26, item 4): `--instant-tables` tables of a person and three
  `--bot-level` bots, opened from one address (instant) or four (instant4), the person playing
  the moment it is its turn and asking for a hint each time; meanwhile a second victim, from an
  address of its own, plays at a table of its own with three such bots, taking `--victim-think`
  seconds a move and asking for a hint at each. Its figures: how late its bots' moves arrive
  (the time since the move before, less the bot delay: in the quiet scenario only its own
  thinking makes them late), how many were played at a cheaper level (rationed), and its hints
  answered or refused;
* uploads: `--uploaders` clients posting a finished record to /api/replay in a loop;
* idle: `--idle` TCP connections that open and then send nothing;
* flood: `--flooders` clients opening and closing WebSockets as fast as they can;
* assets1, assets4: one / four clients fetching a game's assets (`--assets-game`, tiengow's are
  1 MB) in a loop, as a browser asks for them (`--assets-encoding`); each waits for its answer;
* spectators: 7 addresses x 32 spectator sockets at a table of two people, who then take their
  seats (issue 26: the table's connection limit counted spectators and refused the players);
* idle16: 16 addresses holding 64 idle TCP connections each against a server capped at 1,000
  connections (as a 1,024 file limit does), while a client from its own address makes 86 requests;
* fill250: 250 addresses creating tables as fast as they can (`--fill-seconds`), then a client
  from its own address creates one and reads the lobby.

The last three keep the server's default caps (each abuser, and the client that measures them, has
an address of its own, 127.x.y.z on the loopback); the others lift them, since their abuser and the
victim share 127.0.0.1.

Prints the victim's ping p50 / p99 / max, the server's event-loop lag (its /api/health), and
what the abusers got (tables created, uploads answered / refused).

    python bench/web_abuse.py --seconds 15
    python bench/web_abuse.py --root /tmp/yezi-old   # the same against another checkout's server
    python bench/web_abuse.py --scenarios quiet,instant,instant4 --seconds 30   # the victim's bots
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter

import httpx
import websockets

try:  # python -m bench.web_abuse
    from bench._common import free_port, start_serve
except ModuleNotFoundError:  # python bench/web_abuse.py: bench/ is on sys.path, the checkout is not
    from _common import free_port, start_serve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def start_server(root: str, port: int, env_extra: dict[str, str], nice: int = 0) -> subprocess.Popen:
    url = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-abuse-"), "abuse.db")
    env = dict(os.environ, PYTHONPATH=root, YEZI_CREATE_PER_MINUTE="1000000") | env_extra
    return start_serve(["--database-url", url, "--log-level", "warning"], port, cwd=root, env=env, nice=nice)


def stop_server(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def finished_record(game: str, seed: int = 5) -> str:
    """A finished deal's record (random moves), to upload."""
    from yezi.core.record import Record
    from yezi.core.registry import load_game

    st = load_game(game).start(seed=seed)
    rng = random.Random(seed)
    while st.current_player is not None:
        st.apply(rng.choice(st.legal_actions()))
    return Record.from_state(st, seed=seed).to_text()


async def victim(base: str, ws_base: str, until: float, rtts: list[float]) -> None:
    """A person at a table of people: a ping every 20 ms, each pong timed."""
    async with httpx.AsyncClient(timeout=30) as http:
        r = await http.post(base + "/api/tables", json={"game": "lukfu", "seats": [{"kind": "human"}] * 4,
                                                        "listed": False})
        r.raise_for_status()
        t = r.json()
    auth = {"Authorization": f"Bearer {t['seats']['0']['token']}"}  # the server refuses a token in the address
    async with websockets.connect(f"{ws_base}/ws/{t['id']}", max_size=2**22, additional_headers=auth) as ws:
        n = 0
        while time.time() < until:
            n += 1
            t0 = time.perf_counter()
            await ws.send(json.dumps({"type": "ping", "id": f"p{n}"}))
            while True:
                f = json.loads(await ws.recv())
                if f.get("type") == "pong" and f.get("id") == f"p{n}":
                    break
                if f.get("type") == "error":
                    raise SystemExit(f"the victim's ping was refused: {f}")
            rtts.append(time.perf_counter() - t0)
            await asyncio.sleep(0.02)


def _post_from(source: str) -> httpx.AsyncClient:
    """An HTTP client whose requests come from `source` (a loopback address: another client)."""
    return httpx.AsyncClient(timeout=30, transport=httpx.AsyncHTTPTransport(local_address=source))


def _seat_socket(ws_base: str, table: dict, source: str):
    return websockets.connect(f"{ws_base}/ws/{table['id']}", max_size=2**24, local_addr=(source, 0),
                              additional_headers={"Authorization": f"Bearer {table['seats']['0']['token']}"})


async def _person_table(base: str, source: str, level: str) -> dict:
    async with _post_from(source) as http:
        r = await http.post(base + "/api/tables", json={
            "game": "lukfu", "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": level}] * 3, "num_deals": 32,
            "listed": False})
        r.raise_for_status()
        return r.json()


async def instant_player(base: str, ws_base: str, source: str, level: str, until: float, report: Counter) -> None:
    """A person at a table of three bots who plays the moment it is its turn (and asks for a hint)."""
    t = await _person_table(base, source, level)
    report["instant tables"] += 1
    rng = random.Random(t["id"])
    n = 0
    async with _seat_socket(ws_base, t, source) as ws:
        while time.time() < until:
            f = json.loads(await ws.recv())
            if f.get("type") != "state":
                continue
            n += 1
            if f["deal_over"]:
                await ws.send(json.dumps({"type": "next_deal", "id": f"d{n}"}))
            elif f.get("legal"):
                await ws.send(json.dumps({"type": "hint", "id": f"h{n}", "level": "easy"}))
                await ws.send(json.dumps({"type": "action", "id": f"a{n}", "seq": f["seq"],
                                          "action": rng.choice(f["legal"])}))


HINT_WAIT_S = 5.0  # the bots' victim waits this long for its hint before it plays


async def bot_victim(base: str, ws_base: str, level: str, think: float, bot_delay: float, start: float,
                     until: float, out: dict) -> None:
    """A person at a table of three `level` bots, from an address no abuser uses: each of its bots'
    moves timed from the move before (less the bot delay), and what level each was played at."""
    t = await _person_table(base, "127.0.0.9", level)
    rng = random.Random(9)
    n = 0
    prev: tuple[int, int, float] | None = None  # (deal, seq, arrival) of the last move seen
    async with _seat_socket(ws_base, t, "127.0.0.9") as ws:
        while time.time() < until:
            try:
                f = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, until - time.time())))
            except TimeoutError:
                break
            now = time.perf_counter()
            if f.get("type") != "state":
                continue
            key = (f["deal_no"], f["seq"])
            if prev is not None and key == (prev[0], prev[1] + 1) and time.time() > start:  # a bot's move
                out["late"].append(max(0.0, now - prev[2] - bot_delay))
                out["moves"] += 1
                out["rationed"] += any("playing_as" in p for p in f["table"]["players"])
            if prev is None or key != prev[:2]:  # its own move too: the bot after it is timed from it
                prev = (key[0], key[1], now)
            n += 1
            if f["deal_over"]:
                await ws.send(json.dumps({"type": "next_deal", "id": f"d{n}"}))
                prev = None
            elif f.get("legal"):
                await ws.send(json.dumps({"type": "hint", "id": f"h{n}", "level": "easy"}))
                asked = time.perf_counter()
                try:
                    async with asyncio.timeout(HINT_WAIT_S):  # then it plays without
                        while (r := json.loads(await ws.recv()))["type"] not in ("hint", "error"):
                            pass
                    out["hints " + ("answered" if r["type"] == "hint" else f"refused {r['code']}")] += 1
                except TimeoutError:
                    out[f"hints unanswered in {HINT_WAIT_S:g} s"] += 1
                await asyncio.sleep(max(0.0, think - (time.perf_counter() - asked)))
                await ws.send(json.dumps({"type": "action", "id": f"a{n}", "seq": f["seq"],
                                          "action": rng.choice(f["legal"])}))
                prev = None  # the next move is its own: not timed


async def make_bot_tables(base: str, n: int, level: str, game: str, report: Counter) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        nseats = (await http.post(f"{base}/api/games/{game}/resolve", json={})).json()["num_seats"]
        for _ in range(n):
            r = await http.post(base + "/api/tables", json={
                "game": game, "seats": [{"kind": "bot", "bot": level}] * nseats, "num_deals": 32, "listed": False})
            report["created" if r.status_code == 201 else f"refused {r.status_code}"] += 1


async def uploader(base: str, record: str, until: float, report: Counter) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        while time.time() < until:
            r = await http.post(base + "/api/replay?seat=all", content=record.encode())
            report[f"HTTP {r.status_code}"] += 1
            if r.status_code == 429:  # an abuser ignores Retry-After, but not in a busy loop of the bench's own CPU
                await asyncio.sleep(0.05)


async def idler(port: int, n: int, until: float, report: Counter) -> None:
    socks = []
    for _ in range(n):
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            socks.append(w)
        except OSError:
            report["connect failed"] += 1
    report["idle sockets open"] += len(socks)
    await asyncio.sleep(max(0.0, until - time.time()))
    for w in socks:
        w.close()


async def flooder(ws_base: str, tid: str, until: float, report: Counter) -> None:
    while time.time() < until:
        try:
            async with websockets.connect(f"{ws_base}/ws/{tid}", open_timeout=5) as ws:
                await ws.recv()
            report["sockets opened"] += 1
        except (OSError, websockets.WebSocketException, TimeoutError):
            report["refused"] += 1
            await asyncio.sleep(0.01)


async def asset_fetcher(base: str, path: str, encoding: str, until: float, report: Counter) -> None:
    """A client fetching the assets again and again (the body read as it comes, not decoded: the
    bench's CPU goes to the server)."""
    async with httpx.AsyncClient(timeout=30) as http:
        while time.time() < until:
            async with http.stream("GET", base + path, headers={"Accept-Encoding": encoding}) as r:
                size = 0
                async for chunk in r.aiter_raw():
                    size += len(chunk)
            report[f"HTTP {r.status_code}"] += 1
            report["MB"] = round(report.get("MB", 0) + size / 1e6, 1)


CAPPED = ("spectators", "idle16", "fill250")  # the scenarios run with the server's own caps


async def spectator_flood(base: str, ws_base: str, report: Counter, until: float) -> None:
    """7 addresses x 32 spectator sockets at a table of people; then two of them take their seats."""
    async with _post_from("127.0.0.9") as http:
        t = (await http.post(base + "/api/tables", json={"game": "lukfu", "seats": [{"kind": "human"}] * 4,
                                                          "listed": False})).json()
    held = []
    for k in range(7):
        for _ in range(32):
            try:
                ws = await websockets.connect(f"{ws_base}/ws/{t['id']}", local_addr=(f"127.0.1.{k + 2}", 0),
                                              open_timeout=5)
                held.append(ws)
                f = json.loads(await ws.recv())
                report["spectators in" if f.get("type") == "state" else f"spectators refused {f.get('code')}"] += 1
            except (OSError, websockets.WebSocketException, TimeoutError):
                report["spectators refused"] += 1
    for seat in ("0", "1"):
        auth = {"Authorization": f"Bearer {t['seats'][seat]['token']}"}
        try:
            async with websockets.connect(f"{ws_base}/ws/{t['id']}", local_addr=("127.0.0.9", 0), open_timeout=5,
                                          additional_headers=auth) as ws:
                f = json.loads(await ws.recv())
                report["seats in" if f.get("type") == "state" else f"seats refused {f.get('code')}"] += 1
        except (OSError, websockets.WebSocketException, TimeoutError) as e:
            report[f"seats refused {type(e).__name__}"] += 1
    await asyncio.sleep(max(0.0, until - time.time()))
    for ws in held:
        await ws.close()


async def idle_groups(base: str, port: int, report: Counter, until: float) -> None:
    """16 addresses x 64 idle connections; a client of its own makes 86 requests meanwhile."""
    socks = []
    for k in range(16):
        for _ in range(64):
            try:
                _, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(f"127.0.2.{k + 2}", 0))
                socks.append(w)
            except OSError:
                report["idle connect failed"] += 1
    report["idle sockets open"] += len(socks)
    await asyncio.sleep(0.5)
    async with _post_from("127.0.0.9") as http:
        for _ in range(86):
            try:
                r = await http.get(base + "/api/games", headers={"Connection": "close"})
                report["client answered" if r.status_code == 200 else f"client HTTP {r.status_code}"] += 1
            except httpx.HTTPError as e:
                report[f"client failed {type(e).__name__}"] += 1
    await asyncio.sleep(max(0.0, until - time.time()))
    for w in socks:
        w.close()


async def table_fill(base: str, report: Counter, seconds: float) -> None:
    """250 addresses creating tables as fast as they can for `seconds`; then a client of its own creates one."""
    stop = time.time() + seconds

    async def one(source: str) -> None:
        async with _post_from(source) as http:
            while time.time() < stop:
                try:
                    r = await http.post(base + "/api/tables", json={"game": "jielong", "listed": True})
                except httpx.HTTPError as e:
                    report[f"abusers failed {type(e).__name__}"] += 1
                    continue
                report["abusers' tables" if r.status_code == 201 else f"abusers refused {r.status_code}"] += 1
                if r.status_code != 201:
                    await asyncio.sleep(0.2)

    # 25 networks (/24) of 10 addresses each
    await asyncio.gather(*(one(f"127.0.{10 + i // 10}.{2 + i % 10}") for i in range(250)))
    async with _post_from("127.0.0.9") as http:
        r = await http.post(base + "/api/tables", json={"game": "lukfu"})
        report[f"client's create HTTP {r.status_code}"] += 1
        lobby = (await http.get(base + "/api/tables")).json()
        report["lobby tables"] = len(lobby["tables"] if isinstance(lobby, dict) else lobby)


async def scenario(args, name: str) -> dict:
    port = free_port()
    # the victim pings 50 times a second: above the 10 a second allowed to a person's socket
    env = {"YEZI_BOT_DELAY": str(args.bot_delay), "YEZI_RATE_PER_S": "1000", "YEZI_RATE_BURST": "1000",
           # every client here comes from 127.0.0.1, the victim too: the per-address caps would refuse
           # the victim along with the abuser, so they are lifted and the measure is the worst case
           # of what gets through (tests/security checks the caps themselves)
           "YEZI_MAX_TABLES_PER_CLIENT": "100000", "YEZI_MAX_WS_PER_CLIENT": "100000",
           "YEZI_MAX_CONNS_PER_PEER": "100000"}
    if name in CAPPED:  # the server's own caps: every abuser has an address of its own
        env = {k: v for k, v in env.items() if k in ("YEZI_BOT_DELAY", "YEZI_RATE_PER_S", "YEZI_RATE_BURST")}
        env["YEZI_CREATE_PER_MINUTE"] = "30"
        if name == "idle16":
            env["YEZI_MAX_CONNECTIONS"] = "1000"
    if name == "bots":  # caps raised: the measure is what the worker processes do, not what the caps refuse
        env |= {"YEZI_BOT_TABLES_PER_CLIENT": "100000", "YEZI_BOT_TABLES_MAX": "100000"}
    proc = start_server(args.root, port, env, args.nice)
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    report: Counter = Counter()
    rtts: list[float] = []
    bot_out: Counter = Counter(moves=0, rationed=0)
    bot_out["late"] = []  # type: ignore[assignment]
    try:
        tasks = []
        until = time.time() + args.warmup + args.seconds
        if name in BOT_VICTIM:
            sources = {"victim": [], "instant": ["127.0.0.2"], "instant4": [f"127.0.0.{i}" for i in range(2, 6)]}[name]
            tasks += [instant_player(base, ws_base, sources[i % len(sources)], args.bot_level, until, report)
                      for i in range(args.instant_tables if sources else 0)]
            tasks.append(bot_victim(base, ws_base, args.victim_level or args.bot_level, args.victim_think, args.bot_delay,
                                    time.time() + args.warmup, until, bot_out))
        if name == "bots":
            await make_bot_tables(base, args.bot_tables, args.bot_level, args.bot_game, report)
        elif name == "uploads":
            record = finished_record(args.upload_game)
            tasks += [uploader(base, record, until, report) for _ in range(args.uploaders)]
        elif name == "idle":
            tasks.append(idler(port, args.idle, until, report))
        elif name == "flood":
            async with httpx.AsyncClient() as http:
                tid = (await http.post(base + "/api/tables", json={"game": "lukfu"})).json()["id"]
            tasks += [flooder(ws_base, tid, until, report) for _ in range(args.flooders)]
        elif name == "spectators":
            tasks.append(spectator_flood(base, ws_base, report, until))
        elif name == "idle16":
            tasks.append(idle_groups(base, port, report, until))
        elif name == "fill250":
            await table_fill(base, report, args.fill_seconds)
        elif name.startswith("assets"):
            path = f"/api/games/{args.assets_game}/assets?lang=zh-hant"
            tasks += [asset_fetcher(base, path, args.assets_encoding, until, report)
                      for _ in range(int(name.removeprefix("assets") or 1))]
        running = [asyncio.create_task(c) for c in tasks]
        await asyncio.sleep(args.warmup)
        health0 = httpx.get(base + "/api/health", timeout=30).json()
        await victim(base, ws_base, time.time() + args.seconds, rtts)
        health = httpx.get(base + "/api/health", timeout=30).json()
        for t in running:
            t.cancel()
        for e in await asyncio.gather(*running, return_exceptions=True):
            if isinstance(e, Exception):  # an abuser that broke measures nothing: say so
                report[f"abuser failed {type(e).__name__}: {str(e)[:80]}"] += 1
    finally:
        stop_server(proc)
    q = statistics.quantiles(rtts, n=100, method="inclusive") if len(rtts) > 2 else [float("nan")] * 99
    lag = health.get("loop_lag_ms", {})
    late = sorted(bot_out["late"])
    bots = {"bot_moves": bot_out["moves"], "rationed": bot_out["rationed"],
            "late_p50": late[len(late) // 2] * 1000 if late else float("nan"),
            "late_p99": late[min(len(late) - 1, int(len(late) * 0.99))] * 1000 if late else float("nan"),
            "late_max": late[-1] * 1000 if late else float("nan"),
            "hints": ", ".join(f"{k[6:]} {v}" for k, v in sorted(bot_out.items()) if k.startswith("hints "))}
    return {"scenario": name, "pings": len(rtts), "p50": q[49] * 1000, "p99": q[98] * 1000, "bots": bots,
            "max": max(rtts) * 1000 if rtts else float("nan"), "lag_max": lag.get("max_recent", lag.get("max")),
            "lag_max_before": health0.get("loop_lag_ms", {}).get("max"),
            "abuse": ", ".join(f"{k} {v}" for k, v in sorted(report.items()))}


async def run(args) -> None:
    if args.nice:
        os.nice(args.nice)  # the clients too: they time the round trips
    rows = []
    for name in args.scenarios.split(","):
        rows.append(await scenario(args, name))
        r = rows[-1]
        print(f"  {r['scenario']}: p50 {r['p50']:.1f} ms, p99 {r['p99']:.1f} ms ({r['abuse']})", file=sys.stderr)
    print(f"server: {args.root}  machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
          + (f", niceness {args.nice}" if args.nice else ""))
    print(f"bots: {args.bot_tables} all-{args.bot_level} {args.bot_game} tables (bot delay {args.bot_delay} s); "
          f"uploads: {args.uploaders} clients looping a {args.upload_game} record; idle: {args.idle} sockets; "
          f"flood: {args.flooders} clients; instant: {args.instant_tables} Luk Fu tables of a person playing "
          f"instantly and three {args.bot_level} bots, from 1 address (instant4: 4); "
          f"assets: {args.assets_game}'s, Accept-Encoding {args.assets_encoding!r}")
    print(f"{'scenario':10} {'pings':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'loop lag ms*':>13}  abuse")
    for r in rows:
        print(f"{r['scenario']:10} {r['pings']:>6} {r['p50']:>8.1f} {r['p99']:>8.1f} {r['max']:>8.1f} "
              f"{r['lag_max']!s:>13}  {r['abuse']}")
    bot_rows = [r for r in rows if r["scenario"] in BOT_VICTIM]
    if bot_rows:
        print(f"\nthe victim's bots ({args.victim_level or args.bot_level}, at its own table from its own address; it plays after "
              f"{args.victim_think} s): late = time since the move before, less the bot delay")
        print(f"{'scenario':10} {'moves':>6} {'late p50':>9} {'late p99':>9} {'late max':>9} {'rationed':>9}  hints")
        for r in bot_rows:
            b = r["bots"]
            print(f"{r['scenario']:10} {b['bot_moves']:>6} {b['late_p50']:>9.0f} {b['late_p99']:>9.0f} "
                  f"{b['late_max']:>9.0f} {b['rationed']:>9}  {b['hints']}")


BOT_VICTIM = ("victim", "instant", "instant4")  # the scenarios with a victim at a table of bots


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--scenarios", default="quiet,bots,uploads,idle,flood,victim,instant,instant4,assets1,assets4,"
                   "spectators,idle16,fill250")
    p.add_argument("--fill-seconds", type=float, default=15, help="fill250: seconds of table creation")
    p.add_argument("--seconds", type=float, default=15, help="seconds of pings per scenario")
    p.add_argument("--warmup", type=float, default=3, help="seconds of abuse before the pings start")
    p.add_argument("--root", default=ROOT, help="the checkout whose server is measured")
    p.add_argument("--bot-tables", type=int, default=30)
    p.add_argument("--bot-level", default="search-strong")
    p.add_argument("--bot-game", default="lukfu")
    p.add_argument("--bot-delay", type=float, default=0.6)
    p.add_argument("--instant-tables", type=int, default=20, help="instant: tables of a person and three bots")
    p.add_argument("--victim-think", type=float, default=1.0, help="seconds the bots' victim takes for a move")
    p.add_argument("--victim-level", default="", help="its bots' level (default --bot-level); on a machine "
                   "busy with other work search-easy shows the queue's delay rather than the searches' own time")
    p.add_argument("--uploaders", type=int, default=4)
    p.add_argument("--upload-game", default="fishing")
    p.add_argument("--idle", type=int, default=500)
    p.add_argument("--flooders", type=int, default=4)
    p.add_argument("--assets-game", default="tiengow")
    p.add_argument("--assets-encoding", default="gzip, deflate, br",
                   help="the fetchers' Accept-Encoding (a browser's by default; identity: the whole body)")
    p.add_argument("--nice", type=int, default=0,
                   help="run server and clients at this niceness (e.g. -10 as root on a shared machine)")
    asyncio.run(run(p.parse_args()))


if __name__ == "__main__":
    main()
