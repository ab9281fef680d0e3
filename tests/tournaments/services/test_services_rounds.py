"""Rounds through the services: pairing every format, swaps, publishing, closing, my table."""

from itertools import combinations

import pytest

from core.choices import Game
from tournaments import selectors, services
from tournaments.models import Bye, Entrant, Round, TableSeat, Tournament

from .conftest import play_round

pytestmark = pytest.mark.django_db


def pairs_of(round_):
    out = []
    for table in round_.tables.order_by("number"):
        entrants = selectors.side_entrants(table)
        out.append(tuple(side[0].pk for side in entrants))
    return out


def seeds(tournament):
    return {e.seed: e.pk for e in Entrant.objects.filter(tournament=tournament)}


def test_swiss_pairs_round_two_by_the_standings(make_tournament, director):
    tournament = make_tournament(8, start=True)
    s = seeds(tournament)
    round1 = tournament.round_set.get(number=1)
    assert pairs_of(round1) == [(s[1], s[2]), (s[3], s[4]), (s[5], s[6]), (s[7], s[8])]
    play_round(round1, director)  # seeds 1, 3, 5, 7 win
    round2 = services.tournament_pair_round(director, tournament)
    assert round2.number == 2 and round2.is_draft
    round1.refresh_from_db()
    assert round1.is_closed  # closed on the way, now that every game is over
    winners = {s[1], s[3], s[5], s[7]}
    for first, second in pairs_of(round2):
        assert (first in winners) == (second in winners)  # score groups meet
    met = set(map(frozenset, pairs_of(round1)))
    assert not met & set(map(frozenset, pairs_of(round2)))  # no rematch


def test_swiss_bye_goes_to_the_lowest_without_one(make_tournament, director):
    tournament = make_tournament(5, start=True)
    s = seeds(tournament)
    round1 = tournament.round_set.get(number=1)
    assert [b.entrant_id for b in round1.byes.all()] == [s[5]]
    play_round(round1, director)
    round2 = services.tournament_pair_round(director, tournament)
    (bye,) = round2.byes.all()
    assert bye.entrant_id != s[5]


def test_round_robin_meets_everyone_once(make_tournament, director):
    tournament = make_tournament(4, format="round_robin", start=True)
    met = []
    for number in (1, 2, 3):
        round_ = Round.objects.get(tournament=tournament, number=number)
        met.extend(frozenset(p) for p in pairs_of(round_))
        play_round(round_, director)
        if number < 3:
            services.tournament_pair_round(director, tournament)
    assert sorted(map(sorted, met)) == sorted(
        sorted(p) for p in combinations(seeds(tournament).values(), 2)
    )
    with pytest.raises(services.Conflict, match="All 3 rounds"):
        services.tournament_pair_round(director, tournament)


def test_round_robin_gives_a_bye_against_a_withdrawn_entrant(make_tournament, director):
    tournament = make_tournament(4, format="round_robin", start=True)
    play_round(tournament.round_set.get(number=1), director)
    gone = Entrant.objects.get(tournament=tournament, seed=2)
    services.entrant_withdraw(director, gone)
    round2 = services.tournament_pair_round(director, tournament)
    assert len(pairs_of(round2)) == 1
    (bye,) = Bye.objects.filter(round=round2)
    assert bye.entrant_id not in pairs_of(round2)[0]


def test_single_elimination_advances_winners_to_a_champion(
    make_tournament, director, django_capture_on_commit_callbacks
):
    tournament = make_tournament(4, format="single_elimination", start=True)
    s = seeds(tournament)
    round1 = tournament.round_set.get(number=1)
    assert round1.is_published  # a bracket's matches are drawn and published at once
    assert pairs_of(round1) == [(s[1], s[4]), (s[2], s[3])]
    t1, t2 = round1.tables.order_by("number")
    services.result_enter(director, t1, scores=[500, 100])
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    services.result_enter(director, t2, scores=[120, 510])  # seed 3 wins
    final = Round.objects.get(tournament=tournament, number=2)
    round1.refresh_from_db()
    assert round1.is_closed and pairs_of(final) == [(s[1], s[3])]
    with django_capture_on_commit_callbacks(execute=True):  # the standings task
        services.result_enter(director, final.tables.get(), scores=[200, 500])
    tournament.refresh_from_db()
    assert tournament.is_finished and tournament.champion_id == s[3]
    data = selectors.bracket(tournament)
    assert data["champion"]["id"] == s[3] and data["finished"]


def test_brackets_with_byes_number_rounds_without_gaps(make_tournament, director):
    tournament = make_tournament(5, format="single_elimination", start=True)
    s = seeds(tournament)
    round1 = tournament.round_set.get(number=1)
    assert pairs_of(round1) == [(s[4], s[5])]
    round2 = tournament.round_set.get(number=2)  # 2 v 3 is ready: both had byes
    assert pairs_of(round2) == [(s[2], s[3])]
    services.result_enter(director, round1.tables.get(), scores=[100, 500])
    assert sorted(pairs_of(round2)) == sorted([(s[2], s[3]), (s[1], s[5])])


def test_bracket_matches_played_at_once_are_at_different_tables(make_tournament, director):
    """Round 1's 4 v 5 and round 2's 2 v 3 (both had byes) play at the same time: they are
    sent to different tables. A table is used again once its match is over."""
    tournament = make_tournament(5, format="single_elimination", start=True)
    round1 = tournament.round_set.get(number=1)
    round2 = tournament.round_set.get(number=2)
    assert round1.tables.get().number == 1 and round2.tables.get().number == 2
    services.result_enter(director, round1.tables.get(), scores=[100, 500])
    numbers = dict(round2.tables.values_list("bracket_match", "number"))
    assert sorted(numbers.values()) == [1, 2]  # 1 v 5 takes table 1, free again


def test_a_bracket_needs_a_winner(make_tournament, director):
    tournament = make_tournament(2, format="single_elimination", start=True)
    table = tournament.tables.get()
    with pytest.raises(services.InvalidInput, match="one winner"):
        services.result_enter(director, table, scores=[300, 300])
    services.result_enter(director, table, scores=[300, 300], winners=[1])
    tournament.refresh_from_db()
    assert tournament.champion_id == seeds(tournament)[2]


def test_double_elimination_runs_to_the_grand_final(make_tournament, director):
    tournament = make_tournament(4, format="double_elimination", start=True)
    s = seeds(tournament)
    for _ in range(10):  # the first-listed side always wins, until the bracket is done
        tournament.refresh_from_db()
        if tournament.is_finished:
            break
        table = next(
            t
            for t in tournament.tables.order_by("round__number", "number")
            if not hasattr(t, "result")
        )
        services.result_enter(director, table, scores=[500, 0])
    tournament.refresh_from_db()
    assert tournament.is_finished and tournament.champion_id == s[1]
    matches = set(tournament.tables.values_list("bracket_match", flat=True))
    assert {"W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF1"} == matches  # no reset needed


def test_withdrawal_forfeits_a_bracket_match(make_tournament, director):
    tournament = make_tournament(4, format="single_elimination", start=True)
    s = seeds(tournament)
    services.entrant_withdraw(director, Entrant.objects.get(pk=s[4]))
    table = tournament.tables.get(bracket_match="R1-1")
    assert table.result.source == "forfeit" and table.result.winners == [0]
    with pytest.raises(services.Conflict):
        services.entrant_reinstate(director, Entrant.objects.get(pk=s[4]))


def test_progressive_seats_everyone_with_bots_in_the_gaps(make_tournament, director):
    tournament = make_tournament(6, format="progressive", start=True)
    round1 = tournament.round_set.get()
    seats = TableSeat.objects.filter(table__round=round1)
    assert seats.count() == 8 and seats.filter(entrant__isnull=True).count() == 2
    assert all(t.sides == [[0, 2], [1, 3]] for t in round1.tables.all())
    play_round(round1, director)
    round2 = services.tournament_pair_round(director, tournament)
    partners1 = {
        frozenset(e.pk for e in side)
        for t in round1.tables.all()
        for side in selectors.side_entrants(t)
        if len(side) == 2
    }
    partners2 = {
        frozenset(e.pk for e in side)
        for t in round2.tables.all()
        for side in selectors.side_entrants(t)
        if len(side) == 2
    }
    assert not partners1 & partners2  # new partners each round


def test_progressive_pitch_tables_of_three_to_seven(make_tournament, director):
    tournament = make_tournament(7, format="progressive", game=Game.PITCH, start=True)
    round1 = tournament.round_set.get()
    sizes = sorted(t.seats.count() for t in round1.tables.all())
    assert sizes == [3, 4]
    assert not TableSeat.objects.filter(table__round=round1, entrant__isnull=True).exists()


def test_swaps_only_before_publishing(make_tournament, director, players):
    tournament = make_tournament(4, start=True)
    round1 = tournament.round_set.get()
    s = seeds(tournament)
    services.round_swap_entrants(
        director, round1, Entrant.objects.get(pk=s[2]), Entrant.objects.get(pk=s[3])
    )
    assert pairs_of(round1) == [(s[1], s[3]), (s[2], s[4])]
    # the swapped partnership's players sit in its seats, first player first
    seat0 = TableSeat.objects.get(table__round=round1, table__number=1, number=1)
    assert seat0.member.user == players[4]
    # two partners may swap seats; players of different partnerships may not
    a = TableSeat.objects.get(table__round=round1, table__number=1, number=0)
    b = TableSeat.objects.get(table__round=round1, table__number=1, number=2)
    services.round_swap_seats(director, round1, a, b)
    a.refresh_from_db()
    assert a.member.user == players[1]
    with pytest.raises(services.InvalidInput):
        services.round_swap_seats(director, round1, a, seat0)
    services.round_publish(director, round1)
    with pytest.raises(services.WrongStatus):
        services.round_swap_entrants(
            director, round1, Entrant.objects.get(pk=s[2]), Entrant.objects.get(pk=s[3])
        )


def test_progressive_swaps_any_two_seats(make_tournament, director):
    tournament = make_tournament(5, format="progressive", start=True)
    round1 = tournament.round_set.get()
    bot = TableSeat.objects.filter(table__round=round1, entrant__isnull=True).first()
    person = (
        TableSeat.objects.filter(table__round=round1, entrant__isnull=False)
        .exclude(table=bot.table)
        .first()
    )
    who = person.entrant_id
    services.round_swap_seats(director, round1, bot.pk, person.pk)
    bot.refresh_from_db()
    person.refresh_from_db()
    assert bot.entrant_id == who and person.entrant_id is None


def test_a_round_cannot_close_with_a_game_unfinished(make_tournament, director):
    tournament = make_tournament(4, start=True)
    round1 = tournament.round_set.get()
    with pytest.raises(services.WrongStatus):
        services.round_close(director, round1)
    services.round_publish(director, round1)
    first, second = round1.tables.order_by("number")
    services.result_enter(director, first, scores=[500, 300])
    with pytest.raises(services.RoundUnfinished, match="table 2 has no confirmed result"):
        services.round_close(director, round1)
    with pytest.raises(services.RoundUnfinished):
        services.tournament_pair_round(director, tournament)
    player = second.seats.order_by("number").first().member.user
    services.result_enter(player, second, scores=[100, 500])
    with pytest.raises(services.RoundUnfinished):  # entered, not confirmed: still unfinished
        services.round_close(director, round1)
    services.result_confirm(director, second)
    services.round_close(director, round1)
    round1.refresh_from_db()
    assert round1.is_closed


def test_pairing_waits_for_the_draft_round_to_be_published(make_tournament, director):
    tournament = make_tournament(4, start=True)
    with pytest.raises(services.Conflict, match="not published"):
        services.tournament_pair_round(director, tournament)
    round1 = tournament.round_set.get()
    again = services.round_repair(director, round1)
    assert again.number == 1 and Round.objects.filter(tournament=tournament).count() == 1
    services.round_discard(director, again)
    assert not Round.objects.filter(tournament=tournament).exists()
    assert services.tournament_pair_round(director, tournament).number == 1


def test_only_directors_run_rounds(make_tournament, director, member, players):
    tournament = make_tournament(4, start=True)
    round1 = tournament.round_set.get()
    for person in (member, players[0]):
        with pytest.raises(services.NotAllowed):
            services.round_publish(person, round1)
        with pytest.raises(services.NotAllowed):
            services.tournament_pair_round(person, tournament)


def test_my_table_shows_a_player_their_seat_once_published(make_tournament, director, players):
    tournament = make_tournament(5, start=True)
    assert selectors.my_table(players[0], tournament) is None  # draft: not shown yet
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    mine = selectors.my_table(players[4], tournament)
    assert mine.table.number == 2 and mine.seat.number == 0 and mine.side == 0
    assert mine.info["sides"][1]["name"] == "P07 & P08"
    bye = selectors.my_table(players[9], tournament)  # seed 5 sits out
    assert bye.bye and bye.table is None
    assert selectors.my_table(director, tournament) is None


def test_table_cards_and_results_sheet(make_tournament, director):
    tournament = make_tournament(4, start=True)
    round1 = tournament.round_set.get()
    cards = selectors.table_cards(round1)
    assert [c["table"] for c in cards] == [1, 2]
    assert [s["name"] for s in cards[0]["seats"]] == ["P01", "P03", "P02", "P04"]
    assert [s["name"] for s in cards[0]["sides"]] == ["P01 & P02", "P03 & P04"]
    play_round(round1, director)
    sheet = selectors.results_sheet(tournament)
    assert sheet[0]["tables"][0]["sides"][0]["score"] == 500
    assert sheet[0]["tables"][0]["sides"][0]["won"] is True


def test_brackets_are_not_paired_by_hand(make_tournament, director):
    tournament = make_tournament(4, format="single_elimination", start=True)
    with pytest.raises(services.Conflict, match="pairs itself"):
        services.tournament_pair_round(director, tournament)
    assert Tournament.objects.get(pk=tournament.pk).is_running


def test_publishing_tells_each_player_their_seat(make_tournament, director, players):
    from accounts.models import Notice

    tournament = make_tournament(5, start=True)
    services.round_publish(director, tournament.round_set.get())
    (notice,) = Notice.objects.filter(user=players[2])
    assert "round 1: you're at table 1, seat 2 (at the club)" in notice.text
    assert "you have a bye" in Notice.objects.get(user=players[8]).text


def test_double_elimination_plays_the_reset_when_the_grand_final_is_lost(make_tournament, director):
    tournament = make_tournament(2, format="double_elimination", start=True)
    s = seeds(tournament)
    services.result_enter(director, tournament.tables.get(bracket_match="W1-1"), scores=[500, 0])
    gf1 = tournament.tables.get(bracket_match="GF1")
    assert pairs_of_table(gf1) == (s[1], s[2])
    services.result_enter(director, gf1, scores=[0, 500])  # the losers' champion wins
    tournament.refresh_from_db()
    assert not tournament.is_finished
    gf2 = tournament.tables.get(bracket_match="GF2")
    assert pairs_of_table(gf2) == (s[2], s[1])  # GF1's winner first
    services.result_enter(director, gf2, scores=[500, 0])
    tournament.refresh_from_db()
    assert tournament.is_finished and tournament.champion_id == s[2]


def test_a_correction_cannot_rewrite_a_match_already_drawn(make_tournament, director):
    tournament = make_tournament(4, format="single_elimination", start=True)
    first = tournament.tables.get(bracket_match="R1-1")
    services.result_enter(director, first, scores=[500, 0])
    services.result_enter(director, tournament.tables.get(bracket_match="R1-2"), scores=[500, 0])
    assert tournament.tables.filter(bracket_match="R2-1").exists()
    with pytest.raises(services.Conflict, match="R2-1"):
        services.result_correct(director, first, scores=[0, 500], reason="Wrong side")
    first.result.refresh_from_db()
    assert first.result.winners == [0]
    # Before the next match is drawn a correction moves the bracket along with it.
    other = make_tournament(4, format="single_elimination", start=True)
    table = other.tables.get(bracket_match="R1-1")
    services.result_enter(director, table, scores=[500, 0])
    services.result_correct(director, table, scores=[0, 500], reason="Wrong side")
    services.result_enter(director, other.tables.get(bracket_match="R1-2"), scores=[500, 0])
    s = seeds(other)
    assert pairs_of_table(other.tables.get(bracket_match="R2-1")) == (s[4], s[2])


def pairs_of_table(table):
    return tuple(side[0].pk for side in selectors.side_entrants(table))


def test_a_fixed_progressive_field_partners_everyone_once(make_tournament, director):
    tournament = make_tournament(8, format="progressive", rounds=7, start=True)
    partners = []
    for number in range(1, 8):
        round_ = tournament.round_set.get(number=number)
        for table in round_.tables.all():
            partners.extend(
                frozenset(e.pk for e in side) for side in selectors.side_entrants(table)
            )
        play_round(round_, director)
        if number < 7:
            services.tournament_pair_round(director, tournament)
    assert len(partners) == 28 and len(set(partners)) == 28  # each of the 28 pairs once


def test_a_brackets_players_are_told_where_they_sit_as_each_match_is_drawn(
    make_tournament, director
):
    """A bracket's matches are drawn and published at once (no publishing step), so each
    player with an account is told their table and seat then, round 1 and the final alike."""
    from accounts.models import Notice

    tournament = make_tournament(4, format="single_elimination", start=True)
    round1 = tournament.round_set.get(number=1)
    seated = {
        seat.member.user_id: seat
        for seat in TableSeat.objects.filter(table__round=round1).select_related("table", "member")
    }
    told = Notice.objects.filter(key="tournaments.seat_at_club", params__round=1)
    assert sorted(told.values_list("user_id", flat=True)) == sorted(seated)
    for notice in told:
        seat = seated[notice.user_id]
        assert notice.params["table"] == seat.table.number
        assert notice.params["seat"] == seat.number + 1
    t1, t2 = round1.tables.order_by("number")
    services.result_enter(director, t1, scores=[500, 100])
    assert not Notice.objects.filter(params__round=2).exists()  # no final drawn yet
    services.result_enter(director, t2, scores=[120, 510])
    final = Round.objects.get(tournament=tournament, number=2).tables.get()
    finalists = set(TableSeat.objects.filter(table=final).values_list("member__user_id", flat=True))
    told = Notice.objects.filter(key="tournaments.seat_at_club", params__round=2)
    assert set(told.values_list("user_id", flat=True)) == finalists and told.count() == 4
