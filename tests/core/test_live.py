"""core.live: versions pushed to watchers, in process and through Redis pub/sub; the stream's
events, heartbeats, resumption and end; the long poll."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
import uuid

import pytest
from django.test import override_settings

from core import live
from tests.run_async import run_async

REDIS_URL = os.environ.get("KOOKABURRA_TEST_REDIS_URL", "redis://127.0.0.1:6379/8")


def redis_or_skip() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except Exception:
        if os.environ.get("CI"):
            raise
        pytest.skip("no Redis at " + REDIS_URL)
    return REDIS_URL


def channel() -> str:
    return f"test:{uuid.uuid4().hex}"  # parallel test runs share the Redis server


class Versions:
    """A thing whose version the test sets; `read()` is what a stream re-reads."""

    def __init__(self, version: int | None = 1):
        self.version = version
        self.reads = 0

    async def read(self) -> int | None:
        self.reads += 1
        return self.version


async def take(stream, count: int, timeout: float = 5) -> list[str]:
    """The next `count` chunks of a stream."""
    out = []
    for _ in range(count):
        out.append(await asyncio.wait_for(anext(stream), timeout))
    return out


async def cancelled(task) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


def events_in(chunks: list[str]) -> list[int]:
    return [int(c.split("\n")[0][4:]) for c in chunks if c.startswith("id: ")]


@pytest.mark.parametrize(
    ("values", "seen"),
    [
        (("5", None), 5),
        (("5", "9"), 9),
        ((None, "3"), 3),
        (("x", ""), None),
        (("-1", None), None),
        (("9" * 30, None), None),
        ((None, None), None),
    ],
)
def test_last_seen_is_the_highest_whole_number_given(values, seen):
    assert live.parse_last_seen(*values) == seen


@override_settings(KOOKABURRA_LIVE_URL="")
def test_a_new_watcher_hears_the_current_version_then_each_change_published_in_process():
    async def run():
        thing, name = Versions(4), channel()
        stream = live.event_stream(name, thing.read, last_seen=None, poll=30, heartbeat=30)
        first = await take(stream, 2)
        assert first[0].startswith("retry: ")
        assert first[1] == "id: 4\nevent: version\ndata: 4\n\n"
        # Published from another thread (a sync view), as services do on commit.
        thing.version = 5
        threading.Thread(target=live.publish, args=(name, 5)).start()
        assert events_in(await take(stream, 1)) == [5]
        await stream.aclose()

    run_async(run())


@override_settings(KOOKABURRA_LIVE_URL="")
def test_a_client_that_is_up_to_date_hears_nothing_until_a_change():
    async def run():
        thing, name = Versions(7), channel()
        stream = live.event_stream(name, thing.read, last_seen=7, poll=30, heartbeat=30)
        await take(stream, 1)  # retry
        pending = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.2)
        assert not pending.done()
        live.publish(name, 8)
        assert events_in([await asyncio.wait_for(pending, 5)]) == [8]
        # An older or repeated version is not news.
        live.publish(name, 8)
        live.publish(name, 6)
        pending = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.2)
        assert not pending.done()
        await cancelled(pending)
        await stream.aclose()

    run_async(run())


@override_settings(KOOKABURRA_LIVE_URL="")
def test_a_reconnecting_client_behind_the_table_hears_the_current_version_at_once():
    async def run():
        thing = Versions(212)
        stream = live.event_stream(channel(), thing.read, last_seen=209, poll=30)
        assert events_in(await take(stream, 2)) == [212]
        await stream.aclose()

    run_async(run())


@override_settings(KOOKABURRA_LIVE_URL="")
def test_without_pub_sub_the_stream_re_reads_and_catches_another_process_changes():
    async def run():
        thing = Versions(1)
        stream = live.event_stream(channel(), thing.read, last_seen=1, poll=0.05, heartbeat=30)
        await take(stream, 1)
        thing.version = 2  # changed elsewhere (the Celery worker): no event in this process
        assert events_in(await take(stream, 1)) == [2]
        await stream.aclose()

    run_async(run())


@override_settings(KOOKABURRA_LIVE_URL="")
def test_heartbeats_then_the_stream_ends_after_its_lifetime():
    async def run():
        stream = live.event_stream(
            channel(), Versions(3).read, last_seen=3, lifetime=0.35, heartbeat=0.1, poll=30
        )
        chunks = [chunk async for chunk in stream]
        assert chunks[0].startswith("retry: ")
        assert chunks.count(":\n\n") >= 2
        assert not events_in(chunks)

    run_async(run())


@override_settings(KOOKABURRA_LIVE_URL="")
def test_the_stream_ends_when_the_watcher_may_no_longer_see_the_thing():
    async def run():
        thing = Versions(3)
        stream = live.event_stream(channel(), thing.read, last_seen=3, poll=0.05)
        await take(stream, 1)
        thing.version = None
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(anext(stream), 5)

    run_async(run())


def test_through_redis_a_publish_from_any_process_reaches_the_stream():
    url = redis_or_skip()
    with override_settings(KOOKABURRA_LIVE_URL=url):

        async def run():
            thing, name = Versions(10), channel()
            stream = live.event_stream(name, thing.read, last_seen=10, heartbeat=30)
            await take(stream, 1)
            reads = thing.reads
            # Another process publishes: a plain Redis client, as the Celery worker's would.
            import redis

            redis.Redis.from_url(url).publish(live.PREFIX + name, "11")
            assert events_in(await take(stream, 1)) == [11]
            assert thing.reads == reads  # the event carried the version: no re-read
            # publish() itself goes through Redis too
            await asyncio.to_thread(live.publish, name, 12)
            assert events_in(await take(stream, 1)) == [12]
            # Another channel's events are not this stream's.
            await asyncio.to_thread(live.publish, channel(), 99)
            pending = asyncio.ensure_future(anext(stream))
            await asyncio.sleep(0.2)
            assert not pending.done()
            await cancelled(pending)
            await stream.aclose()
            assert name not in live.hub().listeners

        run_async(run())


def test_many_streams_share_one_redis_subscriber_per_process():
    url = redis_or_skip()
    with override_settings(KOOKABURRA_LIVE_URL=url):

        async def run():
            names = [channel() for _ in range(30)]
            streams = [
                live.event_stream(n, Versions(1).read, last_seen=1, heartbeat=30) for n in names
            ]
            for stream in streams:
                await take(stream, 1)
            import redis

            client = redis.Redis.from_url(url)
            assert client.pubsub_numsub(live.PREFIX + names[0])[0][1] == 1
            for n in names:
                client.publish(live.PREFIX + n, "2")
            for stream in streams:
                assert events_in(await take(stream, 1)) == [2]
                await stream.aclose()

        run_async(run())


@override_settings(KOOKABURRA_LIVE_URL="", KOOKABURRA_LIVE_POLL=0.05)
def test_the_long_poll_answers_at_once_when_already_newer_else_on_a_change_or_timeout():
    state = {"v": 5}
    name = channel()
    assert live.wait_for_change(name, lambda: state["v"], after=4, timeout=5) == 5
    started = time.monotonic()
    assert live.wait_for_change(name, lambda: state["v"], after=5, timeout=0.3) == 5
    assert 0.25 < time.monotonic() - started < 2
    threading.Timer(0.2, lambda: state.update(v=6)).start()
    started = time.monotonic()
    assert live.wait_for_change(name, lambda: state["v"], after=5, timeout=5) == 6
    assert time.monotonic() - started < 2


def test_the_long_poll_hears_redis():
    url = redis_or_skip()
    with override_settings(KOOKABURRA_LIVE_URL=url, KOOKABURRA_LIVE_POLL=30):
        state = {"v": 5}
        name = channel()

        def change():
            state["v"] = 6
            live.publish(name, 6)

        threading.Timer(0.3, change).start()
        started = time.monotonic()
        assert live.wait_for_change(name, lambda: state["v"], after=5, timeout=10) == 6
        assert time.monotonic() - started < 3


def test_publish_never_fails_when_redis_is_down():
    with override_settings(KOOKABURRA_LIVE_URL="redis://127.0.0.1:1/0"):
        live.publish("table:1", 3)  # logged, not raised
