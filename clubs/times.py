"""A club's times as people read them: in the club's zone, with the zone named for a reader who
lives by another (see accounts.zones). Used by the `club_times` template tags, the services'
notices and refusals, and the forms."""

from datetime import UTC, date, datetime, time

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.zones import in_zone_of, same_zone, user_zone_name, with_own_clock, zone_place
from core.dates import EARLIEST_YEAR, too_early, too_far_ahead
from core.dates import date_text as date_filter


def club_time_text(moment, club, fmt: str = "DATETIME_FORMAT", reader=None, until=None) -> str:
    """`moment` in `club`'s zone in the `date` filter's `fmt` (to `until`'s time of day, when
    given). For a `reader` (a user, or None for someone signed out) who lives by another zone,
    the zone is named after it, and a time of day is also given on the reader's own clock:
    "7:00 PM (AEDT; 4:00 PM your time)"."""
    if moment is None:
        return ""
    there = timezone.localtime(moment, club.zoneinfo)
    text = date_filter(there, fmt)
    if until is not None:
        text = f"{text} – {date_filter(timezone.localtime(until, club.zoneinfo), 'g:i A')}"
    reader_zone = user_zone_name(reader)
    if same_zone(club.time_zone, reader_zone):
        return text
    return with_own_clock(text, moment, club.time_zone, reader_zone, fmt, until=until)


class NoSuchTime(ValueError):
    """A wall-clock time that doesn't happen that day (the clocks jump over it)."""


def club_moment(day: date, at: time, club) -> datetime:
    """The instant the club's clocks show `at` on `day`.

    On the day clocks go forward, the skipped hour doesn't exist: NoSuchTime says so. On the day
    they go back, the repeated hour is taken at its first pass (still daylight-saving time).
    The instant comes back in UTC (Python never finds a wall-clock time in the repeated hour
    equal to an instant in another zone: PEP 495).
    """
    tz = club.zoneinfo
    moment = datetime.combine(day, at).replace(tzinfo=tz)
    try:
        round_trip = moment.astimezone(UTC).astimezone(tz)
    except OverflowError:  # 1 January of year 1 east of UTC, or the last day of 9999 west of it
        raise NoSuchTime(too_early() if day.year < EARLIEST_YEAR else too_far_ahead()) from None
    # A time in the gap doesn't survive the round trip through UTC.
    if round_trip.replace(tzinfo=None) != moment.replace(tzinfo=None):
        raise NoSuchTime(
            _(
                "%(time)s doesn't happen on %(day)s in %(zone)s: the clocks jump past it. "
                "Choose another time."
            )
            % {
                "time": at.strftime("%H:%M"),
                "day": day.isoformat(),
                "zone": zone_place(club.time_zone),
            }
        )
    return moment.astimezone(UTC)


def club_wall_clock(moment: datetime, club) -> datetime:
    """`moment` as the club's clocks show it, without a zone (for a form's initial value)."""
    return timezone.localtime(moment, club.zoneinfo).replace(tzinfo=None)


def club_zone_name(request, slug=None, **_kwargs) -> str | None:
    """The zone of the club whose `slug` is in the URL (None for no such club)."""
    from .selectors import club_of_request

    club = club_of_request(request, slug)
    return club.time_zone if club is not None else None


# A club's pages (`slug` in the URL): every time on the page, and every time typed into its
# forms, is in the club's zone.
in_club_zone = in_zone_of(club_zone_name)
