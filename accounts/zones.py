"""Time zones: which names we accept, and how a zone is named next to a time.

Every club keeps its nights in its own IANA zone (`Club.time_zone`), and a member may choose the
zone their own pages are shown in (`User.time_zone`, blank for the site's `TIME_ZONE`). A time
that belongs to a club is shown in the club's zone; when the reader lives by another zone, the
zone is named beside it: by its abbreviation where that can't be misread ("7:00 PM (AEDT)"),
otherwise by its city in the reader's language ("7:00 PM (Kuala Lumpur)", "7:00 PM
(کوالا لمپور)").

Zones are named for people from CLDR's data (through Babel), in the active language: the city
(`zone_city`), the place (`zone_place`: "India (Kolkata)"), and in menus the place with the IANA
name after it (`zone_choices`, `zone_menu`), so a director who knows "Asia/Kolkata" still finds
it. Each language's list is built once per process.

Plain Python apart from the settings and the translated messages: pages, forms, services and
template tags all use it.
"""

from __future__ import annotations

import bisect
import os
import re
import unicodedata
import zoneinfo
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.dates import get_timezone_location
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

# Abbreviations that name one zone only (or zones with the same clock): written as they are.
# Others ("IST" is India, Ireland and Israel; "+08" says nothing of where) give way to the
# zone's city, in the reader's language.
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


# The zones our clubs meet in: the first group of every zone menu (with the site's own zone), the
# reader's own country's first.
COMMON_ZONES = (
    "Asia/Kolkata",
    "Asia/Kuala_Lumpur",
    "Asia/Karachi",
    "Australia/Perth",
    "Australia/Sydney",
)

# Unicode's left-to-right isolate: an IANA name inside a right-to-left label (an <option> can
# hold no <bdi>) keeps its own order, and the label's parentheses theirs.
_LTR_ISOLATE, _POP_ISOLATE = "\u2066", "\u2069"

# Urdu's alphabetical order (Python compares code points, which put پ, ٹ, چ, ک, گ, ی … after
# the Arabic letters). Letters written another way are compared as the Urdu letter.
_URDU_ORDER = "آابپتٹثجچحخدڈذرڑزژسشصضطظعغفقکگلمنںوہھءیے"
_URDU_SAME = {
    **dict.fromkeys("أإٱ", "ا"),
    "ك": "ک",
    **dict.fromkeys("يىئ", "ی"),
    **dict.fromkeys("هۃۂةە", "ہ"),
    "ؤ": "و",
    "ۓ": "ے",
}


def _language(language: str | None = None) -> str:
    """One of the site's language codes: `language`, else the active one, else the site's."""
    code = language or translation.get_language() or settings.LANGUAGE_CODE
    known = [c for c, _name in settings.LANGUAGES]
    if code in known:
        return code
    base = code.split("-")[0]
    return next((c for c in known if c.split("-")[0] == base), settings.LANGUAGE_CODE)


@cache
def _locale(language: str) -> Locale:
    try:
        return Locale.parse(translation.to_locale(language))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def _reader_territory(language: str) -> str:
    """The country a language's readers most likely live in (CLDR's likely subtags): AU for
    en-au, IN for mr and pa, MY for ms, PK for ur."""
    locale = _locale(language)
    if locale.territory:
        return locale.territory
    likely = get_global("likely_subtags").get(locale.language, "")
    return likely.split("_")[-1] if "_" in likely else ""


def _sort_key(text: str, language: str) -> tuple:
    """A key that orders `text` as the reader's alphabet does, near enough without ICU: Latin
    letters without their accents or case, Urdu letters in Urdu's order; Devanagari and
    Gurmukhi in their code points' order, which is their alphabet's. Spaces and punctuation come
    before letters, so "India" comes before "Indiana"."""
    urdu = language.split("-")[0] == "ur"
    key = []
    for letter in unicodedata.normalize("NFC", text):
        if urdu and _URDU_SAME.get(letter, letter) in _URDU_ORDER:
            key.append((2, _URDU_ORDER.index(_URDU_SAME.get(letter, letter))))
            continue
        for char in unicodedata.normalize("NFD", letter):
            category = unicodedata.category(char)
            if category == "Mn" and ord(char) < 0x0900:
                continue  # accents, and Arabic script's vowel marks; not an Indic sign
            if category[0] in "ZP":
                key.append((0, 0))
            else:
                key.append((1 if category[0] == "N" else 3, ord(char.casefold()[0])))
    return tuple(key)


@dataclass(frozen=True)
class ZoneName:
    """A zone as a reader of one language reads it."""

    name: str  # the IANA name
    city: str  # "Kolkata", "कोलकाता"; "UTC" for UTC
    place: str  # "India (Kolkata)"; "Singapore"; "Coordinated Universal Time"
    territory: str  # "IN", or "" (UTC)
    key: tuple  # how it sorts: by the place's country, then its city

    def option(self, bidi: bool) -> str:
        name = f"{_LTR_ISOLATE}{self.name}{_POP_ISOLATE}" if bidi else self.name
        return f"{self.place} — {name}"


def _zone_name(name: str, language: str) -> ZoneName:
    locale = _locale(language)
    main = canonical_zone(name)
    cldr = get_global("zone_aliases").get(main, main)
    if cldr == "Etc/UTC" or main == "UTC":
        utc = locale.time_zones.get("Etc/UTC", {})
        city = "UTC"
        place = utc.get("long", {}).get("standard") or city
        return ZoneName(name, city, place, "", (_sort_key(place, language), ()))
    city = get_timezone_location(main, locale=locale, return_city=True)
    territory = _territory(cldr)
    # Without a parenthesis of its own ("Myanmar (Burma)"), which the city's would follow.
    country = _PARENTHESIS.sub("", locale.territories.get(territory, "")) if territory else ""
    if not country or _names_its_country(city, country):
        # A city that begins its country's name ("Hong Kong SAR China"): the city says where.
        place = country if country and _plain(city) == _plain(country) else city
    elif _city_is_country(main, territory):
        # A city that is its country ("Curaçao", though Malay's CLDR writes the city
        # "Curacao"): the country's name says where.
        place = country
    else:
        # CLDR's own pattern for a country and a city: "{1} ({0})".
        place = locale.zone_formats["fallback"] % {"0": city, "1": country}
    key = (_sort_key(country or city, language), _sort_key(city, language))
    return ZoneName(name, city, place, territory, key)


_PARENTHESIS = re.compile(r"\s*[(（][^)）]*[)）]")
# Zones CLDR places in no country ("001", the world): the IANA area says where.
_AREA_TERRITORIES = {"Antarctica": "AQ"}


def _territory(cldr_name: str) -> str:
    territory = get_global("zone_territories").get(cldr_name, "")
    if territory in ("", "001"):
        territory = _AREA_TERRITORIES.get(cldr_name.split("/")[0], "")
    return territory


def _names_its_country(city: str, country: str) -> bool:
    return (_plain(country) + " ").startswith(_plain(city) + " ")


@cache
def _city_is_country(name: str, territory: str) -> bool:
    """Whether zone `name`'s city is its country, judged in English, where CLDR's names agree
    (Malay's calls Réunion's city "Reunion" and Wallis and Futuna's "Wallis & Futuna")."""
    english = _locale("en")
    city = get_timezone_location(name, locale=english, return_city=True)
    country = _PARENTHESIS.sub("", english.territories.get(territory, ""))
    return bool(country) and _names_its_country(city, country)


def _plain(text: str) -> str:
    """`text` without case or accents, to compare names ("Curacao", "Curaçao")."""
    return "".join(
        c for c in unicodedata.normalize("NFD", text.casefold()) if unicodedata.category(c) != "Mn"
    )


@cache
def _zone_names_in(language: str) -> dict[str, ZoneName]:
    """Every zone we offer (zone_choices), named in `language`: built once per language."""
    names = _main_names() or frozenset(zone_names())
    return {name: _zone_name(name, language) for name in names}


def zone_name_in(name: str, language: str | None = None) -> ZoneName:
    language = _language(language)
    found = _zone_names_in(language).get(name)
    return found if found is not None else _zone_name(name, language)


def zone_city(name: str, language: str | None = None) -> str:
    """Zone `name`'s city in the reader's language ("Kuala Lumpur", "کوالا لمپور"); "UTC"."""
    if not is_zone(name):
        return name
    return zone_name_in(name, language).city


def zone_place(name: str, language: str | None = None) -> str:
    """Where zone `name` is, in the reader's language: "India (Kolkata)", "भारत (कोलकाता)",
    "Singapore", "Coordinated Universal Time"."""
    if not is_zone(name):
        return name
    return zone_name_in(name, language).place


@cache
def _sorted_choices(language: str) -> tuple[tuple[tuple, str, str], ...]:
    bidi = language.split("-")[0] in settings.LANGUAGES_BIDI
    named = sorted(_zone_names_in(language).values(), key=lambda z: (z.key, z.name))
    return tuple((z.key, z.name, z.option(bidi)) for z in named)


def zone_choices(current: str = "", language: str | None = None) -> list[tuple[str, str]]:
    """(value, label) pairs for a select, in the reader's language and alphabetical order:
    "India (Kolkata) — Asia/Kolkata", the IANA name the value. Each zone once, by its main name
    (not also as "Asia/Calcutta", "Africa/Asmera", …), and `current`, the value already chosen,
    whatever its name."""
    language = _language(language)
    rows = list(_sorted_choices(language))
    if current and is_zone(current) and current not in _zone_names_in(language):
        extra = _zone_name(current, language)
        bidi = language.split("-")[0] in settings.LANGUAGES_BIDI
        row = (extra.key, extra.name, extra.option(bidi))
        rows.insert(bisect.bisect(rows, row[:2], key=lambda r: r[:2]), row)
    return [(name, label) for _key, name, label in rows]


def common_zones(language: str | None = None) -> list[str]:
    """The zones our clubs meet in and the site's own, the reader's country's first (CLDR's
    likely country for their language), then in the reader's alphabetical order."""
    language = _language(language)
    names = [n for n in dict.fromkeys((*COMMON_ZONES, site_zone_name())) if is_zone(n)]
    home = _reader_territory(language)
    named = [zone_name_in(canonical_zone(n), language) for n in names]
    named.sort(key=lambda z: (z.territory != home, z.key, z.name))
    return list(dict.fromkeys(z.name for z in named))


def zone_menu(current: str = "") -> list:
    """The choices of a zone select, grouped: the common zones first, then every zone
    (`zone_choices`), all in the reader's language."""
    language = _language()
    every = zone_choices(current, language)
    labels = dict(every)
    common = [(name, labels[name]) for name in common_zones(language) if name in labels]
    return [
        (pgettext("time zones", "Common time zones"), common),
        (pgettext("time zones", "All time zones"), every),
    ]


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
    daylight saving): its abbreviation when that can't be misread, otherwise its city in the
    reader's language ("Kolkata", "कोलकाता", though the club was set to "Asia/Calcutta")."""
    if moment is not None:
        abbreviation = moment.astimezone(zone(name)).tzname() or ""
        if abbreviation in UNAMBIGUOUS_ABBREVIATIONS:
            return abbreviation
    return zone_city(canonical_zone(name))


def with_own_clock(text, moment, zone_name, reader_zone, fmt, until=None) -> str:
    """`text` (`moment`, to `until` when given, on `zone_name`'s clock in the `date` filter's
    `fmt`) with that zone named after it and, for a time of day read by someone on another
    clock (`reader_zone`), their own clock too: "7:00 PM (AEDT; 4:00 PM your time)". With no
    reader zone, or the same one, the zone alone."""
    from core.dates import date_text, shows_time

    label = zone_label(zone_name, moment)
    if until is not None and shows_time(fmt):
        # A span across a change of the clocks names both: "10:00 PM – 3:00 AM (AEDT, then AEST)".
        after = zone_label(zone_name, until)
        if after != label:
            label = _("%(start)s, then %(end)s") % {"start": label, "end": after}
    if reader_zone is None or same_zone(zone_name, reader_zone) or not shows_time(fmt):
        return f"{text} ({label})"
    there = moment.astimezone(zone(zone_name))
    here = moment.astimezone(zone(reader_zone))
    if _same_clock(moment, zone_name, reader_zone) and (
        until is None or _same_clock(until, zone_name, reader_zone)
    ):
        # Another zone that reads the same clock then (Perth seen from Kuala Lumpur): no "your
        # time" that says the same again.
        return f"{text} ({label})"
    own = date_text(here, "g:i A" if here.date() == there.date() else "D g:i A")
    if until is not None:
        own = f"{own} – {date_text(until.astimezone(zone(reader_zone)), 'g:i A')}"
    return _("%(time)s (%(zone)s; %(own)s your time)") % {"time": text, "zone": label, "own": own}


def _same_clock(moment, zone_name: str, reader_zone: str) -> bool:
    return moment.astimezone(zone(zone_name)).utcoffset() == moment.astimezone(
        zone(reader_zone)
    ).utcoffset()


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
