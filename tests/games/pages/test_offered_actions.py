"""The table page offers a control exactly when the service would accept it: for each state of a
table and each kind of visitor, the buttons on the page (sit, leave, start with bots, look, act)
are the actions `games.services` accepts, tried one by one and rolled back."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.test import Client

from games import selectors, services
from games.errors import GameError
from games.models import Table

from .helpers import pick, refreshed

ACTIONS = ("sit", "leave", "start", "look", "act")


class Undo(Exception):
    pass


def offered(client: Client, table: Table) -> set[str]:
    """The actions whose forms the table page shows."""
    page = client.get(table.get_absolute_url()).content.decode()
    found = set()
    for name in ACTIONS:
        if re.search(rf'action="/tables/{table.pk}/{name}/"', page):
            found.add(name)
    return found


def _try(user, table: Table, name: str) -> bool:
    table = refreshed(table)
    if name == "sit":
        free = [s.number for s in selectors.table_seats(table) if s.is_empty]
        services.table_sit(user, table, free[0] if free else 0)
        return True
    if name == "leave":
        services.table_leave(user, table)
        return True
    if name == "start":
        services.table_fill_with_bots(user, table)
        return True
    if name == "look":
        return services.table_look(user, table)  # False: nothing to turn over
    view = selectors.table_view_for(user, table)["hand"] or {}
    record = pick(view, random.Random(1)) if view.get("legal") else {"call": "pass"}
    services.table_act(user, table.pk, table.action_number, record)
    return True


def accepted(user, table: Table) -> set[str]:
    """The actions the services accept from `user` now (each undone after)."""
    found = set()
    for name in ACTIONS:
        try:
            with transaction.atomic():
                if _try(user, table, name):
                    found.add(name)
                raise Undo
        except (Undo, GameError):
            pass
    return found


def _table(four, state: str, game: str) -> Table:
    creator = four[0]
    bots = "" if state.endswith("no_bots") else "club"
    seat = None if state.startswith("empty") else 0
    table = services.table_create(creator, game=game, players=4, seat=seat, seed=3, bot_level=bots)
    if state.startswith("playing"):
        for n in (1, 2, 3):
            services.table_sit(four[n], table, n)
    if state == "finished":
        services.table_fill_with_bots(creator, table)
        Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, to_act=None)
    return refreshed(table)


STATES = [
    ("empty", "five_hundred"),
    ("waiting", "pitch"),
    ("waiting_no_bots", "five_hundred"),
    ("playing", "five_hundred"),
    ("playing", "pitch"),
    ("playing_no_bots", "five_hundred"),
    ("finished", "pitch"),
]


# Some of the answers, spelled out (so the comparison can't pass by finding nothing anywhere).
EXPECTED = {
    ("empty", "five_hundred", "creator"): {"sit"},
    ("waiting", "pitch", "creator"): {"sit", "leave", "start"},
    ("waiting_no_bots", "five_hundred", "creator"): {"sit", "leave"},
    ("playing", "five_hundred", "to_act"): {"act", "look", "leave"},
    ("playing", "pitch", "to_act"): {"act", "leave"},
    ("playing_no_bots", "five_hundred", "seated"): {"look"},
    ("finished", "pitch", "creator"): set(),
}


@pytest.mark.parametrize(("state", "game"), STATES)
def test_the_page_offers_exactly_what_the_services_accept(four, make_user, state, game):
    table = _table(four, state, game)
    stranger = make_user("stranger")
    to_act = table.to_act
    visitors = {"creator": four[0], "seated": four[1], "stranger": stranger}
    if to_act is not None:
        visitors["to_act"] = four[to_act]
    for who, user in visitors.items():
        client = Client()
        client.force_login(user)
        shown = offered(client, table)
        assert shown == accepted(user, table), (state, game, who)
        if (state, game, who) in EXPECTED:
            assert shown == EXPECTED[state, game, who]
    anonymous = offered(Client(), table)
    assert anonymous == set() == accepted(AnonymousUser(), table)


def test_a_seated_player_at_an_invite_table_may_move_without_the_token(four):
    """The service lets a seated player move seats without the invite token; the page used to
    hide the "Move here" buttons from them."""
    table = services.table_create(four[0], game="pitch", players=4, access="invite", seat=None)
    services.table_sit(four[1], table, 1, token=table.invite_token)
    client = Client()
    client.force_login(four[1])
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Move here" in page
    services.table_sit(four[1], table, 2)
    assert selectors.seat_of(four[1], refreshed(table)).number == 2
