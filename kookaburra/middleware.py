"""Measurement aids. `QueryCountMiddleware` adds an `X-DB-Queries` header with the number of SQL
queries a request made and `X-Server-Ms` with the time the view stack took; it is installed only
when KOOKABURRA_QUERY_COUNT_HEADER is on (the load benchmark turns it on), so production pays
nothing for it."""

import time

from django.db import connections


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
