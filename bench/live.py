"""Live tables through the real stack: `python bench/live.py [--moves 60] [--idle 1000]`.

Starts gunicorn with uvicorn workers (the production server, kookaburra/gunicorn.py) on PostgreSQL with
events through Redis pub/sub, then measures:

1. Seat-to-seat delay. Four people sit at a Pitch table, each listening on the table's event
   stream with their own session. The person to act acts through the API (token); every other
   seat's listener, on its `version` event, fetches its own fragment (`/tables/<id>/live/`),
   and the delay is from the start of the act to the end of that fragment. The same again with
   the old 700 ms poll (`/tables/<id>/poll/?v=`, then the fragment) for the "before" figure.
   Two web processes: the actor and a listener are often on different processes, so events
   really travel through Redis. Beside it, a bare Django view's round trip (`/healthz`).
2. Idle streams. `--idle` anonymous streams held open on ONE web process for `--seconds`: the
   process's CPU (user + system time from /proc/<pid>/stat, so other work on this shared
   machine doesn't count) as a share of one core, its memory, the database connections it
   holds, and the CPU time of a bare Django view's request for scale.

Needs PostgreSQL and Redis (DATABASE_URL, KOOKABURRA_LIVE_URL; defaults: the local servers, a
database `kb_live_bench` that it creates, Redis db 9). No Celery worker: no bots sit here.
Goals: delay p95 <= 100 ms; 1,000 idle streams <= 5% of a core.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/kb_live_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/9"
CLK_TCK = os.sysconf("SC_CLK_TCK")
PARTS: dict[str, list[tuple[float, float, float]]] = {}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def set_up(env: dict, idle_tables: int) -> dict:
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from knox.models import AuthToken

    from accounts.models import User
    from games import services

    call_command("migrate", verbosity=0)
    from django.core.cache import cache

    cache.clear()  # no throttle counts left from an earlier run
    people = []
    for n in range(4):
        user = User.objects.create_user(f"seat{n}", password="bench-pass-500")
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "accounts.backends.CachedModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        people.append(
            {
                "user": user,
                "token": AuthToken.objects.create(user)[1],
                "session": session.session_key,
            }
        )
    table = services.table_create(people[0]["user"], game="pitch", players=4, seed=500)
    for n in (1, 2, 3):
        services.table_sit(people[n]["user"], table, n)
    idle = [
        services.table_create(people[0]["user"], game="pitch", players=4, seat=None).pk
        for _ in range(idle_tables)
    ]
    return {"table": table.pk, "people": people, "idle": idle}


# A small HTTP client on asyncio (keep-alive connections; enough for these few requests) ------------


class Connection:
    def __init__(self, port: int, headers: dict[str, str]):
        self.port, self.headers = port, headers
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"", **extra):
        try:
            return await self._request(method, path, body, **extra)
        except (IndexError, ConnectionError, asyncio.IncompleteReadError):
            self.writer = None  # the server closed an idle keep-alive connection: reconnect
            return await self._request(method, path, body, **extra)

    async def _request(self, method: str, path: str, body: bytes = b"", **extra):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        headers = {"Host": "127.0.0.1", **self.headers, **extra, "Content-Length": str(len(body))}
        head = f"{method} {path} HTTP/1.1\r\n" + "".join(
            f"{k}: {v}\r\n" for k, v in headers.items()
        )
        self.writer.write(head.encode() + b"\r\n" + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        data = await self.reader.readexactly(length) if length else b""
        return status, data


async def open_stream(port: int, path: str, headers: dict[str, str]):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    writer.write(head.encode() + b"\r\n")
    status_line = await reader.readline()
    assert b" 200 " in status_line, status_line
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    return reader, writer


async def stream_versions(reader):
    """Yield each version event's number from a chunked SSE body."""
    while True:
        line = await reader.readline()
        if not line:
            return
        text = line.decode().strip()
        if text.startswith("data: "):
            yield int(text[6:])


# 1. Seat-to-seat delay ----------------------------------------------------------------------------


async def delay_run(port: int, world: dict, moves: int, mode: str) -> list[float]:
    pk, people = world["table"], world["people"]
    cookie = {
        n: {"Cookie": f"sessionid={p['session']}", "HX-Request": "true"}
        for n, p in enumerate(people)
    }
    api = [
        Connection(
            port, {"Authorization": f"Token {p['token']}", "Content-Type": "application/json"}
        )
        for p in people
    ]
    fragments = [Connection(port, cookie[n]) for n in range(4)]
    status, body = await api[0].request("GET", f"/api/tables/{pk}/version/")
    if status != 200:
        raise SystemExit(f"the version read answered {status}: {body[:200]!r}")
    version = json.loads(body)["version"]
    arrived: dict[int, asyncio.Queue] = {n: asyncio.Queue() for n in range(4)}
    stop = asyncio.Event()

    async def listen_stream(n: int):
        reader, writer = await open_stream(port, f"/tables/{pk}/events/?v={version}", cookie[n])
        async for _version in stream_versions(reader):
            heard = time.perf_counter()
            status, _ = await fragments[n].request("GET", f"/tables/{pk}/live/")
            arrived[n].put_nowait((heard, time.perf_counter()))
        writer.close()

    async def listen_poll(n: int):
        seen = version
        poll = Connection(port, cookie[n])
        while not stop.is_set():
            status, _ = await poll.request("GET", f"/tables/{pk}/poll/?v={seen}")
            if status == 200:
                _, data = await fragments[n].request("GET", f"/tables/{pk}/live/")
                seen = int(re.search(rb'data-version="(\d+)"', data).group(1))
                arrived[n].put_nowait((None, time.perf_counter()))
            else:
                await asyncio.sleep(0.7)

    listeners = [
        asyncio.create_task((listen_stream if mode == "stream" else listen_poll)(n))
        for n in range(4)
    ]
    await asyncio.sleep(1)
    delays, parts = [], PARTS.setdefault(mode, [])
    for _ in range(moves):
        status, body = await api[0].request("GET", f"/api/tables/{pk}/legal/")
        assert status == 200, (status, body[:300])
        actor = json.loads(body)["to_act"]
        if actor is None:
            break
        _, body = await api[actor].request("GET", f"/api/tables/{pk}/legal/")
        mine = json.loads(body)
        action, expected = mine["legal"][0], mine["action_number"]
        for queue in arrived.values():
            while not queue.empty():
                queue.get_nowait()
        started = time.perf_counter()
        status, answer = await api[actor].request(
            "POST",
            f"/api/tables/{pk}/act/",
            json.dumps({"expected_action": expected, "action": action}).encode(),
        )
        acted = time.perf_counter()
        assert status == 200, (status, answer[:300])
        watcher = (actor + 1) % 4
        heard, at = await asyncio.wait_for(arrived[watcher].get(), 10)
        delays.append((at - started) * 1000)
        parts.append(
            (
                (acted - started) * 1000,
                ((heard or at) - started) * 1000,
                (at - (heard or at)) * 1000,
            )
        )
        await asyncio.sleep(0.05 if mode == "stream" else 0.3)
    stop.set()
    for task in listeners:
        task.cancel()
    return delays


async def bare_latency(port: int, count: int = 200) -> list[float]:
    conn = Connection(port, {})
    out = []
    for _ in range(count):
        started = time.perf_counter()
        await conn.request("GET", "/healthz")
        out.append((time.perf_counter() - started) * 1000)
    return out


# 2. Idle streams ----------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def worker_pid(master: int) -> int:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return int(children[0])


def db_connections(url: str) -> int:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres") as conn:
        return conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [name]
        ).fetchone()[0]


async def idle_run(port: int, pid: int, tables: list[int], count: int, seconds: float, db: str):
    streams = []
    for i in range(count):
        streams.append(await open_stream(port, f"/tables/{tables[i % len(tables)]}/events/", {}))

    # Read and drop whatever arrives (the first event, heartbeats) so buffers never fill.
    async def drain(reader):
        while await reader.read(4096):
            pass

    drains = [asyncio.create_task(drain(r)) for r, _ in streams]
    await asyncio.sleep(3)  # let the connects settle
    cpu0, t0 = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    cpu1, t1 = cpu_seconds(pid), time.monotonic()
    held = sum(1 for task in drains if not task.done())
    memory, connections = rss_mb(pid), db_connections(db)
    for task in drains:
        task.cancel()
    for _, writer in streams:
        writer.close()
    # A bare view's CPU cost on the same process, for scale.
    conn = Connection(port, {})
    await conn.request("GET", "/healthz")
    bare0 = cpu_seconds(pid)
    n = 1000
    for _ in range(n):
        await conn.request("GET", "/healthz")
    bare_ms = (cpu_seconds(pid) - bare0) / n * 1000
    return {
        "share": (cpu1 - cpu0) / (t1 - t0),
        "held": held,
        "rss": memory,
        "db": connections,
        "bare_ms": bare_ms,
    }


def start_server(port: int, workers: int, env: dict) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "kookaburra.asgi:application",
            "-c",
            str(ROOT / "kookaburra" / "gunicorn.py"),
            "-w",
            str(workers),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
            "--access-logfile",
            "/dev/null",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("the server did not start")


def stop_server(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


def summary(name: str, values: list[float]) -> str:
    return (
        f"{name:<28} n={len(values):<4} mean {statistics.mean(values):6.1f} ms"
        f"  p50 {percentile(values, 50):6.1f} ms  p95 {percentile(values, 95):6.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--port", type=int, default=8921)
    parser.add_argument("--skip-poll", action="store_true", help="no 'before' (poll) run")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.idle + 256)), hard))

    db = os.environ.get("DATABASE_URL", DEFAULT_DB)
    env = {
        "DJANGO_SETTINGS_MODULE": "kookaburra.settings.local",
        "DJANGO_DEBUG": "false",
        "DATABASE_URL": db,
        "KOOKABURRA_LIVE_URL": os.environ.get("KOOKABURRA_LIVE_URL", DEFAULT_REDIS),
        "CACHE_URL": os.environ.get("CACHE_URL", DEFAULT_REDIS),
        "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", DEFAULT_REDIS),
        "KOOKABURRA_BOT_DELAY": "0",
        "LOG_LEVEL": "WARNING",
        # As production runs (README): under ASGI, connections come from psycopg's pool.
        "DATABASE_POOL": "true",
    }
    if db == DEFAULT_DB:
        ensure_database(DEFAULT_DB)
    world = set_up(env, idle_tables=10)
    child_env = {**os.environ, **env}
    print(
        f"bench/live.py: gunicorn + uvicorn workers, PostgreSQL, Redis pub/sub; {os.cpu_count()} cores shared"
    )

    server = start_server(args.port, 2, child_env)
    try:
        bare = asyncio.run(bare_latency(args.port))
        after = asyncio.run(delay_run(args.port, world, args.moves, "stream"))
        before = (
            []
            if args.skip_poll
            else asyncio.run(delay_run(args.port, world, max(10, args.moves // 3), "poll"))
        )
    finally:
        stop_server(server)
    print("\nSeat-to-seat delay (act -> the next seat's fragment arrives), 2 web processes:")
    print(summary("bare Django view (/healthz)", bare))
    if before:
        print(summary("before: 700 ms poll", before))
    print(summary("after: event stream", after))
    for mode, parts in PARTS.items():
        acts, heard, fetch = zip(*parts, strict=True)
        print(
            f"  {mode}: the act's own answer p50 {percentile(acts, 50):.1f} ms; event heard at"
            f" p50 {percentile(heard, 50):.1f} ms; fragment fetch p50 {percentile(fetch, 50):.1f} ms"
        )
    print(
        f"  p95 ratio to the bare view: {percentile(after, 95) / percentile(bare, 50):.1f}x its p50;"
        f" goal p95 <= 100 ms: {'met' if percentile(after, 95) <= 100 else 'NOT met'}"
    )

    server = start_server(args.port, 1, child_env)
    try:
        pid = worker_pid(server.pid)
        idle = asyncio.run(idle_run(args.port, pid, world["idle"], args.idle, args.seconds, db))
    finally:
        stop_server(server)
    share = idle["share"] * 100
    print(
        f"\n{args.idle} idle streams on one web process, over {args.seconds:.0f} s (CPU time of that process):"
    )
    print(f"  streams still open      {idle['held']}")
    print(
        f"  CPU                     {share:.2f}% of one core (goal <= 5%: {'met' if share <= 5 else 'NOT met'})"
    )
    print(f"  memory (RSS)            {idle['rss']:.0f} MB")
    print(
        f"  database connections    {idle['db']} (the whole database, while the streams were open)"
    )
    print(f"  a bare view's request   {idle['bare_ms']:.2f} ms of CPU on the same process")
    print(
        f"  so the idle streams cost as much CPU as {idle['share'] * 1000 / idle['bare_ms']:.1f}"
        " bare requests a second"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
