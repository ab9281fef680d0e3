"""A page never offers what the service refuses: for one physical table, in each state of its
result (none, entered by one side, confirmed) and for each person (a player of either side, a
director away from the table, a club member at another table), every form the table page
offers is one the matching service accepts; and entering as a player and confirming are
offered exactly when the service would accept them. Both ask `tournaments.policies`."""

import pytest
from django.db import transaction
from django.urls import reverse

from tournaments import policies, services
from tournaments.models import Round, TableSeat

from .conftest import login


class _Undo(Exception):
    """Raised to roll a trial service call back."""


def accepted(call) -> bool:
    """Whether the service accepts `call()`; nothing it does is kept."""
    try:
        with transaction.atomic():
            call()
            raise _Undo
    except _Undo:
        return True
    except services.TournamentError:
        return False


def offered(client, tournament, table) -> dict[str, bool]:
    page = client.get(reverse("tournaments:table", args=[tournament.pk, table.pk]))
    body = page.content.decode()
    confirm_url = reverse("tournaments:result_confirm", args=[tournament.pk, table.pk])
    dispute_url = reverse("tournaments:result_dispute", args=[tournament.pk, table.pk])
    return {
        "player_enter": 'name="mode" value="player"' in body,
        "director_enter": 'name="mode" value="director"' in body,
        "correct": 'name="mode" value="correct"' in body,
        "confirm": f'action="{confirm_url}"' in body,
        "dispute": f'action="{dispute_url}"' in body,
    }


def trials(person, table) -> dict[str, object]:
    return {
        "player_enter": lambda: services.result_enter(person, table, scores=[500, 120]),
        "director_enter": lambda: services.result_enter(
            person, table, scores=[500, 120], reason="Scored at the desk."
        ),
        "correct": lambda: services.result_correct(
            person, table, scores=[500, 140], reason="Adding up was wrong."
        ),
        "confirm": lambda: services.result_confirm(person, table),
        "dispute": lambda: services.result_reject(person, table),
    }


@pytest.mark.parametrize("state", ["none", "pending", "confirmed"])
def test_the_table_page_offers_what_the_services_accept(
    client, published, director, checked_in, state
):
    round_ = Round.objects.get(tournament=published, number=1)
    table = round_.tables.order_by("number")[0]
    seats = {s.number: s.member.user for s in TableSeat.objects.filter(table=table)}
    side_0, side_1 = (seats[side[0]] for side in table.sides)
    elsewhere = TableSeat.objects.filter(table__round=round_).exclude(table=table).first()
    if state != "none":
        services.result_enter(side_0, table, scores=[500, 240])
    if state == "confirmed":
        services.result_confirm(side_1, table)
    people = {
        "side 0": side_0,
        "side 1": side_1,
        "director": director,
        "elsewhere": elsewhere.member.user,
    }
    for who, person in people.items():
        login(client, person)
        shown = offered(client, published, table)
        for action, call in trials(person, table).items():
            ok = accepted(call)
            if shown[action]:
                assert ok, f"{who} is offered {action} ({state}) but the service refuses it"
            if action in ("player_enter", "confirm") and who != "director":
                assert shown[action] == ok, f"{who}, {action}, {state}: page {shown[action]}"
        if who == "director":
            assert shown["confirm"] == accepted(trials(person, table)["confirm"])


def test_the_round_page_offers_swaps_exactly_while_the_service_takes_them(
    client, director, member, started
):
    round_ = Round.objects.get(tournament=started, number=1)
    page = reverse("tournaments:round", args=[started.pk, 1])
    table = round_.tables.order_by("number")[0]
    first, second = TableSeat.objects.filter(table=table, number__in=table.sides[0])  # partners
    for person, round_state in ((director, "draft"), (member, "draft"), (director, "published")):
        if round_state == "published":
            services.round_publish(director, round_)
            round_.refresh_from_db()
        login(client, person)
        shown = 'class="swap-form"' in client.get(page).content.decode()
        access = policies.tournament_access(person, started)
        ok = accepted(lambda p=person: services.round_swap_seats(p, round_, first, second))
        assert shown == ok == policies.may_change_seating(access, round_)
