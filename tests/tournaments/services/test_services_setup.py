"""Setting up: creating tournaments (from a night's checked-in players), entrants, late
entries, withdrawals, starting and finishing."""

import pytest

from core.choices import Game
from tournaments import selectors, services
from tournaments.models import Entrant, EntrantMember, Round, Tournament

from .conftest import check_in, play_round

pytestmark = pytest.mark.django_db


def test_pairs_come_from_the_nights_checked_in_players_in_check_in_order(
    club, director, night, players
):
    check_in(night, players[:5], guests=["Walk-in Wal"])
    tournament = services.tournament_create(
        director, club, name="Thursday Swiss", game=Game.FIVE_HUNDRED, format="swiss", night=night
    )
    entrants = list(selectors.entrant_list(tournament))
    assert [e.seed for e in entrants] == [1, 2, 3]
    assert [[m.name for m in e.members.all()] for e in entrants] == [
        ["P01", "P02"],
        ["P03", "P04"],
        ["P05", "Walk-in Wal"],
    ]
    assert entrants[0].name == "P01 & P02"
    guest = EntrantMember.objects.get(guest_name="Walk-in Wal")
    assert guest.user is None and guest.is_guest
    assert tournament.tiebreaks == ["buchholz", "sonneborn_berger", "points_difference"]


def test_a_progressive_takes_each_checked_in_player_as_an_entrant(club, director, night, players):
    check_in(night, players[:6], guests=["Gus"])
    tournament = services.tournament_create(
        director,
        club,
        name="Progressive",
        game=Game.FIVE_HUNDRED,
        format="progressive",
        night=night,
    )
    assert tournament.team_size == 1
    assert Entrant.objects.filter(tournament=tournament).count() == 7


def test_late_arrivals_are_added_from_the_night(club, director, night, players):
    check_in(night, players[:4])
    tournament = services.tournament_create(
        director, club, name="Prog", game=Game.FIVE_HUNDRED, format="progressive", night=night
    )
    services.tournament_start(director, tournament)
    check_in(night, [players[4]], guests=["Late Larry"])
    made = services.entrants_from_night(director, tournament)
    assert [e.name for e in made] == ["P05", "Late Larry"]
    assert all(e.late for e in made)
    assert services.entrants_from_night(director, tournament) == []  # nobody twice


def test_only_directors_create_tournaments(club, member, outsider):
    for person in (member, outsider, None):
        with pytest.raises(services.NotAllowed):
            services.tournament_create(
                person, club, name="Mine", game=Game.FIVE_HUNDRED, format="swiss"
            )


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": " "}, "name"),
        ({"game": "bridge"}, "game"),
        ({"format": "knockout"}, "format"),
        ({"play": "hands"}, "hand_limit"),
        ({"play": "hands", "hand_limit": 0}, "hand_limit"),
        ({"tiebreaks": ["buchholz", "coin_toss"]}, "tiebreaks"),
        ({"tiebreaks": ["buchholz", "buchholz"]}, "tiebreaks"),
        ({"options": {"target": 7}}, "target"),
        ({"options": {"no_such_option": 1}}, "options"),
        ({"rounds": 0}, "rounds"),
    ],
)
def test_bad_settings_are_refused_with_the_field(club, director, fields, field):
    values = {"name": "Cup", "game": Game.FIVE_HUNDRED, "format": "swiss", **fields}
    with pytest.raises(services.InvalidInput) as error:
        services.tournament_create(director, club, **values)
    assert error.value.field == field
    assert not Tournament.objects.exists()


def test_pitch_head_to_head_is_played_in_teams_of_two(club, director):
    with pytest.raises(services.InvalidInput, match="progressive"):
        services.tournament_create(
            director,
            club,
            name="P",
            game=Game.PITCH,
            format="swiss",
            options={"partnerships": False},
        )
    teams = services.tournament_create(director, club, name="P", game=Game.PITCH, format="swiss")
    assert teams.options == {"partnerships": True} and teams.team_size == 2
    solo = services.tournament_create(
        director, club, name="P", game=Game.PITCH, format="progressive"
    )
    assert solo.team_size == 1 and not solo.partnerships


def test_house_rules_give_the_options(club, director):
    from games.models import HouseRuleSet

    rules = HouseRuleSet.objects.create(
        name="Club rules", game=Game.FIVE_HUNDRED, options={"target": 300}, club=club
    )
    tournament = services.tournament_create(
        director,
        club,
        name="Cup",
        game=Game.FIVE_HUNDRED,
        format="swiss",
        house_rules=rules,
        options={"misere": False},
    )
    assert tournament.options == {"target": 300, "misere": False}
    assert tournament.play_label == "To 300 points"


def test_a_round_to_the_games_target_names_the_number(director, club):
    """Without a target option a round is played to the rules' own target, and says which
    (it said "To the game's target")."""
    five_hundred = services.tournament_create(
        director, club, name="Cup", game=Game.FIVE_HUNDRED, format="swiss"
    )
    pitch = services.tournament_create(
        director, club, name="Pitch", game=Game.PITCH, format="swiss"
    )
    assert (five_hundred.play_label, pitch.play_label) == ("To 500 points", "To 7 points")


def test_a_person_enters_once(make_tournament, director, players):
    tournament = make_tournament(2)
    with pytest.raises(services.AlreadyEntered):
        services.entrant_add(director, tournament, members=[players[0], players[10]])
    with pytest.raises(services.InvalidInput):
        services.entrant_add(director, tournament, members=[players[10], players[10]])
    with pytest.raises(services.InvalidInput):
        services.entrant_add(director, tournament, members=[players[10], players[11], "Gus"])


def test_start_needs_full_partnerships_and_two_entrants(make_tournament, director, players):
    tournament = make_tournament(1)
    with pytest.raises(services.Conflict, match="two entrants"):
        services.tournament_start(director, tournament)
    services.entrant_add(director, tournament, members=[players[5]])
    with pytest.raises(services.Conflict, match="second player"):
        services.tournament_start(director, tournament)
    alone = Entrant.objects.get(tournament=tournament, seed=2)
    services.entrant_update(director, alone, members=[players[5], "Guest Gail"])
    services.tournament_start(director, tournament)
    tournament.refresh_from_db()
    assert tournament.is_running and tournament.draw == selectors.entrant_ids(tournament)
    assert Round.objects.filter(tournament=tournament, number=1, status="draft").exists()


def test_late_entries_join_swiss_and_progressive_but_not_round_robin_or_brackets(
    make_tournament, director, players
):
    swiss = make_tournament(2, start=True)
    late = services.entrant_add(director, swiss, members=[players[10], players[11]])
    assert late.late and late.seed == 3
    with pytest.raises(services.InvalidInput, match="both partners"):
        services.entrant_add(director, swiss, members=[players[12]])
    for format in ("round_robin", "single_elimination"):
        Tournament.objects.all().delete()
        running = make_tournament(2, format=format, start=True)
        with pytest.raises(services.Conflict, match="late entries"):
            services.entrant_add(director, running, members=[players[10], players[11]])


def test_late_entrant_is_paired_from_the_next_round(make_tournament, director, players):
    tournament = make_tournament(3, start=True)
    play_round(tournament.round_set.get(number=1), director)
    late = services.entrant_add(director, tournament, members=[players[10], players[11]])
    round2 = services.tournament_pair_round(director, tournament)
    seated = {s.entrant_id for t in round2.tables.all() for s in t.seats.all()}
    assert late.pk in seated


def test_withdrawal_by_a_player_or_director_and_not_by_others(
    make_tournament, director, players, outsider
):
    tournament = make_tournament(4, start=True)
    first = Entrant.objects.get(tournament=tournament, seed=1)
    with pytest.raises(services.NotAllowed):
        services.entrant_withdraw(outsider, first)
    with pytest.raises(services.NotAllowed):
        services.entrant_withdraw(players[2], first)  # another entrant's player
    services.entrant_withdraw(players[1], first)  # its own player
    first.refresh_from_db()
    assert first.withdrawn and first.withdrawn_at
    with pytest.raises(services.Conflict):
        services.entrant_withdraw(director, first)
    with pytest.raises(services.NotAllowed):
        services.entrant_reinstate(players[1], first)
    services.entrant_reinstate(director, first)
    first.refresh_from_db()
    assert not first.withdrawn


def test_a_withdrawn_entrant_is_not_paired_again(make_tournament, director):
    tournament = make_tournament(4, start=True)
    play_round(tournament.round_set.get(number=1), director)
    gone = Entrant.objects.get(tournament=tournament, seed=4)
    services.entrant_withdraw(director, gone)
    round2 = services.tournament_pair_round(director, tournament)
    seated = {s.entrant_id for t in round2.tables.all() for s in t.seats.all()}
    byes = {b.entrant_id for b in round2.byes.all()}
    assert gone.pk not in seated | byes
    assert len(seated) == 2 and len(byes) == 1


def test_seeding_and_removal_before_the_start_only(make_tournament, director):
    tournament = make_tournament(3)
    ids = selectors.entrant_ids(tournament)
    services.entrants_reorder(director, tournament, list(reversed(ids)))
    assert selectors.entrant_ids(tournament) == list(reversed(ids))
    with pytest.raises(services.InvalidInput):
        services.entrants_reorder(director, tournament, ids[:2])
    services.entrant_remove(director, Entrant.objects.get(pk=ids[0]))
    services.tournament_start(director, tournament)
    with pytest.raises(services.WrongStatus):
        services.entrant_remove(director, Entrant.objects.get(pk=ids[1]))
    with pytest.raises(services.WrongStatus):
        services.entrants_reorder(director, tournament, ids[1:])


def test_moving_an_entrant_up_swaps_it_with_the_seed_above(make_tournament, director):
    tournament = make_tournament(3)
    first, second, third = selectors.entrant_ids(tournament)
    assert services.entrant_move_up(director, Entrant.objects.get(pk=third)) == 2
    assert selectors.entrant_ids(tournament) == [first, third, second]
    assert services.entrant_move_up(director, Entrant.objects.get(pk=first)) == 1
    assert selectors.entrant_ids(tournament) == [first, third, second]
    services.tournament_start(director, tournament)
    with pytest.raises(services.WrongStatus):
        services.entrant_move_up(director, Entrant.objects.get(pk=second))


def test_settings_fixed_once_running(make_tournament, director):
    tournament = make_tournament(2, start=True)
    with pytest.raises(services.WrongStatus):
        services.tournament_update(director, tournament, options={"target": 300})
    services.tournament_update(director, tournament, name="Renamed", tiebreaks=["wins"])
    tournament.refresh_from_db()
    assert tournament.name == "Renamed" and tournament.tiebreaks == ["wins"]
    with pytest.raises(services.WrongStatus):
        services.tournament_delete(director, tournament)


def test_finish_needs_every_round_played(make_tournament, director):
    tournament = make_tournament(4, start=True, rounds=1)
    round1 = tournament.round_set.get()
    with pytest.raises(services.Conflict, match="not published"):
        services.tournament_finish(director, tournament)
    services.round_publish(director, round1)
    with pytest.raises(services.Conflict, match="still has games"):
        services.tournament_finish(director, tournament)
    play_round(round1, director)
    with pytest.raises(services.Conflict, match="All 1 rounds"):
        services.tournament_pair_round(director, tournament)
    services.tournament_finish(director, tournament)
    tournament.refresh_from_db()
    round1.refresh_from_db()
    assert tournament.is_finished and round1.is_closed


def test_directors_replace_the_partnerships_all_at_once(make_tournament, director, players):
    tournament = make_tournament(4)
    a, b, c, d = players[:4]
    entrants = services.entrants_set_partnerships(
        director, tournament, [[a, c], [b, "Gwen (guest)"], [d]]
    )
    assert [[m.name for m in e.members.all()] for e in entrants] == [
        [a.shown_name, c.shown_name],
        [b.shown_name, "Gwen (guest)"],
        [d.shown_name],
    ]
    assert Entrant.objects.filter(tournament=tournament).count() == 3


def test_a_person_in_two_partnerships_changes_nothing(make_tournament, director, member, players):
    tournament = make_tournament(4)
    before = sorted(Entrant.objects.filter(tournament=tournament).values_list("pk", flat=True))
    a, b, c = players[:3]
    with pytest.raises(services.InvalidInput, match="two partnerships"):
        services.entrants_set_partnerships(director, tournament, [[a, b], [c, a]])
    with pytest.raises(services.InvalidInput):
        services.entrants_set_partnerships(director, tournament, [["Gwen", "Al"], ["gwen", "Bo"]])
    with pytest.raises(services.NotAllowed):
        services.entrants_set_partnerships(member, tournament, [[a, b]])
    after = sorted(Entrant.objects.filter(tournament=tournament).values_list("pk", flat=True))
    assert after == before
