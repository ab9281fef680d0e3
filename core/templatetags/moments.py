"""`{% load moments %}`: how long ago something happened, in words a person reads.

Django's `timesince` says "0 minutes" for anything under a minute: `under_a_minute` lets a
template say "just now" instead, in the reader's language.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django import template
from django.utils import timezone

register = template.Library()


@register.filter
def under_a_minute(moment: datetime | None) -> bool:
    """Whether `moment` was less than a minute ago (or is in the future)."""
    if moment is None:
        return False
    return timezone.now() - moment < timedelta(minutes=1)
