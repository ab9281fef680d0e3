"""No page or fragment shown to one seat holds another seat's hidden cards or the kitty.

Whole hands of four-player Five Hundred and Auction Pitch are played through the pages; at every
step each seat, a signed-in spectator and an anonymous visitor fetch the full table page, the
live fragment and the poll, and the acting seat's own answer to its post is
checked too. Each card is looked for in every form the pages render it in (`data-card`, a form
value, its name in words, rank and suit symbol as text): see `helpers.leaks`.
"""

import random

import pytest
from django.test import Client
from django.urls import reverse

from games import services

from .helpers import (
    HTMX,
    act,
    deal_giving,
    full_table,
    hidden_from,
    leaks,
    play_hand_with_contract,
    refreshed,
    shows,
    view_of,
)

pytestmark = pytest.mark.django_db


class Viewers:
    """Everyone who looks at the table: the four seats, a spectator and an anonymous visitor."""

    def __init__(self, users, spectator, client_for):
        self.clients = {seat: client_for(user) for seat, user in enumerate(users)}
        self.clients[None] = client_for(spectator)
        self.anonymous = Client()

    def pages(self, table, seat):
        client = self.clients[seat]
        out = []
        response = client.get(reverse("games:table", args=[table.pk]))
        assert response.status_code == 200
        out.append(("page", response.content.decode()))
        response = client.get(reverse("games:live", args=[table.pk]), **HTMX)
        out.append(("live (htmx)", response.content.decode()))
        response = client.get(reverse("games:poll", args=[table.pk]) + "?v=0")
        out.append(("poll", response.content.decode()))
        return out

    def check(self, table, where: str):
        """Every viewer's every view is free of what it must not show."""
        table = refreshed(table)
        for seat in [*range(table.players), None]:
            hidden = hidden_from(table, seat)
            for url, page in self.pages(table, seat):
                found = leaks(page, hidden)
                assert not found, f"{where}: seat {seat} sees {found} at {url}"
        hidden = hidden_from(table, None)
        page = self.anonymous.get(reverse("games:table", args=[table.pk])).content.decode()
        assert not leaks(page, hidden), f"{where}: an anonymous visitor sees cards"
        assert 'class="hand-cards' not in page


def post(viewers, table, seat, data):
    """The seat acts through the page (htmx); its own answer is checked like any view."""
    table = refreshed(table)
    response = viewers.clients[seat].post(
        reverse("games:act", args=[table.pk]), {"expected": table.action_number, **data}, **HTMX
    )
    assert response.status_code == 200, response.content.decode()[:500]
    page = response.content.decode()
    found = leaks(page, hidden_from(table, seat))
    assert not found, f"seat {seat}'s answer to {data} shows {found}"
    return page


def _form_data(record):
    data = dict(record)
    if "discard" in data:
        return {"discard": data["discard"]}
    return data


def test_five_hundred_every_view_in_every_phase(four, make_user, client_for):
    rng = random.Random(11)
    table = full_table(four, "five_hundred", hand_limit=1, seed=21)
    viewers = Viewers(four, make_user("watcher"), client_for)

    # Bidding, before anyone has looked: nobody's page shows any card, not even their own.
    viewers.check(table, "start")
    first = refreshed(table).to_act
    own = view_of(four[first], table)
    assert own["hand_hidden"] and own["hand"] is None
    page = viewers.clients[first].get(reverse("games:table", args=[table.pk])).content.decode()
    assert "Look at your cards" in page and 'data-card="' not in page

    # Everyone looks; the positive control: each seat's page shows its own cards.
    for seat in range(4):
        viewers.clients[seat].post(reverse("games:look", args=[table.pk]), **HTMX)
    for seat in range(4):
        page = viewers.clients[seat].get(reverse("games:table", args=[table.pk])).content.decode()
        for code in view_of(four[seat], table)["hand"]:
            assert shows(page, code)
    viewers.check(table, "bidding, cards seen")

    # The first bidder bids six spades, the others pass, the bidder passes the final raise.
    contractor = first
    post(viewers, table, contractor, {"call": "6S"})
    viewers.check(table, "bidding, one bid")
    while refreshed(table).hand_number == 1 and view_of(four[table.to_act], table)["phase"] == (
        "auction"
    ):
        post(viewers, table, table.to_act, {"call": "pass"})
        viewers.check(table, "bidding")

    # The discard: the contractor holds thirteen cards, the kitty marked; nobody else sees it.
    view = view_of(four[contractor], table)
    assert view["phase"] == "discard" and len(view["hand"]) == 13
    page = viewers.clients[contractor].get(reverse("games:table", args=[table.pk])).content
    for code in view["kitty"]:
        assert shows(page.decode(), code)
    viewers.check(table, "discard")
    post(viewers, table, contractor, {"discard": rng.sample(view["hand"], 3)})

    # Play to the end of the hand: every answer is checked, and every view after every third
    # card (so each position in a trick is seen).
    played = 0
    while refreshed(table).is_playing:
        seat = table.to_act
        view = view_of(four[seat], table)
        if played % 3 == 0:
            viewers.check(table, f"play, trick {view.get('tricks_played')}")
        played += 1
        record = dict(rng.choice(view["legal"]))
        record.pop("seat")
        post(viewers, table, seat, record)
    # The game (of one hand) is over: the finished table shows nobody's cards but their own.
    viewers.check(table, "game over")
    assert refreshed(table).is_finished


def test_five_hundred_views_after_a_hand_is_finished(four, make_user, client_for):
    """The next hand's bidding, with the last hand's summary and the score sheet showing."""
    rng = random.Random(5)
    table = full_table(four, "five_hundred", seed=8)
    viewers = Viewers(four, make_user("watcher"), client_for)
    play_hand_with_contract(four, table, rng)
    page = viewers.clients[0].get(reverse("games:table", args=[table.pk])).content.decode()
    assert "Hand 1:" in page and "Score sheet" in page
    viewers.check(table, "hand 2 dealt")
    for seat in range(4):
        services.table_look(four[seat], table)
    viewers.check(table, "hand 2, cards seen")


def test_open_misere_shows_the_contractors_cards_only_after_the_first_trick(
    four, make_user, client_for
):
    table = full_table(four, "five_hundred", seed=3)
    viewers = Viewers(four, make_user("watcher"), client_for)
    contractor = refreshed(table).to_act
    partner = (contractor + 2) % 4
    for seat in range(4):
        services.table_look(four[seat], table)
    post(viewers, table, contractor, {"call": "open_misere"})
    while view_of(four[table.to_act], table)["phase"] == "auction":
        post(viewers, table, table.to_act, {"call": "pass"})
    view = view_of(four[contractor], table)
    post(viewers, table, contractor, {"discard": view["hand"][:3]})
    viewers.check(table, "open misère, first trick")
    partner_page = viewers.clients[None].get(reverse("games:table", args=[table.pk])).content
    assert "sits out" in partner_page.decode()
    # Play the first trick (three cards: the partner sits out); with this deal the contractor
    # doesn't win it, so the misère goes on.
    cards_before = set(view_of(four[contractor], table)["hand"])
    for _ in range(3):
        seat = refreshed(table).to_act
        assert seat != partner
        record = dict(view_of(four[seat], table)["legal"][0])
        record.pop("seat")
        post(viewers, table, seat, record)
    table = refreshed(table)
    assert table.hand_number == 1 and view_of(four[0], table)["phase"] == "play"
    # The contractor's remaining cards are face up for everyone now.
    exposed = view_of(four[(contractor + 1) % 4], table)["exposed"]
    assert exposed["seat"] == contractor
    spectator_page = viewers.clients[None].get(reverse("games:table", args=[table.pk]))
    for code in exposed["cards"]:
        assert code in cards_before
        assert shows(spectator_page.content.decode(), code)
    viewers.check(table, "open misère, after trick one")


def test_pitch_every_view_in_every_phase(four, make_user, client_for):
    rng = random.Random(4)
    table = full_table(four, "pitch", hand_limit=1, seed=13)
    viewers = Viewers(four, make_user("watcher"), client_for)
    viewers.check(table, "start")
    for seat in range(4):
        page = viewers.clients[seat].get(reverse("games:table", args=[table.pk])).content.decode()
        for code in view_of(four[seat], table)["hand"]:
            assert shows(page, code)
    first = refreshed(table).to_act
    post(viewers, table, first, {"call": "2"})
    while view_of(four[refreshed(table).to_act], table)["phase"] == "auction":
        viewers.check(table, "bidding")
        post(viewers, table, table.to_act, {"call": "pass"})
    played = 0
    while refreshed(table).is_playing:
        if played % 3 == 0:
            viewers.check(table, "play")
        played += 1
        seat = table.to_act
        record = dict(rng.choice(view_of(four[seat], table)["legal"]))
        record.pop("seat")
        post(viewers, table, seat, record)
    viewers.check(table, "game over")


def test_pitch_views_after_a_hand_is_finished(four, make_user, client_for):
    rng = random.Random(9)
    table = full_table(four, "pitch", seed=2, options={"target": 21})
    viewers = Viewers(four, make_user("watcher"), client_for)
    while refreshed(table).hand_number == 1:
        seat = table.to_act
        record = dict(rng.choice(view_of(four[seat], table)["legal"]))
        record.pop("seat")
        act(four[seat], table, record)
    page = viewers.clients[2].get(reverse("games:table", args=[table.pk])).content.decode()
    assert "Hand 1:" in page
    viewers.check(table, "hand 2 dealt")


def test_a_pitched_card_is_public_but_the_rest_of_the_hand_is_not(four, make_user, client_for):
    table = full_table(four, "pitch", seed=6, options={"dealer_steal": "including_4"})
    viewers = Viewers(four, make_user("watcher"), client_for)
    first = refreshed(table).to_act
    card = view_of(four[first], table)["hand"][0]
    post(viewers, table, first, {"pitch": card})
    # The pitched card lies face up while the dealer decides whether to steal.
    spectator = viewers.clients[None].get(reverse("games:table", args=[table.pk])).content
    assert shows(spectator.decode(), card)
    viewers.check(table, "pitched")


def test_a_chosen_deal_keeps_the_kitty_hidden_until_the_contractor_takes_it(
    four, make_user, client_for
):
    """The kitty's three cards appear only on the contractor's page, and only from the discard."""
    table = full_table(four, "five_hundred", seed=30)
    first = refreshed(table).to_act
    deal_giving(table, {first: ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"]})
    viewers = Viewers(four, make_user("watcher"), client_for)
    for seat in range(4):
        services.table_look(four[seat], table)
    kitty = set(refreshed(table).hands.get(number=1).deal["kitty"])
    for seat in [*range(4), None]:
        page = viewers.clients[seat].get(reverse("games:table", args=[table.pk])).content.decode()
        assert not leaks(page, kitty)
    post(viewers, table, first, {"call": "10H"})
    while view_of(four[table.to_act], table)["phase"] == "auction":
        post(viewers, table, table.to_act, {"call": "pass"})
    page = viewers.clients[first].get(reverse("games:table", args=[table.pk])).content.decode()
    assert all(shows(page, code) for code in kitty)
    assert page.count("kitty</span>") == 3  # the three kitty cards are marked
    for seat in [s for s in range(4) if s != first] + [None]:
        page = viewers.clients[seat].get(reverse("games:table", args=[table.pk])).content.decode()
        assert not leaks(page, kitty)
