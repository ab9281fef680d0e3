"""Helpers for the table pages' tests: tables with people at them, chosen deals, actions by
services, and the check that a page holds none of the cards it must not show."""

from __future__ import annotations

import html as html_lib
import random
import re
from typing import Any

from games import selectors, services, state
from games.models import Table, TableHand
from games.presenters import card_info

HTMX = {"HTTP_HX_REQUEST": "true"}


def full_table(users, game="five_hundred", players=4, **fields) -> Table:
    """A table with `users[0..players-1]` in seats 0.. (the game has started)."""
    table = services.table_create(users[0], game=game, players=players, **fields)
    for n in range(1, players):
        services.table_sit(users[n], table, n, token=table.invite_token)
    table.refresh_from_db()
    assert table.is_playing
    return table


def refreshed(table: Table) -> Table:
    table.refresh_from_db()
    return table


def view_of(user, table: Table) -> dict[str, Any]:
    return selectors.table_view_for(user, refreshed(table))["hand"]


def pick(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action record (three random cards for a discard), without its seat."""
    choice = dict(rng.choice(view["legal"]))
    if isinstance(choice.get("discard"), int):
        choice = {"discard": rng.sample(choice["from"], 3)}
    choice.pop("seat", None)
    return choice


def act(user, table: Table, record: dict[str, Any]):
    table.refresh_from_db()
    return services.table_act(user, table.pk, table.action_number, record)


def act_randomly(users_by_seat, table: Table, rng: random.Random, *, look=True):
    """Whoever is to act does a random legal thing (looking at their cards first)."""
    table.refresh_from_db()
    user = users_by_seat[table.to_act]
    if look and table.game == "five_hundred":
        services.table_look(user, table)
    return act(user, table, pick(view_of(user, table), rng))


def play_hand_with_contract(users, table: Table, rng: random.Random, call: str = "6S") -> None:
    """Play the current hand to its end: the first bidder bids `call`, everyone else passes (so
    the totals stay small), then random legal cards."""
    number = refreshed(table).hand_number
    first = True
    while refreshed(table).is_playing and table.hand_number == number:
        user = users[table.to_act]
        if table.game == "five_hundred":
            services.table_look(user, table)
        view = view_of(user, table)
        if view["phase"] == "auction":
            record = {"call": call if first else "pass"}
            first = False
        else:
            record = pick(view, rng)
        act(user, table, record)


def set_deal(table: Table, hands: list[list[str]], kitty: list[str] | None = None) -> None:
    """Replace the current hand's deal (before anyone has acted) with chosen cards."""
    table_hand = TableHand.objects.get(table=table, number=table.hand_number)
    assert not table_hand.actions.exists()
    deal = {"hands": hands}
    if kitty is not None:
        deal["kitty"] = kitty
    table_hand.deal = deal
    table_hand.save(update_fields=["deal"])
    state.forget_all()


def deal_giving(table: Table, wanted: dict[int, list[str]]) -> None:
    """Deal the current hand again so that each seat in `wanted` holds those cards (the rest of
    the pack is spread over the other places in order)."""
    table_hand = TableHand.objects.get(table=table, number=table.hand_number)
    deal = table_hand.deal
    pack = [c for h in deal["hands"] for c in h] + list(deal.get("kitty") or [])
    taken = {c for cards in wanted.values() for c in cards}
    rest = [c for c in pack if c not in taken]
    hands = []
    size = len(deal["hands"][0])
    for seat in range(table.players):
        cards = list(wanted.get(seat, []))
        while len(cards) < size:
            cards.append(rest.pop(0))
        hands.append(cards)
    kitty = rest[: len(deal.get("kitty") or [])] if deal.get("kitty") is not None else None
    set_deal(table, hands, kitty)


# What a page must not show ------------------------------------------------------------------------


def hidden_from(table: Table, seat: int | None) -> set[str]:
    """The cards `seat` (None: a spectator) must not see now: the other seats' unplayed cards,
    the kitty while it lies face down, and the contractor's discards (to everyone else), less
    what the rules lay face up (an open misère hand after the first trick)."""
    table.refresh_from_db()
    hand = state.current_hand(table)
    full = hand.full_view()
    players = table.players
    if table.game == "pitch":
        hands = full["hands_now"]
        out = {c for s in range(players) if s != seat for c in hands[s]}
        if full.get("pitched"):  # a pitched card lies face up while the dealer decides
            out.discard(full["pitched"]["card"])
        return out
    hands = full["hands_now"]
    out = {c for s in range(players) if s != seat for c in hands[s]}
    contract = full.get("contract")
    contractor = contract["seat"] if contract else None
    kitty = set(full.get("kitty") or [])
    if full["phase"] == "auction" or (contract and contract.get("sans_kitty")):
        out |= kitty
    elif seat != contractor:
        out |= set(full.get("discards") or [])
        if full["phase"] == "discard":
            out |= kitty
    exposed = full.get("exposed")
    if exposed:
        out -= set(exposed["cards"])
    if seat is not None and seat == contractor:
        out -= set(hands[seat])
    return out


_TAGS = re.compile(r"<[^>]+>")
_CALL_VALUES = re.compile(r'name="call" value="[^"]*"')


def card_forms(code: str) -> list[str]:
    """Every way the pages render a card: its data attribute, a form value, its name in words
    and, for a plain card, its rank and suit symbol as text."""
    info = card_info(code)
    forms = [f'data-card="{code}"', f'value="{code}"']
    if code != "JK":
        forms.append(info["name"])
    return forms


def text_of(page: str) -> str:
    return html_lib.unescape(_TAGS.sub("", page))


def leaks(page: str, hidden: set[str]) -> list[str]:
    """The forms of hidden cards that appear in the page (empty when there are none)."""
    markup = _CALL_VALUES.sub("", page)  # bids like 7H are calls, not cards
    text = text_of(page)
    found = []
    for code in sorted(hidden):
        for form in card_forms(code):
            if form in markup:
                found.append(f"{code}: {form.strip()}")
        if code != "JK":
            info = card_info(code)
            if re.search(rf"(?<![0-9]){re.escape(info['rank'] + info['symbol'])}", text):
                found.append(f"{code}: text {info['rank']}{info['symbol']}")
    return found


def shows(page: str, code: str) -> bool:
    """Whether the page renders this card (the positive control of the leak check)."""
    return f'data-card="{code}"' in page


# For page.wait_for_function(SETTLED, arg=version): the table's live part has been redrawn past
# `version` and htmx has finished settling it.
SETTLED = """v => {
  const t = document.querySelector('#table-live');
  return t && t.dataset.version !== v && !t.classList.contains('htmx-request')
    && !document.querySelector('.htmx-settling');
}"""
