"""Times that belong to a club, shown in the club's zone.

    {% load club_times %}
    {% club_time night.starts_at night.club "D j M, g:i A" %}  → "Fri 4 Dec, 7:00 PM (Kolkata)"

The time is always the club's wall-clock time (where the players meet). The zone is named after it
when the reader lives by another zone (their own `time_zone`, else the site's), so a member in
Perth reading a Sydney club's night can't take 7:00 PM for their own 7:00 PM. Emails pass the
recipient as `reader=`; pages take the signed-in person from the request.
"""

from django import template
from django.utils import timezone

from accounts.zones import same_zone, user_zone_name, zone_label, zone_place
from clubs.times import club_time_text
from core.dates import date_text as date_filter

register = template.Library()


def _reader(context, reader):
    if reader is not None:
        return reader
    request = context.get("request")
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


@register.simple_tag(takes_context=True)
def club_time(context, moment, club, fmt="DATETIME_FORMAT", reader=None):
    return club_time_text(moment, club, fmt, _reader(context, reader))


@register.filter(name="zone_place")
def zone_place_filter(name):
    """A zone named in the reader's language, for a sentence: "Asia/Kolkata" → "India
    (Kolkata)", "भारत (कोलकाता)" (accounts.zones.zone_place)."""
    return zone_place(name or "")


@register.simple_tag
def club_local(moment, club, fmt="DATE_FORMAT"):
    """A date or time in the club's zone with no zone named (a date badge, a day's name)."""
    if moment is None:
        return ""
    return date_filter(timezone.localtime(moment, club.zoneinfo), fmt)


@register.simple_tag(takes_context=True)
def club_span(context, start, end, club, fmt="g:i A", reader=None):
    """From `start` to `end` on the club's clock ("7:00 PM – 10:00 PM"), named and given on the
    reader's clock too as `club_time` does."""
    return club_time_text(start, club, fmt, _reader(context, reader), until=end)


@register.simple_tag
def zone_time(moment, fmt="DATETIME_FORMAT"):
    """A time in the zone the page renders in, that zone named after it ("Sat 5 Dec, 9:30 PM
    (AWST)"): for times that belong to no club, such as the site's own daily events."""
    if moment is None:
        return ""
    name = timezone.get_current_timezone_name()
    return f"{date_filter(timezone.localtime(moment), fmt)} ({zone_label(name, moment)})"


@register.simple_tag(takes_context=True)
def club_zone_differs(context, club, reader=None) -> bool:
    """Whether the reader lives by another zone than `club` (to say "times are in …")."""
    return not same_zone(club.time_zone, user_zone_name(_reader(context, reader)))
