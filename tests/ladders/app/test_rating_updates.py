"""Ratings stored by the task after a game, checked against OpenSkill itself."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from openskill.models import PlackettLuce

from core.choices import Game
from ladders import services, tasks
from ladders.models import GamePlayer, Ladder, PlayerRating, RatedGame, RatingChange

pytestmark = pytest.mark.django_db

MODEL = PlackettLuce()  # OpenSkill's own defaults: μ 25, σ 25/3


def stored(user, club=None, game=Game.FIVE_HUNDRED):
    return PlayerRating.objects.get(user=user, ladder__game=game, ladder__club=club)


def test_partnership_game_matches_openskill(people, club, finished_table):
    ann, bob, cy, di = people[:4]
    table = finished_table(
        [ann, bob, cy, di], totals=[510, 220, 510, 220], winners=[0, 2], club=club
    )

    assert tasks.record_table_game(table.pk) is True

    expected = MODEL.rate(
        [[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[0, 1]
    )
    by_user = {ann: expected[0][0], cy: expected[0][1], bob: expected[1][0], di: expected[1][1]}
    for ladder_club in (None, club):  # the site-wide ladder and the club's
        for user, want in by_user.items():
            row = stored(user, ladder_club)
            assert row.mu == pytest.approx(want.mu, abs=1e-12)
            assert row.sigma == pytest.approx(want.sigma, abs=1e-12)
            assert row.conservative == pytest.approx(want.mu - 3 * want.sigma, abs=1e-12)
            assert row.games_played == 1
            assert row.wins == (1 if user in (ann, cy) else 0)
    assert stored(ann).mu > 25 > stored(bob).mu
    assert RatingChange.objects.filter(rated_game__table=table).count() == 8


def test_free_for_all_pitch_with_a_tie_matches_openskill(people, finished_table):
    players = people[:5]
    # Seat 3 wins; seats 0 and 4 tie on 5; then 2; seat 1 is set back below zero.
    table = finished_table(players, totals=[5, -2, 3, 8, 5], winners=[3], game=Game.PITCH)

    tasks.record_table_game(table.pk)

    expected = MODEL.rate([[MODEL.rating()] for _ in players], ranks=[1, 3, 2, 0, 1])
    for user, (want,) in zip(players, expected, strict=True):
        row = stored(user, game=Game.PITCH)
        assert (row.mu, row.sigma) == (pytest.approx(want.mu), pytest.approx(want.sigma))
    assert stored(players[0], game=Game.PITCH).mu == pytest.approx(
        stored(players[4], game=Game.PITCH).mu
    )
    game = RatedGame.objects.get()
    assert game.ranks == [1, 3, 2, 0, 1] and game.rated


def test_second_game_starts_from_the_stored_ratings(people, finished_table):
    ann, bob, cy, di, ed = people[:5]
    first = finished_table([ann, bob, cy, di], [520, 100, 520, 100], [0, 2])
    second = finished_table([ann, ed, bob, cy], [300, 505, 300, 505], [1, 3])
    tasks.record_table_game(first.pk)
    tasks.record_table_game(second.pk)

    r = {p: MODEL.rating() for p in (ann, bob, cy, di, ed)}
    (a, c), (b, d) = MODEL.rate([[r[ann], r[cy]], [r[bob], r[di]]], ranks=[0, 1])
    r.update({ann: a, cy: c, bob: b, di: d})
    after_first = dict(r)
    (a, b), (e, c) = MODEL.rate([[r[ann], r[bob]], [r[ed], r[cy]]], ranks=[1, 0])
    r.update({ann: a, bob: b, ed: e, cy: c})
    for user, want in r.items():
        assert stored(user).mu == pytest.approx(want.mu, abs=1e-12)
        assert stored(user).sigma == pytest.approx(want.sigma, abs=1e-12)
    change = RatingChange.objects.get(user=ann, rated_game__table=second, ladder__club=None)
    assert change.mu_before == pytest.approx(after_first[ann].mu, abs=1e-12)
    assert change.sigma_before == pytest.approx(after_first[ann].sigma, abs=1e-12)
    assert stored(ann).games_played == 2 and stored(ann).wins == 1


def test_a_hand_limited_game_ranks_by_the_site_winners(people, finished_table):
    """A fixed number of hands: the best total wins though nobody reached the target."""
    players = people[:4]
    table = finished_table(players, [180, 40, 180, 40], [0, 2], hand_limit=3)
    tasks.record_table_game(table.pk)
    assert RatedGame.objects.get().ranks == [0, 1]
    assert stored(players[0]).mu > stored(players[1]).mu


def test_the_same_game_is_applied_once(people, club, finished_table):
    table = finished_table(people[:4], [500, 0, 500, 0], [0, 2], club=club)
    assert tasks.record_table_game(table.pk) is True
    before = sorted(PlayerRating.objects.values_list("user_id", "ladder_id", "mu", "sigma"))

    assert tasks.record_table_game(table.pk) is False
    rated_game, recorded = services.table_game_record(table.pk)
    assert recorded is False and rated_game.source_id == table.pk

    assert RatedGame.objects.count() == 1
    assert RatingChange.objects.count() == 8
    assert sorted(PlayerRating.objects.values_list("user_id", "ladder_id", "mu", "sigma")) == before
    assert Ladder.objects.get(game=Game.FIVE_HUNDRED, club=None).games_rated == 1


def test_the_database_refuses_a_second_record_of_a_game(people, finished_table):
    table = finished_table(people[:4], [500, 0, 500, 0], [0, 2])
    tasks.record_table_game(table.pk)
    original = RatedGame.objects.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        RatedGame.objects.create(
            source=original.source,
            source_id=original.source_id,
            game=original.game,
            label="again",
            played_at=original.played_at,
            players=4,
            teams=original.teams,
            ranks=original.ranks,
        )


def test_a_race_that_loses_on_the_constraint_applies_nothing(people, finished_table, monkeypatch):
    """Two workers both pass the "already recorded?" read; the second insert is refused by the
    database and its ratings never land."""
    table = finished_table(people[:4], [500, 0, 500, 0], [0, 2])
    services.table_game_record(table.pk)
    ratings_before = list(PlayerRating.objects.values_list("mu", flat=True))

    real_filter = RatedGame.objects.filter
    calls = {"n": 0}

    def stale_filter(*args, **kwargs):
        qs = real_filter(*args, **kwargs)
        if kwargs.get("source") and calls["n"] == 0:
            calls["n"] += 1
            return qs.none()  # the first check sees nothing, as a racing worker would
        return qs

    monkeypatch.setattr(RatedGame.objects, "filter", stale_filter)
    rated_game, recorded = services.table_game_record(table.pk)
    assert recorded is False and rated_game is not None
    monkeypatch.undo()
    assert RatedGame.objects.count() == 1
    assert list(PlayerRating.objects.values_list("mu", flat=True)) == ratings_before


def test_unfinished_or_missing_tables_are_not_recorded(people, finished_table):
    table = finished_table(people[:4], [100, 0, 100, 0], [0, 2])
    table.status = table.Status.PLAYING
    table.save()
    assert services.table_game_record(table.pk) == (None, False)
    assert services.table_game_record(987654) == (None, False)
    assert not RatedGame.objects.exists()


def test_players_and_places_are_listed(people, finished_table):
    ann, bob, cy, di = people[:4]
    table = finished_table([ann, bob, cy, di], [510, 220, 510, 220], [0, 2])
    tasks.record_table_game(table.pk)
    entries = {e.user: e for e in GamePlayer.objects.all()}
    assert {u: (e.seat, e.place, e.score) for u, e in entries.items()} == {
        ann: (0, 0, 510),
        cy: (2, 0, 510),
        bob: (1, 1, 220),
        di: (3, 1, 220),
    }


def test_the_finished_signal_rates_the_game_after_the_commit(
    people, finished_table, django_capture_on_commit_callbacks
):
    from games.models import Table
    from games.signals import game_finished

    table = finished_table(people[:4], [500, 0, 500, 0], [0, 2])
    with django_capture_on_commit_callbacks(execute=True):
        game_finished.send(sender=Table, table_id=table.pk)
    assert RatedGame.objects.filter(table=table, rated=True).exists()
    assert PlayerRating.objects.filter(ladder__club=None).count() == 4
