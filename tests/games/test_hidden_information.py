"""No answer for one seat ever holds another seat's hidden cards or the kitty.

Four people play four-player Five Hundred and Pitch through the API. In every phase (bidding,
discard, play, a finished hand) every table endpoint is read as every seat (and as a spectator),
and every card in each answer is checked against the full deal: a seat may see its own cards,
cards played to tricks (and a pitched card), the kitty only as the contractor who picked it up,
and an open misère hand once it is exposed. Finished hands are shown face up, by design.
"""

import logging
import re

import pytest
from knox.models import AuthToken
from rest_framework.test import APIClient

from games import services
from games.models import Table, TableAction, TableHand

from .helpers import strings

CARD = re.compile(
    r"(?<![A-Za-z0-9])(?:10|1[1-3]|[2-9JQKA])[SCDH](?![A-Za-z0-9])|(?<![A-Za-z])JK(?![A-Za-z])"
)


def url(table_id, what=""):
    return f"/api/tables/{table_id}/{what + '/' if what else ''}"


@pytest.fixture
def table_and_clients(four):
    def make(game):
        table = services.table_create(four[0], game=game, players=4, seed=12)
        clients = []
        for n, user in enumerate(four):
            if n:
                services.table_sit(user, table, n)
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
            clients.append(client)
        table.refresh_from_db()
        return table, clients

    return make


def played_cards(table_hand):
    out = set()
    for record in TableAction.objects.filter(hand=table_hand).values_list("record", flat=True):
        for key in ("play", "pitch"):
            if key in record:
                out.add(record[key])
    return out


def hidden_from(table, seat, public_view):
    """The cards of the current hand that `seat` must not see now."""
    table_hand = TableHand.objects.get(table=table, number=table.hand_number)
    deal = table_hand.deal
    known = set(deal["hands"][seat]) | played_cards(table_hand)
    contract = public_view.get("contract")
    if contract and contract["seat"] == seat and table.game == "five_hundred":
        known |= set(deal["kitty"])  # the contractor picked the kitty up
    if public_view.get("exposed"):
        known |= set(public_view["exposed"]["cards"])
    everything = {c for hand in deal["hands"] for c in hand} | set(deal.get("kitty", []))
    return everything - known


def check_finished_part(data, table):
    """`last_hand`-style entries may show only cards played in that finished hand."""
    if data is None:
        return
    hand = TableHand.objects.get(table=table, number=data["number"])
    assert hand.finished
    assert strings(data["result"]) & CARDS_OF(hand) <= played_cards(hand)


def CARDS_OF(hand):
    deal = hand.deal
    return {c for h in deal["hands"] for c in h} | set(deal.get("kitty", []))


def check_everything(table, clients, spectator, actions=()):
    """Read every endpoint as every seat and as a spectator; check each answer."""
    table.refresh_from_db()
    public = spectator.get(url(table.pk, "state")).json()["hand"]
    current = TableHand.objects.get(table=table, number=table.hand_number)
    for seat, client in [*enumerate(clients), (None, spectator)]:
        hidden = (
            hidden_from(table, seat, public)
            if seat is not None
            else CARDS_OF(current)
            - played_cards(current)
            - set((public.get("exposed") or {}).get("cards", []))
        )
        answers = {
            "detail": client.get(url(table.pk)).json(),
            "legal": client.get(url(table.pk, "legal")).json(),
            "version": client.get(url(table.pk, "version")).json(),
            "list": client.get("/api/tables/?mine=1").json(),
        }
        state = client.get(url(table.pk, "state")).json()
        check_finished_part(state.pop("last_hand"), table)
        answers["state"] = state
        for name, answer in answers.items():
            leaked = strings(answer) & hidden
            assert not leaked, f"{name} for seat {seat} shows {sorted(leaked)}"
        if seat is not None:
            assert state["hand"]["seat"] == seat
        else:
            assert state["hand"]["hand"] is None and state["hand"]["legal"] == []
        for entry in client.get(url(table.pk, "hands")).json()["results"]:
            check_finished_part(entry, table)
        record = client.get(url(table.pk, f"hands/{table.hand_number}/record"))
        if not table.is_finished:
            assert record.status_code == 409  # the hand in play is never exported
            game = client.get(url(table.pk, "record"))
            if game.status_code == 200:
                assert len(game.json()["hands"]) == table.hand_number - 1
    for seat, answer in actions:
        answer = dict(answer)
        answer["state"] = dict(answer["state"])
        check_finished_part(answer["state"].pop("last_hand"), table)
        assert not strings(answer) & hidden_from(table, seat, public)


def act(table, clients, choose):
    """The seat to act acts through the API; returns (seat, the answer)."""
    table.refresh_from_db()
    seat = table.to_act
    client = clients[seat]
    state = client.get(url(table.pk, "state")).json()
    body = {"expected_action": state["table"]["action_number"], "action": choose(state["hand"])}
    response = client.post(url(table.pk, "act"), body, format="json")
    assert response.status_code == 200, response.content
    return seat, response.json()


def first_legal(view):
    choice = dict(view["legal"][0])
    if isinstance(choice.get("discard"), int):
        return {"seat": choice["seat"], "discard": choice["from"][:3]}
    return choice


@pytest.fixture
def no_cards_in_logs(caplog):
    caplog.set_level(logging.DEBUG)
    yield
    for record in caplog.records:
        message = record.getMessage()
        assert not CARD.search(message), f"a log line names a card: {message!r}"


def test_five_hundred_in_every_phase(table_and_clients, make_user, no_cards_in_logs):
    table, clients = table_and_clients("five_hundred")
    spectator = APIClient()
    spectator.force_authenticate(make_user("kibitzer"))
    # Bidding: before anyone looks, nobody's cards are shown (blind misère is open).
    check_everything(table, clients, spectator)
    looks = [c.post(url(table.pk, "look")).json() for c in clients]
    for answer in looks:
        assert len(answer["state"]["hand"]["hand"]) == 10
    check_everything(table, clients, spectator, list(enumerate(looks)))
    opener = table.to_act
    done = [act(table, clients, lambda v: {"call": "7H"})]
    check_everything(table, clients, spectator, done)
    # Everyone else passes; the opener declines the final raise: the discard.
    while True:
        table.refresh_from_db()
        view = clients[table.to_act].get(url(table.pk, "state")).json()["hand"]
        if view["phase"] != "auction":
            break
        done.append(act(table, clients, lambda v: {"call": "pass"}))
    assert view["phase"] == "discard" and view["seat"] == opener and len(view["kitty"]) == 3
    check_everything(table, clients, spectator, done[-2:])
    # Play: the discard, then some cards, mid-trick.
    done = [act(table, clients, first_legal) for _ in range(6)]
    check_everything(table, clients, spectator, done)
    # A finished hand: play it out; hand 2 is being bid.
    while TableHand.objects.get(table=table, number=1).finished is False:
        done = [act(table, clients, first_legal)]
    table.refresh_from_db()
    assert table.hand_number == 2
    check_everything(table, clients, spectator, done)
    record = clients[1].get(url(table.pk, "hands/1/record")).json()
    assert record["kitty"] == TableHand.objects.get(table=table, number=1).deal["kitty"]


def test_pitch_in_every_phase(table_and_clients, make_user, no_cards_in_logs):
    table, clients = table_and_clients("pitch")
    spectator = APIClient()  # anonymous
    check_everything(table, clients, spectator)
    done = [act(table, clients, lambda v: {"call": "2"})]
    check_everything(table, clients, spectator, done)
    while clients[0].get(url(table.pk, "state")).json()["hand"]["phase"] == "auction":
        done = [act(table, clients, lambda v: {"call": "pass"})]
    check_everything(table, clients, spectator, done)
    done = [act(table, clients, first_legal) for _ in range(6)]
    check_everything(table, clients, spectator, done)
    while not TableHand.objects.get(table=table, number=1).finished:
        done = [act(table, clients, first_legal)]
    check_everything(table, clients, spectator, done)
    assert Table.objects.get(pk=table.pk).hand_number == 2


def test_a_finished_game_shows_its_last_hand_face_up(four, django_capture_on_commit_callbacks):
    import random

    from .helpers import pick_well, play_until

    table = services.table_create(four[0], game="pitch", players=4, seed=5)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    play_until(four, table, random.Random(1), lambda t: t.is_finished, chooser=pick_well)
    client = APIClient()
    client.force_authenticate(four[2])
    record = client.get(url(table.pk, f"hands/{table.hand_number}/record"))
    assert record.status_code == 200
    assert (
        record.json()["hands"]
        == TableHand.objects.get(table=table, number=table.hand_number).deal["hands"]
    )
