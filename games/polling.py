"""The table's "has anything changed?" reads, answered before the middleware stack when the
cache can answer them.

Two URLs are polled every second or so by everyone at or around a table: the page's
`/tables/<id>/poll/?v=<version>` (204: nothing new) and the API's `/api/tables/<id>/version/`.
Services publish each table's version row to the shared cache as the last step of every change
(`state.publish_version`). `FastPollMiddleware`, placed right after the security middleware,
answers these two reads from that row, with no session, no query and no view, when it may:

- the table is open to anyone (anyone may read its counters), or
- the request's credential (its session cookie, or its API token) was granted this table by the
  full view within the last `GRANT_SECONDS` — the full view records a grant when it lets that
  credential see the table. An API token must moreover still be known to the token cache
  (`accounts.authentication`), which forgets a token the moment it is deleted.

Anything else — no row in the cache, an invite token in the query, an unknown token, no grant —
goes on to the full view, which answers as it always has (a 404 for a table the asker may not
see) and records the grant and the row for next time. The answers are the full view's: the
page's 204 / `HX-Trigger: table-changed`, the API's JSON row.
"""

from __future__ import annotations

import hashlib
import json
import re

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse

from accounts.authentication import token_cache_key, token_digest
from core.numbers import whole_number

from . import state

GRANT_SECONDS = 30
_PAGE = re.compile(r"^/tables/(\d{1,12})/poll/$")
_API = re.compile(r"^/api/tables/(\d{1,12})/version/$")


def credential(request) -> tuple[str | None, str | None]:
    """(a key naming the request's credential, the API token's digest when it is one). An
    unusable Authorization header gives (None, "") so the full view judges it."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if header:
        parts = header.split()
        if len(parts) != 2 or parts[0].lower() != "token":
            return None, ""
        digest = token_digest(parts[1])
        if digest is None:
            return None, ""
        return "t:" + digest, digest
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if cookie:
        return "s:" + hashlib.sha256(cookie.encode()).hexdigest(), None
    return None, None


def _grant_key(table_id: int, who: str) -> str:
    return f"table:{table_id}:grant:{who}"


def grant(request, row: dict) -> None:
    """The full view let this request see the table: remember it for its credential, and the
    table's version row (unless a newer one is already there)."""
    cache.add(state.version_key(row["id"]), row, state.VERSION_TIMEOUT)
    if row.get("public"):
        return
    who, _digest = credential(request)
    if who is not None:
        cache.set(_grant_key(row["id"], who), True, GRANT_SECONDS)


def quick_answer(request):
    """The answer to a poll the cache can give, or None (the full view answers)."""
    if request.method != "GET" or "token" in request.GET:
        return None
    path = request.path_info
    match = _PAGE.match(path)
    api = match is None
    if api:
        match = _API.match(path)
        if match is None or "after" in request.GET:
            return None  # a long poll waits in the full view
    table_id = int(match[1])
    who, digest = credential(request)
    if digest == "":
        return None
    keys = [state.version_key(table_id)]
    if who is not None:
        keys.append(_grant_key(table_id, who))
    if digest:
        keys.append(token_cache_key(digest))
    found = cache.get_many(keys)
    row = found.get(keys[0])
    if row is None:
        return None
    if digest and keys[-1] not in found:
        return None  # a token the cache doesn't know (yet, or any more): the full view judges it
    if not row["public"] and (who is None or keys[1] not in found):
        return None
    if api:
        body = {k: row[k] for k in ("id", "action_number", "version", "status")}
        response = HttpResponse(json.dumps(body), content_type="application/json")
        response["Vary"] = "Accept, Authorization, Cookie"
        response["Content-Length"] = str(len(response.content))  # no middleware adds it here
        return response
    return version_answer(request, row)


def version_answer(request, row: dict) -> HttpResponse:
    """The page poll's answer: 204 when the page has version `v`; otherwise an empty answer whose
    `HX-Trigger: table-changed` makes the page fetch the fresh fragment."""
    seen = request.GET.get("v", "")
    if whole_number(seen) == row["version"]:
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Trigger"] = "table-changed"
    response["Cache-Control"] = "no-store"
    return response


class FastPollMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = quick_answer(request)
        if response is None:
            response = self.get_response(request)
        return response
