"""The table page on a phone (390×844), in real Chromium: long names wrap between words on the
seats, the bidding table's headers are whole at 6 and 7 players, a played card lies by the seat
that played it at every table size, and a new hand starts with the table in view.

Each test keeps its screenshots under var/test-artifacts/layout/<test>/ (printed).
"""

import pytest

from games import services

from .conftest import BROKEN_WORDS, drive, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Long names of ordinary words (no word is wider than a seat on a phone).
LONG_NAMES = [
    "Bartholomew Fairweather",
    "Maximiliana Wolfe-Hartley",
    "Christopher Montgomery",
    "Anastasia Konstantin",
    "Gwendolyn Throckmorton",
    "Fitzwilliam Abernathy",
    "Persephone Vanderbilt",
]


def people_table(make_user, game, players, names=None, **options):
    """A table of `players` people (no bots), started: seat 0 is the first person."""
    names = names or [f"Player {n}" for n in range(players)]
    users = [make_user(f"p{n}", display_name=names[n % len(names)]) for n in range(players)]
    table = services.table_create(users[0], game=game, players=players, seat=0, seed=7, **options)
    for n, user in enumerate(users[1:], start=1):
        services.table_sit(user, table, n)
    table.refresh_from_db()
    return table, users


def bots_table(make_user, game, players, **options):
    """A table of one person (seat 0) and bots, started."""
    user = make_user("solo", display_name="Solo")
    table = services.table_create(
        user, game=game, players=players, seat=0, seed=7, bot_level="easy", **options
    )
    services.table_fill_with_bots(user, table)
    table.refresh_from_db()
    return table, user


def open_table(page, live_server, user, table):
    sign_in(page, live_server, user)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.locator("#table-live .felt").wait_for()


@pytest.mark.parametrize("players", [4, 6])
def test_long_names_wrap_between_words_on_the_seats(
    live_server, phone, make_user, artifacts, players
):
    table, users = people_table(make_user, "five_hundred", players, LONG_NAMES)
    open_table(phone, live_server, users[0], table)
    artifacts(phone, f"seats-{players}")
    seats = phone.locator(".felt .seat")
    assert seats.count() == players
    for n in range(players):
        seat = seats.nth(n)
        broken = seat.locator(".seat-name").evaluate(BROKEN_WORDS)
        assert broken == [], f"seat {n}: {broken}"
        # The whole name is shown.
        name = seat.locator(".seat-label").inner_text()
        assert name in LONG_NAMES
    # Nothing spills out of the page sideways.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize(("game", "players"), [("pitch", 7), ("pitch", 6), ("five_hundred", 6)])
def test_bidding_headers_are_not_cut_off(live_server, phone, make_user, artifacts, game, players):
    table, user = bots_table(make_user, game, players)
    # Bots have bid up to the person in seat 0: the bidding table has every seat's column.
    open_table(phone, live_server, user, table)
    headers = phone.locator(".auction-table th")
    assert headers.count() == players
    headers.first.scroll_into_view_if_needed()
    artifacts(phone, f"bidding-{game}-{players}")
    for n in range(players):
        th = headers.nth(n)
        cut = th.evaluate(
            "el => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1"
        )
        assert not cut, f"header {n} ({th.text_content()}) is cut off"
        assert th.inner_text().strip() == th.get_attribute("title")
        assert th.evaluate(BROKEN_WORDS) == []


CENTRE = "el => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }"


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("five_hundred", 3),
        ("five_hundred", 4),
        ("five_hundred", 5),
        ("five_hundred", 6),
        ("pitch", 7),
    ],
)
@pytest.mark.parametrize("width", [390, 1200])
def test_a_played_card_lies_by_its_players_seat(
    live_server, phone, make_user, artifacts, game, players, width
):
    table, users = people_table(make_user, game, players)
    # Everyone but one has played to the trick.
    drive(
        table,
        lambda hand: len((hand.public_view().get("trick") or {}).get("cards") or []) == players - 1,
    )
    if width != 390:
        phone.set_viewport_size({"width": width, "height": 900})
    open_table(phone, live_server, users[0], table)
    artifacts(phone, f"trick-{game}-{players}-{width}")
    seats = {}
    for seat in phone.locator(".felt .seat").all():
        pos = next(c[4:] for c in seat.get_attribute("class").split() if c.startswith("pos-"))
        seats[pos] = seat.evaluate(CENTRE)
    middle_x, middle_y = phone.locator(".felt").evaluate(CENTRE)
    cards = phone.locator(".trick-card").all()
    assert len(cards) == players - 1
    for card in cards:
        pos = next(c[3:] for c in card.get_attribute("class").split() if c.startswith("at-"))
        x, y = card.locator(".card").evaluate(CENTRE)
        distance = {p: ((x - sx) ** 2 + (y - sy) ** 2) ** 0.5 for p, (sx, sy) in seats.items()}
        nearest = min(distance, key=distance.get)
        assert nearest == pos, f"the card played from {pos} is nearest {nearest}: {distance}"
        # …and on its seat's side of the middle of the felt, not in a column down the middle.
        if "l" in pos:
            assert x < middle_x - 10, f"the card from {pos} is not left of the middle"
        if "r" in pos:
            assert x > middle_x + 10, f"the card from {pos} is not right of the middle"
        if "t" in pos:
            assert y < middle_y - 10, f"the card from {pos} is not above the middle"
        if pos == "b":
            assert y > middle_y, f"the card from {pos} is not below the middle"


def test_a_new_hand_starts_with_the_table_in_view(live_server, phone, make_user, artifacts):
    """On a phone, playing the last card of a hand shows the next hand's table, not the last
    hand's summary above it with the table pushed below the fold."""
    table, user = bots_table(make_user, "five_hundred", 4, hand_limit=4)
    services.table_look(user, table)
    drive(table, lambda hand: hand.to_act == 0 and len(hand.view_for(0).get("hand") or []) == 1)
    open_table(phone, live_server, user, table)
    # The player looks at the table, then plays their last card from their hand below it.
    phone.evaluate(
        "window.scrollTo(0, document.querySelector('.felt').getBoundingClientRect().top + window.scrollY)"
    )
    card = phone.locator(".play-form button.card-button:not([disabled])")
    card.scroll_into_view_if_needed()
    artifacts(phone, "1-last-card", full_page=False)
    before = phone.locator("#table-live").get_attribute("data-version")
    card.click()
    phone.wait_for_function(
        "v => { const t = document.querySelector('#table-live');"
        " return t && t.dataset.version !== v && !t.classList.contains('htmx-request'); }",
        arg=before,
    )
    phone.locator("#hand-result-title").wait_for()
    phone.wait_for_timeout(300)
    artifacts(phone, "2-new-hand", full_page=False)
    artifacts(phone, "3-new-hand-whole-page")
    top = phone.locator(".felt").evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= top < 844 / 2, f"the table's top is at {top} px (the screen is 844 px high)"
    # The last hand's summary is still on the page, below the table.
    assert phone.locator(".hand-result").is_visible()
