"""Opening tables, house rules, seats, access and starting."""

import random

import pytest

from clubs.models import Club, Membership
from games import services
from games.demo import demo_table
from games.engines import five_hundred, pitch
from games.engines.deals import ALGORITHM, SeededShuffle, commitment
from games.errors import (
    Conflict,
    InvalidInput,
    NotAllowed,
    NotSeated,
    SeatTaken,
    TableStarted,
)
from games.models import HouseRuleSet, Table, TableHand


@pytest.fixture
def club(four):
    club = Club.objects.create(name="Wattle", slug="wattle", created_by=four[0])
    Membership.objects.create(club=club, user=four[0], role=Membership.Role.OWNER)
    Membership.objects.create(club=club, user=four[1], role=Membership.Role.MEMBER)
    return club


def test_create_with_options_and_defaults(four):
    table = services.table_create(
        four[0],
        game="five_hundred",
        players=4,
        options={"bidding": "one_round", "trick_points_cap": 490},
        name="Tuesday",
        hand_limit=8,
    )
    assert table.name == "Tuesday" and table.hand_limit == 8
    assert five_hundred.Options.from_dict(table.options) == five_hundred.Options(
        bidding="one_round", trick_points_cap=490
    )
    assert table.options["misere"] is True  # every option is stored, defaults included


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"game": "bridge", "players": 4}, "game"),
        ({"game": "pitch", "players": 2}, "players"),
        ({"game": "five_hundred", "players": 7}, "players"),
        ({"game": "pitch", "players": 4, "options": {"target": 10}}, "target"),
        ({"game": "pitch", "players": 4, "options": {"colour": "red"}}, "options"),
        ({"game": "pitch", "players": 3, "options": {"partnerships": True}}, "partnerships"),
        ({"game": "pitch", "players": 4, "bot_level": "genius"}, "bot_level"),
        ({"game": "pitch", "players": 4, "hand_limit": 0}, "hand_limit"),
        ({"game": "pitch", "players": 4, "seat": 4}, "seat"),
        ({"game": "pitch", "players": 4, "access": "club"}, "club"),
        ({"game": "pitch", "players": 4, "access": "friends"}, "access"),
    ],
)
def test_create_refuses_bad_input_with_the_field(four, fields, field):
    with pytest.raises(InvalidInput) as caught:
        services.table_create(four[0], **fields)
    assert caught.value.field == field
    assert caught.value.message
    assert not Table.objects.exists()


def test_create_needs_a_signed_in_member(four, club):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(NotAllowed):
        services.table_create(AnonymousUser(), game="pitch", players=4)
    with pytest.raises(NotAllowed, match="Only members of Wattle"):
        services.table_create(four[2], game="pitch", players=4, access="club", club=club)


def test_house_rules_are_saved_offered_and_used(four, club):
    rules = services.house_rules_create(
        four[0], name="Wattle rules", game="pitch", options={"target": 11, "min_bid": 2}, club=club
    )
    assert rules.options == {"target": 11, "min_bid": 2}
    with pytest.raises(NotAllowed):  # only directors offer rules for the club
        services.house_rules_create(four[1], name="Mine", game="pitch", options={}, club=club)
    with pytest.raises(InvalidInput):
        services.house_rules_create(four[1], name="Bad", game="pitch", options={"target": 8})
    # A member uses the club's rules, overriding one option.
    table = services.table_create(
        four[1], game="pitch", players=4, house_rules=rules, options={"low": "holder"}
    )
    assert pitch.Options.from_dict(table.options) == pitch.Options(
        target=11, min_bid=2, low="holder"
    )
    assert table.house_rules == rules
    with pytest.raises(NotAllowed):  # not a member of the club offering them
        services.table_create(four[2], game="pitch", players=4, house_rules=rules)
    with pytest.raises(InvalidInput):
        services.table_create(four[0], game="five_hundred", players=4, house_rules=rules)
    with pytest.raises(NotAllowed):
        services.house_rules_delete(four[2], rules)
    services.house_rules_delete(four[0], rules)
    assert not HouseRuleSet.objects.exists()


def test_sit_move_and_leave(four):
    table = services.table_create(four[0], game="pitch", players=4)
    services.table_sit(four[1], table, 2)
    with pytest.raises(SeatTaken, match="South is taken by East"):
        services.table_sit(four[2], table, 2)
    services.table_sit(four[1], table, 3)  # moves
    seats = {s.number: s.user for s in table.seats.all()}
    assert seats == {0: four[0], 1: None, 2: None, 3: four[1]}
    services.table_sit(four[1], table, 3)  # sitting where you sit changes nothing
    services.table_leave(four[1], table)
    assert table.seats.get(number=3).user is None
    with pytest.raises(NotSeated):
        services.table_leave(four[1], table)
    with pytest.raises(InvalidInput):
        services.table_sit(four[1], table, 9)
    table.refresh_from_db()
    assert table.is_waiting and table.version == 4  # created, sat, moved, left


def test_access_rules(four, club):
    club_table = services.table_create(four[0], game="pitch", players=4, access="club", club=club)
    services.table_sit(four[1], club_table, 1)
    with pytest.raises(NotAllowed, match="Only members of Wattle"):
        services.table_sit(four[2], club_table, 2)

    invite = services.table_create(four[0], game="pitch", players=4, access="invite")
    with pytest.raises(NotAllowed, match="invitation"):
        services.table_sit(four[2], invite, 2)
    with pytest.raises(NotAllowed):
        services.table_sit(four[2], invite, 2, token="wrong")
    services.table_sit(four[2], invite, 2, token=invite.invite_token)
    assert invite.seats.get(number=2).user == four[2]


def test_the_table_starts_when_the_last_seat_is_taken(four):
    table = services.table_create(four[0], game="five_hundred", players=4, seed=42)
    for n in (1, 2):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    assert table.is_waiting and table.hand_number == 0
    services.table_sit(four[3], table, 3)
    table.refresh_from_db()
    assert table.is_playing and table.hand_number == 1 and table.action_number == 0
    hand = TableHand.objects.get(table=table, number=1)
    # The first dealer comes from the table's seed; the deal from the hand's stored seed.
    assert hand.dealer == random.Random(42).randrange(4)
    seed = bytes.fromhex(hand.seed)
    again = five_hundred.Hand.new(4, five_hundred.Options(), hand.dealer, SeededShuffle(seed))
    assert again.deal_record() == {"dealer": hand.dealer, **hand.deal}
    assert hand.deal_algorithm == ALGORITHM and hand.commitment == commitment(seed)
    assert table.to_act == (hand.dealer + 1) % 4 and not table.bot_to_act
    with pytest.raises(TableStarted):
        services.table_sit(four[0], table, 1)
    with pytest.raises(Conflict, match="no bots"):
        services.table_leave(four[0], table)


def test_first_dealers_vary_with_the_seed(four):
    dealers = set()
    for seed in range(12):
        table = services.table_create(four[0], game="pitch", players=3, bot_level="easy", seed=seed)
        services.table_fill_with_bots(four[0], table)
        dealers.add(TableHand.objects.get(table=table, number=1).dealer)
    assert dealers == {0, 1, 2}


def test_fill_with_bots(four, django_capture_on_commit_callbacks):
    no_bots = services.table_create(four[0], game="pitch", players=4)
    with pytest.raises(Conflict, match="doesn't take bots"):
        services.table_fill_with_bots(four[0], no_bots)
    table = services.table_create(four[0], game="pitch", players=4, bot_level="club", seat=None)
    with pytest.raises(Conflict, match="Take a seat first"):
        services.table_fill_with_bots(four[0], table)
    services.table_sit(four[1], table, 2)
    with pytest.raises(NotAllowed):
        services.table_fill_with_bots(four[2], table)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_fill_with_bots(four[1], table)
    table.refresh_from_db()
    assert table.is_playing
    assert [s.bot_level for s in table.seats.all()] == ["club", "club", "", "club"]
    assert table.to_act == 2  # the bots have played up to the person


def test_leaving_mid_game_hands_the_seat_to_a_bot(four, django_capture_on_commit_callbacks):
    table = services.table_create(four[0], game="pitch", players=3, bot_level="easy", seed=9)
    services.table_sit(four[1], table, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_fill_with_bots(four[0], table)
    table.refresh_from_db()
    assert table.to_act in (0, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_leave(four[table.to_act], table)
    table.refresh_from_db()
    assert table.seats.filter(bot_level="easy").count() == 2
    assert table.to_act is not None and not table.bot_to_act  # the bot moved on to the person


def test_demo_table_is_idempotent(four, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        table = demo_table(four[0])
    assert table.is_demo and table.is_playing and table.game == "five_hundred"
    assert table.access == Table.Access.INVITE
    seats = list(table.seats.all())
    assert seats[0].user == four[0] and all(s.is_bot for s in seats[1:])
    assert demo_table(four[0]).pk == table.pk
    assert demo_table(four[1]).pk != table.pk
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert demo_table(four[0]).pk != table.pk


def test_a_quick_game_is_named_in_the_readers_language(four):
    """A quick game's table has no stored name: it is named in whoever reads it's language (it
    was "Demo: Ann and three bots" in English for everyone)."""
    from django.utils import translation

    table = demo_table(four[0])
    assert table.name == ""
    name = four[0].shown_name
    with translation.override("en"):
        assert str(table) == f"Quick game: {name} and three bots"
    with translation.override("pa"):
        punjabi = str(table)
    assert name in punjabi and "Quick game" not in punjabi and "three bots" not in punjabi


def test_seat_players_puts_people_and_bots_where_named_and_starts(four):
    table = services.table_create(
        four[0], game="five_hundred", players=4, bot_level="club", seat=None
    )
    services.table_seat_players(four[0], table, {0: four[2], 1: None, 2: four[1], 3: None})
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    seats = {s.number: s for s in table.seats.all()}
    assert seats[0].user == four[2] and seats[2].user == four[1]
    assert seats[1].user is None and seats[1].bot_level == "club"
    assert seats[3].user is None and seats[3].bot_level == "club"


def test_seat_players_refuses_strangers_missing_seats_and_bots_without_a_level(four):
    table = services.table_create(four[0], game="pitch", players=3, seat=None)
    with pytest.raises(NotAllowed):
        services.table_seat_players(four[1], table, {0: four[0], 1: four[1], 2: four[2]})
    with pytest.raises(InvalidInput):
        services.table_seat_players(four[0], table, {0: four[0], 1: four[1]})
    with pytest.raises(Conflict):
        services.table_seat_players(four[0], table, {0: four[0], 1: None, 2: four[2]})
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING
    assert not table.seats.filter(user__isnull=False).exists()
