"""Live pages: "thing X is now at version N", pushed to whoever watches X.

An event carries a channel name (`table:17`) and a version number, never anything a page shows,
so hidden information stays where it is: each viewer fetches its own fragment when told.

- `publish(channel, version)` (sync) tells every watcher; services call `publish_on_commit`
  so nothing is announced that a rollback takes back.
- `event_stream(...)` is the body of a server-sent-events answer (an async iterator of text):
  it emits `id: <version>` / `event: version` whenever the version changes, a comment as a
  heartbeat, and ends after a bounded lifetime so clients reconnect (and resume from the
  version they had: `Last-Event-ID`).
- `wait_for_change(...)` (sync) is the API's long poll.

Where events travel: with `KOOKABURRA_LIVE_URL` naming a Redis server (production, CI), through
Redis pub/sub, so any web process on any machine can serve any viewer; each process holds one
subscriber connection and fans events out in memory. With nothing set (`make run` on SQLite),
events published in the web process reach its streams at once, and streams also re-read the
version every `KOOKABURRA_LIVE_POLL` seconds, which catches what another process (the Celery
worker) changed.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable

from django.conf import settings
from django.db import transaction

from . import asgi
from .numbers import whole_number

log = logging.getLogger(__name__)

PREFIX = "kookaburra:live:"
CONTROL = PREFIX + "~"  # keeps the subscriber connection subscribed while nobody watches

ReadVersion = Callable[[], Awaitable[int | None]]


def live_url() -> str:
    return getattr(settings, "KOOKABURRA_LIVE_URL", "") or ""


def _setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


# Publishing ---------------------------------------------------------------------------------------

_sync_client = None
_sync_client_url = None
_sync_lock = threading.Lock()


def _redis_client():
    """One sync Redis client per process (redis-py's pool is thread-safe)."""
    global _sync_client, _sync_client_url
    url = live_url()
    with _sync_lock:
        if _sync_client is None or _sync_client_url != url:
            import redis

            _sync_client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
            _sync_client_url = url
        return _sync_client


def publish(channel: str, version: int) -> None:
    """Tell every watcher of `channel` that it is at `version`. Never raises: a lost event is
    caught up by the next connect or poll."""
    version = int(version)
    if live_url():
        try:
            _redis_client().publish(PREFIX + channel, str(version))
        except Exception:  # a Redis outage must never fail the request that changed something
            log.warning("live: could not publish %s=%s", channel, version, exc_info=True)
        return
    for hub in list(_hubs.values()):
        hub.deliver_threadsafe(channel, version)


def publish_on_commit(channel: str, version: Callable[[], int]) -> None:
    """Publish when the current transaction commits; `version()` is read then (the last bump of
    the transaction wins)."""
    transaction.on_commit(lambda: publish(channel, version()))


# The per-process hub: one subscriber, fanned out in memory ---------------------------------------

RESYNC = -1  # "re-read the version": the subscriber reconnected and may have missed events


class Listener:
    """One stream's mailbox: the highest version heard, or a request to re-read."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.heard: int | None = None
        self.resync = False
        self.ready = asyncio.Event()

    def push(self, version: int) -> None:
        if version == RESYNC:
            self.resync = True
        elif self.heard is None or version > self.heard:
            self.heard = version
        self.event.set()

    async def wait(self, timeout: float) -> bool:
        """True if something was heard within `timeout` seconds."""
        if not self.event.is_set():
            try:
                await asyncio.wait_for(self.event.wait(), timeout)
            except TimeoutError:
                return False
        self.event.clear()
        return True


class Hub:
    def __init__(self, loop: asyncio.AbstractEventLoop, url: str) -> None:
        self.loop = loop
        self.url = url
        self.listeners: dict[str, set[Listener]] = {}
        self.pubsub = None
        self.reader: asyncio.Task | None = None
        self.lock = asyncio.Lock()
        self.connected = asyncio.Event()

    # in-process delivery
    def deliver(self, channel: str, version: int) -> None:
        for listener in list(self.listeners.get(channel, ())):
            listener.push(version)

    def deliver_threadsafe(self, channel: str, version: int) -> None:
        if self.loop.is_closed():
            return
        try:
            self.loop.call_soon_threadsafe(self.deliver, channel, version)
        except RuntimeError:  # the loop closed meanwhile
            pass

    async def add(self, channel: str, listener: Listener) -> None:
        first = channel not in self.listeners
        self.listeners.setdefault(channel, set()).add(listener)
        if self.url:
            self._ensure_reader()
            if first:
                await self._subscribe(channel)
        listener.ready.set()

    async def remove(self, channel: str, listener: Listener) -> None:
        watchers = self.listeners.get(channel)
        if watchers is None:
            return
        watchers.discard(listener)
        if not watchers:
            del self.listeners[channel]
            if self.url and self.pubsub is not None:
                try:
                    async with self.lock:
                        if channel not in self.listeners and self.pubsub is not None:
                            await self.pubsub.unsubscribe(PREFIX + channel)
                except Exception:
                    log.debug("live: unsubscribe failed", exc_info=True)

    async def _subscribe(self, channel: str) -> None:
        try:
            await asyncio.wait_for(self.connected.wait(), 5)
            async with self.lock:
                if self.pubsub is not None and channel in self.listeners:
                    await self.pubsub.subscribe(PREFIX + channel)
        except Exception:
            # The reader resubscribes every watched channel when it reconnects.
            log.warning("live: could not subscribe to %s", channel, exc_info=True)

    def _ensure_reader(self) -> None:
        if self.reader is None or self.reader.done():
            self.reader = self.loop.create_task(self._read())

    async def _read(self) -> None:
        """Hold one subscriber connection; on a drop, reconnect, resubscribe and tell every
        stream to re-read its version (it may have missed an event)."""
        import redis.asyncio as aioredis

        first = True
        while True:
            client = aioredis.Redis.from_url(self.url, socket_connect_timeout=5)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                async with self.lock:
                    await pubsub.subscribe(CONTROL, *(PREFIX + c for c in self.listeners))
                    self.pubsub = pubsub
                self.connected.set()
                if not first:
                    for channel in list(self.listeners):
                        self.deliver(channel, RESYNC)
                first = False
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is None or message.get("type") != "message":
                        continue
                    name = message["channel"].decode()
                    if not name.startswith(PREFIX):
                        continue
                    try:
                        version = int(message["data"])
                    except (TypeError, ValueError):
                        continue
                    self.deliver(name[len(PREFIX) :], version)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("live: the subscriber connection dropped; reconnecting", exc_info=True)
            finally:
                self.connected.clear()
                self.pubsub = None
                try:
                    await pubsub.aclose()
                    await client.aclose()
                except Exception:
                    pass
            await asyncio.sleep(1)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub (uvicorn runs one loop per process)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None or found.url != live_url():
        found = _hubs[loop] = Hub(loop, live_url())
    return found


# The stream ---------------------------------------------------------------------------------------


def _event(version: int) -> str:
    return f"id: {version}\nevent: version\ndata: {version}\n\n"


async def event_stream(
    channel: str,
    read_version: ReadVersion,
    *,
    last_seen: int | None,
    lifetime: float | None = None,
    heartbeat: float | None = None,
    poll: float | None = None,
) -> AsyncIterator[str]:
    """Server-sent events for `channel`: `version` events (id = version) whenever the version
    differs from the last one the client had, heartbeats, and the end after `lifetime` seconds.
    `read_version()` answers the current version, or None once the watcher may no longer see
    the thing (the stream then ends). Without Redis, the version is re-read every `poll`."""
    lifetime = _setting("KOOKABURRA_LIVE_LIFETIME", 300) if lifetime is None else lifetime
    heartbeat = _setting("KOOKABURRA_LIVE_HEARTBEAT", 15) if heartbeat is None else heartbeat
    if poll is None:
        poll = 0 if live_url() else _setting("KOOKABURRA_LIVE_POLL", 0.5)
    the_hub = hub()
    listener = Listener()
    await the_hub.add(channel, listener)
    try:
        sent = last_seen
        current = await read_version()
        if current is None:
            return
        # Reconnect after a second when the stream ends or drops (the browser's default is ~3 s).
        yield "retry: 1000\n\n"
        if sent is None or current != sent:
            sent = current
            yield _event(current)
        loop = asyncio.get_running_loop()
        end = loop.time() + lifetime
        beat = loop.time() + heartbeat
        while (now := loop.time()) < end:
            wait = min(end, beat) - now
            if poll:
                wait = min(wait, poll)
            heard = await listener.wait(max(wait, 0))
            if heard and not listener.resync:
                if listener.heard is not None and (sent is None or listener.heard > sent):
                    sent = listener.heard
                    yield _event(sent)
            elif heard or poll:
                listener.resync = False
                current = await read_version()
                if current is None:
                    return
                if current != sent:
                    sent = current
                    yield _event(current)
            if loop.time() >= beat:
                beat = loop.time() + heartbeat
                yield ":\n\n"
    finally:
        await the_hub.remove(channel, listener)


def parse_last_seen(*values: str | None) -> int | None:
    """The version a reconnecting client had: the highest whole number among `Last-Event-ID`
    and the page's `v` (None when neither is one)."""
    seen = [n for n in map(whole_number, values) if n is not None]
    return max(seen) if seen else None


# The long poll (sync, for the API) ----------------------------------------------------------------


def long_poll_limit() -> float:
    """The longest a long poll waits (seconds): 30, less in the test suite's settings."""
    return _setting("KOOKABURRA_LIVE_LONG_POLL_MAX", 30)


def wait_for_change(
    channel: str, read_version: Callable[[], int | None], *, after: int, timeout: float
) -> int | None:
    """Block until `read_version()` exceeds `after` or `timeout` seconds pass; answer the
    version then (None: gone or no longer visible). Through Redis when configured, else by
    re-reading every `KOOKABURRA_LIVE_POLL` seconds."""
    deadline = time.monotonic() + timeout
    pubsub = None
    if live_url():
        try:
            pubsub = _redis_client().pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(PREFIX + channel)
        except Exception:
            log.warning("live: long poll without Redis", exc_info=True)
            pubsub = None
    poll = _setting("KOOKABURRA_LIVE_POLL", 0.5)
    try:
        with asgi.waiting():  # the web process serves others while this one waits
            return _wait(read_version, pubsub, after, deadline, poll)
    finally:
        if pubsub is not None:
            try:
                pubsub.close()
            except Exception:
                pass


def _wait(read_version, pubsub, after: int, deadline: float, poll: float) -> int | None:
    while True:
        current = read_version()
        if current is None or current > after:
            return current
        left = deadline - time.monotonic()
        if left <= 0:
            return current
        if pubsub is None:
            time.sleep(min(poll, left))
            continue
        # Wait for an event (or a safety re-read every few seconds).
        until = time.monotonic() + min(left, 5)
        while (remaining := until - time.monotonic()) > 0:
            message = pubsub.get_message(timeout=remaining)
            if message and message.get("type") == "message":
                try:
                    if int(message["data"]) > after:
                        break
                except (TypeError, ValueError):
                    pass


# The answer of a stream view ----------------------------------------------------------------------


def release_connections() -> None:
    """Close this thread's database connections (outside a transaction): a stream may stay open
    for minutes and must not hold a connection all that time."""
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _read_and_release(read: Callable[[], int | None]) -> int | None:
    try:
        return read()
    finally:
        release_connections()


async def read_in_thread(read: Callable[[], int | None]) -> int | None:
    """Run a sync version read in the request's thread (where Django runs its sync code),
    releasing the connection afterwards."""
    from asgiref.sync import sync_to_async

    return await sync_to_async(_read_and_release)(read)


async def sse_response(request, channel: str, read: Callable[[], int | None], *, missing: str):
    """The answer of a live page's stream: `read()` (sync, one small query) gives the version
    the asker may see, or None if they may not see the thing (a 404, as for nothing there).

    Under ASGI the answer is a stream (`event_stream`). Under WSGI (`runserver`, the threaded
    test server) a worker can't hold thousands of streams: the answer is the one event due, if
    any, and `retry:` makes the browser ask again shortly, which is a poll in SSE's clothes.
    `missing` is the 404's message."""
    from django.http import Http404, HttpResponse, StreamingHttpResponse

    current = await read_in_thread(read)
    if current is None:
        raise Http404(missing)
    last_seen = parse_last_seen(request.headers.get("Last-Event-ID"), request.GET.get("v"))
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if not hasattr(request, "scope"):  # WSGI
        body = "retry: 700\n\n"
        if last_seen is None or current != last_seen:
            body += _event(current)
        return HttpResponse(body, content_type="text/event-stream", headers=headers)

    async def read_version() -> int | None:
        return await read_in_thread(read)

    stream = event_stream(channel, read_version, last_seen=last_seen)
    return StreamingHttpResponse(stream, content_type="text/event-stream", headers=headers)
