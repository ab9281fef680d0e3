"""A night (or a robot event) set in the year 9999, or given a time before 2000, is refused with
a clear message and nothing is saved: such a night could not be shown on every reader's clock
nor its end worked out, and one stored would break the club's pages and the nights API."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import ClubNight
from core.choices import Game
from core.dates import out_of_reach
from tournaments.robot_models import RobotEvent
from tournaments.services import robot
from tournaments.services.errors import InvalidInput as TournamentInvalid

from .test_pages import night_form


@pytest.fixture
def kolkata(zoned_club):
    return zoned_club("Amritsar Cards", "amritsar", "Asia/Kolkata")


@pytest.fixture
def api(people):
    client = APIClient()
    client.force_authenticate(people.director)
    return client


def test_out_of_reach_bounds():
    now = datetime(2026, 12, 6, tzinfo=UTC)
    assert out_of_reach(now + timedelta(days=365 * 5), now) is None
    assert out_of_reach(datetime(2000, 1, 1, tzinfo=UTC), now) is None
    assert "5 years" in out_of_reach(now + timedelta(days=365 * 5 + 2), now)
    assert "2000" in out_of_reach(datetime(1999, 12, 31, 23, 59, tzinfo=UTC), now)
    assert out_of_reach(datetime(9999, 12, 31, 23, 59, tzinfo=UTC), now)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"starts_at": "9999-12-31T23:59"}, "starts_at"),
        ({"starts_at": "2040-01-01T19:00"}, "starts_at"),
        ({"registration_opens_at": "0001-01-01T00:00"}, "registration_opens_at"),
    ],
)
def test_the_api_refuses_a_far_date_and_saves_nothing(api, kolkata, people, fields, field):
    payload = {"club": "amritsar", "starts_at": "2027-03-02T19:00", "capacity": 8, **fields}
    response = api.post("/api/nights/", payload, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "invalid"
    assert response.json()["field"] == field
    assert not ClubNight.objects.exists()
    # The nights API and the club's page still answer, for anyone.
    assert APIClient().get("/api/nights/").status_code == 200
    assert APIClient().get(kolkata.get_absolute_url()).status_code == 200


def test_moving_a_night_to_9999_is_refused(api, kolkata):
    night_id = api.post(
        "/api/nights/",
        {"club": "amritsar", "starts_at": "2027-03-02T19:00", "capacity": 8},
        format="json",
    ).json()["id"]
    response = api.patch(
        f"/api/nights/{night_id}/", {"starts_at": "9999-12-31T23:00"}, format="json"
    )
    assert response.status_code == 400
    assert "5 years" in response.json()["detail"]
    assert ClubNight.objects.get(pk=night_id).starts_at.year == 2027


def test_the_form_refuses_a_night_in_9999(client, people, kolkata):
    client.force_login(people.director)
    url = reverse("clubs:night_create", args=[kolkata.slug])
    response = client.post(url, night_form(date="9999-12-31", start_time="23:00"))
    assert response.status_code == 200
    assert "Choose a date at most 5 years from now." in response.content.decode()
    assert not ClubNight.objects.exists()


def test_a_robot_event_closing_in_9999_is_refused(people, kolkata):
    with pytest.raises(TournamentInvalid) as refused:
        robot.robot_event_create(
            people.director,
            club=kolkata,
            name="Far",
            game=Game.PITCH,
            boards=8,
            opens_at=timezone.now(),
            closes_at=datetime(9999, 12, 31, tzinfo=UTC),
        )
    assert refused.value.field == "closes_at"
    assert not RobotEvent.objects.exists()


@pytest.mark.parametrize(
    "changes",
    [
        {"date": "0001-01-01", "start_time": "00:30"},
        {"registration_opens_at": "0001-01-01T00:10"},
        {"date": "9999-12-31", "start_time": "23:30"},
    ],
)
def test_the_form_refuses_year_one_in_a_zone_east_of_utc(client, people, kolkata, changes):
    """Midnight of 1 January in year 1 on Kolkata's clock is before the first instant Python
    can hold in UTC: a form error saying what to choose, not a 500."""
    client.force_login(people.director)
    response = client.post(
        reverse("clubs:night_create", args=[kolkata.slug]), night_form(**changes)
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Choose a date in 2000 or later." in page or "at most 5 years from now" in page
    assert not ClubNight.objects.exists()
