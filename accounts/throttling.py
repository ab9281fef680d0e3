"""The API's throttles (DRF): too many requests get 429 with `detail`, `code` and Retry-After.

Rates come from `REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]` when a request is checked (not when
this module is imported), and counts live in the default cache, which every process shares.
"""

from __future__ import annotations

import math

from django.utils.translation import ngettext
from rest_framework import exceptions, throttling
from rest_framework.exceptions import ErrorDetail
from rest_framework.settings import api_settings


def retry_after_seconds(wait: float | None) -> int:
    return max(1, math.ceil(wait or 0))


class TooManyRequests(exceptions.Throttled):
    """429: `{"detail", "code"}`, and Retry-After (DRF's handler sets it from `wait`)."""

    def __init__(self, wait: float | None, *, detail: str | None = None, code: str = "throttled"):
        seconds = retry_after_seconds(wait)
        if detail is None:
            detail = ngettext(
                "Too many requests: try again in %(seconds)d second.",
                "Too many requests: try again in %(seconds)d seconds.",
                seconds,
            ) % {"seconds": seconds}
        self.wait = seconds
        self.detail = ErrorDetail(detail, code=code)  # the API answers {"detail", "code"}


class _Answers429:
    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        if super().allow_request(request, view):
            return True
        raise TooManyRequests(self.wait())


class AnonThrottle(_Answers429, throttling.AnonRateThrottle):
    """Requests with no one signed in, per address (`anon`)."""


class UserThrottle(_Answers429, throttling.UserRateThrottle):
    """Requests by a signed-in person, per person (`user`; per address for anyone else)."""


class ScopedThrottle(_Answers429, throttling.ScopedRateThrottle):
    """A view's own `throttle_scope`, per person or address (`token` on POST /api/token/)."""
