"""N concurrent bot-only Luk Fu tables over WebSockets on loopback.

Starts `yezi serve` (SQLite in a temp dir unless --database-url), creates N tables whose seats
are all held by bot clients in this process (one WebSocket per seat; each plays a random legal
action after a think time), and measures the action round trip: from sending an action to
receiving its acknowledgement, which the server sends only after the action is committed to
the event log. Prints p50/p99/max round trip, actions per second, errors, and the server's
memory (RSS) at the end.

    python bench/web_tables.py --tables 200 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import tempfile
import time

import httpx
import psutil
import websockets

try:  # python -m bench.web_tables
    from bench._common import ThrowawayPostgres, free_port, start_serve
except ModuleNotFoundError:  # python bench/web_tables.py: bench/ is on sys.path, the checkout is not
    from _common import ThrowawayPostgres, free_port, start_serve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_server(url: str, port: int, nice: int = 0, workers: int = 1, tables: int = 1000) -> subprocess.Popen:
    env = dict(os.environ, YEZI_BOT_DELAY="0", YEZI_NEXT_DEAL_DELAY="0", YEZI_CREATE_PER_MINUTE="1000000",
               # every bench client is 127.0.0.1: lift the per-client caps; room for every seat's socket
               YEZI_MAX_TABLES_PER_CLIENT="1000000", YEZI_MAX_WS_PER_CLIENT="1000000", YEZI_MAX_CONNS_PER_PEER="1000000",
               YEZI_MAX_CONNECTIONS=str(max(4000, 4 * tables + 500)),
               YEZI_RATE_PER_S="100", PYTHONPATH=ROOT)
    return start_serve(["--database-url", url, "--log-level", "warning",
                        *(["--workers", str(workers)] if workers > 1 else [])], port, cwd=ROOT, env=env, nice=nice)


def _schedstat(pid: int) -> tuple[int, int] | None:
    """(ns on a CPU, ns runnable but waiting for one) summed over the server's threads."""
    try:
        run = wait = 0
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                a, b, _ = f.read().split()
            run, wait = run + int(a), wait + int(b)
        return run, wait
    except OSError:
        return None


class Stats:
    def __init__(self):
        self.rtts: list[float] = []
        self.slow_at: list[float] = []  # when (time.time()) each round trip over 100 ms was sent
        self.server_ms: list[float] = []
        self.errors: dict[str, int] = {}
        self.deals = 0
        self.frames = 0
        self.disconnects = 0
        self.connected = 0


class Window:
    """When round trips count: from `warmup` seconds after the last client connected, for
    `seconds` (time.time() and time.perf_counter() readings)."""

    def __init__(self, clients: int):
        self.clients = clients
        self.stop_at = float("inf")
        self.measure_from = float("inf")
        self.all_in = asyncio.Event()


async def seat_client(url: str, position: int, stats: Stats, win: Window, think: float, rng: random.Random,
                      headers: dict[str, str] | None = None):
    pending: dict[str, float] = {}
    counter = 0
    try:
        async with websockets.connect(url, max_size=2**22, open_timeout=120, additional_headers=headers) as ws:
            stats.connected += 1
            if stats.connected == win.clients:
                win.all_in.set()
            while time.time() < win.stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, min(5.0, win.stop_at - time.time())))
                except TimeoutError:  # the window is over, or a quiet spell (a long connection storm): wait on
                    if time.time() >= win.stop_at:
                        break
                    continue
                if raw.startswith('{"type":"state"') and '"legal":' not in raw and '"deal_over":true' not in raw:
                    stats.frames += 1  # nothing for this seat to do: skip the parse (the clients share the CPU)
                    continue
                f = json.loads(raw)
                kind = f["type"]
                if kind == "ack":
                    t0 = pending.pop(f.get("id"), None)
                    if t0 is not None and t0 >= win.measure_from:
                        rtt = time.perf_counter() - t0
                        stats.rtts.append(rtt)
                        if rtt > 0.1:
                            stats.slow_at.append(time.time() - rtt)
                        if "server_ms" in f:
                            stats.server_ms.append(f["server_ms"])
                    continue
                if kind == "error":
                    stats.errors[f["code"]] = stats.errors.get(f["code"], 0) + 1
                    pending.pop(f.get("id"), None)
                    continue
                if kind != "state":
                    continue
                stats.frames += 1
                if f["deal_over"]:
                    if position == 0 and not f["match_over"] and not pending:
                        stats.deals += 1
                        await asyncio.sleep(think)
                        counter += 1
                        pending[f"n{position}-{counter}"] = time.perf_counter()
                        await ws.send(json.dumps({"type": "next_deal", "id": f"n{position}-{counter}"}))
                    continue
                legal = f.get("legal")
                if legal and not pending:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    counter += 1
                    aid = f"a{position}-{counter}"
                    pending[aid] = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "action": rng.choice(legal), "id": aid,
                                              "seq": f["seq"]}))
    except (websockets.ConnectionClosed, OSError):
        stats.disconnects += 1


async def _clients(port: int, tables: list[dict], think: float, seed: float, warmup: float, seconds: float,
                   barrier, out) -> None:
    """One client process: its share of the seats, measured in the window all processes share."""
    stats = Stats()
    win = Window(4 * len(tables))
    rng = random.Random(seed)
    tasks = [seat_client(f"ws://127.0.0.1:{port}/ws/{t['id']}", int(pos), stats, win, think,
                         random.Random(rng.random()), {"Authorization": f"Bearer {seat['token']}"})
             for t in tables for pos, seat in t["seats"].items()]

    lags: list[float] = []
    cpu: list[float] = []

    async def window():
        await asyncio.wait_for(win.all_in.wait(), timeout=300)
        await asyncio.get_running_loop().run_in_executor(None, barrier.wait)  # every process connected
        win.measure_from = time.perf_counter() + warmup
        win.stop_at = time.time() + warmup + seconds
        await asyncio.sleep(warmup)
        cpu.append(time.process_time())
        while time.time() < win.stop_at:  # this client's own loop lag: it adds to every round trip it times
            t0 = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append((time.perf_counter() - t0 - 0.01) * 1000)
        cpu.append(time.process_time())

    await asyncio.gather(window(), *tasks)
    out.put((stats.rtts, stats.server_ms, stats.frames, stats.deals, stats.errors, stats.disconnects,
             lags, cpu[-1] - cpu[0] if len(cpu) == 2 else 0.0, stats.slow_at))


def _client_process(*a) -> None:
    import gc

    gc.freeze()  # as the server does (yezi/cli/serve.py): long collections would stall the clients' timing
    gc.set_threshold(50_000, 20, 100)
    try:  # the lighter the load generator, the more of the machine is left to the server it measures
        import uvloop

        uvloop.run(_clients(*a))
    except ImportError:
        asyncio.run(_clients(*a))


async def run(args) -> None:
    tmp = tempfile.mkdtemp(prefix="yezi-bench-")
    url = args.database_url or "sqlite:///" + os.path.join(tmp, "bench.db")
    port = args.port or free_port()
    if args.nice:
        os.nice(args.nice)  # the clients too: they time the round trips
    server_nice = args.nice if args.server_nice is None else args.server_nice
    proc = start_server(url, port, server_nice, args.workers, args.tables) if not args.port else None
    base = f"http://127.0.0.1:{port}"
    try:
        tables = []
        async with httpx.AsyncClient(timeout=30) as http:
            for _ in range(args.tables):
                # a connection each, as players' browsers would: `--workers` routes a connection by the
                # table it names, and a new table is made (and run) by the worker the connection reached
                r = await http.post(base + "/api/tables", headers={"Connection": "close"}, json={
                    "game": "lukfu", "seats": [{"kind": "human"}] * 4, "num_deals": 32, "listed": False})
                r.raise_for_status()
                tables.append(r.json())
        stats = Stats()
        win = Window(4 * len(tables))
        rng = random.Random(1)
        tasks = []
        if args.client_procs > 1:
            return await _run_split(args, tables, proc, port, url)
        for t in tables:
            for pos, seat in t["seats"].items():
                u = f"ws://127.0.0.1:{port}/ws/{t['id']}"
                auth = {"Authorization": f"Bearer {seat['token']}"}  # never a token in the address
                tasks.append(seat_client(u, int(pos), stats, win, args.think, random.Random(rng.random()), auth))
        rss_peak = 0
        ps = psutil.Process(proc.pid if proc else args.server_pid)

        async def sample_rss():
            nonlocal rss_peak
            while time.time() < win.stop_at:
                with contextlib.suppress(psutil.Error):
                    rss_peak = max(rss_peak, sum(p.memory_info().rss for p in [ps, *ps.children(recursive=True)]))
                await asyncio.sleep(0.5)

        window: dict[str, float] = {}

        def server_cpu() -> float:
            with contextlib.suppress(psutil.Error):
                return sum(sum(p.cpu_times()[:2]) for p in [ps, *ps.children(recursive=True)])
            return 0.0

        async def cpu_window():  # the server's CPU while round trips are counted (load-independent)
            try:
                await asyncio.wait_for(win.all_in.wait(), timeout=300)
            except TimeoutError:
                print(f"only {stats.connected} of {win.clients} clients connected; measuring anyway")
            window["connected_s"] = time.time() - t0
            win.measure_from = time.perf_counter() + args.warmup  # after the connection storm: the steady state
            win.stop_at = time.time() + args.warmup + args.seconds
            await asyncio.sleep(args.warmup)
            window["cpu0"], window["t0"] = server_cpu(), time.time()
            await asyncio.sleep(max(0.0, win.stop_at - time.time()))
            window["cpu1"], window["t1"] = server_cpu(), time.time()

        load0 = os.getloadavg()[0]
        sched0 = _schedstat(ps.pid)
        t0 = time.time()
        await asyncio.gather(sample_rss(), cpu_window(), *tasks)
        wall = time.time() - t0
        procs = [ps, *ps.children(recursive=True)]  # --workers: the supervisor and its workers
        rss = sum(p.memory_info().rss for p in procs)
        cpu = [p.cpu_times() for p in procs]
        me = psutil.Process().cpu_times()
        rt = sorted(stats.rtts)
        if not rt:
            raise SystemExit("no actions measured")
        q = statistics.quantiles(rt, n=100)
        print(f"tables={args.tables} connections={len(tasks)} seconds={wall:.1f} (all connected after "
              f"{window.get('connected_s', 0):.1f} s, then {args.warmup:g} s not measured) think={args.think}s "
              f"workers={args.workers} "
              f"db={'sqlite' if url.startswith('sqlite') else 'postgresql'}")
        print(f"actions={len(rt)} ({len(rt) / args.seconds:.0f}/s) state frames received={stats.frames} "
              f"deals finished={stats.deals}")
        print(f"round trip ms: p50={q[49] * 1000:.1f} p90={q[89] * 1000:.1f} p99={q[98] * 1000:.1f} "
              f"max={rt[-1] * 1000:.1f}")
        if stats.server_ms:
            sq = statistics.quantiles(stats.server_ms, n=100)
            print(f"server time from message to ack ms: p50={sq[49]:.2f} p99={sq[98]:.2f} (stored and applied)")
        if "cpu1" in window:
            used = window["cpu1"] - window["cpu0"]
            print(f"server CPU while measured: {used:.1f} s in {window['t1'] - window['t0']:.1f} s = "
                  f"{used * 1000 / len(rt):.2f} ms per action (the figure least moved by other load)")
        print(f"errors={sum(stats.errors.values())} {stats.errors or ''} disconnects={stats.disconnects}")
        health = httpx.get(base + "/api/health", timeout=10).json()
        print(f"server event-loop lag ms: {health.get('loop_lag_ms')}")
        print(f"cpu seconds: server={sum(c.user + c.system for c in cpu):.1f} bench clients={me.user + me.system:.1f}")
        sched1 = _schedstat(ps.pid)
        if sched0 and sched1:
            print(f"server waited for a CPU (run queue) {(sched1[1] - sched0[1]) / 1e9:.1f} s while running "
                  f"{(sched1[0] - sched0[0]) / 1e9:.1f} s")
        print(f"machine: {os.cpu_count()} cores, load average {load0:.1f} at start, {os.getloadavg()[0]:.1f} at end "
              "(other processes share the cores: a load above the core count inflates every figure)")
        print(f"server RSS: end={rss / 2**20:.0f} MiB peak={max(rss_peak, rss) / 2**20:.0f} MiB")
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


async def _run_split(args, tables: list[dict], proc, port: int, url: str) -> None:
    """The seats' clients in `--client-procs` processes: one Python process cannot play 4,000
    sockets without itself becoming the bottleneck that the round trips measure."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    k = args.client_procs
    barrier, out = ctx.Barrier(k + 1), ctx.Queue()
    procs = [ctx.Process(target=_client_process, args=(port, tables[i::k], args.think, i + 0.5, args.warmup,
                                                       args.seconds, barrier, out)) for i in range(k)]
    for p in procs:
        p.start()
    ps = psutil.Process(proc.pid if proc else args.server_pid)

    def server_cpu() -> float:
        return sum(sum(p.cpu_times()[:2]) for p in [ps, *ps.children(recursive=True)])

    def server_sys() -> float:
        return ps.cpu_times().system

    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, barrier.wait)
    await asyncio.sleep(args.warmup)
    cpu0, t0, sched0, sys0 = server_cpu(), time.time(), _schedstat(ps.pid), server_sys()
    await asyncio.sleep(args.seconds)
    cpu1, t1, sched1, sys1 = server_cpu(), time.time(), _schedstat(ps.pid), server_sys()
    window = f"{time.strftime('%H:%M:%S', time.localtime(t0))}-{time.strftime('%H:%M:%S', time.localtime(t1))}"
    results = [await loop.run_in_executor(None, out.get) for _ in procs]
    for p in procs:
        p.join()
    rt = sorted(x for r in results for x in r[0])
    sms = sorted(x for r in results for x in r[1])
    q = statistics.quantiles(rt, n=100)
    print(f"tables={args.tables} connections={4 * len(tables)} client processes={k} think={args.think}s "
          f"db={'sqlite' if url.startswith('sqlite') else 'postgresql'} ({args.warmup:g} s not measured; "
          f"measured {window})")
    print(f"actions={len(rt)} ({len(rt) / args.seconds:.0f}/s) deals finished={sum(r[3] for r in results)}")
    print(f"round trip ms: p50={q[49] * 1000:.1f} p90={q[89] * 1000:.1f} p99={q[98] * 1000:.1f} max={rt[-1] * 1000:.1f}")
    if sms:
        sq = statistics.quantiles(sms, n=100)
        print(f"server time from message to ack ms: p50={sq[49]:.2f} p99={sq[98]:.2f} (stored and applied)")
    print(f"server CPU while measured: {cpu1 - cpu0:.1f} s in {t1 - t0:.1f} s = "
          f"{(cpu1 - cpu0) * 1000 / len(rt):.2f} ms per action ({sys1 - sys0:.1f} s of it in the kernel)")
    print(f"errors={sum(sum(r[4].values()) for r in results)} disconnects={sum(r[5] for r in results)}")
    health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()
    print(f"server event-loop lag ms: {health.get('loop_lag_ms')}")
    if health.get("cluster"):
        print(f"cluster: {health['cluster']}")
    if sched0 and sched1:
        print(f"server threads waited for a CPU (run queue) {(sched1[1] - sched0[1]) / 1e9:.1f} s while running "
              f"{(sched1[0] - sched0[0]) / 1e9:.1f} s")
    slow = sorted(x for r in results for x in r[8])
    if slow:  # a stall shows as a burst in one second; load as a spread over all of them
        by_second: dict[str, int] = {}
        for x in slow:
            k = time.strftime("%H:%M:%S", time.localtime(x))
            by_second[k] = by_second.get(k, 0) + 1
        print("round trips over 100 ms, by the second they were sent: "
              + ", ".join(f"{k} {v}" for k, v in by_second.items()))
    for i, r in enumerate(results):
        lq = statistics.quantiles(r[6], n=100) if len(r[6]) > 2 else [0.0] * 99
        print(f"client process {i}: CPU {r[7]:.1f} s in {args.seconds:g} s, its own loop lag ms "
              f"p50={lq[49]:.1f} p99={lq[98]:.1f} max={max(r[6], default=0):.1f} (part of every round trip it times)")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at end")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--client-procs", type=int, default=1,
                   help="processes for the seats' clients (one cannot drive 4,000 sockets at 1,000 tables)")
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--warmup", type=float, default=0.0,
                   help="seconds after the last client connected whose round trips are not counted")
    p.add_argument("--workers", type=int, default=1, help="yezi serve --workers (PostgreSQL only)")
    p.add_argument("--think", type=float, default=1.0, help="mean seconds a bot client thinks before acting")
    p.add_argument("--database-url")
    p.add_argument("--postgres", action="store_true",
                   help="start a throwaway PostgreSQL (fsync on) for the run instead of SQLite")
    p.add_argument("--nice", type=int, default=0,
                   help="run server and clients at this niceness (e.g. -10 as root on a shared machine)")
    p.add_argument("--server-nice", type=int,
                   help="the server's niceness alone (e.g. -10 as root): the clients, which stand for players on "
                        "other machines, then do not take the server's CPU")
    p.add_argument("--port", type=int, help="use a server already running on this port (with --server-pid)")
    p.add_argument("--server-pid", type=int)
    args = p.parse_args()
    if args.postgres:
        with ThrowawayPostgres() as url:
            args.database_url = url
            asyncio.run(run(args))
    else:
        asyncio.run(run(args))


if __name__ == "__main__":
    main()
