"""A drawn game (every side level, such as a Swiss table entered 300-300) is a draw on the
ladders, not a win for both sides: recorded, applied, rebuilt, shown and counted for the night."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Membership
from core.choices import Game
from ladders import selectors, services, tasks
from ladders.models import GamePlayer, PlayerRating, RatedGame
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(make_user, club, people):
    """A Swiss tournament of four pairs at the club, round 1 published."""
    boss = make_user("boss")
    Membership.objects.create(club=club, user=boss, role=Membership.Role.DIRECTOR)
    ann, bob, cy, di, ed, flo, gus, hal = people
    tournament = tournament_services.tournament_create(
        boss, club, name="Winter Swiss", game=Game.FIVE_HUNDRED, format="swiss"
    )
    for members in ([ann, cy], [bob, di], [ed, flo], [gus, hal]):
        tournament_services.entrant_add(boss, tournament, members=members)
    tournament_services.tournament_start(boss, tournament)
    round_ = tournament.round_set.get(number=1)
    if round_.is_draft:
        tournament_services.round_publish(boss, round_)
    return tournament, boss


def sides_of(table) -> list[list]:
    """Each side's people at a table."""
    seats = {s.number: s.member.user for s in table.seats.select_related("member__user")}
    return [[seats[n] for n in side] for side in table.sides]


def ratings_of(user) -> dict:
    """(games, wins, draws) on the club's ladder and the site-wide one."""
    return {
        "club" if row.ladder.club_id else "site": (row.games_played, row.wins, row.draws)
        for row in PlayerRating.objects.filter(user=user).select_related("ladder")
    }


def test_a_drawn_swiss_table_is_a_draw_for_both_sides_not_a_win(
    client, swiss, club, finished_table
):
    tournament, boss = swiss
    drawn, won = tournament.tables.filter(round__number=1).order_by("number")
    tournament_services.result_enter(boss, drawn, scores=[300, 300])
    tournament_services.result_enter(boss, won, scores=[520, 180])
    assert tasks.sync_tournament_results() == 2

    game = RatedGame.objects.get(source="tournament", source_id=drawn.pk)
    assert game.rated and game.ranks == [0, 0]
    (a, b), (c, d) = sides_of(drawn)
    for person in (a, b, c, d):
        assert ratings_of(person) == {"club": (1, 0, 1), "site": (1, 0, 1)}
        # Rated as a tie between equal sides: nobody's μ moves.
        for row in PlayerRating.objects.filter(user=person):
            assert row.mu == pytest.approx(25.0)
    (w1, w2), (l1, l2) = sides_of(won)
    assert ratings_of(w1) == ratings_of(w2) == {"club": (1, 1, 0), "site": (1, 1, 0)}
    assert ratings_of(l1) == ratings_of(l2) == {"club": (1, 0, 0), "site": (1, 0, 0)}

    # Two online wins more for one of the drawn side: three games, two wins, one draw.
    for _ in range(2):
        table = finished_table([a, w1, b, l1], [500, 100, 500, 100], [0, 2], club=club)
        tasks.record_table_game(table.pk)
    assert ratings_of(a) == {"club": (3, 2, 1), "site": (3, 2, 1)}

    body = APIClient().get(f"/api/players/{a.username}/ratings/").json()
    assert sorted((r["games_played"], r["wins"], r["draws"]) for r in body["ratings"]) == [
        (3, 2, 1),
        (3, 2, 1),
    ]
    html = client.get(reverse("ladders:player", args=[a.username])).content.decode()
    assert ">Draws</th>" in html
    assert '<td class="num">3</td>\n              <td class="num">2</td>\n' in html
    assert '<td class="num ld-wide">1</td>' in html  # the draw
    # Its recent games: the draw is drawn, not won.
    assert html.count('<span class="pill ok">Won</span>') == 2
    assert html.count('<span class="pill neutral">Drawn</span>') == 1

    # A rebuild from scratch counts the same.
    before = {p.pk: ratings_of(p) for p in (a, b, c, d, w1, l1)}
    services.ladder_rebuild(Game.FIVE_HUNDRED, club.pk)
    services.ladder_rebuild(Game.FIVE_HUNDRED, None)
    assert {p.pk: ratings_of(p) for p in (a, b, c, d, w1, l1)} == before


def test_a_correction_from_a_draw_to_a_win_rebuilds_both_counts(
    swiss, django_capture_on_commit_callbacks
):
    tournament, boss = swiss
    drawn, _ = tournament.tables.filter(round__number=1).order_by("number")
    tournament_services.result_enter(boss, drawn, scores=[300, 300])
    tasks.sync_tournament_results()
    (a, _b), (c, _d) = sides_of(drawn)
    assert ratings_of(a)["club"] == ratings_of(c)["club"] == (1, 0, 1)
    entries = GamePlayer.objects.filter(
        rated_game__source="tournament", rated_game__source_id=drawn.pk
    )
    assert [(e.place, e.won, e.drawn) for e in entries] == [(0, False, True)] * 4

    tournament_services.result_correct(boss, drawn, scores=[300, 310], reason="Misread")
    with django_capture_on_commit_callbacks(execute=True):
        assert services.tournament_results_sync() == 1
    assert RatedGame.objects.get(source_id=drawn.pk).ranks == [1, 0]
    assert ratings_of(a) == {"club": (1, 0, 0), "site": (1, 0, 0)}
    assert ratings_of(c) == {"club": (1, 1, 0), "site": (1, 1, 0)}
    entries = {
        e.user: e
        for e in GamePlayer.objects.filter(
            rated_game__source="tournament", rated_game__source_id=drawn.pk
        )
    }
    assert (entries[a].won, entries[a].drawn, entries[c].won) == (False, False, True)


@pytest.mark.parametrize("overlapping", [False, True], ids=["nights-apart", "nights-overlapping"])
def test_a_drawn_game_wins_nobody_the_night(people, club, finished_table, club_night, overlapping):
    """A night's winners are those who won the most of its rated games; a drawn game was a
    win for everyone at the table (in the database's count and in the fallback's alike)."""
    ann, bob, cy, di, ed, flo = people[:6]
    now = timezone.now()
    night = club_night(club, now - timedelta(hours=6), capacity=8)
    if overlapping:
        # starts during the first: a game counts for both
        club_night(club, now - timedelta(hours=5), capacity=8)
    at = night.starts_at + timedelta(hours=1, minutes=30)
    # Every side level: the engine's back-door case, or any game whose sides all share first.
    drawn = finished_table(
        [ann, bob, cy, di], [-520, -520, -520, -520], [0, 1, 2, 3], club=club, at=at
    )
    tasks.record_table_game(drawn.pk)
    assert RatedGame.objects.get(table=drawn).ranks == [0, 0]

    lines = [line for line in selectors.night_history(club) if line.night == night]
    assert lines and lines[0].winners == []

    won = finished_table(
        [ed, cy, flo, di], [500, 100, 500, 100], [0, 2], club=club, at=at + timedelta(minutes=20)
    )
    tasks.record_table_game(won.pk)
    (line,) = [line for line in selectors.night_history(club) if line.night == night]
    assert sorted(w["name"] for w in line.winners) == ["Ed", "Flo"]
    assert "1 win " in line.detail and "2 rated games" in line.detail
