"""The site's ASGI handler: Django's, with ordinary (sync) views served in one thread hop.

Under ASGI Django runs the middleware chain in async mode. Each of Django's own middleware then
runs its `process_request` and `process_response` through `sync_to_async`, and a sync view costs
one more: some fifteen hand-offs between the event loop and a thread per request. On this
machine each hand-off costs ~0.2 ms of CPU, so a page or a poll paid about twice what the same
request costs under WSGI.

This handler keeps a second, sync middleware chain — the same `MIDDLEWARE`, loaded exactly as
the WSGI handler loads it — and serves every request whose view is a plain function there,
in one hop to a thread (per request, as Django's own ASGI handler does). Only the async views
(the live pages' event streams, `core.live`) go down Django's async chain, so they hold no thread
while they wait. What a request sees is the same either way: the same middleware in the same
order, the same signals, the same error handling.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler
from django.urls import Resolver404, get_resolver, get_urlconf

# How many requests a web process works on at once (KOOKABURRA_SYNC_CONCURRENCY; 0: no limit).
# Python runs one thread at a time, so more than a few only makes each request take longer and
# hold its database connection (from a pool of DATABASE_POOL_MAX) longer. The rest wait their
# turn on the event loop's side, costing nothing; event streams don't count.
SYNC_CONCURRENCY = int(os.environ.get("KOOKABURRA_SYNC_CONCURRENCY", "4"))
_turns = threading.BoundedSemaphore(SYNC_CONCURRENCY) if SYNC_CONCURRENCY > 0 else None
_holding = threading.local()


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

    @staticmethod
    def is_async_view(request) -> bool:
        try:
            match = get_resolver(get_urlconf()).resolve(request.path_info)
        except Resolver404:
            return False
        view = getattr(match.func, "view_class", None)
        if view is not None:
            return bool(getattr(view, "view_is_async", False))
        return iscoroutinefunction(match.func)

    async def get_response_async(self, request):
        if self.is_async_view(request):
            return await super().get_response_async(request)
        return await sync_to_async(_serve_in_turn, thread_sensitive=True)(
            self._sync.get_response, request
        )


def get_asgi_application() -> KookaburraASGIHandler:
    """Django's `get_asgi_application`, with this handler."""
    import django

    django.setup(set_prefix=False)
    return KookaburraASGIHandler()
