"""The table's live region (#turn-announcer) says what just happened, then whose turn it is.

The live fragment is fetched with `since`, the action count of the table the page showed (the
fragment's hx-vals); the region then reads the moves made since, oldest first: "East bid seven
hearts.", "South played the ten of spades.", "South won the trick.", and whose turn it is now.
Only what the whole table may see: never a hand, the kitty or a discard. The reader's own moves
aren't read back to them; a long catch-up says how many moves there were and reads the last few.
"""

import html
import random
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games import services
from games.models import TableAction
from games.presenters import card_info, seat_labels
from games.presenters.announce import LATEST, MOST

from .helpers import HTMX, act, act_randomly, full_table, hidden_from, leaks, refreshed, view_of

pytestmark = pytest.mark.django_db

ANNOUNCER = re.compile(r'<div id="turn-announcer"[^>]*aria-live="polite"[^>]*>(.*?)</div>', re.S)


def announced(client, table, since=None) -> str:
    params = {} if since is None else {"since": since}
    response = client.get(reverse("games:live", args=[table.pk]), params, **HTMX)
    assert response.status_code == 200
    return html.unescape(ANNOUNCER.search(response.content.decode()).group(1)).strip()


def turn_line(client, table) -> str:
    page = client.get(reverse("games:live", args=[table.pk]), **HTMX).content.decode()
    found = re.search(r'id="turn-line">\s*<span>(.*?)</span>', page, re.S)
    return html.unescape(found.group(1))


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.:])\s+", text) if s]


def pitch_table(four):
    return full_table(four, game="pitch", seed=5)


def test_the_fragment_asks_with_the_action_count_it_shows(four, client_for):
    table = pitch_table(four)
    page = client_for(four[0]).get(reverse("games:live", args=[table.pk]), **HTMX)
    assert f'hx-vals=\'{{"since": "{table.action_number}"}}\'' in page.content.decode()


def test_a_bid_then_whose_turn_it_is(four, client_for):
    table = pitch_table(four)
    watcher = four[(table.to_act + 2) % 4]
    client = client_for(watcher)
    since = table.action_number
    bidder = table.to_act
    act(four[bidder], table, {"call": "2"})
    table = refreshed(table)
    text = announced(client, table, since)
    who = four[bidder].display_name
    assert text == f"{who} bid 2. {turn_line(client, table)}"
    # Without `since` (the page itself, or an old page), only whose turn it is.
    assert announced(client, table) == turn_line(client, table)


def test_cards_played_and_the_trick_won_are_read_out(four, client_for):
    table = pitch_table(four)
    rng = random.Random(2)

    def trick_to_lead(view):
        return view["phase"] == "play" and not (view["trick"] or {}).get("cards")

    while not trick_to_lead(view_of(four[0], table)):
        act_randomly(four, table, rng)
    # Watch one whole trick from a seat that plays in it too (its own card isn't read back).
    watcher = 0
    client = client_for(four[watcher])
    since = refreshed(table).action_number
    plays = []
    for _ in range(4):
        table.refresh_from_db()
        seat = table.to_act
        card = next(e["play"] for e in view_of(four[seat], table)["legal"] if "play" in e)
        act(four[seat], table, {"play": card})
        plays.append((seat, card))
    table = refreshed(table)
    view = view_of(four[watcher], table)
    winner = view["last_trick"]["winner"]
    labels = [u.display_name for u in four]
    expected = []
    for n, (seat, card) in enumerate(plays):
        if seat == watcher:
            continue
        verb = "led" if n == 0 else "played"
        expected.append(f"{labels[seat]} {verb} the {card_info(card)['name']}.")
    expected.append(f"{labels[winner]} won the trick.")
    text = announced(client, table, since)
    said = sentences(text)
    # At most MOST sentences of moves: here three plays by others and the trick.
    assert said[: len(expected)] == expected, text
    assert text.endswith(turn_line(client, table))


def test_a_long_catch_up_says_how_many_moves_and_reads_the_last_few(four, client_for, make_user):
    table = pitch_table(four)
    rng = random.Random(3)
    since = table.action_number
    for _ in range(9):
        act_randomly(four, table, rng)
    table = refreshed(table)
    spectator = client_for(make_user("watcher"))
    text = announced(spectator, table, since)
    said = sentences(text)
    assert said[0] == f"{table.action_number - since} moves; the latest:", text
    line = turn_line(spectator, table)
    assert text.endswith(line)
    moves = said[1:]
    moves = moves[: len(moves) - len(sentences(line))]
    assert 1 <= len(moves) <= LATEST, text
    # A short catch-up reads every move.
    last = TableAction.objects.filter(table=table).order_by("-number").first()
    short = announced(spectator, table, last.number - 1)
    assert not short.startswith(tuple(f"{n} moves" for n in range(20)))
    assert 1 <= len(sentences(short)) - len(sentences(line)) <= MOST


def test_a_discard_and_the_hands_are_never_read_out(four, client_for, make_user):
    """Through a whole hand of Five Hundred, at every move, what each seat and a spectator hear
    holds none of the cards that seat may not see: no hand, no kitty, no discard."""
    table = full_table(four, game="five_hundred", seed=9, hand_limit=1)
    for user in four:
        services.table_look(user, table)
    clients = {seat: client_for(four[seat]) for seat in range(4)}
    clients[None] = client_for(make_user("onlooker"))
    rng = random.Random(4)
    heard_discard = heard_card = False
    for _ in range(60):
        table = refreshed(table)
        if not table.is_playing or table.hand_number != 1:
            break
        since = table.action_number
        act_randomly(four, table, rng)
        table = refreshed(table)
        if table.hand_number != 1 or not table.is_playing:
            break
        for seat, client in clients.items():
            text = announced(client, table, since)
            assert leaks(text, hidden_from(table, seat)) == [], (seat, text)
            heard_discard |= "discarded 3 cards" in text
            heard_card |= " the " in text and " of " in text
    assert heard_discard and heard_card  # the check saw discards and cards played


def test_the_end_of_a_hand_is_read_out(four, client_for):
    table = pitch_table(four)
    rng = random.Random(6)
    client = client_for(four[0])
    since = None
    while refreshed(table).hand_number == 1:
        since = table.action_number
        act_randomly(four, table, rng)
    table = refreshed(table)
    text = announced(client, table, since)
    assert text.startswith("Hand 1: "), text


def test_read_out_in_the_readers_language(four, client_for):
    """In Urdu the sentence is the catalogue's (or English where it has none yet): the seat as
    the page names it and the card in Urdu words are there."""
    table = pitch_table(four)
    rng = random.Random(2)
    while view_of(four[0], table)["phase"] == "auction":
        act_randomly(four, table, rng)
    table = refreshed(table)
    seat = table.to_act
    watcher = (seat + 1) % 4
    client = client_for(four[watcher])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    since = table.action_number
    card = next(e["play"] for e in view_of(four[seat], table)["legal"] if "play" in e)
    act(four[seat], table, {"play": card})
    table = refreshed(table)
    text = announced(client, table, since)
    with translation.override("ur"):
        name = card_info(card)["name"]
    with translation.override("en"):
        english = card_info(card)["name"]
    assert name != english  # the catalogue names cards in Urdu
    assert four[seat].display_name in text and name in text, text
    assert english not in text
    assert text.endswith(turn_line(client, table))


def test_a_bot_is_named_as_the_page_names_it(make_user, client_for, monkeypatch):
    monkeypatch.setattr(services, "_enqueue_bot", lambda *args, **kwargs: None)
    solo = make_user("solo", display_name="Solo")
    table = services.table_create(solo, game="pitch", players=4, seat=0, seed=7, bot_level="easy")
    services.table_fill_with_bots(solo, table)
    table = refreshed(table)
    if not table.bot_to_act:
        act(solo, table, {"call": "pass"})
        table = refreshed(table)
    since, bot = table.action_number, table.to_act
    assert services.table_bot_move(table.pk, table.action_number)
    table = refreshed(table)
    text = announced(client_for(solo), table, since)
    from games import selectors

    labels = seat_labels(selectors.table_view_for(solo, table)["table"])
    assert labels[bot].endswith(" bot")
    assert text.startswith(f"{labels[bot]} "), text
