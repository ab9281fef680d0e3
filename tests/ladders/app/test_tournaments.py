"""Physical tournament tables: confirmed results are rated (scores only), corrections rebuild,
guests play as steady average players, and club nights are won by their tournament."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from openskill.models import PlackettLuce

from clubs.models import ClubNight, Membership
from core.choices import Game
from ladders import services, tasks
from ladders.models import GamePlayer, PlayerRating, RatedGame, RebuildJob
from ladders.selectors import night_history, player_tournaments
from tournaments import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

MODEL = PlackettLuce()


@pytest.fixture
def boss(make_user, club):
    user = make_user("boss")
    Membership.objects.create(club=club, user=user, role=Membership.Role.DIRECTOR)
    return user


@pytest.fixture
def night(club):
    now = timezone.now()
    return ClubNight.objects.create(
        club=club,
        title="Cup night",
        starts_at=now - timedelta(hours=3),
        venue="Hall",
        capacity=16,
        registration_opens_at=now - timedelta(days=7),
        registration_closes_at=now - timedelta(hours=4),
    )


@pytest.fixture
def cup(boss, club, people, night):
    """A round robin of four pairs at a club night; one pair has a walk-in guest."""
    ann, bob, cy, di, ed, flo, gus, _hal = people
    tournament = tournament_services.tournament_create(
        boss, club, name="Spring Cup", game=Game.FIVE_HUNDRED, format="round_robin", night=night
    )
    for members in ([ann, cy], [bob, di], [ed, "Gwen (guest)"], [flo, gus]):
        tournament_services.entrant_add(boss, tournament, members=members)
    tournament_services.tournament_start(boss, tournament)
    round_ = tournament.round_set.get(number=1)
    if round_.is_draft:
        tournament_services.round_publish(boss, round_)
    return tournament


def tables_of(tournament):
    return list(tournament.tables.filter(round__number=1).order_by("number"))


def seat_tokens(table):
    out = {}
    for seat in table.seats.select_related("member"):
        member = seat.member
        out[seat.number] = member.user if member.user_id else f"guest:{member.pk}"
    return out


def test_confirmed_results_are_rated_with_guests_as_steady_players(cup, boss):
    first, second = tables_of(cup)
    tournament_services.result_enter(boss, first, scores=[520, 180])
    tournament_services.result_enter(boss, second, scores=[150, 500])

    assert tasks.sync_tournament_results() == 2
    assert RatedGame.objects.filter(source="tournament", rated=True).count() == 2
    assert tasks.sync_tournament_results() == 0  # nothing new: applied once

    for table, ranks in ((first, [0, 1]), (second, [1, 0])):
        game = RatedGame.objects.get(source="tournament", source_id=table.pk)
        assert game.ranks == ranks and game.tournament_id == cup.pk
        assert game.club_id == cup.club_id and game.label.startswith("Spring Cup, round 1")
        seats = seat_tokens(table)
        guests = [s for s, who in seats.items() if isinstance(who, str)]
        rating = {s: MODEL.rating(mu=25, sigma=2) if s in guests else MODEL.rating() for s in seats}
        (a, c), (b, d) = MODEL.rate([[rating[0], rating[2]], [rating[1], rating[3]]], ranks=ranks)
        for seat, want in ((0, a), (2, c), (1, b), (3, d)):
            who = seats[seat]
            if isinstance(who, str):
                assert not GamePlayer.objects.filter(rated_game=game, seat=seat).exists()
                continue
            row = PlayerRating.objects.get(user=who, ladder__club=None, ladder__game="five_hundred")
            assert row.mu == pytest.approx(want.mu) and row.sigma == pytest.approx(want.sigma)
    assert PlayerRating.objects.filter(ladder__club=None).count() == 7  # eight seats, one guest


def test_pending_results_and_forfeits_are_not_rated(cup, people):
    first, _second = tables_of(cup)
    seats = seat_tokens(first)
    player = seats[0]
    tournament_services.result_enter(player, first, scores=[500, 100])  # waits for an opponent
    assert tasks.sync_tournament_results() == 0
    assert not RatedGame.objects.exists()


def test_a_correction_replaces_the_result_and_rebuilds(
    cup, boss, django_capture_on_commit_callbacks
):
    first, second = tables_of(cup)
    tournament_services.result_enter(boss, first, scores=[520, 180])
    tournament_services.result_enter(boss, second, scores=[300, 500])
    services.tournament_results_sync()
    before = RatedGame.objects.get(source_id=first.pk)
    played_at = before.played_at

    tournament_services.result_correct(boss, first, scores=[180, 520], reason="Sides swapped")
    with django_capture_on_commit_callbacks(execute=True):
        assert services.tournament_results_sync() == 1
    game = RatedGame.objects.get(source_id=first.pk)
    assert (game.revision, game.ranks, game.played_at) == (2, [1, 0], played_at)
    assert RebuildJob.objects.filter(status="done").count() >= 2  # site-wide and the club's

    # The ladders now equal the corrected results replayed from scratch.
    ratings = {}
    for table in (first, second):
        rated_game = RatedGame.objects.get(source_id=table.pk)
        seats = seat_tokens(table)
        teams = [
            [
                ratings.get(seats[s], MODEL.rating())
                if not isinstance(seats[s], str)
                else MODEL.rating(mu=25, sigma=2)
                for s in side
            ]
            for side in ([0, 2], [1, 3])
        ]
        new = MODEL.rate(teams, ranks=rated_game.ranks)
        for side, team in zip(([0, 2], [1, 3]), new, strict=True):
            for s, r in zip(side, team, strict=True):
                if not isinstance(seats[s], str):
                    ratings[seats[s]] = r
    for user, want in ratings.items():
        row = PlayerRating.objects.get(
            user=user, ladder__club=cup.club, ladder__game="five_hundred"
        )
        assert row.mu == pytest.approx(want.mu) and row.sigma == pytest.approx(want.sigma)


def test_the_night_is_won_by_its_tournament(cup, boss, club, people):
    for table in tables_of(cup):
        tournament_services.result_enter(boss, table, scores=[500, 100])
    tournament_services.standings_recalculate(cup.pk)
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.FINISHED)
    (line,) = night_history(club)
    assert line.how == "tournament" and line.detail == "Spring Cup"
    assert len(line.winners) >= 2  # a winning pair (or pairs level on every tiebreak)

    lines = player_tournaments(people[0])
    assert [t.tournament.name for t in lines] == ["Spring Cup"]
    assert lines[0].entrants == 4


def test_pages_link_to_the_tournament(client, cup, boss, club, people):
    for table in tables_of(cup):
        tournament_services.result_enter(boss, table, scores=[500, 100])
    tournament_services.standings_recalculate(cup.pk)
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.FINISHED)
    url = f"/tournaments/{cup.pk}/"
    assert url in client.get(f"/ladders/clubs/{club.slug}/").content.decode()
    assert url in client.get(f"/ladders/players/{people[0].username}/").content.decode()
    services.tournament_results_sync()
    game = RatedGame.objects.filter(source="tournament").first()
    assert game.url == url


def test_a_confirmed_result_is_rated_at_once_through_the_signal(
    cup, boss, django_capture_on_commit_callbacks
):
    first, _second = tables_of(cup)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.result_enter(boss, first, scores=[520, 180])
    game = RatedGame.objects.get(source="tournament", source_id=first.pk)
    assert game.rated and game.ranks == [0, 1]
    assert tasks.sync_tournament_results() == 0  # the periodic sync finds nothing left to do


def test_a_pending_result_sends_nothing_to_the_ladders(cup, django_capture_on_commit_callbacks):
    first, _second = tables_of(cup)
    player = seat_tokens(first)[0]
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.result_enter(player, first, scores=[500, 100])
    assert not RatedGame.objects.exists()


def test_a_tournament_tables_label_reads_in_the_readers_language(cup, boss):
    from django.utils import translation

    first, _second = tables_of(cup)
    tournament_services.result_enter(boss, first, scores=[520, 180])
    tasks.sync_tournament_results()
    game = RatedGame.objects.get(source="tournament", source_id=first.pk)
    assert game.label == f"Spring Cup, round 1 table {first.number}"  # stored once, in English
    assert game.shown_label == game.label
    with translation.override("ur"):
        urdu = RatedGame.objects.get(pk=game.pk).shown_label
    assert urdu.startswith("Spring Cup") and "round" not in urdu and "table" not in urdu
    assert "1" in urdu and str(first.number) in urdu


def test_a_list_of_tournament_games_is_worded_with_one_query(cup, boss, django_assert_num_queries):
    from ladders.models import word_labels

    for table in tables_of(cup):
        tournament_services.result_enter(boss, table, scores=[520, 180])
    tasks.sync_tournament_results()
    games = list(RatedGame.objects.filter(source="tournament").order_by("source_id"))
    assert len(games) == 2
    with django_assert_num_queries(1):
        labels = word_labels(games)
    with django_assert_num_queries(0):
        assert [g.shown_label for g in games] == labels == [g.label for g in games]
