"""What a locked-out login gets (django-axes' AXES_LOCKOUT_CALLABLE).

After too many wrong passwords for one username from one address, axes refuses that pair for
AXES_COOLOFF_TIME from the latest failure. The login forms (the site's and the admin's) show a page
saying when to try again; the API (`POST /api/token/`) answers 429 with `{"detail", "code"}`.
Both carry Retry-After.
"""

from __future__ import annotations

import math
from datetime import timedelta

from axes.helpers import get_cool_off
from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext


def client_address(request) -> str | None:
    """The client's address, as DRF's throttles take it: REMOTE_ADDR, or with
    KOOKABURRA_PROXY_COUNT proxies in front, the address the outermost of them saw in
    X-Forwarded-For (what the client put there itself is ignored)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if settings.PROXY_COUNT and forwarded:
        addresses = [a.strip() for a in forwarded.split(",") if a.strip()]
        if addresses:
            return addresses[-min(settings.PROXY_COUNT, len(addresses))]
    return request.META.get("REMOTE_ADDR")


def minutes_text(minutes: int) -> str:
    return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}


def lockout_response(request, original_response=None, credentials=None):
    cool_off = get_cool_off(request) or timedelta(minutes=15)
    # Every failure, even during a lockout, restarts the wait: it ends cool_off after this one.
    attempt_time = getattr(request, "axes_attempt_time", None) or timezone.now()
    retry_at = attempt_time + cool_off
    seconds = max(1, math.ceil((retry_at - timezone.now()).total_seconds()))
    minutes = max(1, math.ceil(seconds / 60))
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {
                "detail": ngettext(
                    "Too many failed log-ins for this account: try again in %(n)d minute.",
                    "Too many failed log-ins for this account: try again in %(n)d minutes.",
                    minutes,
                )
                % {"n": minutes},
                "code": "locked_out",
            },
            status=429,
        )
    else:
        response = render(
            request,
            "registration/locked_out.html",
            {"minutes": minutes_text(minutes), "retry_at": timezone.localtime(retry_at)},
            status=429,
        )
    response["Retry-After"] = str(seconds)
    return response
