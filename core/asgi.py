"""The site's ASGI handler: Django's, with ordinary (sync) views served in one thread hop.

Under ASGI Django runs the middleware chain in async mode. Each of Django's own middleware then
runs its `process_request` and `process_response` through `sync_to_async`, and a sync view costs
one more: some fifteen hand-offs between the event loop and a thread per request. On this
machine each hand-off costs ~0.2 ms of CPU, so a page or a poll paid about twice what the same
request costs under WSGI.

This handler keeps a second, sync middleware chain — the same `MIDDLEWARE`, loaded exactly as
the WSGI handler loads it — and serves every request whose view is a plain function in one hop
to a thread, as WSGI would: the request's signals, the middleware, the view and the response's
close all run there, in threads that live as long as the process (`SYNC_THREADS` at most), so a
request neither starts a thread of its own nor hops back and forth. Only the async views (the
live pages' event streams, `core.live`) go down Django's own path and its async chain, so they
hold no thread while they wait. What a request sees is the same either way: the same middleware
in the same order, the same signals, the same error handling. (A streaming answer from a plain
view — a record download, a static file — is read whole in the thread before it is sent.)
"""

from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager

from asgiref.sync import iscoroutinefunction
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponse
from django.urls import Resolver404, get_resolver, get_urlconf, set_script_prefix

# How many requests a web process works on at once (KOOKABURRA_SYNC_CONCURRENCY; 0: no limit).
# Python runs one thread at a time, so more than a few only makes each request take longer and
# hold its database connection (from a pool of DATABASE_POOL_MAX) longer. The rest wait for a
# turn in their threads, costing no CPU; event streams don't count.
SYNC_CONCURRENCY = int(os.environ.get("KOOKABURRA_SYNC_CONCURRENCY", "4"))
_turns = threading.BoundedSemaphore(SYNC_CONCURRENCY) if SYNC_CONCURRENCY > 0 else None
_holding = threading.local()
# The threads a web process serves plain views in: enough for the turns and for long polls that
# have given theirs away (KOOKABURRA_SYNC_THREADS).
SYNC_THREADS = int(os.environ.get("KOOKABURRA_SYNC_THREADS", "64"))


def _serve_in_turn(get_response, request):
    if _turns is None:
        return get_response(request)
    with _turns:
        _holding.turn = True
        try:
            return get_response(request)
        finally:
            _holding.turn = False


@contextmanager
def waiting():
    """Wrap a request's long wait (the API's long poll) in this: while it waits, its turn goes
    to another request."""
    held = _turns is not None and getattr(_holding, "turn", False)
    if held:
        _turns.release()
        _holding.turn = False
    try:
        yield
    finally:
        if held:
            _turns.acquire()
            _holding.turn = True


class KookaburraASGIHandler(ASGIHandler):
    def __init__(self):
        super().__init__()
        self._sync = base.BaseHandler()
        self._sync.load_middleware(is_async=False)
        self._threads: ThreadPoolExecutor | None = None  # made on first use (after a fork)

    @staticmethod
    def is_async_path(path_info: str) -> bool:
        try:
            match = get_resolver(get_urlconf()).resolve(path_info)
        except Resolver404:
            return False
        view = getattr(match.func, "view_class", None)
        if view is not None:
            return bool(getattr(view, "view_is_async", False))
        return iscoroutinefunction(match.func)

    async def handle(self, scope, receive, send):
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        if self.is_async_path(path):
            return await super().handle(scope, receive, send)
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        if self._threads is None:
            self._threads = ThreadPoolExecutor(SYNC_THREADS, thread_name_prefix="kookaburra-web")
        loop = asyncio.get_running_loop()
        response = await loop.run_in_executor(self._threads, self._serve, scope, body_file)
        await self.send_response(response, send)

    def _serve(self, scope, body_file):
        """The whole of a plain request, in one thread: its answer, read whole."""
        with closing(body_file):
            set_script_prefix(get_script_prefix(scope))
            signals.request_started.send(sender=self.__class__, scope=scope)
            request, response = self.create_request(scope, body_file)
            if request is not None:
                response = _serve_in_turn(self._sync.get_response, request)
                response._handler_class = self.__class__
                if isinstance(response, FileResponse):
                    response.block_size = self.chunk_size
            try:
                return _read_whole(response) if response.streaming else response
            finally:
                response.close()  # request_finished: this thread's connections go back


def _read_whole(response) -> HttpResponse:
    """A streaming answer as a plain one: the same status, headers and cookies, its body read."""
    whole = HttpResponse(
        b"".join(response.streaming_content),
        status=response.status_code,
        reason=response.reason_phrase,
        headers=response.headers,
    )
    whole.cookies = response.cookies
    return whole


def get_asgi_application() -> KookaburraASGIHandler:
    """Django's `get_asgi_application`, with this handler."""
    import django

    django.setup(set_prefix=False)
    return KookaburraASGIHandler()
