"""Middleware of our own. `RefuseNulMiddleware` refuses a NUL character in the path or query.

Measurement aids: `QueryCountMiddleware` adds an `X-DB-Queries` header with the number of SQL
queries a request made and `X-Server-Ms` with the time the view stack took; it is installed only
when KOOKABURRA_QUERY_COUNT_HEADER is on (the load benchmark turns it on), so production pays
nothing for it."""

import time

from django.db import connections
from django.http import HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _


class QueryCountMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        count = 0

        def counter(execute, sql, params, many, context):
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        started = time.perf_counter()
        with connections["default"].execute_wrapper(counter):
            response = self.get_response(request)
        response["X-DB-Queries"] = str(count)
        response["X-Server-Ms"] = f"{(time.perf_counter() - started) * 1000:.2f}"
        return response


class RefuseNulMiddleware:
    """A NUL character in the path or the query string is refused with 400 before any view runs:
    PostgreSQL can't hold one in text, so it could reach no valid row anyway. Under /api/ the
    answer is the API's error body."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or _query_has_nul(request):
            message = _("A NUL character is not allowed in an address.")
            if request.path.startswith("/api/"):
                return JsonResponse({"detail": message, "code": "nul_character"}, status=400)
            return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


def _query_has_nul(request) -> bool:
    return any(
        "\x00" in key or any("\x00" in value for value in values)
        for key, values in request.GET.lists()
    )
