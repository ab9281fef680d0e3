"""The table page: waiting for players, every step of a hand, actions as plain posts and htmx
posts (stale, illegal and refused ones too), the poll, leaving and coming back, permissions,
the end-of-hand summary and the end of the game."""

import html
import random
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import services
from games.engines.cards import parse_card
from games.models import Table, TableAction
from games.presenters import card_info

from .helpers import (
    HTMX,
    act,
    deal_giving,
    full_table,
    play_hand_with_contract,
    refreshed,
    shows,
    view_of,
)

pytestmark = pytest.mark.django_db


def url(name, table, *args):
    return reverse(f"games:{name}", args=[table.pk, *args])


def page_of(client, table, **extra) -> str:
    response = client.get(url("table", table), **extra)
    assert response.status_code == 200
    return response.content.decode()


def post_act(client, table, data, *, htmx=False, expected=None):
    table = refreshed(table)
    number = table.action_number if expected is None else expected
    return client.post(url("act", table), {"expected": number, **data}, **(HTMX if htmx else {}))


def snapshot(table):
    table = refreshed(table)
    return (table.action_number, table.version, TableAction.objects.filter(table=table).count())


def buttons(page: str) -> list[str]:
    return re.findall(r"<button[^>]*>.*?</button>", page, flags=re.S)


def button_for(page: str, label: str) -> str:
    found = [b for b in buttons(page) if f'aria-label="{label}"' in b]
    assert len(found) == 1, f"{label}: {len(found)} buttons"
    return found[0]


def is_fragment(page: str) -> bool:
    return 'id="table-live"' in page and "<html" not in page


def looked_table(users, game="five_hundred", **fields):
    table = full_table(users, game, **fields)
    if game == "five_hundred":
        for user in users:
            services.table_look(user, table)
    return refreshed(table)


def to_contract(users, table, call="6S"):
    """The first bidder bids `call`; everyone else passes (and the bidder passes the raise)."""
    contractor = refreshed(table).to_act
    act(users[contractor], table, {"call": call})
    while view_of(users[refreshed(table).to_act], table)["phase"] == "auction":
        act(users[table.to_act], table, {"call": "pass"})
    return contractor


# Waiting for players ---------------------------------------------------------------------------


def test_a_waiting_table_offers_seats_bots_and_leaving(four, client_for, client):
    table = services.table_create(four[0], game="five_hundred", players=4, bot_level="club")
    creator = page_of(client_for(four[0]), table)
    assert "Waiting for players: 3 free seats." in creator
    assert "Fill the empty seats with bots and start" in creator and "Leave my seat" in creator
    assert "Club player" in creator  # the bots' level, with its description
    visitor = page_of(client_for(four[1]), table)
    assert visitor.count("Take this seat") == 3 and "Fill the empty seats" not in visitor
    anonymous = page_of(client, table)
    assert "Log in to take a seat" in anonymous and "Take this seat" not in anonymous
    # Waiting on others: without JavaScript the page refreshes itself.
    assert '<noscript><meta http-equiv="refresh"' in creator
    assert f'hx-get="{url("poll", table)}?v={table.version}"' in creator


def test_taking_a_seat_with_htmx_answers_the_fragment(four, client_for):
    table = services.table_create(four[0], game="pitch", players=3)
    response = client_for(four[1]).post(url("sit", table), {"seat": "1"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and is_fragment(page)
    assert "You sat down at Seat 2." in page  # seat 1 of the record, counted from 0
    assert 'id="turn-announcer"' in page and 'hx-swap-oob="innerHTML"' in page
    assert table.seats.get(number=1).user == four[1]


def test_a_taken_seat_is_a_conflict_that_changes_nothing(four, client_for):
    table = services.table_create(four[0], game="pitch", players=3)
    before = snapshot(table)
    for extra in ({}, HTMX):
        response = client_for(four[1]).post(url("sit", table), {"seat": "0"}, **extra)
        assert response.status_code == 409
        assert "Seat 1 is taken by North." in response.content.decode()
    assert snapshot(table) == before


def test_filling_with_bots_starts_the_game(four, client_for):
    table = services.table_create(four[0], game="pitch", players=4, bot_level="easy")
    response = client_for(four[1]).post(url("start", table), **HTMX)
    assert response.status_code == 403  # not seated, didn't open it
    assert "Only the players at the table" in response.content.decode()
    response = client_for(four[0]).post(url("start", table), **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and is_fragment(page) and 'class="felt' in page
    assert refreshed(table).is_playing


def test_leaving_before_the_start_frees_the_seat(four, client_for):
    table = services.table_create(four[0], game="pitch", players=3)
    services.table_sit(four[1], table, 1)
    response = client_for(four[1]).post(url("leave", table))
    assert response.status_code == 302 and response["Location"] == reverse("games:lobby")
    assert table.seats.get(number=1).is_empty
    services.table_sit(four[1], table, 1)
    response = client_for(four[1]).post(url("leave", table), **HTMX)
    assert response["HX-Redirect"] == reverse("games:lobby")


# Who may see and join ------------------------------------------------------------------------


def test_a_club_table_is_for_its_members(club, client_for):
    table = services.table_create(club.director, game="pitch", players=3, access="club", club=club)
    outsider = client_for(club.outsider)
    assert outsider.get(url("table", table)).status_code == 404
    assert outsider.post(url("sit", table), {"seat": "1"}).status_code == 404
    assert outsider.get(url("live", table)).status_code == 404
    member = client_for(club.member)
    assert "Take this seat" in page_of(member, table)
    assert member.post(url("sit", table), {"seat": "1"}).status_code == 302
    assert table.seats.get(number=1).user == club.member


def test_an_invite_table_needs_its_link(four, client_for):
    table = services.table_create(four[0], game="pitch", players=3, access="invite")
    creator = page_of(client_for(four[0]), table)
    assert f"?token={table.invite_token}" in creator and "Invite link" in creator
    guest = client_for(four[1])
    assert guest.get(url("table", table)).status_code == 404
    assert guest.post(url("sit", table), {"seat": "1"}).status_code == 404
    page = guest.get(url("table", table), {"token": table.invite_token}).content.decode()
    assert f'name="token" value="{table.invite_token}"' in page
    response = guest.post(url("sit", table), {"seat": "1", "token": table.invite_token})
    assert response.status_code == 302 and table.seats.get(number=1).user == four[1]
    # Seated, the guest sees the table without the token; the link stays the creator's.
    assert "Invite link" not in page_of(guest, table)


# Playing: what the seat to act sees ------------------------------------------------------------


def test_the_hand_is_shown_sorted_with_symbols_and_colours(four, client_for):
    table = looked_table(four, seed=4)
    hand = view_of(four[1], table)["hand"]
    page = page_of(client_for(four[1]), table)
    positions = [page.index(f'data-card="{code}"') for code in hand]
    assert positions == sorted(positions)  # the engine's order: by suit, high to low
    for code in hand:
        colour = "joker" if code == "JK" else "red" if code[-1] in "HD" else "black"
        assert re.search(rf'class="card {colour}[^"]*" data-card="{code}"', page)
    assert "♥" in page or "♦" in page


def test_the_bidding_box_enables_only_the_legal_calls(four, client_for):
    table = looked_table(four, seed=4)
    seat = table.to_act
    legal = {e["call"] for e in view_of(four[seat], table)["legal"]}
    page = page_of(client_for(four[seat]), table)
    assert "Your turn: make a call." in page
    for call, label in (
        ("6S", "Bid six spades"),
        ("7H", "Bid seven hearts"),
        ("10NT", "Bid ten no-trumps"),
        ("misere", None),
        ("open_misere", None),
    ):
        button = (
            button_for(page, label)
            if label
            else next(b for b in buttons(page) if f'value="{call}"' in b)
        )
        assert (" disabled" not in button) == (call in legal), call
    assert "misere" not in legal  # misère needs a bid of seven first
    assert "Misère" in page and "Open misère" in page
    assert "Blind misère" not in page  # they have looked
    assert "Sans kitty" in page
    # Someone else's page has no bidding box, and says whose turn it is.
    other = page_of(client_for(four[(seat + 1) % 4]), table)
    assert 'class="bidding-box' not in other
    assert f"Waiting for {four[seat].shown_name} to bid." in other


def test_before_looking_a_player_may_bid_blind_misere(four, client_for):
    table = full_table(four, "five_hundred", seed=4)
    seat = table.to_act
    client = client_for(four[seat])
    page = page_of(client, table)
    assert "Your cards are face down" in page and 'data-card="' not in page
    # It promises what the rules do: the cards are shown after the auction, not never.
    assert "You see them once the auction is over" in page
    assert "without ever seeing" not in page
    assert " disabled" not in button_for(
        page, "Bid blind misère: misère without looking at your cards (500)"
    )
    response = client.post(url("look", table), **HTMX)
    page = response.content.decode()
    assert is_fragment(page) and "Blind misère" not in page
    assert all(shows(page, code) for code in view_of(four[seat], table)["hand"])


def test_blind_misere_can_be_bid_through_the_page(four, client_for):
    table = full_table(four, "five_hundred", seed=4)
    seat = table.to_act
    response = post_act(client_for(four[seat]), table, {"call": "blind_misere"})
    assert response.status_code == 302
    assert TableAction.objects.get(table=table).record == {"seat": seat, "call": "blind_misere"}


def test_a_plain_post_redirects_back_to_the_table(four, client_for):
    table = looked_table(four, seed=4)
    seat = table.to_act
    response = post_act(client_for(four[seat]), table, {"call": "7H"})
    assert response.status_code == 302 and response["Location"] == url("table", table)
    assert TableAction.objects.get(table=table).record == {"seat": seat, "call": "7H"}


def test_an_htmx_post_answers_the_new_fragment_at_once(four, client_for):
    table = looked_table(four, seed=4)
    seat = table.to_act
    response = post_act(client_for(four[seat]), table, {"call": "7H", "sans_kitty": "1"}, htmx=True)
    page = response.content.decode()
    assert response.status_code == 200 and is_fragment(page)
    assert 'aria-label="seven hearts sans kitty"' in page  # the auction shows the call
    assert f'data-version="{refreshed(table).version}"' in page
    assert TableAction.objects.get(table=table).record == {
        "seat": seat,
        "call": "7H",
        "sans_kitty": True,
    }


@pytest.mark.parametrize("htmx", [False, True])
def test_a_stale_post_is_a_409_with_the_fresh_table(four, client_for, htmx):
    table = looked_table(four, seed=4)
    seat = table.to_act
    act(four[seat], table, {"call": "pass"})
    before = snapshot(table)
    following = refreshed(table).to_act
    response = post_act(client_for(four[following]), table, {"call": "pass"}, htmx=htmx, expected=0)
    page = response.content.decode()
    assert response.status_code == 409 and snapshot(table) == before
    assert "The game has moved on" in page
    assert f'name="expected" value="{refreshed(table).action_number}"' in page
    assert is_fragment(page) == htmx


@pytest.mark.parametrize("htmx", [False, True])
def test_an_illegal_call_is_a_400_with_the_rules_reason(four, client_for, htmx):
    table = looked_table(four, seed=4)
    act(four[table.to_act], table, {"call": "7H"})
    before = snapshot(table)
    response = post_act(client_for(four[refreshed(table).to_act]), table, {"call": "6S"}, htmx=htmx)
    assert response.status_code == 400 and snapshot(table) == before
    assert 'class="message error" role="alert"' in response.content.decode()
    response = post_act(client_for(four[table.to_act]), table, {"play": "AS"}, htmx=htmx)
    assert response.status_code == 400 and snapshot(table) == before


def test_refused_posts_say_why(four, client_for, make_user, client):
    table = looked_table(four, seed=4)
    seat = table.to_act
    before = snapshot(table)
    not_yet = post_act(client_for(four[(seat + 1) % 4]), table, {"call": "pass"})
    assert not_yet.status_code == 409 and "It isn&#x27;t your turn" in not_yet.content.decode()
    watcher = post_act(client_for(make_user("watcher")), table, {"call": "pass"}, htmx=True)
    assert watcher.status_code == 403
    assert "You are not sitting at this table." in watcher.content.decode()
    nothing = post_act(client_for(four[seat]), table, {})
    assert nothing.status_code == 400 and "Choose one thing to do" in nothing.content.decode()
    no_number = client_for(four[seat]).post(url("act", table), {"call": "pass"})
    assert no_number.status_code == 400 and "action number" in no_number.content.decode()
    anonymous = post_act(client, table, {"call": "pass"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    anonymous = post_act(client, table, {"call": "pass"}, htmx=True)
    assert "/accounts/login/" in anonymous["HX-Redirect"]
    assert snapshot(table) == before


def test_the_discard_takes_exactly_three_cards(four, client_for):
    table = looked_table(four, seed=4)
    contractor = to_contract(four, table)
    client = client_for(four[contractor])
    view = view_of(four[contractor], table)
    page = page_of(client, table)
    assert "Discard three cards" in page and page.count('name="discard"') == 13
    for code in view["kitty"]:
        assert f'aria-label="Discard {card_info(code)["name"]} (from the kitty)"' in page
    before = snapshot(table)
    two = view["hand"][:2]
    response = post_act(client, table, {"discard": two}, htmx=True)
    page = response.content.decode()
    assert response.status_code == 400 and snapshot(table) == before
    assert "Choose exactly three cards to discard: you chose 2." in page
    for code in two:  # the choice is kept
        assert re.search(rf'value="{code}"[^>]*checked', page)
    response = post_act(client, table, {"discard": view["hand"][:3]})
    assert response.status_code == 302
    assert view_of(four[contractor], table)["phase"] == "play"


def test_only_legal_cards_can_be_played(four, client_for):
    table = looked_table(four, seed=4)
    contractor = to_contract(four, table)
    act(four[contractor], table, {"discard": view_of(four[contractor], table)["hand"][:3]})
    lead = view_of(four[contractor], table)["legal"][0]["play"]
    act(four[contractor], table, {"play": lead})
    seat = refreshed(table).to_act
    view = view_of(four[seat], table)
    legal = {e["play"] for e in view["legal"]}
    page = page_of(client_for(four[seat]), table)
    assert "Your turn: play a card" in page
    for code in view["hand"]:
        button = button_for(page, f"Play {card_info(code)['name']}")
        assert (" disabled" in button) == (code not in legal)
    assert len(legal) < len(view["hand"]) or legal == set(view["hand"])
    # The led card lies in the middle, by the seat that played it.
    assert re.search(
        rf'class="trick-card at-\w+"><span class="card [a-z]+" data-card="{lead}"', page
    )
    illegal = sorted(set(view["hand"]) - legal)
    if illegal:
        before = snapshot(table)
        response = post_act(client_for(four[seat]), table, {"play": illegal[0]}, htmx=True)
        assert response.status_code == 400 and snapshot(table) == before
        assert "must follow" in response.content.decode().lower()


def test_the_joker_steps_in_no_trumps(four, client_for):
    table = full_table(four, "five_hundred", seed=30)
    first = table.to_act
    deal_giving(table, {first: ["JK", "AS", "KS", "QS", "AC", "KC", "AD", "KD", "AH", "KH"]})
    for user in four:
        services.table_look(user, table)
    assert to_contract(four, table, "6NT") == first
    discard = [c for c in view_of(four[first], table)["hand"] if c != "JK"][-3:]
    act(four[first], table, {"discard": discard})
    client = client_for(four[first])
    page = page_of(client, table)
    assert "Name the Joker's suit (optional)" in page
    assert page.count('name="nominate"') == 4
    assert "Lead the Joker, naming its suit" in page
    assert page.count('aria-label="Lead the Joker as ') == 4  # no suit has been led yet
    # Clicking the Joker itself asks for the suit (nothing is played yet).
    before = snapshot(table)
    response = post_act(client, table, {"play": "JK"}, htmx=True)
    assert response.status_code == 200 and snapshot(table) == before
    assert 'class="choice-box is-prompt"' in response.content.decode()
    assert "To lead the Joker, choose the suit it leads as." in response.content.decode()
    assert "To lead the Joker" not in page  # only once the Joker is clicked
    response = post_act(client, table, {"play": "JK", "suit": "H"}, htmx=True)
    page = response.content.decode()
    assert response.status_code == 200 and "as hearts" in page
    assert TableAction.objects.filter(table=table).last().record == {
        "seat": first,
        "play": "JK",
        "suit": "H",
    }


def test_nominating_the_jokers_suit(four, client_for):
    table = full_table(four, "five_hundred", seed=30)
    first = table.to_act
    deal_giving(table, {first: ["JK", "AS", "KS", "QS", "AC", "KC", "AD", "KD", "AH", "KH"]})
    for user in four:
        services.table_look(user, table)
    to_contract(four, table, "6NT")
    act(
        four[first],
        table,
        {"discard": [c for c in view_of(four[first], table)["hand"] if c != "JK"][-3:]},
    )
    response = post_act(client_for(four[first]), table, {"nominate": "S"}, htmx=True)
    page = response.content.decode()
    assert response.status_code == 200 and "Joker is a spade" in page
    assert "Name the Joker" not in page and "Lead the Joker, naming" not in page


def test_five_players_call_a_partner(make_user, client_for):
    users = [make_user(f"p{n}") for n in range(5)]
    table = looked_table(users, players=5, seed=2)
    contractor = to_contract(users, table, "7H")
    act(users[contractor], table, {"discard": view_of(users[contractor], table)["hand"][:3]})
    client = client_for(users[contractor])
    page = page_of(client, table)
    assert "Call your partner" in page and "Your turn: call your partner&#x27;s card." in page
    assert page.count('name="call_partner"') == len(view_of(users[contractor], table)["legal"])
    assert 'value="JK"' not in page.split("partner-form")[1]
    response = post_act(client, table, {"call_partner": "AS"}, htmx=True)
    page = response.content.decode()
    assert response.status_code == 200 and "Partner:" in page and 'data-card="AS"' in page


def test_a_misere_partner_sits_out(four, client_for):
    table = looked_table(four, seed=3)
    contractor = to_contract(four, table, "open_misere")
    act(four[contractor], table, {"discard": view_of(four[contractor], table)["hand"][:3]})
    page = page_of(client_for(four[(contractor + 2) % 4]), table)
    assert 'class="chip out">sits out' in page


# Polling and the live fragment -----------------------------------------------------------------


def test_the_poll_answers_204_until_something_changes(
    four, client_for, django_assert_max_num_queries
):
    table = looked_table(four, seed=4)
    client = client_for(four[0])
    poll = url("poll", table)
    with django_assert_max_num_queries(3):
        response = client.get(poll, {"v": table.version}, **HTMX)
    assert response.status_code == 204 and not response.content
    act(four[table.to_act], table, {"call": "pass"})
    with django_assert_max_num_queries(3):
        response = client.get(poll, {"v": table.version}, **HTMX)
    assert response.status_code == 200 and response["HX-Trigger"] == "table-changed"
    assert client.get(reverse("games:poll", args=[99999]), {"v": 1}).status_code == 404


def test_the_live_fragment_is_the_part_that_changes(four, client_for):
    table = looked_table(four, seed=4)
    response = client_for(four[0]).get(url("live", table))
    page = response.content.decode()
    assert response.status_code == 200 and is_fragment(page)
    assert 'hx-trigger="table-changed from:body, sse:version"' in page
    assert f'hx-get="{url("live", table)}"' in page
    # The whole page listens to the table's stream, from outside the part that is swapped.
    whole = client_for(four[0]).get(url("table", table)).content.decode()
    stream = f'sse-connect="{reverse("games:events", args=[table.pk])}?v={table.version}"'
    assert stream in whole and stream not in page


def test_the_page_refreshes_itself_only_while_waiting_on_others(four, client_for):
    table = looked_table(four, seed=4)
    seat = table.to_act
    assert 'http-equiv="refresh"' not in page_of(client_for(four[seat]), table)
    assert 'http-equiv="refresh"' in page_of(client_for(four[(seat + 1) % 4]), table)


def test_whose_turn_it_is_is_highlighted_and_announced(four, client_for):
    table = looked_table(four, seed=4)
    seat = table.to_act
    page = page_of(client_for(four[seat]), table)
    assert page.count('aria-current="true"') == 1
    assert re.search(r'class="seat pos-b is-turn is-you"', page)
    announcer = re.search(
        r'<div id="turn-announcer"[^>]*aria-live="polite"[^>]*>([^<]*)</div>', page
    )
    assert announcer.group(1) == "Your turn: make a call."


def test_every_control_has_a_name(four, client_for):
    """Each button says what it does (its text or an aria-label), for screen readers."""
    table = looked_table(four, seed=4)
    contractor = to_contract(four, table)
    act(four[contractor], table, {"discard": view_of(four[contractor], table)["hand"][:3]})
    for seat in range(4):
        for page in (page_of(client_for(four[seat]), table),):
            for button in buttons(page):
                text = re.sub(r"<[^>]+>", "", button).strip()
                assert 'aria-label="' in button or text, button


# Leaving and coming back ----------------------------------------------------------------------


def test_a_player_comes_back_to_the_hand_as_it_stands(four, client_for):
    table = looked_table(four, seed=4)
    act(four[table.to_act], table, {"call": "7H"})
    hand = view_of(four[2], table)["hand"]
    fresh = Client()  # another browser, a new session
    fresh.login(username="south", password="correct-horse-9")
    page = page_of(fresh, table)
    assert all(shows(page, code) for code in hand)
    assert re.search(r'class="seat pos-b[^"]*is-you', page)
    assert "My tables" in fresh.get(reverse("games:lobby")).content.decode()


def test_leaving_mid_game_hands_the_seat_to_a_bot(four, client_for):
    table = looked_table(four, seed=4, bot_level="easy")
    client = client_for(four[3])
    assert "Leave and let a bot play" in page_of(client, table)
    response = client.post(url("leave", table), follow=True)
    assert "a bot plays your seat now" in response.content.decode()
    assert table.seats.get(number=3).bot_level == "easy"
    assert "Leave and let a bot play" not in page_of(client, table)


def test_a_table_without_bots_keeps_the_seat(four, client_for):
    table = looked_table(four, seed=4)
    page = page_of(client_for(four[3]), table)
    assert "no bots to take your seat" in page
    response = client_for(four[3]).post(url("leave", table))
    assert response.status_code == 409 and table.seats.get(number=3).user == four[3]


# The end of a hand and of the game -------------------------------------------------------------


def test_the_five_hundred_hand_summary_and_score_sheet(four, client_for):
    table = looked_table(four, seed=4)
    play_hand_with_contract(four, table, random.Random(1), call="6S")
    finished = table.hands.get(number=1)
    contractor = finished.result["contract"]["seat"]
    made = finished.scores[contractor] > 0
    page = page_of(client_for(four[0]), table)
    name = four[contractor].shown_name
    verb = "made" if made else "went down in"
    assert f"Hand 1: {name} {verb} 6 ♠ ({finished.scores[contractor]:+d})." in page
    summary = page.split('class="panel hand-result"')[1].split("</section>")[0]
    for side in ([0, 2], [1, 3]):
        assert f"{finished.scores[side[0]]:+d}" in summary
    assert url("hand_replay", table, 1) in summary and url("hand_record", table, 1) in summary
    sheet = page.split('class="panel score-sheet-panel"')[1].split("</section>")[0]
    assert ">made</span>" in sheet if made else ">down</span>" in sheet
    assert url("game_record", table) in sheet


def test_the_score_sheet_is_built_once_a_hand_and_language_and_follows_new_hands(
    four, client_for, monkeypatch
):
    """A long game's live fragment doesn't re-render every past hand: the sheet is cached per
    table, finished hands, labels and language, so a new hand or another language shows at once."""
    from games.presenters import table as table_presenter

    table = looked_table(four, seed=4)
    play_hand_with_contract(four, table, random.Random(1), call="6S")
    built = []
    real = table_presenter.score_sheet
    monkeypatch.setattr(table_presenter, "score_sheet", lambda *a: built.append(a) or real(*a))

    def sheet(client, **extra):
        response = client.get(url("live", table), **HTMX, **extra)
        assert response.status_code == 200
        return (
            response.content.decode()
            .split('class="panel score-sheet-panel"')[1]
            .split("</section>")[0]
        )

    north, east = client_for(four[0]), client_for(four[1])
    first = sheet(north)
    assert sheet(north) == first and sheet(east) == first and len(built) == 1
    assert first.count("<tr>") == 2  # the heading and hand 1

    east.cookies[settings.LANGUAGE_COOKIE_NAME] = "ms"
    malay = sheet(east)
    assert len(built) == 2 and malay != first
    assert "Kontrak" in malay and "Contract" not in malay

    play_hand_with_contract(four, table, random.Random(2), call="6S")
    second = sheet(north)
    assert len(built) == 3 and second.count("<tr>") == 3
    assert url("hand_replay", table, 2) in second


def test_the_pitch_hand_summary_names_high_low_jack_and_game(four, client_for):
    table = looked_table(four, "pitch", seed=7, options={"target": 21})
    play_hand_with_contract(four, table, random.Random(2), call="2")
    result = table.hands.get(number=1).result
    page = page_of(client_for(four[1]), table)
    summary = page.split('class="panel hand-result"')[1].split("</section>")[0]
    pitcher = four[result["contract"]["seat"]].shown_name
    verb = "made the bid" if result["contract"]["made"] else "was set back"
    assert f"{pitcher} bid 2 and {verb}" in summary
    for key, name in (("high", "High"), ("low", "Low"), ("jack", "Jack"), ("game", "Game")):
        winner = result["points"][key]
        who = four[winner].shown_name if winner is not None else "nobody"
        assert re.search(rf"<strong>{name}</strong>: (<span class=\"muted\">)?{who}", summary)


def test_a_thrown_in_hand_says_so(four, client_for):
    table = looked_table(four, seed=4)
    for _ in range(4):
        act(four[refreshed(table).to_act], table, {"call": "pass"})
    page = page_of(client_for(four[0]), table)
    assert "Everyone passed: the cards were thrown in and nobody scored." in page


def test_the_end_of_the_game(four, client_for):
    table = looked_table(four, seed=4, hand_limit=1)
    play_hand_with_contract(four, table, random.Random(3))
    table = refreshed(table)
    assert table.is_finished
    page = page_of(client_for(four[0]), table)
    winners = " and ".join(four[s].shown_name for s in table.winners)
    assert f"Game over: {winners} won" in page
    assert f"The game is over: {winners.replace(' and ', ' and ')} won." in page
    assert 'class="poller"' not in page and "refresh" not in page.split("</head>")[0]
    assert url("game_record", table) in page
    final = page.split('class="panel game-result"')[1].split("</section>")[0]
    for total in table.totals:
        assert f">{total}</td>" in final


def test_the_table_page_links_its_rules_and_speaks_urdu(four, client_for):
    table = looked_table(four, seed=4, hand_limit=1)
    client = client_for(four[0])
    page = page_of(client, table)
    lead = page.split('class="lead"')[1].split("</p>")[0]
    assert f'href="{reverse("rules", args=["five-hundred"])}"' in lead
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    page = page_of(client, table)
    assert 'dir="rtl"' in page and "پانچ سو" in page
    assert "Leave the table" not in page and "میز چھوڑیں" in page
    # A hand's number and scores stay left to right inside the Urdu (bidi-isolated cells).
    assert 'class="num"' in page


def test_an_unknown_table_is_a_404(client):
    assert client.get(reverse("games:table", args=[424242])).status_code == 404
    assert Table.objects.count() == 0


# Pitch: a called 4 ----------------------------------------------------------------------------


def test_after_a_called_4_the_page_says_who_passed_automatically(four, client_for):
    table = full_table(four, game="pitch", seed=1)
    caller = table.to_act
    response = post_act(client_for(four[caller]), table, {"call": "4"}, htmx=True)
    page = response.content.decode()
    assert response.status_code == 200
    table = refreshed(table)
    assert table.action_number == 4 and table.to_act == caller
    others = [(caller + i) % 4 for i in (1, 2, 3)]
    names = [four[s].display_name for s in others]
    line = re.search(r'<p class="small muted forced-passes">(.*?)</p>', page)
    assert line, "no forced-passes line"
    text = line.group(1)
    assert text.endswith("passed automatically: a 4 was called.")
    assert all(name in text for name in names)
    # Everyone else's page says the same.
    assert text in page_of(client_for(four[others[0]]), table)


def test_a_refused_pitch_action_shows_the_engines_reason(four, client_for):
    table = full_table(four, game="pitch", seed=1)
    seat = table.to_act
    mine = set(view_of(four[seat], table)["hand"])
    foreign = next(c for c in ("AS", "KS", "QS", "AH", "KH", "AD") if c not in mine)
    response = post_act(client_for(four[seat]), table, {"pitch": foreign}, htmx=True)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert f"You do not hold {parse_card(foreign).symbol}" in page
