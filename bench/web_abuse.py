"""Another client's ping while a stranger abuses the server, next to the quiet figure.

For each scenario a fresh `yezi serve` (SQLite in a temp dir) is started; one client (the
victim) sits at its own table and sends a WebSocket ping every 20 ms, timing each pong, while the
abuse runs:

* quiet: nothing else;
* bots: `--bot-tables` tables whose every seat is a `--bot-level` bot (default search-strong),
  all opened by one client (the caps on all-bot tables are raised for this run, so the figure
  shows what the worker processes do, not what the caps refuse; the lines below say how many
  tables the default caps let through);
* uploads: `--uploaders` clients posting a finished record to /api/replay in a loop;
* idle: `--idle` TCP connections that open and then send nothing;
* flood: `--flooders` clients opening and closing WebSockets as fast as they can;
* assets1, assets4: one / four clients fetching a game's assets (`--assets-game`, tiengow's are
  1 MB) in a loop, as a browser asks for them (`--assets-encoding`); each waits for its answer.

Prints the victim's ping p50 / p99 / max, the server's event-loop lag (its /api/health), and
what the abusers got (tables created, uploads answered / refused).

    python bench/web_abuse.py --seconds 15
    python bench/web_abuse.py --root /tmp/yezi-old   # the same against another checkout's server
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
    env = dict(os.environ, PYTHONPATH=root, YEZI_CREATE_PER_MINUTE="1000000", **env_extra)
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


async def scenario(args, name: str) -> dict:
    port = free_port()
    # the victim pings 50 times a second: above the 10 a second allowed to a person's socket
    env = {"YEZI_BOT_DELAY": str(args.bot_delay), "YEZI_RATE_PER_S": "1000", "YEZI_RATE_BURST": "1000",
           # every client here comes from 127.0.0.1, the victim too: the per-address caps would refuse
           # the victim along with the abuser, so they are lifted and the measure is the worst case
           # of what gets through (tests/security checks the caps themselves)
           "YEZI_MAX_TABLES_PER_CLIENT": "100000", "YEZI_MAX_WS_PER_CLIENT": "100000",
           "YEZI_MAX_CONNS_PER_PEER": "100000"}
    if name == "bots":  # caps raised: the measure is what the worker processes do, not what the caps refuse
        env |= {"YEZI_BOT_TABLES_PER_CLIENT": "100000", "YEZI_BOT_TABLES_MAX": "100000"}
    proc = start_server(args.root, port, env, args.nice)
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    report: Counter = Counter()
    rtts: list[float] = []
    try:
        tasks = []
        until = time.time() + args.warmup + args.seconds
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
        await asyncio.gather(*running, return_exceptions=True)
    finally:
        stop_server(proc)
    q = statistics.quantiles(rtts, n=100, method="inclusive") if len(rtts) > 2 else [float("nan")] * 99
    lag = health.get("loop_lag_ms", {})
    return {"scenario": name, "pings": len(rtts), "p50": q[49] * 1000, "p99": q[98] * 1000,
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
          f"flood: {args.flooders} clients; assets: {args.assets_game}'s, Accept-Encoding {args.assets_encoding!r}")
    print(f"{'scenario':10} {'pings':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'loop lag ms*':>13}  abuse")
    for r in rows:
        print(f"{r['scenario']:10} {r['pings']:>6} {r['p50']:>8.1f} {r['p99']:>8.1f} {r['max']:>8.1f} "
              f"{r['lag_max']!s:>13}  {r['abuse']}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--scenarios", default="quiet,bots,uploads,idle,flood,assets1,assets4")
    p.add_argument("--seconds", type=float, default=15, help="seconds of pings per scenario")
    p.add_argument("--warmup", type=float, default=3, help="seconds of abuse before the pings start")
    p.add_argument("--root", default=ROOT, help="the checkout whose server is measured")
    p.add_argument("--bot-tables", type=int, default=30)
    p.add_argument("--bot-level", default="search-strong")
    p.add_argument("--bot-game", default="lukfu")
    p.add_argument("--bot-delay", type=float, default=0.6)
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
