"""The clubs API: every endpoint, its errors (400/403/409 with a reason) and token auth."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from knox.crypto import hash_token
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.models import Notice
from clubs.models import Club, ClubNight, JoinRequest, Membership, Registration
from core.choices import Game
from tests.conftest import PASSWORD

Status = Registration.Status


@pytest.fixture
def api():
    return APIClient()


def as_user(api, user):
    api.force_authenticate(user)
    return api


def results(response):
    data = response.json()
    return data["results"] if isinstance(data, dict) and "results" in data else data


# Authentication ----------------------------------------------------------------------------------


def test_token_authentication_works_end_to_end(api, people, club, night):
    response = api.post("/api/token/", {"username": "mia", "password": PASSWORD})
    assert response.status_code == 200
    token = response.json()["token"]
    assert AuthToken.objects.get(user=people.member).digest == hash_token(token)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = client.post(f"/api/nights/{night.pk}/register/")
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "registered"


def test_session_authentication_works(client, people, club):
    client.force_login(people.member)
    response = client.get(f"/api/clubs/{club.slug}/")
    assert response.json()["my_role"] == "member"


def test_anonymous_can_read_but_not_write(api, club, night):
    assert api.get("/api/clubs/").status_code == 200
    assert api.get(f"/api/nights/{night.pk}/").status_code == 200
    for path in (
        "/api/clubs/",
        f"/api/clubs/{club.slug}/join/",
        f"/api/nights/{night.pk}/register/",
    ):
        assert api.post(path, {"name": "x"}).status_code in (401, 403)
    assert not Registration.objects.exists()


# Clubs -------------------------------------------------------------------------------------------


def test_create_list_search_and_detail(api, people, club):
    as_user(api, people.outsider)
    response = api.post(
        "/api/clubs/",
        {"name": "Bellbird Pitch", "venue": "Bellbird Pub", "games": ["pitch"], "is_open": False},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["slug"] == "bellbird-pitch"
    assert body["my_role"] == "owner" and body["member_count"] == 1 and body["is_open"] is False
    names = [c["name"] for c in results(api.get("/api/clubs/"))]
    assert names == ["Bellbird Pitch", "Wattle Card Club"]
    assert [c["name"] for c in results(api.get("/api/clubs/?search=wattle"))] == [
        "Wattle Card Club"
    ]
    detail = api.get(f"/api/clubs/{club.slug}/").json()
    assert detail["my_role"] is None and detail["games"] == [Game.FIVE_HUNDRED, Game.PITCH]


def test_create_club_with_bad_input_is_400(api, people):
    as_user(api, people.outsider)
    response = api.post("/api/clubs/", {"name": "", "games": ["euchre"]}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert set(response.json()["fields"]) >= {"name", "games"}
    response = api.post("/api/clubs/", {"name": "   "}, format="json")
    assert response.status_code == 400
    assert not Club.objects.filter(created_by=people.outsider).exists()


def test_a_clubs_zone_alias_is_kept_by_its_main_name_and_its_language_is_set(api, people, club):
    """A club created with "Asia/Calcutta" keeps "Asia/Kolkata" (as sign-up does), so the zone
    menu offers it once; the club's language is set and read through the API, and one we don't
    speak is refused; a director giving the club's zone by its alias isn't refused as an owner-only
    change."""
    as_user(api, people.outsider)
    response = api.post(
        "/api/clubs/",
        {"name": "Amritsar Taash", "time_zone": "Asia/Calcutta", "language": "pa"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["time_zone"] == "Asia/Kolkata"
    assert response.json()["language"] == "pa"
    assert Club.objects.get(name="Amritsar Taash").language == "pa"
    response = api.post("/api/clubs/", {"name": "X Club", "language": "xx"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "language"
    assert not Club.objects.filter(name="X Club").exists()
    club.time_zone = "Asia/Kolkata"
    club.save()
    response = as_user(api, people.director).patch(
        f"/api/clubs/{club.slug}/", {"time_zone": "Asia/Calcutta", "language": "mr"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["time_zone"] == "Asia/Kolkata" and response.json()["language"] == "mr"


def test_directors_edit_a_club_members_get_403(api, people, club):
    response = as_user(api, people.member).patch(
        f"/api/clubs/{club.slug}/", {"about": "mine now"}, format="json"
    )
    assert response.status_code == 403
    assert response.json()["code"] == "not_allowed"
    response = as_user(api, people.director).patch(
        f"/api/clubs/{club.slug}/", {"about": "Tuesdays at 7"}, format="json"
    )
    assert response.status_code == 200 and response.json()["about"] == "Tuesdays at 7"


def test_join_open_club_then_409_on_second_try_then_leave(api, people, club):
    as_user(api, people.outsider)
    response = api.post(f"/api/clubs/{club.slug}/join/")
    assert response.status_code == 201
    assert response.json()["joined"] is True and response.json()["membership"]["role"] == "member"
    again = api.post(f"/api/clubs/{club.slug}/join/")
    assert again.status_code == 409
    assert again.json() == {
        "detail": "You're already a member of Wattle Card Club.",
        "code": "already_member",
    }
    assert api.post(f"/api/clubs/{club.slug}/leave/").status_code == 204
    assert not Membership.objects.filter(user=people.outsider).exists()


def test_last_owner_cannot_leave_409(api, people, club):
    response = as_user(api, people.owner).post(f"/api/clubs/{club.slug}/leave/")
    assert response.status_code == 409 and response.json()["code"] == "last_owner"


def test_closed_club_request_approve_and_decline(api, people, club, make_user):
    club.is_open = False
    club.save()
    response = as_user(api, people.outsider).post(
        f"/api/clubs/{club.slug}/join/", {"message": "Hi!"}
    )
    assert response.status_code == 201
    body = response.json()
    assert body["joined"] is False and body["request"]["status"] == "pending"
    request_id = body["request"]["id"]
    # Members can't see or decide requests; directors can.
    assert as_user(api, people.member).get(f"/api/clubs/{club.slug}/requests/").status_code == 403
    assert api.post(f"/api/join-requests/{request_id}/approve/").status_code == 403
    as_user(api, people.director)
    pending = results(api.get(f"/api/clubs/{club.slug}/requests/"))
    assert [r["user"]["username"] for r in pending] == ["otto"]
    assert [r["id"] for r in results(api.get("/api/join-requests/"))] == [request_id]
    response = api.post(f"/api/join-requests/{request_id}/approve/")
    assert response.status_code == 200 and response.json()["status"] == "approved"
    assert Membership.objects.filter(club=club, user=people.outsider).exists()
    assert api.post(f"/api/join-requests/{request_id}/decline/").status_code == 409

    other = make_user("rita")
    second = as_user(api, other).post(f"/api/clubs/{club.slug}/join/").json()["request"]["id"]
    assert as_user(api, people.owner).post(f"/api/join-requests/{second}/decline/").json()[
        "status"
    ] == ("declined")
    assert not Membership.objects.filter(club=club, user=other).exists()


def test_withdraw_request(api, people, club):
    club.is_open = False
    club.save()
    as_user(api, people.outsider).post(f"/api/clubs/{club.slug}/join/")
    assert api.post(f"/api/clubs/{club.slug}/withdraw-request/").status_code == 204
    assert api.post(f"/api/clubs/{club.slug}/withdraw-request/").status_code == 409
    assert not JoinRequest.objects.exists()


# Memberships -------------------------------------------------------------------------------------


def test_members_list_is_for_members(api, people, club):
    assert as_user(api, people.outsider).get(f"/api/clubs/{club.slug}/members/").status_code == 403
    members = results(as_user(api, people.member).get(f"/api/clubs/{club.slug}/members/"))
    assert {m["user"]["username"]: m["role"] for m in members} == {
        "olive": "owner",
        "dan": "director",
        "mia": "member",
    }
    mine = results(api.get("/api/memberships/"))
    assert [(m["club"], m["role"]) for m in mine] == [("wattle", "member")]


def test_owner_promotes_and_demotes_through_the_api(api, people, club):
    mia = Membership.objects.get(user=people.member)
    assert (
        as_user(api, people.director)
        .post(f"/api/memberships/{mia.pk}/role/", {"role": "director"})
        .status_code
        == 403
    )
    as_user(api, people.owner)
    response = api.post(f"/api/memberships/{mia.pk}/role/", {"role": "director"})
    assert response.status_code == 200 and response.json()["role"] == "director"
    response = api.post(f"/api/memberships/{mia.pk}/role/", {"role": "member"})
    assert response.json()["role"] == "member"
    assert api.post(f"/api/memberships/{mia.pk}/role/", {"role": "boss"}).status_code == 400
    olive = Membership.objects.get(user=people.owner)
    response = api.post(f"/api/memberships/{olive.pk}/role/", {"role": "member"})
    assert response.status_code == 409 and response.json()["code"] == "last_owner"


def test_directors_remove_members_through_the_api(api, people, club):
    mia = Membership.objects.get(user=people.member)
    dan = Membership.objects.get(user=people.director)
    assert as_user(api, people.member).delete(f"/api/memberships/{dan.pk}/").status_code == 403
    assert as_user(api, people.director).delete(f"/api/memberships/{dan.pk}/").status_code == 409
    assert api.delete(f"/api/memberships/{mia.pk}/").status_code == 204
    assert not Membership.objects.filter(pk=mia.pk).exists()


# Nights ------------------------------------------------------------------------------------------


def night_payload(**changes):
    starts = timezone.now() + timedelta(days=5)
    payload = {"club": "wattle", "starts_at": starts.isoformat(), "capacity": 2, "game": "pitch"}
    payload.update(changes)
    return payload


def test_schedule_edit_and_cancel_a_night(api, people, club):
    assert as_user(api, people.member).post("/api/nights/", night_payload()).status_code == 403
    as_user(api, people.director)
    response = api.post("/api/nights/", night_payload(title="Pitch Pairs"))
    assert response.status_code == 201, response.content
    night = response.json()
    assert night["name"] == "Pitch Pairs" and night["venue"] == "Wattle Hall"
    assert night["registration"] == "open" and night["seats_taken"] == 0
    response = api.patch(f"/api/nights/{night['id']}/", {"capacity": 6, "notes": "BYO snacks"})
    assert response.status_code == 200 and response.json()["capacity"] == 6
    response = api.post(f"/api/nights/{night['id']}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    assert api.post(f"/api/nights/{night['id']}/cancel/").status_code == 409


def test_schedule_with_bad_values_is_400_with_the_field(api, people, club):
    as_user(api, people.director)
    past = (timezone.now() - timedelta(days=1)).isoformat()
    response = api.post("/api/nights/", night_payload(starts_at=past))
    assert response.status_code == 400
    assert response.json()["field"] == "starts_at"
    assert "future" in response.json()["detail"]
    assert api.post("/api/nights/", night_payload(capacity=0)).status_code == 400
    response = api.post("/api/nights/", {k: v for k, v in night_payload().items() if k != "club"})
    assert response.status_code == 400 and response.json()["field"] == "club"
    assert not ClubNight.objects.exists()


def test_capacity_below_registered_is_409_with_a_reason(api, people, make_night):
    night = make_night(capacity=4)
    for user in (people.owner, people.director, people.member):
        as_user(api, user).post(f"/api/nights/{night.pk}/register/")
    response = as_user(api, people.director).patch(f"/api/nights/{night.pk}/", {"capacity": 2})
    assert response.status_code == 409
    assert response.json()["code"] == "capacity_too_small"
    assert response.json()["field"] == "capacity"
    assert "3" in response.json()["detail"]
    night.refresh_from_db()
    assert night.capacity == 4


def test_list_filters(api, people, club, make_night, make_user):
    soon = make_night(game=Game.PITCH)
    make_night(
        starts_at=timezone.now() - timedelta(days=2),
        registration_opens_at=timezone.now() - timedelta(days=4),
        registration_closes_at=timezone.now() - timedelta(days=2),
    )
    other_club = Club.objects.create(name="Other", slug="other")
    make_night(club=other_club)
    assert len(results(api.get("/api/nights/"))) == 3
    assert len(results(api.get("/api/nights/?club=wattle"))) == 2
    assert [n["id"] for n in results(api.get("/api/nights/?club=wattle&upcoming=true"))] == [
        soon.pk
    ]
    assert [n["id"] for n in results(api.get("/api/nights/?game=pitch"))] == [soon.pk]


def test_register_waitlist_and_unregister_promotes(
    api, people, make_night, django_capture_on_commit_callbacks
):
    night = make_night(capacity=1)
    first = as_user(api, people.member).post(f"/api/nights/{night.pk}/register/")
    assert first.status_code == 201 and first.json()["status"] == "registered"
    twice = api.post(f"/api/nights/{night.pk}/register/")
    assert twice.status_code == 409 and twice.json()["code"] == "already_registered"
    second = as_user(api, people.director).post(f"/api/nights/{night.pk}/register/")
    assert second.json()["status"] == "waitlisted" and second.json()["waitlist_rank"] == 1
    detail = api.get(f"/api/nights/{night.pk}/").json()
    assert detail["seats_taken"] == 1 and detail["waiting"] == 1
    assert detail["mine"]["status"] == "waitlisted" and detail["mine"]["waitlist_rank"] == 1
    with django_capture_on_commit_callbacks(execute=True):
        response = as_user(api, people.member).post(f"/api/nights/{night.pk}/unregister/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    assert Registration.objects.get(user=people.director).status == Status.REGISTERED
    assert Notice.objects.filter(user=people.director).exists()
    assert [m.to for m in mail.outbox] == [[people.director.email]]
    assert api.post(f"/api/nights/{night.pk}/unregister/").status_code == 409


@pytest.mark.parametrize(
    ("fields", "code", "status_code"),
    [
        (
            {"registration_opens_at": timezone.now() + timedelta(days=1)},
            "registration_not_open",
            409,
        ),
        (
            {
                "registration_opens_at": timezone.now() - timedelta(days=2),
                "registration_closes_at": timezone.now() - timedelta(hours=1),
            },
            "registration_closed",
            409,
        ),
        (
            {
                "starts_at": timezone.now() - timedelta(hours=1),
                "registration_opens_at": timezone.now() - timedelta(days=2),
                "registration_closes_at": timezone.now() - timedelta(hours=1),
            },
            "night_started",
            409,
        ),
    ],
)
def test_register_outside_the_window_is_refused(api, people, make_night, fields, code, status_code):
    night = make_night(**fields)
    response = as_user(api, people.member).post(f"/api/nights/{night.pk}/register/")
    assert response.status_code == status_code
    assert response.json()["code"] == code and response.json()["detail"]
    assert not night.registrations.exists()


def test_members_only_night_refuses_a_non_member_with_403(api, people, night):
    response = as_user(api, people.outsider).post(f"/api/nights/{night.pk}/register/")
    assert response.status_code == 403 and response.json()["code"] == "members_only"
    assert not night.registrations.exists()


def test_registrations_list_visibility(api, people, make_night, make_user):
    night = make_night(members_only=False, capacity=1)
    guest = make_user("gus")
    as_user(api, guest).post(f"/api/nights/{night.pk}/register/")
    as_user(api, people.member).post(f"/api/nights/{night.pk}/register/")
    as_user(api, people.member).post(f"/api/nights/{night.pk}/unregister/")
    path = f"/api/nights/{night.pk}/registrations/"
    assert as_user(api, people.outsider).get(path).status_code == 403
    assert APIClient().get(path).status_code == 401  # not signed in
    # A registered guest and a member see active registrations; a director sees everything.
    assert [r["player_name"] for r in results(as_user(api, guest).get(path))] == ["Gus"]
    assert len(results(as_user(api, people.member).get(path))) == 1
    everyone = results(as_user(api, people.director).get(path))
    assert {r["status"] for r in everyone} == {"registered", "cancelled"}


def test_check_in_no_show_undo_and_walk_ins(api, people, make_night, make_user):
    night = make_night(capacity=2)
    registration = as_user(api, people.member).post(f"/api/nights/{night.pk}/register/").json()
    rid = registration["id"]
    assert api.post(f"/api/registrations/{rid}/check-in/").status_code == 403
    as_user(api, people.director)
    response = api.post(f"/api/registrations/{rid}/check-in/")
    assert response.status_code == 200 and response.json()["status"] == "checked_in"
    assert api.post(f"/api/registrations/{rid}/check-in/").status_code == 409
    assert api.post(f"/api/registrations/{rid}/undo/").json()["status"] == "registered"
    assert api.post(f"/api/registrations/{rid}/no-show/").json()["status"] == "no_show"
    make_user("walt", display_name="Walt")
    walk_in = api.post(f"/api/nights/{night.pk}/walk-ins/", {"username": "walt"})
    assert walk_in.status_code == 201 and walk_in.json()["walk_in"] is True
    guest = api.post(f"/api/nights/{night.pk}/walk-ins/", {"guest_name": "Gwen"})
    assert guest.status_code == 201 and guest.json()["user"] is None
    assert api.post(f"/api/nights/{night.pk}/walk-ins/", {}).status_code == 400
    unknown = api.post(f"/api/nights/{night.pk}/walk-ins/", {"username": "ghost"})
    assert unknown.status_code == 400 and unknown.json()["field"] == "username"
    checked = results(api.get(f"/api/nights/{night.pk}/registrations/?status=checked_in"))
    assert [r["player_name"] for r in checked] == ["Walt", "Gwen"]
    assert (
        as_user(api, people.member)
        .post(f"/api/nights/{night.pk}/walk-ins/", {"guest_name": "Sneaky"})
        .status_code
        == 403
    )


def test_my_registrations(api, people, make_night):
    night = make_night()
    as_user(api, people.member).post(f"/api/nights/{night.pk}/register/")
    mine = results(api.get("/api/registrations/"))
    assert [(r["night"], r["status"]) for r in mine] == [(night.pk, "registered")]
    assert results(as_user(api, people.director).get("/api/registrations/")) == []


def test_schema_documents_the_clubs_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = schema["paths"]
    for path in (
        "/api/clubs/",
        "/api/clubs/{slug}/join/",
        "/api/join-requests/{id}/approve/",
        "/api/memberships/{id}/role/",
        "/api/nights/{id}/register/",
        "/api/nights/{id}/walk-ins/",
        "/api/registrations/{id}/check-in/",
    ):
        assert path in paths, path
    register = paths["/api/nights/{id}/register/"]["post"]
    assert {"201", "403", "409"} <= set(register["responses"])
    assert "Error" in schema["components"]["schemas"]


def test_a_missing_object_is_a_plain_404_in_the_readers_language(api, people):
    """Not Django's "No ClubNight matches the given query.", which names our models and stays in
    English."""
    client = as_user(api, people.member)
    for method, url in (
        ("post", "/api/nights/999999/register/"),
        ("get", "/api/nights/999999/"),
        ("get", "/api/clubs/no-such-club/"),
    ):
        english = getattr(client, method)(url)
        assert english.status_code == 404, url
        assert english.json() == {"detail": "Not found.", "code": "not_found"}, url
        marathi = getattr(client, method)(url, HTTP_ACCEPT_LANGUAGE="mr")
        assert marathi.json() == {"detail": "सापडले नाही.", "code": "not_found"}, url
