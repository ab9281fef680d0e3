"""Limits on what one email address can set off: password-reset emails.

A sliding window kept in the default cache (shared by every process: see CACHES in the settings).
Counts are by address, so anyone asking for someone else's reset again and again sends at most
KOOKABURRA_PASSWORD_RESETS_PER_HOUR emails an hour; the page answers the same either way.
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache

HOUR = 3600


def _key(email: str) -> str:
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    return f"password-reset:{digest}"


def password_reset_allowed(email: str) -> bool:
    """Count a reset request for `email`; False when the address has had its share this hour."""
    key = _key(email)
    now = time.time()
    recent = [t for t in cache.get(key, []) if t > now - HOUR]
    if len(recent) >= settings.KOOKABURRA_PASSWORD_RESETS_PER_HOUR:
        return False
    cache.set(key, [*recent, now], HOUR)
    return True
