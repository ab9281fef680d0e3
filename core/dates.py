"""Dates and times in the reader's language, punctuation included.

Pages and messages format moments with explicit formats ("D j M, g:i A"). The comma in such a
format is a Latin one; Urdu writes "،". `date_text` (and the `date` template filter, which
`core.templatetags.dates` replaces for every template) put the reader's own comma into the format
before formatting. Named formats (DATE_FORMAT…) are the language's own and are left alone; Urdu's
semicolon too (`semicolon`).

It also says how far ahead or back a date given for a night or an event may be (`out_of_reach`):
every moment the site keeps must be showable on any clock.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.template.defaultfilters import date as django_date
from django.utils import timezone
from django.utils.translation import get_language, gettext, ngettext

# A language's comma where it is not the Latin one.
COMMAS = {"ur": "،"}


def comma() -> str:
    """The active language's comma: "،" in Urdu, "," otherwise (between a list's items too)."""
    return COMMAS.get((get_language() or "").split("-")[0], ",")


# A language's semicolon where it is not the Latin one.
SEMICOLONS = {"ur": "؛"}


def semicolon() -> str:
    """The active language's semicolon: "؛" in Urdu, ";" otherwise."""
    return SEMICOLONS.get((get_language() or "").split("-")[0], ";")


def listed(items) -> str:
    """`items` joined by the reader's comma and a space ("High, Low", "ہائی، لو")."""
    return f"{comma()} ".join(str(item) for item in items)


def _named(fmt: str) -> bool:
    """Whether `fmt` names a format (DATETIME_FORMAT) rather than spelling one out."""
    return fmt.isupper() or "_" in fmt


def local_format(fmt: str | None) -> str | None:
    """`fmt` with its commas written as the active language writes them."""
    comma = COMMAS.get((get_language() or "").split("-")[0])
    if not fmt or comma is None or _named(fmt):
        return fmt
    out, escaped = [], False
    for char in fmt:
        if escaped:
            out.append("\\" + char)
            escaped = False
        elif char == "\\":
            escaped = True
        else:
            out.append(comma if char == "," else char)
    return "".join(out)


def date_text(value, fmt: str | None = None) -> str:
    """Django's `date` filter, with the reader's comma (see `local_format`)."""
    return django_date(value, local_format(fmt))


def shows_time(fmt: str) -> bool:
    """Whether the `date` filter's format `fmt` shows a time of day (a named format such as
    DATETIME_FORMAT, or a format string with an hour letter)."""
    if _named(fmt):
        return "TIME" in fmt
    return any(letter in fmt for letter in "gGhHiAP")


# How far ahead a night or an event may be set, and how far back a time may be given (when
# registration opens): every time the site keeps can be shown on any clock and a night's end
# worked out from its start, which a date such as 31 December 9999 could not.
YEARS_AHEAD = 5
EARLIEST_YEAR = 2000


def out_of_reach(moment, now=None) -> str | None:
    """Why `moment` (aware) is too far ahead or back to be kept, in the reader's language, or
    None: a night or event may be set up to YEARS_AHEAD years ahead, and no time given is before
    EARLIEST_YEAR."""
    now = now or timezone.now()
    if moment > now + timedelta(days=365 * YEARS_AHEAD + 1):
        return too_far_ahead()
    if moment < datetime(EARLIEST_YEAR, 1, 1, tzinfo=UTC):
        return too_early()
    return None


def too_far_ahead() -> str:
    return ngettext(
        "Choose a date at most %(years)d year from now.",
        "Choose a date at most %(years)d years from now.",
        YEARS_AHEAD,
    ) % {"years": YEARS_AHEAD}


def too_early() -> str:
    return gettext("Choose a date in %(year)d or later.") % {"year": EARLIEST_YEAR}
