"""iCalendar (RFC 5545) feeds, written by hand: plain functions over plain data.

Lines end in CRLF and are folded at 75 octets; text values escape backslash, semicolon, comma and
newlines; times are written in UTC (the "Z" form), which every calendar app understands.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

PRODID = "-//Kookaburra//Club nights//EN"


@dataclass(frozen=True)
class Event:
    uid: str
    starts_at: datetime
    ends_at: datetime
    summary: str
    location: str = ""
    description: str = ""
    url: str = ""
    cancelled: bool = False
    updated_at: datetime | None = None


def escape_text(value: str) -> str:
    """Escape a TEXT value (RFC 5545 section 3.3.11)."""
    return (
        value.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
    )


def fold(line: str) -> str:
    """Fold a content line into pieces of at most 75 octets, never splitting a UTF-8 character;
    each continuation starts with one space (RFC 5545 section 3.1)."""
    encoded = line.encode("utf-8")
    if len(encoded) <= 75:
        return line
    pieces, current, limit = [], b"", 75
    for char in line:
        raw = char.encode("utf-8")
        if len(current) + len(raw) > limit:
            pieces.append(current.decode("utf-8"))
            current, limit = b"", 74  # continuation lines lose one octet to the leading space
        current += raw
    pieces.append(current.decode("utf-8"))
    return "\r\n ".join(pieces)


def utc_stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def render_calendar(name: str, events: Iterable[Event], *, now: datetime) -> str:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
    ]
    for event in events:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{event.uid}",
            f"DTSTAMP:{utc_stamp(now)}",
            f"DTSTART:{utc_stamp(event.starts_at)}",
            f"DTEND:{utc_stamp(event.ends_at)}",
            f"SUMMARY:{escape_text(event.summary)}",
        ]
        if event.updated_at:
            lines.append(f"LAST-MODIFIED:{utc_stamp(event.updated_at)}")
        if event.location:
            lines.append(f"LOCATION:{escape_text(event.location)}")
        if event.description:
            lines.append(f"DESCRIPTION:{escape_text(event.description)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append(f"STATUS:{'CANCELLED' if event.cancelled else 'CONFIRMED'}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
