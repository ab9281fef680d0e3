"""In real Chromium, through a real ASGI server (uvicorn, as production runs): two people at one
table see each other's moves through the table's event stream, with no poll loop; and when the
stream is cut mid-hand, the page reconnects, resumes from the version it had and catches up.

The server is a uvicorn process on the test database (so PostgreSQL only: the suite's SQLite
database lives in this process's memory), reached through a small TCP relay in this process
that can drop every connection, as a network would."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection

from games import services
from games.models import Table
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """A TCP relay to the server that can cut every open connection (and refuse new ones for a
    moment), like a dropped network."""

    def __init__(self, target: int):
        self.target = target
        self.port = free_port()
        self.server = socket.create_server(("127.0.0.1", self.port))
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.down = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            if self.down:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.open |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            with self.lock:
                self.open -= {source, sink}

    def cut(self):
        with self.lock:
            doomed = list(self.open)
        for s in doomed:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self):
        self.server.close()
        self.cut()


@pytest.fixture
def asgi_server(transactional_db):
    """uvicorn serving the site on the test database; yields its address (through the relay)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    if db.get("PASSWORD"):
        url = url.replace("@", f":{db['PASSWORD']}@", 1)
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "kookaburra.settings.test",
        "LOG_LEVEL": "WARNING",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    server = subprocess.Popen(
        [
            # `python -m uvicorn`: the venv's `uvicorn` script may name another interpreter.
            sys.executable,
            "-m",
            "uvicorn",
            "kookaburra.asgi:application",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--timeout-graceful-shutdown",
            "1",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("uvicorn did not start") from None
                time.sleep(0.2)
        relay = Relay(port)
        yield relay, f"http://127.0.0.1:{relay.port}"
        relay.close()
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def player_page(browser, base, user):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(base + "/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    requests: list = []
    page.on("request", lambda request: requests.append(request))
    return context, page, requests


def version_of(page) -> int:
    return int(page.locator("#table-live").get_attribute("data-version"))


def started_table(four) -> Table:
    table = services.table_create(four[0], game="pitch", players=4, seed=11)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    assert table.is_playing
    return table


def test_two_players_see_each_others_moves_through_the_stream_not_a_poll(
    asgi_server, browser, four
):
    _relay, base = asgi_server
    table = started_table(four)
    first = four[table.to_act]
    second = four[(table.to_act + 1) % 4]
    url = f"{base}/tables/{table.pk}/"
    ctx_a, a, _ = player_page(browser, base, first)
    ctx_b, b, b_requests = player_page(browser, base, second)
    try:
        a.goto(url)
        b.goto(url)
        pass_button = b.locator("#table-live").get_by_role("button", name="Pass", exact=True)
        assert pass_button.count() == 0  # not B's turn yet
        b.wait_for_timeout(1500)  # long enough for two turns of the old 700 ms poll
        before = version_of(b)
        started = time.monotonic()
        a.locator("#table-live").get_by_role("button", name="Pass", exact=True).click()
        b.wait_for_function(
            "v => Number(document.querySelector('#table-live').dataset.version) > v", arg=before
        )
        assert time.monotonic() - started < 5
        assert pass_button.is_visible()
        paths = [r.url.split("?")[0].removeprefix(base) for r in b_requests]
        assert f"/tables/{table.pk}/events/" in paths, paths
        assert f"/tables/{table.pk}/poll/" not in paths, paths
        # One stream, held open: not reopened in a loop.
        assert paths.count(f"/tables/{table.pk}/events/") == 1, paths
        assert paths.count(f"/tables/{table.pk}/live/") <= 2, paths
    finally:
        ctx_a.close()
        ctx_b.close()


def test_a_page_whose_stream_is_cut_mid_hand_catches_up_when_it_reconnects(
    asgi_server, browser, four
):
    relay, base = asgi_server
    table = started_table(four)
    watcher = four[(table.to_act + 2) % 4]
    ctx, page, requests = player_page(browser, base, watcher)
    try:
        page.goto(f"{base}/tables/{table.pk}/")
        page.wait_for_function("() => document.querySelector('#table-stream')")
        page.wait_for_timeout(500)
        seen = version_of(page)
        # The network drops; meanwhile the player to act moves (not through this page's stream).
        relay.down = True
        relay.cut()
        table.refresh_from_db()
        services.table_act(four[table.to_act], table.pk, table.action_number, {"call": "pass"})
        table.refresh_from_db()
        assert table.version > seen
        time.sleep(0.3)
        relay.down = False
        page.wait_for_function(
            "v => Number(document.querySelector('#table-live').dataset.version) >= v",
            arg=table.version,
        )
        streams = [r for r in requests if f"/tables/{table.pk}/events/" in r.url]
        assert len(streams) >= 2
        # The reconnect told the server the version the page had: the browser's Last-Event-ID,
        # or (when htmx opens a fresh EventSource) the page's `v`.
        again = streams[-1]
        assert str(seen) in (again.all_headers().get("last-event-id"), again.url.split("v=")[-1])
        assert not [r for r in requests if f"/tables/{table.pk}/poll/" in r.url]
    finally:
        ctx.close()
