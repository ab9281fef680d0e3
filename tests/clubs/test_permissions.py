"""Who may do what, for every role, on the pages and in the API.

Roles: anonymous, outsider (signed in, not a member), member, director, owner.
"""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import ClubNight, JoinRequest, Membership, Registration

ROLES = ["anonymous", "outsider", "member", "director", "owner"]
LOGIN = "login"  # anonymous visitors are sent to log in


def user_for(people, role):
    return None if role == "anonymous" else getattr(people, role)


def page_client(client, people, role):
    user = user_for(people, role)
    if user:
        client.force_login(user)
    return client


def outcome(response):
    if response.status_code == 302 and response.url.startswith(reverse("login")):
        return LOGIN
    return response.status_code


DIRECTOR_PAGE = {"anonymous": LOGIN, "outsider": 403, "member": 403, "director": 200, "owner": 200}
MEMBER_PAGE = {"anonymous": LOGIN, "outsider": 403, "member": 200, "director": 200, "owner": 200}
PUBLIC_PAGE = dict.fromkeys(ROLES, 200)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("detail", PUBLIC_PAGE),
        ("edit", DIRECTOR_PAGE),
        ("members", MEMBER_PAGE),
        ("night_create", DIRECTOR_PAGE),
    ],
)
def test_club_pages(client, people, club, role, name, expected):
    response = page_client(client, people, role).get(reverse(f"clubs:{name}", args=[club.slug]))
    assert outcome(response) == expected[role]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("night_detail", PUBLIC_PAGE),
        ("night_edit", DIRECTOR_PAGE),
        ("night_cancel", DIRECTOR_PAGE),
        ("checkin", DIRECTOR_PAGE),
    ],
)
def test_night_pages(client, people, night, role, name, expected):
    url = reverse(f"clubs:{name}", args=[night.club.slug, night.pk])
    assert outcome(page_client(client, people, role).get(url)) == expected[role]


@pytest.mark.parametrize("role", ROLES)
def test_only_directors_cancel_a_night_by_post(client, people, night, role):
    page_client(client, people, role).post(
        reverse("clubs:night_cancel", args=[night.club.slug, night.pk])
    )
    night.refresh_from_db()
    assert night.is_cancelled == (role in ("director", "owner"))


@pytest.mark.parametrize("role", ROLES)
def test_only_owners_change_roles_by_post(client, people, club, role):
    mia = Membership.objects.get(user=people.member)
    page_client(client, people, role).post(
        reverse("clubs:member_role", args=[club.slug, mia.pk]), {"role": "director"}
    )
    mia.refresh_from_db()
    assert (mia.role == "director") == (role == "owner")


@pytest.mark.parametrize("role", ROLES)
def test_only_directors_approve_requests_by_post(client, people, club, make_user, role):
    request = JoinRequest.objects.create(club=club, user=make_user("newbie"))
    page_client(client, people, role).post(
        reverse("clubs:request_decide", args=[club.slug, request.pk, "approve"])
    )
    request.refresh_from_db()
    assert (request.status == "approved") == (role in ("director", "owner"))


@pytest.mark.parametrize("role", ROLES)
def test_only_directors_remove_members_by_post(client, people, club, make_user, role):
    target = Membership.objects.create(club=club, user=make_user("newbie"))
    page_client(client, people, role).post(
        reverse("clubs:member_remove", args=[club.slug, target.pk])
    )
    assert Membership.objects.filter(pk=target.pk).exists() == (role not in ("director", "owner"))


@pytest.mark.parametrize("role", ROLES)
def test_who_registers_for_a_members_only_night(client, people, night, role):
    page_client(client, people, role).post(
        reverse("clubs:night_register", args=[night.club.slug, night.pk])
    )
    registered = Registration.objects.filter(night=night).exists()
    assert registered == (role in ("member", "director", "owner"))


@pytest.mark.parametrize("role", ROLES)
def test_who_registers_for_a_night_open_to_guests(client, people, make_night, role):
    night = make_night(members_only=False)
    page_client(client, people, role).post(
        reverse("clubs:night_register", args=[night.club.slug, night.pk])
    )
    assert Registration.objects.filter(night=night).exists() == (role != "anonymous")


# API ---------------------------------------------------------------------------------------------


def api_client(people, role):
    api = APIClient()
    user = user_for(people, role)
    if user:
        api.force_authenticate(user)
    return api


def api_ok(role, allowed):
    if role in allowed:
        return 200
    return 401 if role == "anonymous" else 403  # not signed in: 401, asking for a token


DIRECTORS = ("director", "owner")
MEMBERS = ("member", "director", "owner")


@pytest.mark.parametrize("role", ROLES)
def test_api_edit_club(people, club, role):
    response = api_client(people, role).patch(
        f"/api/clubs/{club.slug}/", {"about": "x"}, format="json"
    )
    assert response.status_code == api_ok(role, DIRECTORS)


@pytest.mark.parametrize("role", ROLES)
def test_api_members_list(people, club, role):
    response = api_client(people, role).get(f"/api/clubs/{club.slug}/members/")
    assert response.status_code == api_ok(role, MEMBERS)


@pytest.mark.parametrize("role", ROLES)
def test_api_requests_list(people, club, role):
    response = api_client(people, role).get(f"/api/clubs/{club.slug}/requests/")
    assert response.status_code == api_ok(role, DIRECTORS)


@pytest.mark.parametrize("role", ROLES)
def test_api_schedule_night(people, club, role):
    response = api_client(people, role).post(
        "/api/nights/",
        {
            "club": club.slug,
            "starts_at": (timezone.now() + timedelta(days=3)).isoformat(),
            "capacity": 8,
        },
    )
    assert response.status_code == (201 if role in DIRECTORS else api_ok(role, ()))
    assert ClubNight.objects.exists() == (role in DIRECTORS)


@pytest.mark.parametrize("role", ROLES)
def test_api_edit_and_cancel_night(people, night, role):
    api = api_client(people, role)
    assert api.patch(f"/api/nights/{night.pk}/", {"capacity": 9}).status_code == api_ok(
        role, DIRECTORS
    )
    assert api.post(f"/api/nights/{night.pk}/cancel/").status_code == api_ok(role, DIRECTORS)


@pytest.mark.parametrize("role", ROLES)
def test_api_change_role(people, club, role):
    mia = Membership.objects.get(user=people.member)
    response = api_client(people, role).post(
        f"/api/memberships/{mia.pk}/role/", {"role": "director"}
    )
    assert response.status_code == api_ok(role, ("owner",))


@pytest.mark.parametrize("role", ROLES)
def test_api_check_in(people, night, role, make_user):
    registration = Registration.objects.create(
        night=night, user=make_user("pat"), status=Registration.Status.REGISTERED
    )
    response = api_client(people, role).post(f"/api/registrations/{registration.pk}/check-in/")
    assert response.status_code == api_ok(role, DIRECTORS)


@pytest.mark.parametrize("role", ROLES)
def test_api_register_members_only(people, night, role):
    response = api_client(people, role).post(f"/api/nights/{night.pk}/register/")
    assert response.status_code == (201 if role in MEMBERS else api_ok(role, ()))
