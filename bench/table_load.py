"""Seated play under load: `python bench/table_load.py [--tables 50] [--seconds 60]`.

Runs the real site under gunicorn against PostgreSQL with a Celery worker on Redis, opens
`--tables` four-player tables (Five Hundred and Pitch, half each) with two simulated people and
two bots at each, and lets the simulated people play over HTTP through the API with token
authentication: each polls the table's version every `--poll` seconds, reads the state when it
changes, and acts (a random legal action, naming the expected action number) when it is their
turn. The bots' moves run as Celery tasks in the worker.

Prints p50/p95 latency of an action and of a poll as the players see it, the time inside the
server (X-Server-Ms), the SQL queries each made (from the
X-DB-Queries header, see core/middleware.py), and action/poll p95 by hand number, to show
that neither grows with the length of the game.

Under `--server asgi` the web processes draw connections from psycopg's pool, as production
does (`TABLE_LOAD_POOL=false`: persistent connections instead, one a thread).

Needs PostgreSQL and Redis (DATABASE_URL, CELERY_BROKER_URL; defaults: the local servers, a
database `kb_bench` that it creates, Redis db 5 for the broker and 6 for the cache). Goals: action p95 <= 100 ms, poll p95 <= 20 ms
and <= 3 queries.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/kb_bench"
DEFAULT_BROKER = "redis://127.0.0.1:6379/5"
DEFAULT_CACHE = "redis://127.0.0.1:6379/6"


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def set_up(env: dict, tables: int) -> list[dict]:
    """Migrate and open the tables; return one entry per simulated person."""
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from knox.models import AuthToken

    from accounts.models import User
    from games import services

    call_command("migrate", verbosity=0)
    people = []
    for number in range(tables):
        game = "five_hundred" if number % 2 == 0 else "pitch"
        host = User.objects.create_user(f"host{number}", password="x")
        guest = User.objects.create_user(f"guest{number}", password="x")
        table = services.table_create(
            host, game=game, players=4, bot_level="club", name=f"Bench {number}", seat=0
        )
        services.table_sit(guest, table.pk, 2)
        for user, seat in ((host, 0), (guest, 2)):
            people.append(
                {
                    "table": table.pk,
                    "seat": seat,
                    "token": AuthToken.objects.create(user=user)[1],
                    "host": user == host,
                }
            )
    return people


class Player(threading.Thread):
    def __init__(self, person, port, stop, poll_every, samples, rng, long_poll=False):
        super().__init__(daemon=True)
        self.long_poll = long_poll
        self.person = person
        self.port = port
        self.stop = stop
        self.poll_every = poll_every
        self.samples = samples
        self.rng = rng
        self.hand_number = 0
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method, path, body=None):
        headers = {"Authorization": f"Token {self.person['token']}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(body)
        started = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return None, None, 0.0, None
        elapsed = (time.perf_counter() - started) * 1000
        queries = response.getheader("X-DB-Queries")
        server_ms = response.getheader("X-Server-Ms")
        if server_ms:
            if "?" not in path:  # a long poll's time is mostly waiting
                name = path.rstrip("/").rsplit("/", 1)[-1]
                self.samples["server:" + name].append(float(server_ms))
        return response.status, data, elapsed, int(queries) if queries else None

    def run(self):
        table = self.person["table"]
        if self.person["host"]:
            self.request("POST", f"/api/tables/{table}/start-with-bots/", {})
        seen = None
        while not self.stop.is_set():
            path = f"/api/tables/{table}/version/"
            if self.long_poll and seen is not None:
                # A program's way: wait (up to 20 s) for a version newer than the one it has.
                path += f"?after={seen['version']}&wait=20"
            status, data, ms, queries = self.request("GET", path)
            if status == 200:
                if not self.long_poll:
                    self.samples["poll"].append((ms, queries, self.hand_number))
                version = json.loads(data)
                if version.get("status") == "finished":
                    return
                if version != seen:
                    seen = version
                    self.act_if_my_turn(table)
            if not self.long_poll:
                time.sleep(self.poll_every * self.rng.uniform(0.8, 1.2))
            elif status != 200:
                time.sleep(0.5)

    def act_if_my_turn(self, table):
        status, data, _ms, _q = self.request("GET", f"/api/tables/{table}/state/")
        if status != 200:
            return
        state = json.loads(data)
        hand = state.get("hand") or {}
        self.hand_number = state["table"].get("hand_number") or self.hand_number
        if hand.get("hand_hidden"):
            self.request("POST", f"/api/tables/{table}/look/", {})
            return
        legal = hand.get("legal") or []
        if not legal:
            return
        choice = dict(self.rng.choice(legal))
        if "from" in choice:
            choice = {"seat": choice["seat"], "discard": self.rng.sample(choice["from"], 3)}
        body = {"expected_action": state["table"]["action_number"], "action": choice}
        status, _data, ms, queries = self.request("POST", f"/api/tables/{table}/act/", body)
        if status == 200:
            self.samples["act"].append((ms, queries, self.hand_number))


def report(samples, seconds):
    print(f"\nSeated play under load ({seconds:.0f} s of play)")
    for kind, goal in (("act", "p95 <= 100 ms"), ("poll", "p95 <= 20 ms, <= 3 queries")):
        rows = samples[kind]
        times = [ms for ms, _q, _h in rows]
        queries = [q for _ms, q, _h in rows if q is not None]
        print(
            f"  {kind:<5} n={len(rows):>6}  p50 {percentile(times, 50):6.1f} ms  "
            f"p95 {percentile(times, 95):6.1f} ms  queries median "
            f"{statistics.median(queries) if queries else float('nan'):.0f} "
            f"max {max(queries) if queries else float('nan')}   (goal: {goal})"
        )
    print("  time inside the server (the view stack, without queueing or the network)")
    for name in ("act", "version", "state"):
        times = samples.get("server:" + name, [])
        print(
            f"    {name:<8} p50 {percentile(times, 50):6.1f} ms  p95 {percentile(times, 95):6.1f} ms"
        )
    print("  p95 by hand number (does it grow with the length of the game?)")
    for kind in ("act", "poll"):
        by_hand = defaultdict(list)
        for ms, _q, hand in samples[kind]:
            by_hand[hand].append(ms)
        cells = [
            f"hand {hand}: {percentile(times, 95):.1f} ms (n={len(times)})"
            for hand, times in sorted(by_hand.items())
            if len(times) >= 20
        ]
        print(f"    {kind:<5} " + "; ".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--poll", type=float, default=0.7, help="seconds between polls")
    parser.add_argument(
        "--workers", type=int, default=2, help="gunicorn worker processes (default: one a core)"
    )
    parser.add_argument(
        "--server",
        choices=["asgi", "wsgi"],
        default="asgi",
        help="asgi: production's server (kookaburra/gunicorn.py: uvicorn workers, the connection "
        "pool); wsgi: gunicorn's sync workers with persistent connections",
    )
    parser.add_argument(
        "--long-poll",
        action="store_true",
        help="the simulated people wait on the API's long poll (?after=&wait=) instead of "
        "polling every --poll seconds (needs --server asgi)",
    )
    parser.add_argument("--port", type=int, default=8911)
    args = parser.parse_args()

    env = {
        "DJANGO_SETTINGS_MODULE": "kookaburra.settings.local",
        "DJANGO_DEBUG": "false",
        "DATABASE_URL": os.environ.get("DATABASE_URL", DEFAULT_DB),
        "DATABASE_CONN_MAX_AGE": "60",
        "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", DEFAULT_BROKER),
        # Throttle counts in Redis, as a busy site would have them (the database cache would add
        # queries to every request).
        "CACHE_URL": os.environ.get("CACHE_URL", DEFAULT_CACHE),
        "KOOKABURRA_QUERY_COUNT_HEADER": "1",
        "KOOKABURRA_BOT_DELAY": "0.3",
        "LOG_LEVEL": "WARNING",
    }
    if env["DATABASE_URL"] == DEFAULT_DB:
        ensure_database(DEFAULT_DB)
    people = set_up(env, args.tables)
    child_env = {**os.environ, **env}
    if args.server == "asgi":
        child_env.update(
            DATABASE_POOL=os.environ.get("TABLE_LOAD_POOL", "true"),
            WEB_CONCURRENCY=str(args.workers),
            BIND=f"127.0.0.1:{args.port}",
            KOOKABURRA_LIVE_URL=child_env.get("KOOKABURRA_LIVE_URL") or env["CACHE_URL"],
        )
        server = [
            str(BIN / "gunicorn"),
            "-c",
            "kookaburra/gunicorn.py",
            "kookaburra.asgi:application",
            "--access-logfile",
            "/dev/null",
            "--log-level",
            "warning",
        ]
    else:
        server = [
            str(BIN / "gunicorn"),
            "kookaburra.wsgi",
            "-w",
            str(args.workers),
            "-b",
            f"127.0.0.1:{args.port}",
            "--log-level",
            "warning",
        ]
    print(
        f"{args.tables} tables, {args.server} server ({args.workers} workers), "
        + ("long poll" if args.long_poll else f"polling every {args.poll} s")
    )
    children = [
        subprocess.Popen(server, cwd=ROOT, env=child_env),
        subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "kookaburra",
                "worker",
                "--concurrency",
                "2",
                "--without-mingle",
                "--without-gossip",
            ],
            cwd=ROOT,
            env=child_env,
        ),
    ]
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.3)
        time.sleep(2)  # let the worker connect
        stop = threading.Event()
        samples = defaultdict(list)
        rng = random.Random(500)
        players = [
            Player(
                person,
                args.port,
                stop,
                args.poll,
                samples,
                random.Random(rng.random()),
                long_poll=args.long_poll,
            )
            for person in people
        ]
        started = time.monotonic()
        for player in players:
            player.start()
        time.sleep(args.seconds)
        stop.set()
        for player in players:
            player.join(timeout=10)
        report(samples, time.monotonic() - started)
    finally:
        for child in children:
            child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
