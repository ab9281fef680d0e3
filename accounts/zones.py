"""Time zones: which names we accept, and how a zone is named next to a time.

Every club keeps its nights in its own IANA zone (`Club.time_zone`), and a member may choose the
zone their own pages are shown in (`User.time_zone`, blank for the site's `TIME_ZONE`). A time
that belongs to a club is shown in the club's zone; when the reader lives by another zone, the
zone is named beside it ("7:00 PM (Asia/Kuala_Lumpur)", or "7:00 PM AEDT" where the
abbreviation can't be misread).

Plain Python apart from the settings and the translated messages: pages, forms, services and
template tags all use it.
"""

from __future__ import annotations

import os
import zoneinfo
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Abbreviations that name one zone only (or zones with the same clock): written as they are.
# Others ("IST" is India, Ireland and Israel; "+08" says nothing of where) give way to the
# IANA name.
UNAMBIGUOUS_ABBREVIATIONS = frozenset(
    {"AEST", "AEDT", "ACST", "ACDT", "AWST", "NZST", "NZDT", "PKT", "JST", "KST", "HKT", "UTC"}
)


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name the system knows, sorted (no `posix/`, `right/` or `localtime`)."""
    return tuple(
        sorted(
            name
            for name in available_timezones()
            if not name.startswith(("posix/", "right/")) and name not in {"localtime", "Factory"}
        )
    )


def is_zone(name: str) -> bool:
    return name in _zone_set()


def _zone_file(name: str) -> bytes | None:
    """The compiled rules of zone `name` as the system keeps them: an old name that is now an
    alias of another ("Asia/Calcutta" of "Asia/Kolkata") has the very same file."""
    for base in zoneinfo.TZPATH:
        path = os.path.join(base, name)
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                return handle.read()
    return None


@cache
def _main_names() -> frozenset[str]:
    """The zones the tz database lists for some country (zone.tab), and UTC: the names to offer.
    Empty when the system has no zone.tab (then every name is offered)."""
    for base in zoneinfo.TZPATH:
        path = os.path.join(base, "zone.tab")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                rows = [line.split("\t") for line in handle if not line.startswith("#")]
            names = {row[2].strip() for row in rows if len(row) >= 3}
            return frozenset(n for n in names | {"UTC"} if is_zone(n))
    return frozenset()


@cache
def _main_by_file() -> dict[bytes, str]:
    out: dict[bytes, str] = {}
    for name in sorted(_main_names()):
        data = _zone_file(name)
        if data is not None:
            out.setdefault(data, name)
    return out


@cache
def canonical_zone(name: str) -> str:
    """The name we offer for zone `name`: itself, or, for an old or alias name, the main name of
    the same zone ("Asia/Calcutta" → "Asia/Kolkata", "Asia/Saigon" → "Asia/Ho_Chi_Minh").
    Browsers report either kind (Chromium says "Asia/Calcutta")."""
    if not is_zone(name) or name in _main_names():
        return name
    data = _zone_file(name)
    return _main_by_file().get(data, name) if data is not None else name


def same_zone(a: str, b: str) -> bool:
    """Whether two zone names are the same zone (a name and its alias are)."""
    return a == b or canonical_zone(a) == canonical_zone(b)


@cache
def _zone_set() -> frozenset[str]:
    return frozenset(zone_names())


def zone_choices(current: str = "") -> list[tuple[str, str]]:
    """(value, label) pairs for a select: "Asia/Kuala_Lumpur" shown as "Asia/Kuala Lumpur". Each
    zone once, by its main name (not also as "Asia/Calcutta", "Africa/Asmera", …), and
    `current`, the value already chosen, whatever its name."""
    main = _main_names()
    names = sorted(main | ({current} if current and is_zone(current) else set())) if main else None
    return [(name, name.replace("_", " ")) for name in (names or zone_names())]


def site_zone_name() -> str:
    """The site's zone (settings.TIME_ZONE): clubs made before zones existed, members who chose
    none, and a new club when the creator's browser says nothing."""
    return settings.TIME_ZONE


def validate_zone(value: str) -> None:
    if not is_zone(value):
        raise ValidationError(
            _("“%(zone)s” isn't a time zone we know. Choose one from the list, e.g. Asia/Kolkata.")
            % {"zone": value},
            code="invalid_time_zone",
        )


def zone(name: str | None) -> ZoneInfo:
    """The ZoneInfo for `name`, or the site's zone for a blank or unknown name."""
    try:
        return ZoneInfo(name) if name and is_zone(name) else ZoneInfo(site_zone_name())
    except ZoneInfoNotFoundError:  # pragma: no cover - the system's database is incomplete
        return ZoneInfo("UTC")


def zone_label(name: str, moment: datetime | None = None) -> str:
    """How to name the zone `name` beside a time at `moment` (the abbreviation changes with
    daylight saving): its abbreviation when that can't be misread, otherwise the IANA name."""
    if moment is not None:
        abbreviation = moment.astimezone(zone(name)).tzname() or ""
        if abbreviation in UNAMBIGUOUS_ABBREVIATIONS:
            return abbreviation
    return canonical_zone(name)  # "Asia/Kolkata", though the club was set to "Asia/Calcutta"


def with_own_clock(text, moment, zone_name, reader_zone, fmt, until=None) -> str:
    """`text` (`moment`, to `until` when given, on `zone_name`'s clock in the `date` filter's
    `fmt`) with that zone named after it and, for a time of day read by someone on another
    clock (`reader_zone`), their own clock too: "7:00 PM (AEDT; 4:00 PM your time)". With no
    reader zone, or the same one, the zone alone."""
    from core.dates import date_text, shows_time

    label = zone_label(zone_name, moment)
    if reader_zone is None or same_zone(zone_name, reader_zone) or not shows_time(fmt):
        return f"{text} ({label})"
    there = moment.astimezone(zone(zone_name))
    here = moment.astimezone(zone(reader_zone))
    own = date_text(here, "g:i A" if here.date() == there.date() else "D g:i A")
    if until is not None:
        own = f"{own} – {date_text(until.astimezone(zone(reader_zone)), 'g:i A')}"
    return _("%(time)s (%(zone)s; %(own)s your time)") % {"time": text, "zone": label, "own": own}


def user_zone_name(user) -> str:
    """The zone a person reads their own pages in: their choice, else the site's."""
    chosen = getattr(user, "time_zone", "") if user is not None else ""
    return chosen or site_zone_name()


def in_zone_of(zone_name_of):
    """A view decorator factory: the view runs (and its page renders, and its forms read typed
    times) in the zone `zone_name_of(request, **url_kwargs)` names (the site's for None or an
    unknown name). Decorated views carry `in_zone = True`, which outer decorators copy."""
    from functools import wraps

    from django.utils import timezone

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            with timezone.override(zone(zone_name_of(request, **kwargs))):
                return view(request, *args, **kwargs)

        wrapped.in_zone = True
        return wrapped

    return decorator


def _reader_zone_name(request, **_kwargs) -> str:
    return user_zone_name(request.user if request.user.is_authenticated else None)


# The signed-in person's own zone (their `time_zone`, else the site's), for their dashboard, My
# nights, notices, profile and player pages.
in_reader_zone = in_zone_of(_reader_zone_name)
