"""Every club in its own time zone: nights, registration windows, pages, notices and calendar
feeds in the club's zone (issue 13).

The expected instants are written out in UTC by hand (not worked out with zoneinfo), so a wrong
zone or offset anywhere between the form and the database shows up as a wrong instant.
"""

from datetime import UTC, date, datetime, time, timedelta
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import dateformat, timezone

from clubs import services
from clubs.forms import ClubForm, NightForm
from clubs.models import Club, ClubNight, Membership, Registration
from clubs.times import club_moment
from core.choices import Game
from tests.clubs.conftest import add_staff
from tests.conftest import PASSWORD


def _utc(hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, 10, hour, minute, tzinfo=UTC)


# zone, 19:00 on 10 Dec 2026 in UTC, 17:00 on that day in UTC (December: Sydney on AEDT, +11)
ZONES = [
    ("Asia/Kolkata", _utc(13, 30), _utc(11, 30)),
    ("Asia/Karachi", _utc(14), _utc(12)),
    ("Asia/Kuala_Lumpur", _utc(11), _utc(9)),
    ("Australia/Perth", _utc(11), _utc(9)),
    ("Australia/Sydney", _utc(8), _utc(6)),
]
ZONE_IDS = [zone for zone, _start, _close in ZONES]
# Well before the nights above: the night can be scheduled and registration is open.
BEFORE = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)


def _at(moment):
    """Patch the clock: `timezone.now()` is `moment` everywhere the services look."""
    return mock.patch("django.utils.timezone.now", return_value=moment)


@pytest.fixture
def zoned_club(people):
    def make(zone: str, **fields) -> Club:
        club = Club.objects.create(
            name=fields.pop("name", f"Club in {zone}"),
            slug=fields.pop("slug", zone.lower().replace("/", "-").replace("_", "-")),
            venue="The hall",
            games=[Game.FIVE_HUNDRED],
            time_zone=zone,
            created_by=people.owner,
        )
        add_staff(club, people)
        return club

    return make


def _local(club, hour: int, day: date = date(2026, 12, 10)) -> datetime:
    """`hour` o'clock on `day` by the club's clocks."""
    return club_moment(day, time(hour), club)


def _seven_pm_night(people, club, **fields) -> ClubNight:
    """The director schedules a night at 7 pm on 10 Dec 2026 by the club's clocks."""
    return services.night_schedule(
        people.director, club, starts_at=_local(club, 19), capacity=8, **fields
    )


def _form_data(day="2026-12-10", start="19:00", **extra):
    data = {
        "title": "",
        "date": day,
        "start_time": start,
        "duration_minutes": "180",
        "game": Game.FIVE_HUNDRED,
        "venue": "",
        "capacity": "8",
        "members_only": "1",
        "registration_opens_at": "",
        "registration_closes_at": "",
        "notes": "",
    }
    data.update(extra)
    return data


# Form input is read in the club's zone -----------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(("zone", "start_utc", "close_utc"), ZONES, ids=ZONE_IDS)
def test_night_form_reads_times_in_the_clubs_zone(zoned_club, zone, start_utc, close_utc):
    club = zoned_club(zone)
    form = NightForm(
        _form_data(
            registration_closes_at="2026-12-10T17:00", registration_opens_at="2026-12-01T09:00"
        ),
        club=club,
    )
    # Whatever zone happens to be active (here UTC) makes no difference.
    with timezone.override(UTC):
        assert form.is_valid(), form.errors
    values = form.service_values()
    assert values["starts_at"] == start_utc
    assert values["registration_closes_at"] == close_utc
    assert values["registration_opens_at"].astimezone(club.zoneinfo).hour == 9


@pytest.mark.django_db
@pytest.mark.parametrize(("zone", "start_utc", "close_utc"), ZONES, ids=ZONE_IDS)
def test_scheduling_page_stores_the_instant_the_club_means(
    client, people, zoned_club, zone, start_utc, close_utc
):
    club = zoned_club(zone)
    client.login(username=people.director.username, password=PASSWORD)
    with _at(BEFORE):
        response = client.post(
            reverse("clubs:night_create", args=[club.slug]),
            _form_data(registration_closes_at="2026-12-10T17:00"),
        )
    assert response.status_code == 302, response.content.decode()[:2000]
    night = ClubNight.objects.get(club=club)
    assert night.starts_at == start_utc
    assert night.registration_closes_at == close_utc

    # The edit form shows the club's wall-clock times back.
    page = client.get(reverse("clubs:night_edit", args=[club.slug, night.pk])).content.decode()
    assert 'value="19:00"' in page
    assert 'value="2026-12-10T17:00"' in page


@pytest.mark.django_db
@pytest.mark.parametrize(("zone", "start_utc", "close_utc"), ZONES, ids=ZONE_IDS)
def test_registration_closes_at_the_right_instant(people, zoned_club, zone, start_utc, close_utc):
    club = zoned_club(zone)
    with _at(BEFORE):
        night = _seven_pm_night(people, club, registration_closes_at=_local(club, 17))
    assert (night.starts_at, night.registration_closes_at) == (start_utc, close_utc)
    with _at(close_utc - timedelta(seconds=1)):
        assert night.registration_state() == "open"
        services.night_register(people.member, night)
    with _at(close_utc):
        assert night.registration_state() == "closed"
        with pytest.raises(services.RegistrationClosed) as refused:
            services.night_register(people.owner, night)
    # The refusal names the closing time as the club's clocks show it.
    assert "5:00 PM" in refused.value.message
    assert (
        Registration.objects.filter(night=night, status=Registration.Status.REGISTERED).count() == 1
    )


# Daylight saving in Sydney -----------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("day", "start_utc"),
    [
        # Clocks go forward at 2 am on Sunday 4 October 2026 (AEST +10 → AEDT +11).
        ("2026-10-03", datetime(2026, 10, 3, 9, 0, tzinfo=UTC)),
        ("2026-10-04", datetime(2026, 10, 4, 8, 0, tzinfo=UTC)),
        # Clocks go back at 3 am on Sunday 4 April 2027 (AEDT +11 → AEST +10).
        ("2027-04-03", datetime(2027, 4, 3, 8, 0, tzinfo=UTC)),
        ("2027-04-04", datetime(2027, 4, 4, 9, 0, tzinfo=UTC)),
    ],
)
def test_a_sydney_night_on_a_daylight_saving_change_day(zoned_club, day, start_utc):
    club = zoned_club("Australia/Sydney")
    form = NightForm(_form_data(day=day), club=club)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["starts_at"] == start_utc


@pytest.mark.django_db
def test_a_time_the_clocks_skip_is_refused_and_a_repeated_one_is_its_first_pass(zoned_club):
    club = zoned_club("Australia/Sydney")
    skipped = NightForm(_form_data(day="2026-10-04", start="02:30"), club=club)
    assert not skipped.is_valid()
    assert "clocks jump past it" in str(skipped.errors["start_time"])

    repeated = NightForm(_form_data(day="2027-04-04", start="02:30"), club=club)
    assert repeated.is_valid(), repeated.errors
    # 2:30 am happens twice; the first is still daylight-saving time (+11).
    assert repeated.cleaned_data["starts_at"] == datetime(2027, 4, 3, 15, 30, tzinfo=UTC)


@pytest.mark.django_db
def test_a_night_across_the_change_lasts_its_real_length_in_the_calendar(
    client, zoned_club, people
):
    club = zoned_club("Australia/Sydney")
    start = _local(club, 1, date(2027, 4, 4))
    ClubNight.objects.create(
        club=club,
        starts_at=start,
        duration_minutes=180,
        venue="Hall",
        capacity=8,
        registration_opens_at=start - timedelta(days=3),
        registration_closes_at=start,
    )
    with _at(datetime(2027, 4, 1, tzinfo=UTC)):
        feed = client.get(reverse("clubs:club_feed", args=[club.slug])).content.decode()
    # 1 am AEDT is 14:00 UTC the day before; three hours later is 17:00 UTC (3 am AEST by then).
    assert "DTSTART:20270403T140000Z" in feed
    assert "DTEND:20270403T170000Z" in feed


# Calendar feeds ----------------------------------------------------------------------------------


def _dtstart(feed: str) -> datetime:
    line = next(line for line in feed.splitlines() if line.startswith("DTSTART"))
    assert line.endswith("Z"), line  # UTC, which every calendar app converts to its own zone
    return datetime.strptime(line.split(":", 1)[1], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)


@pytest.mark.django_db
@pytest.mark.parametrize(("zone", "start_utc", "close_utc"), ZONES, ids=ZONE_IDS)
def test_ical_feeds_give_the_right_instant(client, people, zoned_club, zone, start_utc, close_utc):
    from zoneinfo import ZoneInfo

    club = zoned_club(zone)
    with _at(BEFORE):
        night = _seven_pm_night(people, club)
        services.night_register(people.member, night)
        club_feed = client.get(reverse("clubs:club_feed", args=[club.slug])).content.decode()
        member_feed = client.get(
            reverse("clubs:member_feed", args=[people.member.calendar_token])
        ).content.decode()
    for feed in (club_feed, member_feed):
        assert _dtstart(feed) == start_utc
        # A calendar in the club's zone shows 7 pm.
        assert _dtstart(feed).astimezone(ZoneInfo(zone)).strftime("%H:%M") == "19:00"


# Pages: the club's zone, named for readers who live by another -----------------------------------


def _kl_night(people, zoned_club):
    club = zoned_club("Asia/Kuala_Lumpur", name="Kelab Kad KL", slug="kelab-kad-kl")
    start = timezone.now() + timedelta(days=5)
    local_day = start.astimezone(club.zoneinfo).date()
    starts_at = _local(club, 19, local_day)
    night = services.night_schedule(people.director, club, starts_at=starts_at, capacity=8)
    return club, night


@pytest.mark.django_db
def test_night_page_shows_club_time_and_names_the_zone_for_a_reader_elsewhere(
    client, people, zoned_club
):
    club, night = _kl_night(people, zoned_club)
    people.member.time_zone = "Asia/Kuala_Lumpur"
    people.member.save()
    client.login(username=people.member.username, password=PASSWORD)
    page = client.get(night.get_absolute_url()).content.decode()
    assert "7:00 PM" in page
    assert "(Kuala Lumpur" not in page  # the reader lives by the club's zone

    people.member.time_zone = "Australia/Sydney"
    people.member.save()
    page = client.get(night.get_absolute_url()).content.decode()
    # Still the club's 7 to 10 pm, with the zone named by its city ("+08", the abbreviation,
    # would say nothing), and the same hours on the reader's Sydney clock.
    assert "7:00 PM – 10:00 PM (Kuala Lumpur; 10:00 PM – 1:00 AM your time)" in page
    closes = night.registration_closes_at.astimezone(club.zoneinfo)
    assert closes.hour == 19  # registration closes as the night starts
    day = dateformat.format(closes, "D j M")
    assert f"closes {day}, 7:00 PM (Kuala Lumpur; 10:00 PM your time)" in page


@pytest.mark.django_db
def test_a_zone_and_its_old_name_are_one_zone(client, people, zoned_club):
    """Chromium calls India's zone "Asia/Calcutta"; a member picks "Asia/Kolkata": the same
    clock, so no time is labelled with a zone, and the lists offer each zone once."""
    from accounts.zones import canonical_zone, same_zone, zone_choices

    assert canonical_zone("Asia/Calcutta") == "Asia/Kolkata"
    assert canonical_zone("Asia/Saigon") == "Asia/Ho_Chi_Minh"
    assert canonical_zone("Australia/Perth") == "Australia/Perth"
    assert same_zone("Asia/Calcutta", "Asia/Kolkata")
    assert not same_zone("Australia/Perth", "Asia/Shanghai")  # same offset, another zone
    offered = [value for value, _ in zone_choices()]
    assert "Asia/Kolkata" in offered and "Asia/Calcutta" not in offered
    assert "Africa/Asmera" not in offered and "Australia/Perth" in offered
    assert "Asia/Calcutta" in [value for value, _ in zone_choices("Asia/Calcutta")]

    club = zoned_club("Asia/Calcutta", name="Kothrud Cards", slug="kothrud")
    with _at(BEFORE):
        night = _seven_pm_night(people, club)
        people.member.time_zone = "Asia/Kolkata"
        people.member.save()
        client.login(username=people.member.username, password=PASSWORD)
        page = client.get(night.get_absolute_url()).content.decode()
    assert "7:00 PM" in page and "(Kolkata" not in page and "Calcutta" not in page
    people.member.time_zone = "Australia/Perth"  # a reader elsewhere: the zone's main name
    people.member.save()
    with _at(BEFORE):
        page = client.get(night.get_absolute_url()).content.decode()
    assert "7:00 PM (Kolkata; 9:30 PM your time)" in page and "Calcutta" not in page
    # The club's settings form still shows the club's own zone, under its old name.
    owner_form = ClubForm.for_club(club)
    _common, (_all, every) = owner_form.fields["time_zone"].choices
    assert ("Asia/Calcutta", "India (Kolkata) — Asia/Calcutta") in every


@pytest.mark.django_db
def test_a_new_member_takes_the_zone_their_device_reports(client):
    from accounts.models import User

    def sign_up(name, zone):
        data = {
            "username": name,
            "email": f"{name}@example.com",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        }
        if zone is not None:
            data["time_zone"] = zone
        assert client.post("/accounts/signup/", data).status_code == 302
        client.logout()
        return User.objects.get(username=name).time_zone

    assert sign_up("pune", "Asia/Calcutta") == "Asia/Kolkata"
    assert sign_up("perth", "Australia/Perth") == "Australia/Perth"
    assert sign_up("mars", "Mars/Olympus") == ""  # not a zone: the site's
    assert sign_up("noscript", None) == ""


@pytest.mark.django_db
def test_an_unambiguous_abbreviation_names_the_zone(client, people, zoned_club):
    club = zoned_club("Australia/Sydney", name="Harbour Club", slug="harbour")
    people.member.time_zone = "Australia/Perth"
    people.member.save()
    with _at(BEFORE):
        night = _seven_pm_night(people, club)
        client.login(username=people.member.username, password=PASSWORD)
        page = client.get(night.get_absolute_url()).content.decode()
    # Ends at 10 pm Sydney daylight time, 7 pm in Perth.
    assert "7:00 PM – 10:00 PM (AEDT; 4:00 PM – 7:00 PM your time)" in page


@pytest.mark.django_db
def test_my_nights_and_dashboard_name_another_clubs_zone(client, people, zoned_club):
    club, night = _kl_night(people, zoned_club)
    services.night_register(people.member, night)
    people.member.time_zone = "Asia/Kolkata"
    people.member.save()
    client.login(username=people.member.username, password=PASSWORD)
    for url in (reverse("clubs:my_nights"), "/"):
        page = client.get(url).content.decode()
        assert "7:00 PM (Kuala Lumpur; 4:30 PM your time)" in page, url


@pytest.mark.django_db
def test_notices_name_the_clubs_zone_for_a_reader_elsewhere(people, zoned_club):
    club, night = _kl_night(people, zoned_club)
    people.member.time_zone = "Asia/Karachi"
    people.member.save()
    services.night_register(people.member, night)
    services.night_cancel(people.director, night)
    notice = people.member.notices.get()
    assert "7:00 PM (Kuala Lumpur)" in notice.text


@pytest.mark.django_db
def test_emails_name_the_clubs_zone_for_a_recipient_elsewhere(
    people, zoned_club, mailoutbox, django_capture_on_commit_callbacks
):
    club, night = _kl_night(people, zoned_club)
    services.night_register(people.member, night)
    with django_capture_on_commit_callbacks(execute=True):
        services.night_cancel(people.director, night)
    (email,) = [m for m in mailoutbox if people.member.email in m.to]
    # The member chose no zone: they read the site's (Sydney), so the KL zone is named.
    assert "7:00 PM (Kuala Lumpur; 10:00 PM your time)" in email.body


# Choosing the zone -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_new_club_takes_the_zone_from_the_form_else_the_sites(client, people, settings):
    client.login(username=people.outsider.username, password=PASSWORD)
    page = client.get(reverse("clubs:create")).content.decode()
    assert "data-browser-zone" in page
    assert "js/time-zone.js" in page
    assert f'<option value="{settings.TIME_ZONE}" selected>' in page

    client.post(
        reverse("clubs:create"),
        {"name": "Kelab Kad", "is_open": "1", "time_zone": "Asia/Kuala_Lumpur"},
    )
    assert Club.objects.get(name="Kelab Kad").time_zone == "Asia/Kuala_Lumpur"
    client.post(reverse("clubs:create"), {"name": "No Zone Given", "is_open": "1"})
    assert Club.objects.get(name="No Zone Given").time_zone == settings.TIME_ZONE

    response = client.post(
        reverse("clubs:create"), {"name": "Nowhere", "is_open": "1", "time_zone": "Mars/Olympus"}
    )
    assert response.status_code == 200
    assert not Club.objects.filter(name="Nowhere").exists()


@pytest.mark.django_db
def test_only_an_owner_changes_the_zone(client, people, zoned_club):
    club = zoned_club("Asia/Kolkata", name="Pune Club", slug="pune")
    with pytest.raises(services.NotAllowed):
        services.club_update(people.director, club, time_zone="Asia/Karachi")
    # A director saving the club's other details keeps its zone (the field is disabled for them).
    client.login(username=people.director.username, password=PASSWORD)
    client.post(
        reverse("clubs:edit", args=[club.slug]),
        {"name": "Pune Club", "about": "New about", "is_open": "1", "time_zone": "Asia/Karachi"},
    )
    club.refresh_from_db()
    assert (club.about, club.time_zone) == ("New about", "Asia/Kolkata")

    services.club_update(people.owner, club, time_zone="Asia/Karachi")
    club.refresh_from_db()
    assert club.time_zone == "Asia/Karachi"
    with pytest.raises(services.InvalidInput):
        services.club_update(people.owner, club, time_zone="Asia/Nowhere")


@pytest.mark.django_db
def test_the_api_takes_and_shows_the_zone(client, people):
    client.login(username=people.outsider.username, password=PASSWORD)
    response = client.post(
        "/api/clubs/",
        {"name": "Perth Pitch", "time_zone": "Australia/Perth"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["time_zone"] == "Australia/Perth"
    response = client.post(
        "/api/clubs/", {"name": "Bad", "time_zone": "Perth"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


@pytest.mark.django_db
def test_a_member_sets_their_own_zone(client, people):
    client.login(username=people.member.username, password=PASSWORD)
    data = {"display_name": "Mia", "email": "mia@example.com", "time_zone": "Asia/Kolkata"}
    client.post(reverse("accounts:profile_edit"), data)
    people.member.refresh_from_db()
    assert people.member.time_zone == "Asia/Kolkata"
    response = client.post(reverse("accounts:profile_edit"), {**data, "time_zone": "Asia/Nowhere"})
    assert response.status_code == 200
    people.member.refresh_from_db()
    assert people.member.time_zone == "Asia/Kolkata"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "starts_at", ["2026-12-10T19:00", "2026-12-10T19:00:00+08:00", "2026-12-10T11:00:00Z"]
)
def test_the_api_reads_times_without_an_offset_in_the_clubs_zone(
    client, people, zoned_club, starts_at
):
    club = zoned_club("Asia/Kuala_Lumpur", name="کلب", slug="کلب-کوالالمپور")
    client.login(username=people.director.username, password=PASSWORD)
    with _at(BEFORE):
        response = client.post(
            "/api/nights/",
            {
                "club": club.slug,
                "starts_at": starts_at,
                "capacity": 8,
                "registration_closes_at": "2026-12-10T17:00",
            },
            content_type="application/json",
        )
    assert response.status_code == 201, response.content
    night = ClubNight.objects.get(club=club)
    assert night.starts_at == datetime(2026, 12, 10, 11, 0, tzinfo=UTC)
    assert night.registration_closes_at == datetime(2026, 12, 10, 9, 0, tzinfo=UTC)

    with _at(BEFORE):
        response = client.patch(
            f"/api/nights/{night.pk}/",
            {"starts_at": "2026-12-10T19:30"},
            content_type="application/json",
        )
    assert response.status_code == 200, response.content
    night.refresh_from_db()
    assert night.starts_at == datetime(2026, 12, 10, 11, 30, tzinfo=UTC)


@pytest.mark.django_db
def test_a_tournament_page_shows_its_clubs_time(client, people, zoned_club, make_user):
    from tournaments.demo import build_finished_knockout

    club = zoned_club("Asia/Kolkata", name="Pune Club", slug="pune")
    players = [make_user(f"player{n}") for n in range(8)]
    for player in players:
        Membership.objects.create(club=club, user=player)
    finished = datetime(2026, 12, 10, 16, 45, tzinfo=UTC)  # 10:15 PM in Pune
    with _at(finished):
        tournament = build_finished_knockout(club, people.owner, players, "Diwali Cup")
    assert tournament.finished_at == finished
    client.login(username=people.owner.username, password=PASSWORD)  # a director, on Sydney time
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    # On the director's Sydney clock it was already the next day.
    assert "10 Dec 2026, 10:15 PM (Kolkata; Fri 3:45 AM your time)" in page


# The API: a night's times in its club's zone -------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(("zone", "start_utc", "close_utc"), ZONES, ids=ZONE_IDS)
def test_the_api_writes_a_nights_times_in_its_clubs_zone(
    people, zoned_club, zone, start_utc, close_utc
):
    """Through the API a night reads as its club's clocks do (7 pm with the club's offset, and
    the zone named), for the list and the night alike; the instant is the one scheduled."""
    from rest_framework.test import APIClient

    club = zoned_club(zone)
    with _at(BEFORE):
        night = _seven_pm_night(people, club)
    offset = start_utc.astimezone(club.zoneinfo).strftime("%z")
    offset = f"{offset[:3]}:{offset[3:]}"
    api = APIClient()
    listed = next(n for n in api.get("/api/nights/", {"club": club.slug}).json()["results"])
    shown = api.get(f"/api/nights/{night.pk}/").json()
    for data in (listed, shown):
        assert data["time_zone"] == zone
        assert data["starts_at"] == f"2026-12-10T19:00:00{offset}"
        assert data["ends_at"].endswith(offset)
        assert datetime.fromisoformat(data["starts_at"]) == start_utc
        assert (
            datetime.fromisoformat(data["registration_closes_at"]) == night.registration_closes_at
        )


@pytest.mark.django_db
def test_the_api_writes_a_tournaments_times_in_its_clubs_zone(people, zoned_club):
    from rest_framework.test import APIClient

    from tournaments.models import Tournament

    club = zoned_club("Asia/Karachi")
    with _at(_utc(14)):
        tournament = Tournament.objects.create(
            club=club, name="Lahore pairs", game=Game.FIVE_HUNDRED, created_by=people.director
        )
    data = APIClient().get(f"/api/tournaments/{tournament.pk}/").json()
    assert data["created_at"] == "2026-12-10T19:00:00+05:00"


@pytest.mark.django_db
def test_a_night_notice_gives_the_time_on_the_readers_clock_too(client, people, zoned_club):
    """A Kuala Lumpur member told of a Sydney night reads its time on both clocks in the notice,
    as the page and the e-mail give it (the notice said only "6:30 PTG (AEDT)")."""
    from django.conf import settings

    from accounts.models import Notice
    from accounts.notices import notice_send
    from clubs.services import _night_notice_params

    club = zoned_club("Australia/Sydney", name="Harbour Cards", slug="harbour-cards")
    night = _seven_pm_night(people, club)
    people.member.time_zone = "Asia/Kuala_Lumpur"
    people.member.save()
    notice_send(
        people.member,
        "clubs.seat_came_free",
        _night_notice_params(night, people.member),
        night.get_absolute_url(),
    )
    client.login(username=people.member.username, password=PASSWORD)
    page = client.get(reverse("accounts:notices")).content.decode()
    assert "Thursday 10 December, 7:00 PM (AEDT; 4:00 PM your time)" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ms"
    page = client.get(reverse("accounts:notices")).content.decode()
    assert "7:00 PTG (AEDT; 4:00 PTG waktu anda)" in page
    # A reader on the club's own clock reads it once, unnamed.
    people.member.time_zone = "Australia/Sydney"
    people.member.save()
    with timezone.override("Australia/Sydney"):
        assert "your time" not in Notice.objects.get(user=people.member).message


def test_a_night_across_the_clocks_going_back_names_both_zones(make_user):
    """10 PM to 3 AM across the change names AEDT, then AEST (it named AEDT alone, and 2:30 to
    3:30 in the repeated hour read as one hour where the night lasts two)."""
    from clubs.times import club_time_text

    sydney = Club.objects.create(name="Harbour", slug="harbour", time_zone="Australia/Sydney")
    perth = make_user("wes", time_zone="Australia/Perth")
    start = club_moment(date(2027, 4, 3), time(22, 0), sydney)
    text = club_time_text(start, sydney, "g:i A", reader=perth, until=start + timedelta(hours=6))
    assert text.startswith("10:00 PM – 3:00 AM (AEDT, then AEST; ")
    start = club_moment(date(2027, 4, 4), time(2, 30), sydney)
    text = club_time_text(start, sydney, "g:i A", reader=perth, until=start + timedelta(hours=2))
    assert text.startswith("2:30 AM – 3:30 AM (AEDT, then AEST; ")
    # A night the clocks don't change in names its zone once.
    start = club_moment(date(2027, 4, 10), time(19, 0), sydney)
    text = club_time_text(start, sydney, "g:i A", reader=perth, until=start + timedelta(hours=3))
    assert text.startswith("7:00 PM – 10:00 PM (AEST; ")


def test_a_zone_on_the_same_clock_is_named_without_repeating_the_time(make_user):
    """Perth's 6:30 PM read from Kuala Lumpur (the same clock) names Perth's zone and no "your
    time" that says 6:30 PM again; Sydney's does give the reader's own."""
    from clubs.times import club_time_text

    perth = Club.objects.create(name="West", slug="west", time_zone="Australia/Perth")
    sydney = Club.objects.create(name="Harbour", slug="harbour", time_zone="Australia/Sydney")
    reader = make_user("aminah", time_zone="Asia/Kuala_Lumpur")
    start = club_moment(date(2027, 1, 14), time(18, 30), perth)
    assert club_time_text(start, perth, "g:i A", reader=reader) == "6:30 PM (AWST)"
    start = club_moment(date(2027, 1, 14), time(19, 0), sydney)
    assert club_time_text(start, sydney, "g:i A", reader=reader) == (
        "7:00 PM (AEDT; 4:00 PM your time)"
    )
