"""Robot duplicate pages: lists, the directors' form, entering, the leaderboard fragment, and the
traveller — shown to an entrant only after they have played the board (everyone after close),
never leaking the board's cards or others' results before."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Board
from games.presenters.cards import card_info
from tests.conftest import PASSWORD
from tournaments.robot_models import RobotBoardResult, RobotEvent
from tournaments.services import robot

from .conftest import play_boards

pytestmark = pytest.mark.django_db


def _login(client, user):
    assert client.login(username=user.username, password=PASSWORD)
    return client


def _card_names(board: Board, seats=(0, 1, 2, 3)) -> set[str]:
    return {card_info(c)["name"] for s in seats for c in board.deal["hands"][s]}


def test_lists_show_site_and_club_events(client, event, member, outsider):
    robot.robot_daily_event()
    _login(client, member)
    page = client.get(reverse("tournaments:robot_events")).content.decode()
    assert "Wattle weekly" in page and "Daily robot duplicate" in page
    page = client.get(reverse("tournaments:robot_club", args=["wattle"])).content.decode()
    assert "Wattle weekly" in page
    client.logout()
    _login(client, outsider)
    page = client.get(reverse("tournaments:robot_events")).content.decode()
    assert "Wattle weekly" not in page and "Daily robot duplicate" in page
    assert client.get(reverse("tournaments:robot_event", args=[event.pk])).status_code == 403


def test_director_runs_one_from_the_form(client, club, director, member):
    url = reverse("tournaments:robot_create", args=["wattle"])
    _login(client, member)
    assert client.get(url).status_code == 403
    client.logout()
    _login(client, director)
    assert client.get(url).status_code == 200
    now = timezone.localtime(timezone.now(), club.zoneinfo).replace(tzinfo=None)
    bad = client.post(
        url,
        {
            "name": "W",
            "game": "five_hundred",
            "boards": 30,
            "opens_at": now.strftime("%Y-%m-%dT%H:%M"),
            "closes_at": (now + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M"),
            "bot_level": "club",
        },
    )
    assert bad.status_code == 200 and not RobotEvent.objects.exists()
    response = client.post(
        url,
        {
            "name": "Weekly pairs",
            "game": "pitch_pairs",
            "boards": 10,
            "opens_at": now.strftime("%Y-%m-%dT%H:%M"),
            "closes_at": (now + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M"),
            "bot_level": "expert",
        },
    )
    event = RobotEvent.objects.get()
    assert response.status_code == 302 and response["Location"] == event.get_absolute_url()
    assert event.game == "pitch" and event.options["partnerships"] is True
    assert event.boards == 10 and event.bot_level == "expert" and event.club == club
    # Typed in the club's zone.
    assert (
        abs(
            (
                timezone.localtime(event.opens_at, club.zoneinfo).replace(tzinfo=None) - now
            ).total_seconds()
        )
        < 60
    )


def test_enter_by_plain_post_goes_to_the_table(client, event, member):
    _login(client, member)
    page = client.get(reverse("tournaments:robot_event", args=[event.pk])).content.decode()
    assert "Enter and play" in page
    response = client.post(reverse("tournaments:robot_enter", args=[event.pk]))
    entry = event.entries.get()
    assert response.status_code == 302 and response["Location"] == entry.table.get_absolute_url()
    page = client.get(reverse("tournaments:robot_event", args=[event.pk])).content.decode()
    assert "Continue playing" in page
    fragment = client.get(
        reverse("tournaments:robot_event", args=[event.pk]) + "?fragment=leaderboard",
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'id="leaderboard"' in fragment and "<html" not in fragment and "Milo" in fragment


def _shows_score(page: str, score: int) -> bool:
    """Whether the page shows `score` as a number of its own: not inside a deal commitment's
    hex digits, where "170" turns up by chance ("…f317082f…")."""
    return re.search(rf"(?<![0-9a-fA-F]){score}(?![0-9a-fA-F])", page) is not None


def test_no_traveller_results_or_cards_before_playing(client, event, member, director):
    rival = robot.robot_event_enter(director, event)
    board1 = event.board_set.boards.get(number=1)
    RobotBoardResult.objects.create(
        entry=rival,
        board=board1,
        number=1,
        score=170,
        contract={"seat": 0, "call": "8H", "sans_kitty": False},
        declarer=0,
        tricks=9,
    )
    robot.robot_event_enter(member, event)
    _login(client, member)
    url = reverse("tournaments:robot_traveller", args=[event.pk, 1])
    response = client.get(url)
    assert response.status_code == 403
    page = response.content.decode()
    assert not _shows_score(page, 170) and not any(name in page for name in _card_names(board1))
    event_page = client.get(reverse("tournaments:robot_event", args=[event.pk])).content.decode()
    assert url not in event_page and not _shows_score(event_page, 170)
    assert board1.seed not in event_page and board1.commitment[:10] in event_page
    # The rival's table is private while the boards are hidden.
    assert client.get(rival.table.get_absolute_url()).status_code == 404
    assert (
        client.get(reverse("tournaments:robot_traveller", args=[event.pk, 99])).status_code == 404
    )


@pytest.mark.django_db(transaction=True)
def test_traveller_opens_once_played_and_to_all_after_close(
    client, club, director, member, outsider
):
    now = timezone.now()
    event = robot.robot_event_create(
        director,
        club=club,
        name="Wattle weekly",
        game="five_hundred",
        boards=8,
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(days=1),
    )
    rival = robot.robot_event_enter(director, event)
    board1 = event.board_set.boards.get(number=1)
    RobotBoardResult.objects.create(entry=rival, board=board1, number=1, score=170)
    entry = robot.robot_event_enter(member, event)
    play_boards(member, entry, 1)
    _login(client, member)
    page = client.get(reverse("tournaments:robot_traveller", args=[event.pk, 1])).content.decode()
    assert "Dora" in page and "170" in page and "Milo" in page
    assert all(name in page for name in _card_names(board1))
    assert client.get(reverse("tournaments:robot_traveller", args=[event.pk, 2])).status_code == 403
    board = client.get(reverse("tournaments:robot_event", args=[event.pk])).content.decode()
    assert "100.00" in board or "0.00" in board  # percentages over board 1
    # After the close every board is open, with its seed.
    RobotEvent.objects.filter(pk=event.pk).update(
        opens_at=now - timedelta(days=2), closes_at=now - timedelta(seconds=1)
    )
    assert robot.robot_event_close(event.pk)
    page = client.get(reverse("tournaments:robot_traveller", args=[event.pk, 2])).content.decode()
    board2 = event.board_set.boards.get(number=2)
    assert board2.seed in page
    client.logout()
    club.memberships.create(user=outsider)
    _login(client, outsider)
    assert client.get(reverse("tournaments:robot_traveller", args=[event.pk, 1])).status_code == 200


def test_times_in_the_clubs_zone_and_site_events_in_the_readers(client, club, director, member):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    club.time_zone = "Asia/Kolkata"
    club.save(update_fields=["time_zone"])
    closes = datetime(2031, 3, 6, 21, 30, tzinfo=ZoneInfo("Asia/Kolkata"))
    event = robot.robot_event_create(
        director,
        club=club,
        name="Pune weekly",
        game="five_hundred",
        boards=8,
        opens_at=timezone.now(),
        closes_at=closes,
    )
    _login(client, member)
    page = client.get(reverse("tournaments:robot_event", args=[event.pk])).content.decode()
    assert "9:30 PM" in page and "21:30" not in page  # the site's 12-hour clock
    member.time_zone = "Australia/Perth"
    member.save(update_fields=["time_zone"])
    daily = robot.robot_event_create(
        None,
        club=None,
        name="Daily",
        game="five_hundred",
        boards=8,
        opens_at=timezone.now(),
        closes_at=closes,
        daily_on=closes.date(),
    )
    page = client.get(reverse("tournaments:robot_event", args=[daily.pk])).content.decode()
    assert "12:00 AM (AWST)" in page  # 9:30 PM in Pune is midnight in Perth, zone named
    assert "+08" not in page
    assert "Daily robot duplicate" in page


def test_the_form_reads_its_times_as_the_clubs_clocks_in_the_repeated_hour(db):
    """Opening at 02:30 on the morning Sydney's clocks go back is the first 02:30 (it was
    Django's "may be ambiguous" refusal); a time the clocks skip is refused in our words."""
    from clubs.models import Club
    from tournaments.robot_forms import RobotEventForm

    sydney = Club.objects.create(name="Harbour", slug="harbour", time_zone="Australia/Sydney")
    fields = {"name": "W", "game": "five_hundred", "boards": 12, "bot_level": "club"}
    with timezone.override(sydney.zoneinfo):  # as the view runs
        form = RobotEventForm(
            dict(fields, opens_at="2027-04-04T02:30", closes_at="2027-04-10T20:00"), club=sydney
        )
        assert form.is_valid(), form.errors
        assert form.cleaned_data["opens_at"].isoformat() == "2027-04-03T15:30:00+00:00"
        skipped = RobotEventForm(
            dict(fields, opens_at="2027-10-03T02:30", closes_at="2027-10-10T20:00"), club=sydney
        )
        assert not skipped.is_valid()
        assert "the clocks jump past it" in skipped.errors["opens_at"][0]


def test_a_finished_duplicate_table_crowns_nobody(client, event, member):
    """A robot duplicate's table, once its boards are played, says so rather than "Game over:
    the bots won" on its summed totals, which decide nothing in a duplicate; the API says how
    many boards the table plays."""
    from games.models import Table

    entry = robot.robot_event_enter(member, event)
    Table.objects.filter(pk=entry.table_id).update(
        status=Table.Status.FINISHED, winners=[1, 3], totals=[590, 1070, 590, 1070]
    )
    _login(client, member)
    page = client.get(reverse("games:table", args=[entry.table_id])).content.decode()
    assert "All the boards are played." in page and "Game over" not in page
    assert "each board is scored against everyone who played the same cards" in page
    api = client.get(f"/api/tables/{entry.table_id}/").json()
    assert api["board_count"] == 8
