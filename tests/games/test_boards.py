"""Boards (games/boards.py): dealing a set, tables that play boards, revealing and verifying,
and the auditable seeds of ordinary tables' hands."""

from __future__ import annotations

import random

import pytest

from games import boards, selectors, services
from games.engines import deals
from games.errors import InvalidInput
from games.models import Board, Table, TableHand
from tests.games.helpers import play_until

pytestmark = pytest.mark.django_db


def _seat_all(users, table):
    for n, user in enumerate(users):
        if n:
            services.table_sit(user, table, n)
    table.refresh_from_db()
    return table


def test_a_board_set_deals_every_board_from_its_own_seed(four):
    board_set = boards.board_set_create(
        game="five_hundred", players=4, count=6, created_by=four[0], name="Night 1"
    )
    rows = list(board_set.boards.order_by("number"))
    assert [b.number for b in rows] == [1, 2, 3, 4, 5, 6]
    assert [b.dealer for b in rows] == [0, 1, 2, 3, 0, 1]  # board n's dealer is (n - 1) % 4
    assert len({b.seed for b in rows}) == 6 and all(len(b.seed) == 64 for b in rows)
    for board in rows:
        assert board.commitment == deals.commitment(bytes.fromhex(board.seed))
        assert boards.board_verify(board) == []
        assert board.revealed_at is None and set(board.deal) == {"hands", "kitty"}


def test_tampering_with_a_stored_board_is_detected(four):
    board_set = boards.board_set_create(game="pitch", players=4, count=1)
    board = board_set.boards.get()
    hands = board.deal["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    assert boards.board_verify(board)
    board.refresh_from_db()
    board.seed = ("0" if board.seed[0] != "0" else "1") + board.seed[1:]
    assert "the seed does not match the commitment" in boards.board_verify(board)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"game": "bridge", "players": 4, "count": 2}, "game"),
        ({"game": "pitch", "players": 9, "count": 2}, "players"),
        ({"game": "pitch", "players": 4, "count": 0}, "count"),
        ({"game": "pitch", "players": 4, "count": 999}, "count"),
        ({"game": "pitch", "players": 4, "count": 2, "options": {"nope": 1}}, "options"),
    ],
)
def test_bad_board_sets_are_refused(kwargs, field):
    with pytest.raises(InvalidInput) as info:
        boards.board_set_create(**kwargs)
    assert info.value.field == field


def test_a_table_plays_its_boards_in_order_and_ends_after_the_last(four):
    board_set = boards.board_set_create(game="pitch", players=4, count=9)
    chosen = list(board_set.boards.filter(number__in=[3, 4, 5]).order_by("number"))
    table = services.table_create(
        four[0], game="pitch", players=4, boards=[b.pk for b in chosen], options={"target": 5}
    )
    assert table.table_boards == [b.pk for b in chosen] and table.hand_limit == 3
    assert table.options == board_set.options  # the board set's options, not the asker's
    _seat_all(four, table)
    play_until(four, table, random.Random(3), lambda t: t.is_finished)
    hands = list(TableHand.objects.filter(table=table).order_by("number"))
    assert len(hands) == 3
    for hand, board in zip(hands, chosen, strict=True):
        assert hand.board_id == board.pk
        assert hand.dealer == board.dealer and hand.deal == board.deal
        assert hand.commitment == board.commitment
    table.refresh_from_db()
    assert table.winners and table.totals == hands[-1].totals


def test_board_tables_are_hidden_from_everyone_else_until_revealed(four, make_user):
    board_set = boards.board_set_create(game="pitch", players=4, count=2)
    ids = list(board_set.boards.order_by("number").values_list("pk", flat=True))
    table = services.table_create(four[0], game="pitch", players=4, boards=ids, seat=None)
    assert table.boards_hidden
    outsider = make_user("Outsider")
    assert selectors.may_view(outsider, table)  # waiting: nothing is dealt yet
    for n, user in enumerate(four):
        services.table_sit(user, table, n)
    table.refresh_from_db()
    assert table.is_playing
    assert not selectors.may_view(outsider, table)
    assert table.pk not in set(
        Table.objects.filter(selectors.viewable_by(outsider)).values_list("pk", flat=True)
    )
    assert selectors.may_view(four[1], table)
    boards.board_set_reveal(board_set.pk, numbers=[1])
    table.refresh_from_db()
    assert table.boards_hidden and not selectors.may_view(outsider, table)
    revealed = boards.board_set_reveal(board_set.pk)
    assert [b.number for b in revealed] == [2]
    table.refresh_from_db()
    assert not table.boards_hidden and selectors.may_view(outsider, table)
    assert boards.board_set_reveal(board_set.pk) == []  # twice changes nothing


def test_a_table_refuses_boards_of_another_game_or_set(four):
    pitch_set = boards.board_set_create(game="pitch", players=4, count=2)
    other = boards.board_set_create(game="pitch", players=4, count=2)
    ids = list(Board.objects.filter(board_set=pitch_set).values_list("pk", flat=True))
    with pytest.raises(InvalidInput):
        services.table_create(four[0], game="five_hundred", players=4, boards=ids)
    with pytest.raises(InvalidInput):
        services.table_create(four[0], game="pitch", players=3, boards=ids)
    mixed = [ids[0], other.boards.first().pk]
    with pytest.raises(InvalidInput):
        services.table_create(four[0], game="pitch", players=4, boards=mixed)
    with pytest.raises(InvalidInput):
        services.table_create(four[0], game="pitch", players=4, boards=[ids[0], ids[0]])
    with pytest.raises(InvalidInput):
        services.table_create(four[0], game="pitch", players=4, boards=[10**9])


def test_every_table_hand_is_auditable(four):
    table = services.table_create(four[0], game="five_hundred", players=4)
    _seat_all(four, table)
    hand = TableHand.objects.get(table=table, number=1)
    assert hand.deal_algorithm == deals.ALGORITHM and len(hand.seed) == 64
    assert boards.table_hand_verify(hand) == []
    # Fresh seeds: two tables never share one.
    assert TableHand.objects.filter(seed=hand.seed).count() == 1


def test_a_fixed_table_seed_fixes_the_deals(four, make_user):
    a = services.table_create(four[0], game="pitch", players=4, seed=11)
    _seat_all(four, a)
    first = TableHand.objects.get(table=a, number=1)
    b = services.table_create(make_user("Other"), game="pitch", players=4, seed=11, seat=None)
    assert b.seeded
    assert boards.deal_table_hand(b, 1, first.dealer)[1]["seed"] == first.seed


def test_legacy_hands_say_they_cannot_be_audited(four):
    table = services.table_create(four[0], game="pitch", players=4)
    _seat_all(four, table)
    hand = TableHand.objects.get(table=table, number=1)
    hand.deal_algorithm = deals.LEGACY
    assert boards.table_hand_verify(hand)
