"""The clubs API reads a night's times as the web form does (a time the clocks skip is refused,
a repeated one taken at its first pass), refuses names that hide characters or turn the writing
around (as the forms do), and names the guest already on the list."""

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.forms import ClubForm, NightForm, WalkInForm
from clubs.models import Club, ClubNight, Membership

from .conftest import add_staff


@pytest.fixture
def sydney(people):
    club = Club.objects.create(
        name="Harbour Card Club",
        slug="harbour",
        venue="Harbour Hall",
        time_zone="Australia/Sydney",
        created_by=people.owner,
    )
    add_staff(club, people)
    return club


@pytest.fixture
def director_api(people):
    api = APIClient()
    api.force_authenticate(people.director)
    return api


def schedule(api, **fields):
    payload = {"club": "harbour", "starts_at": "2027-10-02T19:00:00", "capacity": 8, **fields}
    return api.post("/api/nights/", payload, format="json")


# Times the clocks skip or repeat -------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"starts_at": "2027-10-03T02:30:00"}, "starts_at"),
        (
            {"starts_at": "2027-10-04T19:00:00", "registration_opens_at": "2027-10-03T02:00:00"},
            "registration_opens_at",
        ),
        (
            {"starts_at": "2027-10-04T19:00:00", "registration_closes_at": "2027-10-03T02:59:59"},
            "registration_closes_at",
        ),
    ],
)
def test_scheduling_at_a_time_the_clocks_skip_is_refused(director_api, sydney, fields, field):
    response = schedule(director_api, **fields)
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["code"] == "invalid"
    assert body["field"] == field
    assert "doesn't happen on 2027-10-03" in body["detail"]
    assert "the clocks jump past it" in body["detail"]
    assert not ClubNight.objects.exists()


def test_moving_a_night_to_a_time_the_clocks_skip_is_refused(director_api, sydney):
    night_id = schedule(director_api).json()["id"]
    response = director_api.patch(
        f"/api/nights/{night_id}/", {"starts_at": "2027-10-03T02:15:00"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "starts_at"
    assert "02:15 doesn't happen" in response.json()["detail"]
    assert ClubNight.objects.get(pk=night_id).starts_at.isoformat() == "2027-10-02T09:00:00+00:00"


def test_the_repeated_hour_is_its_first_pass_as_on_the_form(director_api, sydney):
    response = schedule(director_api, starts_at="2027-04-04T02:30:00")
    assert response.status_code == 201, response.json()
    assert response.json()["starts_at"] == "2027-04-04T02:30:00+11:00"  # still daylight time

    form = NightForm(
        {"date": "2027-04-04", "start_time": "02:30", "duration_minutes": 180,
         "game": "five_hundred", "capacity": 8, "members_only": "0"},
        club=sydney,
    )  # fmt: skip
    assert form.is_valid(), form.errors
    assert form.cleaned_data["starts_at"] == ClubNight.objects.get().starts_at


def test_registration_times_in_the_repeated_hour_are_read_as_the_start_is(director_api, sydney):
    """The form's registration times read the repeated hour as its first pass, as the start and
    the API do: a night starting in it could not be saved again (Django's field refused the
    pre-filled registration close, in words about "ambiguous" times)."""
    fields = {"date": "2027-04-04", "start_time": "02:30", "duration_minutes": 180,
              "game": "five_hundred", "capacity": 8, "members_only": "0"}  # fmt: skip
    with timezone.override(sydney.zoneinfo):  # as the night pages run
        form = NightForm(dict(fields, registration_closes_at="2027-04-04T02:30"), club=sydney)
        assert form.is_valid(), form.errors
        assert form.cleaned_data["registration_closes_at"] == form.cleaned_data["starts_at"]
        assert form.cleaned_data["starts_at"].isoformat() == "2027-04-03T15:30:00+00:00"
        skipped = NightForm(dict(fields, registration_opens_at="2027-10-03T02:30"), club=sydney)
        assert not skipped.is_valid()
        assert "the clocks jump past it" in skipped.errors["registration_opens_at"][0]
        # What the edit form shows for such a night (its close pre-filled) saves again.
        night_id = schedule(
            director_api,
            starts_at="2027-04-04T02:30:00",
            registration_closes_at="2027-04-04T02:30:00",
        ).json()["id"]
        night = ClubNight.objects.get(pk=night_id)
        shown = NightForm.for_night(night)["registration_closes_at"]
        assert shown.value().strftime("%Y-%m-%dT%H:%M") == "2027-04-04T02:30"
        again = NightForm.for_night(
            night, data=dict(fields, title="Again", registration_closes_at="2027-04-04T02:30")
        )
        assert again.is_valid(), again.errors
        assert again.cleaned_data["registration_closes_at"] == night.registration_closes_at


def test_times_with_an_offset_and_ordinary_times_are_unchanged(director_api, sydney):
    response = schedule(director_api, starts_at="2027-10-03T02:30:00+10:00")
    assert response.status_code == 201  # an instant: 03:30 by the club's clocks
    assert response.json()["starts_at"] == "2027-10-03T03:30:00+11:00"
    response = schedule(director_api, starts_at="2027-10-03T19:00:00")
    assert response.json()["starts_at"] == "2027-10-03T19:00:00+11:00"


def test_out_of_range_times_are_a_400(director_api, sydney):
    response = schedule(director_api, starts_at="0001-01-01T00:00:00")
    assert response.status_code == 400
    assert response.json()["field"] == "starts_at"


# Names that hide characters ------------------------------------------------------------------------

HIDDEN = [
    "\u202eBULC HTREP",
    "Perth\u200bClub",
    "Perth \u2066Club\u2069",
    "\u200fPerth",
    "A\u061cB",
]


@pytest.mark.parametrize("name", HIDDEN)
def test_club_names_that_hide_characters_are_refused(director_api, people, name):
    response = director_api.post("/api/clubs/", {"name": name}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "name"
    assert "invisible characters" in body["detail"]
    assert not Club.objects.filter(created_by=people.director).exists()
    assert not ClubForm({"name": name, "games": ["five_hundred"]}).is_valid()


def test_renaming_a_club_to_a_hidden_name_is_refused(api_owner, sydney):
    response = api_owner.patch("/api/clubs/harbour/", {"name": "\u202eBULC"}, format="json")
    assert response.status_code == 400
    assert "U+202E" in response.json()["detail"]


@pytest.fixture
def api_owner(people):
    api = APIClient()
    api.force_authenticate(people.owner)
    return api


@pytest.mark.parametrize("field", ["title", "venue"])
def test_night_titles_and_venues_that_hide_characters_are_refused(director_api, sydney, field):
    response = schedule(director_api, **{field: "Hall \u202e2"})
    assert response.status_code == 400
    assert response.json()["field"] == field
    night_id = schedule(director_api).json()["id"]
    response = director_api.patch(f"/api/nights/{night_id}/", {field: "\u200bHall"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_the_night_form_refuses_them_too(sydney):
    form = NightForm(
        {"title": "\u202eNight", "venue": "Hall\u2067", "date": "2027-05-01",
         "start_time": "19:00", "duration_minutes": 180, "game": "five_hundred",
         "capacity": 8, "members_only": "0"},
        club=sydney,
    )  # fmt: skip
    assert not form.is_valid()
    assert set(form.errors) >= {"title", "venue"}


@pytest.mark.parametrize(
    "name",
    [
        "र्\u200dया कार्ड क्लब",  # Marathi's eyelash ra: virama, ZWJ, ya
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645 کلب",  # ZWNJ between Arabic-script letters
        "ਪੰਜਾਬ ਕਲੱਬ",
        "Café Kookaburra",
    ],
)
def test_names_in_every_script_keep_their_joiners(director_api, name):
    response = director_api.post("/api/clubs/", {"name": name}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == name


@pytest.mark.parametrize("name", ["Perth\u200dClub", "\u200cपुणे", "पुणे\u200c", "पुणे \u200d"])
def test_joiners_outside_a_word_that_needs_them_are_refused(director_api, name):
    response = director_api.post("/api/clubs/", {"name": name}, format="json")
    assert response.status_code == 400


# Walk-ins ---------------------------------------------------------------------------------------------


@pytest.fixture
def night_id(director_api, sydney):
    return schedule(director_api).json()["id"]


def test_walk_in_guest_names_that_hide_characters_are_refused(director_api, night_id):
    url = f"/api/nights/{night_id}/walk-ins/"
    response = director_api.post(url, {"guest_name": "\u202eNHOJ"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "guest_name"
    assert not WalkInForm({"guest_name": "Jo\u200bhn"}).is_valid()


def test_walk_in_names_the_guest_already_checked_in(director_api, night_id):
    url = f"/api/nights/{night_id}/walk-ins/"
    first = director_api.post(url, {"guest_name": "Encik Lim Boon Keat"}, format="json")
    assert first.status_code == 201
    response = director_api.post(url, {"guest_name": "encik  LIM boon keat"}, format="json")
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "A guest called Encik Lim Boon Keat is already checked in."
    )


def test_the_walk_in_service_refuses_hidden_names_for_the_page_too(people, sydney):
    from clubs import services
    from core.errors import ServiceError

    night = ClubNight.objects.get(pk=schedule_night(people, sydney))
    with pytest.raises(ServiceError) as refusal:
        services.night_add_walk_in(people.director, night, guest_name="Lim\u200b Boon")
    assert refusal.value.field == "guest_name"


def schedule_night(people, club) -> int:
    api = APIClient()
    api.force_authenticate(people.director)
    assert Membership.objects.filter(club=club, user=people.director).exists()
    return schedule(api).json()["id"]
