"""In-site notices as message keys: stored as a key and parameters, read in the reader's language.

Each app declares the notices it sends in its own `notices.py` (found when the site starts, see
`AccountsConfig.ready`): a key, and its English message marked for translation with
`gettext_noop` and written with named placeholders::

    # clubs/notices.py
    from django.utils.translation import gettext_noop

    from accounts.notices import register

    register({"clubs.night_cancelled": gettext_noop("Cancelled: %(night)s.")})

and sends them with `notice_send(user, "clubs.night_cancelled", {"night": …}, url=…)` (or
`notices_send` for many). Parameters are plain values (names, numbers, text the reader should see
as it is), a time made with `moment_param(...)`, formatted in the reader's language when read, or
a value of a kind an app registered with `register_param` (`{"kind": …, …}`), which that app
writes out in the reader's language when read (a table's default name, say: games/notices.py);
the message around them is translated when the notice is shown (`Notice.message`).
The notice's `text` keeps the English rendering for the admin.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext

_MESSAGES: dict[str, str] = {}
_KINDS: dict[str, Callable[[Mapping], str]] = {}
TEXT_LENGTH = 300


class UnknownNotice(KeyError):
    """A notice key nobody registered: a programming mistake, never a person's."""


def register(messages: Mapping[str, str]) -> None:
    """Declare notices: key → English message (marked with gettext_noop)."""
    for key, message in messages.items():
        if _MESSAGES.get(key, message) != message:
            raise ValueError(f"notice key {key!r} is registered twice with different messages")
        _MESSAGES[key] = message


def register_param(kind: str, write: Callable[[Mapping], str]) -> None:
    """Declare a kind of parameter: a notice parameter `{"kind": kind, …}` reads as
    `write(parameter)`, called in the reader's language each time the notice is shown. The app
    that sends such notices registers the kind, so this app needn't know it."""
    if _KINDS.get(kind, write) is not write:
        raise ValueError(f"notice parameter kind {kind!r} is registered twice")
    _KINDS[kind] = write


def registered() -> dict[str, str]:
    return dict(_MESSAGES)


def moment_param(moment: datetime, zone_name: str, fmt: str, *, name_zone: bool = False) -> dict:
    """A time as a notice parameter: kept as an instant and a zone, and written out with the
    `date` filter's `fmt` in the reader's language when the notice is read (day and month names
    translated then). `name_zone` adds the zone after it, for a reader who lives by another."""
    return {"moment": moment.isoformat(), "zone": zone_name, "format": fmt, "name_zone": name_zone}


def _param_text(value, reader_zone: str | None = None):
    if isinstance(value, Mapping) and "kind" in value:
        return _KINDS[value["kind"]](value)  # an unknown kind: the notice reads as stored
    if not isinstance(value, Mapping) or "moment" not in value:
        return value
    from core.dates import date_text

    from .zones import with_own_clock, zone

    moment = datetime.fromisoformat(value["moment"])
    fmt = value.get("format", "DATETIME_FORMAT")
    text = date_text(moment.astimezone(zone(value["zone"])), fmt)
    if not value.get("name_zone"):
        return text
    return with_own_clock(text, moment, value["zone"], reader_zone, fmt)


def _render(key: str, params: Mapping, reader_zone: str | None = None) -> str:
    """The notice in the active language; a time is also given on `reader_zone`'s clock when
    that is another (None: the stored text, which names the zone only)."""
    try:
        message = _MESSAGES[key]
    except KeyError as error:
        raise UnknownNotice(key) from error
    return gettext(message) % {
        name: _param_text(value, reader_zone) for name, value in dict(params).items()
    }


def english(key: str, params: Mapping) -> str:
    """The notice as the site's source language says it (stored in Notice.text)."""
    with translation.override(settings.LANGUAGE_CODE):
        return _render(key, params)[:TEXT_LENGTH]


def notice_message(key: str, params: Mapping, fallback: str) -> str:
    """The notice in the active language, read in the active zone (pages with notices render in
    the reader's); a notice without a (known) key reads as stored."""
    if not key or key not in _MESSAGES:
        return fallback
    try:
        return _render(key, params or {}, timezone.get_current_timezone_name())
    except (KeyError, ValueError, TypeError):
        # A translation whose placeholders don't match (the catalogue tests forbid it) or
        # parameters from an older version of the message: the English as stored.
        return fallback


def _new(user_id: int, key: str, params: Mapping, url: str):
    from .models import Notice

    params = dict(params or {})
    return Notice(user_id=user_id, key=key, params=params, text=english(key, params), url=url)


def notice_send(user, key: str, params: Mapping | None = None, url: str = ""):
    """Leave `user` a notice; it reads in their language whenever they open it."""
    notice = _new(user.pk, key, params or {}, url)
    notice.save()
    return notice


def notices_send(user_ids: Iterable[int], key: str, params: Mapping | None = None, url: str = ""):
    """The same notice for several people (each once)."""
    from .models import Notice

    return Notice.objects.bulk_create(
        _new(user_id, key, params or {}, url) for user_id in dict.fromkeys(user_ids)
    )


def notices_send_each(notes: Iterable[tuple[int, str, Mapping]], url: str = ""):
    """Notices that differ from person to person (`(user_id, key, params)` each), in one
    insert: each seat of a round told its own table."""
    from .models import Notice

    return Notice.objects.bulk_create(
        _new(user_id, key, params, url) for user_id, key, params in notes
    )


def notices_settle(key: str, url: str, **params) -> int:
    """Mark as read the unread notices with this `key` and `url` whose parameters include
    `params`: a request that is no longer waiting (a result confirmed by someone else) should
    not stay unread. Returns how many were marked."""
    from .models import Notice

    found = Notice.objects.unread().filter(key=key, url=url)
    for name, value in params.items():
        found = found.filter(**{f"params__{name}": value})
    return found.mark_read()
