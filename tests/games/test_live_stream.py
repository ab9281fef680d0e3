"""The table's live stream (server-sent events) and the API's long poll: who may listen, what an
event holds (a version number: never a card or a name), resuming after a reconnect, the events
services publish on commit, and the long poll's answers and refusals."""

from __future__ import annotations

import asyncio
import random
import re
import threading
import time

import pytest
from django.db import connection
from django.test import AsyncClient, Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from core import live
from games import services
from games.models import Table
from tests.games.helpers import act_randomly
from tests.run_async import run_async
from tests.same_page import page_bytes

EVENT_LINE = re.compile(r"^(retry: \d+|id: \d+|event: version|data: \d+|:|)$")


def seated(four, **fields) -> Table:
    table = services.table_create(four[0], game="pitch", players=4, seed=3, **fields)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n, token=table.invite_token)
    table.refresh_from_db()
    return table


async def first_chunks(client: AsyncClient, url: str, count: int, **headers) -> tuple[int, str]:
    """The status and the first `count` chunks of a stream, read through the ASGI path."""
    response = await client.get(url, headers=headers)
    if response.status_code != 200:
        return response.status_code, response.content.decode()
    assert response["Content-Type"].startswith("text/event-stream")
    assert response["Cache-Control"] == "no-store"
    stream = aiter(response.streaming_content)
    chunks = []
    for _ in range(count):
        chunk = await asyncio.wait_for(anext(stream), 5)
        chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
    return 200, "".join(chunks)


async def logged_in_async(user) -> AsyncClient:
    client = AsyncClient()
    await client.aforce_login(user)
    return client


@pytest.mark.django_db(transaction=True)
@override_settings(KOOKABURRA_LIVE_URL="")
def test_a_player_hears_the_version_and_nothing_else(four):
    table = seated(four, access="invite")

    async def run():
        status, body = await first_chunks(
            await logged_in_async(four[1]), reverse("games:events", args=[table.pk]), 2
        )
        assert status == 200
        assert f"id: {table.version}\nevent: version\ndata: {table.version}\n" in body
        assert all(EVENT_LINE.match(line) for line in body.splitlines()), body

    run_async(run())


@pytest.mark.django_db(transaction=True)
@override_settings(KOOKABURRA_LIVE_URL="")
def test_an_outsider_of_a_private_table_gets_the_404_of_no_table(four, make_user):
    table = seated(four, access="invite")
    eve = make_user("eve")

    async def run():
        client = await logged_in_async(eve)
        hidden = await client.get(reverse("games:events", args=[table.pk]))
        missing = await client.get(reverse("games:events", args=[999999]))
        assert hidden.status_code == missing.status_code == 404
        assert page_bytes(hidden) == page_bytes(missing)
        # The invite link's token lets a spectator listen.
        url = reverse("games:events", args=[table.pk]) + f"?token={table.invite_token}"
        status, body = await first_chunks(client, url, 2)
        assert status == 200 and f"id: {table.version}" in body

    run_async(run())


@pytest.mark.django_db(transaction=True)
@override_settings(KOOKABURRA_LIVE_URL="")
def test_a_reconnecting_page_resumes_from_last_event_id(four):
    table = seated(four)
    url = reverse("games:events", args=[table.pk])

    async def run():
        client = await logged_in_async(four[2])
        # Behind: the current version at once.
        _, body = await first_chunks(client, url, 2, **{"Last-Event-ID": str(table.version - 2)})
        assert f"id: {table.version}\n" in body
        # Up to date: nothing until the table changes; then the new version.
        response = await client.get(url, headers={"Last-Event-ID": str(table.version)})
        stream = aiter(response.streaming_content)
        assert (await anext(stream)).startswith(b"retry")
        pending = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.3)
        assert not pending.done()
        await asyncio.to_thread(act_one, four, table.pk)
        chunk = (await asyncio.wait_for(pending, 5)).decode()
        assert chunk == f"id: {table.version + 1}\nevent: version\ndata: {table.version + 1}\n\n"
        await response.streaming_content.aclose()

    run_async(run())


def act_one(four, pk):
    """The player to act makes a move (in another thread, as another request would)."""
    try:
        table = Table.objects.get(pk=pk)
        by_seat = {s.number: s.user for s in table.seats.all()}
        act_randomly(by_seat[table.to_act], table, random.Random(1))
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_services_publish_the_new_version_on_commit_only(four, monkeypatch):
    heard = []
    monkeypatch.setattr(live, "publish", lambda channel, version: heard.append((channel, version)))
    table = services.table_create(four[0], game="pitch", players=4, seed=3)
    services.table_sit(four[1], table, 1)
    table.refresh_from_db()
    assert heard[-1] == (f"table:{table.pk}", table.version)
    before = len(heard)
    # A refused action publishes nothing.
    with pytest.raises(Exception):  # noqa: B017
        services.table_sit(four[2], table, 1)
    assert len(heard) == before
    # Filling the table and starting bumps the version once or more, announced once per commit.
    for n in (2, 3):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    assert heard[-1] == (f"table:{table.pk}", table.version)
    # Every event is a channel name and a number: nothing a page shows.
    assert all(isinstance(v, int) and c == f"table:{table.pk}" for c, v in heard)


@pytest.mark.django_db
def test_under_wsgi_the_stream_answers_at_once_and_asks_the_browser_to_come_back(four):
    table = seated(four)
    client = Client()
    client.force_login(four[3])
    url = reverse("games:events", args=[table.pk])
    behind = client.get(url, {"v": 0})
    assert behind.status_code == 200 and behind["Content-Type"].startswith("text/event-stream")
    body = behind.content.decode()
    assert body.startswith("retry: ") and f"id: {table.version}\n" in body
    assert all(EVENT_LINE.match(line) for line in body.splitlines())
    current = client.get(url, headers={"Last-Event-ID": str(table.version)})
    assert "id:" not in current.content.decode()


# The long poll -----------------------------------------------------------------------------------


def version_url(pk) -> str:
    return f"/api/tables/{pk}/version/"


@pytest.mark.django_db
def test_the_long_poll_answers_at_once_when_the_table_is_already_newer(four):
    table = seated(four)
    client = APIClient()
    client.force_authenticate(four[0])
    started = time.monotonic()
    answer = client.get(version_url(table.pk), {"after": table.version - 1, "wait": 30})
    assert answer.status_code == 200 and answer.json()["version"] == table.version
    assert time.monotonic() - started < 1


@pytest.mark.django_db(transaction=True)
@override_settings(
    KOOKABURRA_LIVE_URL="", KOOKABURRA_LIVE_POLL=0.05, KOOKABURRA_LIVE_LONG_POLL_MAX=30
)
def test_the_long_poll_returns_when_the_table_changes_or_at_its_timeout(four):
    table = seated(four)
    client = APIClient()
    client.force_authenticate(four[0])
    started = time.monotonic()
    answer = client.get(version_url(table.pk), {"after": table.version, "wait": 1})
    assert answer.json()["version"] == table.version
    assert 0.9 < time.monotonic() - started < 5
    threading.Timer(0.3, act_one, args=(four, table.pk)).start()
    started = time.monotonic()
    answer = client.get(version_url(table.pk), {"after": table.version, "wait": 20})
    assert answer.status_code == 200 and answer.json()["version"] == table.version + 1
    assert time.monotonic() - started < 5


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"after": "x"}, "after"),
        ({"after": -1}, "after"),
        ({"after": 1, "wait": 31}, "wait"),
        ({"after": 1, "wait": "soon"}, "wait"),
    ],
)
def test_bad_long_poll_parameters_are_a_400(four, query, field):
    table = seated(four)
    answer = APIClient().get(version_url(table.pk), query)
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "invalid" and body["field"] == field and body["detail"]


@pytest.mark.django_db
def test_the_long_poll_hides_a_private_table(four, make_user):
    table = seated(four, access="invite")
    client = APIClient()
    client.force_authenticate(make_user("eve"))
    hidden = client.get(version_url(table.pk), {"after": 0, "wait": 1})
    missing = client.get(version_url(999999), {"after": 0, "wait": 1})
    assert hidden.status_code == missing.status_code == 404
    assert hidden.json() == missing.json()
