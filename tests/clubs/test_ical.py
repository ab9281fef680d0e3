"""iCalendar feeds: the RFC 5545 writer (plain functions) and the two feeds."""

from datetime import UTC, datetime, timedelta

from django.urls import reverse
from django.utils import timezone

from clubs.ical import Event, escape_text, fold, render_calendar
from clubs.models import ClubNight, Registration


def unfold(text: str) -> list[str]:
    return text.replace("\r\n ", "").split("\r\n")


def test_escape_text():
    assert escape_text("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"


def test_fold_keeps_lines_within_75_octets_without_splitting_characters():
    line = "DESCRIPTION:" + "Kookaburra ♠♥♦♣ laughs " * 12
    folded = fold(line)
    pieces = folded.split("\r\n")
    assert len(pieces) > 1
    assert all(len(piece.encode("utf-8")) <= 75 for piece in pieces)
    assert all(piece.startswith(" ") for piece in pieces[1:])
    assert folded.replace("\r\n ", "") == line
    assert fold("SHORT:line") == "SHORT:line"


def test_render_calendar_structure():
    start = datetime(2026, 12, 3, 8, 0, tzinfo=UTC)
    text = render_calendar(
        "Club, nights",
        [
            Event(
                uid="club-night-1@kookaburra",
                starts_at=start,
                ends_at=start + timedelta(hours=3),
                summary="Five Hundred; bring cash",
                location="Hall",
                url="http://x/1",
                cancelled=True,
            )
        ],
        now=start,
    )
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    lines = unfold(text)
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-2] == "END:VCALENDAR"
    assert "VERSION:2.0" in lines and "X-WR-CALNAME:Club\\, nights" in lines
    assert "DTSTART:20261203T080000Z" in lines and "DTEND:20261203T110000Z" in lines
    assert "SUMMARY:Five Hundred\\; bring cash" in lines
    assert "STATUS:CANCELLED" in lines and "UID:club-night-1@kookaburra" in lines


def test_club_feed(client, club, make_night):
    night = make_night(title="Cup Night", notes="Line one\nLine two")
    cancelled = make_night(title="Rained Out", status=ClubNight.Status.CANCELLED)
    response = client.get(reverse("clubs:club_feed", args=[club.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    lines = unfold(response.content.decode())
    assert "SUMMARY:Wattle Card Club: Cup Night" in lines
    assert f"UID:club-night-{night.pk}@kookaburra" in lines
    assert f"URL:http://testserver{night.get_absolute_url()}" in lines
    assert any(line.startswith("DESCRIPTION:") and "Line one\\nLine two" in line for line in lines)
    assert lines.count("BEGIN:VEVENT") == 2
    at = lines.index(f"UID:club-night-{cancelled.pk}@kookaburra")
    assert "STATUS:CANCELLED" in lines[at : lines.index("END:VEVENT", at)]


def test_member_feed_needs_only_the_secret_token(client, people, make_night):
    going = make_night(title="Going")
    waiting = make_night(title="Waiting", capacity=1)
    dropped = make_night(title="Dropped")
    Registration.objects.create(night=going, user=people.member, status="registered")
    Registration.objects.create(night=waiting, user=people.owner, status="registered")
    Registration.objects.create(
        night=waiting, user=people.member, status="waitlisted", waitlist_position=1
    )
    Registration.objects.create(night=dropped, user=people.member, status="cancelled")
    url = reverse("clubs:member_feed", args=[people.member.calendar_token])
    response = client.get(url)  # no session
    assert response.status_code == 200
    text = response.content.decode()
    assert "Going" in text and "Waiting (waitlist)" in text and "Dropped" not in text
    assert client.get(reverse("clubs:member_feed", args=["not-a-token"])).status_code == 404
    old = people.member.calendar_token
    client.force_login(people.member)
    client.post(reverse("accounts:calendar_reset"))
    people.member.refresh_from_db()
    assert people.member.calendar_token != old
    client.logout()
    assert client.get(url).status_code == 404
    new_url = reverse("clubs:member_feed", args=[people.member.calendar_token])
    assert client.get(new_url).status_code == 200


def test_feed_leaves_out_nights_long_past(client, club, make_night):
    long_ago = timezone.now() - timedelta(days=200)
    make_night(
        title="Ancient",
        starts_at=long_ago,
        registration_opens_at=long_ago - timedelta(days=1),
        registration_closes_at=long_ago,
    )
    text = client.get(reverse("clubs:club_feed", args=[club.slug])).content.decode()
    assert "Ancient" not in text


def test_a_club_page_shows_its_calendar_address_as_people_read_it(client, people):
    """A club named in Devanagari: the calendar address on its page reads in Devanagari (it
    read http://…/clubs/%E0%A4%AA…), and that address answers with the feed."""
    from clubs.models import Club

    club = Club.objects.create(name="पुणे पत्ते मंडळ", slug="पुणे-पत्ते-मंडळ", venue="Hall")
    page = client.get(club.get_absolute_url()).content.decode()
    address = page.split('id="club-feed"')[1].split('value="')[1].split('"')[0]
    assert address.startswith("http://testserver/clubs/पुणे-पत्ते-मंडळ/"), address
    assert client.get(address.removeprefix("http://testserver")).status_code == 200
