"""The ASGI handler (core/asgi.py): plain views go through the sync middleware chain in one hop,
async views (event streams) through Django's async chain, and either way a request gets the
answer Django's own ASGI handler gives."""

from __future__ import annotations

import re
import time

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.handlers.asgi import ASGIHandler

from core.asgi import KookaburraASGIHandler
from tests.run_async import run_async

# The handler serves views in threads of their own, which see only committed rows.
served = pytest.mark.django_db(transaction=True)


def scope(path: str, method: str = "GET", query: bytes = b"", headers=()) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }


async def call(app, request_scope: dict, body: bytes = b"") -> tuple[int, dict, bytes]:
    communicator = ApplicationCommunicator(app, request_scope)
    await communicator.send_input({"type": "http.request", "body": body})
    start = await communicator.receive_output(10)
    chunks = []
    while True:
        message = await communicator.receive_output(10)
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    await communicator.wait(10)
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, b"".join(chunks)


run = run_async


REQUESTS = [
    scope("/healthz"),
    scope("/"),
    scope("/tables/"),
    scope("/api/tables/"),
    scope("/no/such/page/"),
    scope("/api/no/such/thing/"),
    scope("/tables/", query=b"a=%00"),  # refused by our own middleware
    scope("/accounts/login/", method="POST"),  # no CSRF token: 403
    scope("/", headers=[(b"cookie", b"django_language=ur")]),
]

# Headers that differ between two answers to the same request whatever the handler.
VARYING = {"set-cookie", "date", "content-length"}


@served
@pytest.mark.parametrize("request_scope", REQUESTS, ids=lambda s: s["method"] + s["path"])
def test_plain_views_answer_as_djangos_asgi_handler_does(request_scope):
    ours = run(call(KookaburraASGIHandler(), request_scope))
    django = run(call(ASGIHandler(), request_scope))
    assert ours[0] == django[0]
    assert {k: v for k, v in ours[1].items() if k not in VARYING} == {
        k: v for k, v in django[1].items() if k not in VARYING
    }
    assert masked(ours[2]) == masked(django[2])


def masked(body: bytes) -> bytes:
    """The body without what differs between any two answers (CSRF tokens, CSP nonces)."""
    return re.sub(rb"[A-Za-z0-9_-]{22,}", b"<token>", body)


def test_only_async_views_take_the_async_chain():
    handler = KookaburraASGIHandler
    assert handler.is_async_path("/tables/17/events/")
    assert not handler.is_async_path("/tables/17/live/")
    assert not handler.is_async_path("/tables/17/poll/")
    assert not handler.is_async_path("/api/tables/17/version/")
    assert not handler.is_async_path("/no/such/page/")


@served
def test_a_stream_for_no_table_is_a_404_through_the_async_chain():
    status, headers, _body = run(call(KookaburraASGIHandler(), scope("/tables/999999/events/")))
    assert status == 404
    assert "content-security-policy" in headers  # the async chain's middleware ran too


def test_requests_take_turns_and_a_long_wait_gives_its_turn_away(monkeypatch):
    import threading

    from core import asgi

    monkeypatch.setattr(asgi, "_turns", threading.BoundedSemaphore(1))
    log = []
    waiting = threading.Event()
    done_waiting = threading.Event()

    def long_poll(request):
        log.append("poll starts")
        with asgi.waiting():
            waiting.set()
            assert done_waiting.wait(5)
        log.append("poll answers")
        return "poll"

    def page(request):
        log.append("page")
        done_waiting.set()
        return "page"

    poller = threading.Thread(target=asgi._serve_in_turn, args=(long_poll, None))
    poller.start()
    assert waiting.wait(5)
    # With one turn in the process, the page still runs while the poll waits.
    assert asgi._serve_in_turn(page, None) == "page"
    poller.join(5)
    assert log == ["poll starts", "page", "poll answers"]
    assert asgi._turns.acquire(blocking=False)  # every turn was given back


@served
def test_a_plain_request_is_served_whole_in_one_long_lived_thread():
    import threading

    from django.core import signals

    seen = []

    def started(**kwargs):
        seen.append(("started", threading.current_thread()))

    def finished(**kwargs):
        seen.append(("finished", threading.current_thread()))

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    handler = KookaburraASGIHandler()
    try:
        for _ in range(2):
            status, _headers, body = run(call(handler, scope("/healthz")))
            assert status == 200 and body
            # A pool thread reports itself idle a moment after its answer is handed over; a
            # request arriving within that moment gets a second pool thread (which is fine, but
            # not what this test is about).
            time.sleep(0.1)
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)
    assert [event for event, _thread in seen] == ["started", "finished"] * 2
    # Each request's signals (and so its database connection) stay in one thread...
    assert seen[0][1] is seen[1][1] and seen[2][1] is seen[3][1]
    threads = {thread for _event, thread in seen}
    # ... a long-lived one of the pool, which the second request used again.
    assert len(threads) == 1
    assert threads.pop().name.startswith("kookaburra-web")


@served
def test_a_streaming_answer_from_a_plain_view_is_sent_whole(monkeypatch):
    from django.http import StreamingHttpResponse

    handler = KookaburraASGIHandler()
    monkeypatch.setattr(
        handler._sync,
        "get_response",
        lambda request: StreamingHttpResponse(iter([b"one ", b"two"]), content_type="text/plain"),
    )
    status, headers, body = run(call(handler, scope("/healthz")))
    assert (status, headers["content-type"], body) == (200, "text/plain", b"one two")
