"""Invite-only means unseen: whoever may not see a table learns nothing about it, not even that
it exists. Every table endpoint (pages and API, the polls included) answers them exactly as it
answers for a table that doesn't exist; acting checks the seat before the action number."""

import itertools

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Club, Membership
from games import selectors, services
from games.models import Table
from tests.same_page import page_bytes

MISSING = 999999

API_GETS = ["", "state/", "legal/", "version/", "hands/", "record/", "hands/1/record/"]
API_POSTS = {
    "sit/": {"seat": 1},
    "leave/": {},
    "start-with-bots/": {},
    "look/": {},
    "act/": {"expected_action": 0, "action": {"call": "pass"}},
}
PAGE_GETS = ["table", "live", "poll", "events", "game_record"]
PAGE_POSTS = {
    "sit": {"seat": "1"},
    "leave": {},
    "start": {},
    "look": {},
    "act": {"expected": "0", "call": "pass"},
}


@pytest.fixture
def eve(make_user):
    return make_user("eve")


@pytest.fixture
def wattle(four):
    club = Club.objects.create(name="Wattle", slug="wattle")
    for user in four:
        Membership.objects.create(club=club, user=user)
    return club


def seated(four, **fields):
    table = services.table_create(four[0], game="pitch", players=4, seed=1, **fields)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n, token=table.invite_token)
    table.refresh_from_db()
    assert table.is_playing
    return table


@pytest.fixture(params=["invite", "club"])
def hidden(request, four, wattle):
    if request.param == "club":
        return seated(four, access="club", club=wattle)
    return seated(four, access="invite")


def api_client(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page_client(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api_url(pk, what):
    return f"/api/tables/{pk}/{what}"


@pytest.mark.parametrize("who", ["eve", "anonymous"])
def test_the_api_answers_an_outsider_as_for_no_table(hidden, eve, who):
    client = api_client(eve if who == "eve" else None)
    before = Table.objects.values().get(pk=hidden.pk)
    for what in API_GETS:
        answer = client.get(api_url(hidden.pk, what))
        missing = client.get(api_url(MISSING, what))
        assert answer.status_code == 404, what
        assert (
            answer.json()
            == missing.json()
            == {
                "detail": "There is no such table.",
                "code": "not_found",
            }
        ), what
    if who == "anonymous":
        return  # signing in comes first for every change
    for what, body in API_POSTS.items():
        answer = client.post(api_url(hidden.pk, what), body, format="json")
        missing = client.post(api_url(MISSING, what), body, format="json")
        assert answer.status_code == 404 and answer.json() == missing.json(), what
        assert "action_number" not in answer.json()
    assert Table.objects.values().get(pk=hidden.pk) == before


def test_the_pages_answer_an_outsider_as_for_no_table(hidden, eve):
    client = page_client(eve)
    before = Table.objects.values().get(pk=hidden.pk)
    for name in PAGE_GETS:
        answer = client.get(reverse(f"games:{name}", args=[hidden.pk]), {"v": 1})
        missing = client.get(reverse(f"games:{name}", args=[MISSING]), {"v": 1})
        assert answer.status_code == missing.status_code == 404, name
        assert page_bytes(answer) == page_bytes(missing), name
    for name in ("hand_replay", "hand_record"):
        answer = client.get(reverse(f"games:{name}", args=[hidden.pk, 1]))
        missing = client.get(reverse(f"games:{name}", args=[MISSING, 1]))
        assert answer.status_code == 404 and page_bytes(answer) == page_bytes(missing), name
    for name, body in PAGE_POSTS.items():
        for htmx in ({}, {"HX-Request": "true"}):
            answer = client.post(reverse(f"games:{name}", args=[hidden.pk]), body, headers=htmx)
            missing = client.post(reverse(f"games:{name}", args=[MISSING]), body, headers=htmx)
            assert answer.status_code == missing.status_code == 404, name
            assert page_bytes(answer) == page_bytes(missing), name
    assert Table.objects.values().get(pk=hidden.pk) == before


def test_the_polls_answer_those_who_may_see_the_table(hidden, four, eve):
    for user in four:
        assert api_client(user).get(api_url(hidden.pk, "version/")).status_code == 200
        poll = reverse("games:poll", args=[hidden.pk])
        assert page_client(user).get(poll, {"v": hidden.version}).status_code == 204
    if hidden.access == Table.Access.INVITE:  # the invite link shows the table to a spectator
        token = {"token": hidden.invite_token}
        assert api_client(eve).get(api_url(hidden.pk, "version/"), token).status_code == 200
        answer = page_client(eve).get(reverse("games:poll", args=[hidden.pk]), {"v": 0, **token})
        assert answer.status_code == 200 and answer["HX-Trigger"] == "table-changed"
        page = page_client(eve).get(reverse("games:table", args=[hidden.pk]), token)
        assert f"token={hidden.invite_token}" in page.content.decode().split("poller")[1][:200]


def test_a_spectator_who_acts_is_told_to_sit_not_the_action_number(four, eve):
    table = seated(four)  # open to anyone: eve may watch
    stale = {"expected_action": 7, "action": {"call": "pass"}}
    answer = api_client(eve).post(api_url(table.pk, "act/"), stale, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "not_seated"
    assert "action_number" not in answer.json() and "7" not in answer.json()["detail"]
    page = page_client(eve).post(
        reverse("games:act", args=[table.pk]), {"expected": "7", "call": "pass"}
    )
    assert page.status_code == 403
    assert "not sitting at this table" in page.content.decode()
    # A player with a stale number still hears how far the game has got.
    answer = api_client(four[table.to_act]).post(api_url(table.pk, "act/"), stale, format="json")
    assert answer.status_code == 409 and answer.json()["action_number"] == 0


def test_the_filter_and_may_view_always_agree(four, eve, wattle):
    """viewable_by (the polls' one query) is may_view (every other endpoint) as a filter."""
    creator, seated_player, member = four[0], four[1], four[2]
    tables = []
    for access in ("anyone", "club", "invite"):
        club = wattle if access == "club" else None
        table = services.table_create(creator, game="pitch", players=4, access=access, club=club)
        services.table_sit(seated_player, table, 1, token=table.invite_token)
        tables.append(table)
    tables.append(services.table_create(eve, game="pitch", players=4, access="invite"))
    users = [AnonymousUser(), creator, seated_player, member, eve]
    tokens = ["", "wrong", *[t.invite_token for t in tables]]
    for user, table, token in itertools.product(users, tables, tokens):
        table = Table.objects.get(pk=table.pk)
        expected = selectors.may_view(user, table, token)
        found = Table.objects.filter(selectors.viewable_by(user, token), pk=table.pk).exists()
        assert found == expected, (user, table.access, token)
        version = selectors.table_version(table.pk, user, token)
        assert (version is not None) == expected


def test_an_invite_link_opened_signed_out_asks_to_log_in_and_comes_back(four, make_user):
    """A friend who follows the invite link before logging in sees the table (watching, hands
    hidden) with a way to log in or sign up that returns to it; without the link it stays
    unseen."""
    table = services.table_create(four[0], game="pitch", players=4, access="invite")
    url = reverse("games:table", args=[table.pk])
    visitor = Client()
    assert visitor.get(url).status_code == 404
    assert visitor.get(url, {"token": "wrong"}).status_code == 404
    page = visitor.get(url, {"token": table.invite_token})
    assert page.status_code == 200
    html = page.content.decode()
    back = f"?next=/tables/{table.pk}/%3Ftoken%3D{table.invite_token}"
    assert f'href="{reverse("accounts:signup")}{back}"' in html
    assert f'href="{reverse("login")}{back}"' in html
    for name in ("live", "poll"):
        answer = visitor.get(
            reverse(f"games:{name}", args=[table.pk]), {"token": table.invite_token}
        )
        assert answer.status_code == 200, name
    # Signed in with the link, they may sit.
    friend = make_user("friend")
    visitor.force_login(friend)
    visitor.post(reverse("games:sit", args=[table.pk]), {"seat": "2", "token": table.invite_token})
    assert table.seats.filter(user=friend, number=2).exists()
