"""Bots are never rated, the club's choice about their games, and rebuilds from scratch."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone, translation
from openskill.models import PlackettLuce

from clubs.models import Club, Membership
from core.choices import Game
from ladders import services, tasks
from ladders.models import (
    ClubLadderSettings,
    Ladder,
    PlayerRating,
    RatedGame,
    RatingChange,
    RebuildJob,
)

from .conftest import START

pytestmark = pytest.mark.django_db

MODEL = PlackettLuce()


def _key(row):
    return tuple((0, "") if v is None else (1, v) for v in row)


def snapshot():
    ratings = sorted(
        PlayerRating.objects.values_list(
            "ladder__game",
            "ladder__club_id",
            "user_id",
            "mu",
            "sigma",
            "conservative",
            "games_played",
            "wins",
            "last_played_at",
        ),
        key=_key,
    )
    changes = sorted(
        RatingChange.objects.values_list(
            "ladder__game",
            "ladder__club_id",
            "rated_game_id",
            "user_id",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
        ),
        key=_key,
    )
    return ratings, changes


def test_a_game_with_a_bot_is_not_rated_by_default(people, club, finished_table):
    ann, bob, cy = people[:3]
    table = finished_table([ann, bob, cy, "bot"], [500, 100, 500, 100], [0, 2], club=club)
    tasks.record_table_game(table.pk)
    game = RatedGame.objects.get()
    assert game.has_bots and not game.rated
    assert not PlayerRating.objects.exists()
    assert game.entries.count() == 3  # still in the players' lists of games


def test_the_club_can_rate_games_with_bots_for_the_humans(people, club, finished_table):
    ClubLadderSettings.objects.create(club=club, rate_bot_games=True)
    ann, bob, cy = people[:3]
    table = finished_table([ann, bob, cy, "bot"], [500, 100, 500, 100], [0, 2], club=club)
    tasks.record_table_game(table.pk)

    bot = MODEL.rating(mu=25, sigma=2)  # ladders.ratings.BOT_RATING: steady and average
    (a, c), (b, _bot_after) = MODEL.rate(
        [[MODEL.rating(), MODEL.rating()], [MODEL.rating(), bot]], ranks=[0, 1]
    )
    for ladder_club in (None, club):  # the club's choice reaches the site-wide ladder too
        got = {
            r.user: r
            for r in PlayerRating.objects.filter(
                ladder__club=ladder_club, ladder__game="five_hundred"
            )
        }
        assert set(got) == {ann, bob, cy}  # three people, no bot
        assert got[ann].mu == pytest.approx(a.mu) and got[cy].sigma == pytest.approx(c.sigma)
        assert got[bob].mu == pytest.approx(b.mu)
    assert RatedGame.objects.get().rated


def test_games_without_a_club_never_count_with_bots(people, club, finished_table):
    ClubLadderSettings.objects.create(club=club, rate_bot_games=True)
    table = finished_table([people[0], "bot", "bot", "bot"], [500, 0, 500, 0], [0, 2])
    tasks.record_table_game(table.pk)
    assert not RatedGame.objects.get().rated
    assert not PlayerRating.objects.exists()


def test_demo_tables_are_never_rated(people, finished_table):
    table = finished_table(people[:4], [500, 0, 500, 0], [0, 2], is_demo=True)
    tasks.record_table_game(table.pk)
    assert not RatedGame.objects.get().rated and not PlayerRating.objects.exists()


def test_changing_the_setting_rebuilds_both_ladders(
    people, club, finished_table, django_capture_on_commit_callbacks
):
    owner = people[0]
    human = finished_table(people[:4], [500, 0, 500, 0], [0, 2], club=club)
    with_bot = finished_table(
        [people[4], "bot", people[5], people[6]], [0, 500, 0, 500], [1, 3], club=club
    )
    tasks.record_table_game(human.pk)
    tasks.record_table_game(with_bot.pk)
    assert PlayerRating.objects.filter(ladder__club=club).count() == 4

    with django_capture_on_commit_callbacks(execute=True):
        services.ladder_settings_update(
            owner, club, rate_bot_games=True, min_games=3, active_days=None
        )
    jobs = RebuildJob.objects.order_by("id")
    assert [(j.scope, j.status) for j in jobs] == [("club", "done"), ("site", "done")]
    # Why: a key and the club's name, worded when read, in the reader's language.
    assert [(j.reason, j.reason_params) for j in jobs] == [
        ("bots_changed", {"club": club.name})
    ] * 2
    assert jobs[0].shown_reason == f"{club.name} changed whether games with bots count"
    with translation.override("ur"):
        urdu = jobs[0].shown_reason
    assert urdu.startswith(club.name) and "changed" not in urdu
    for ladder_club in (None, club):
        assert PlayerRating.objects.filter(ladder__club=ladder_club).count() == 7
    assert RatedGame.objects.get(table=with_bot).rated
    assert services.rules_for(club) == services.LadderRules(True, 3, None)

    with django_capture_on_commit_callbacks(execute=True):
        services.ladder_settings_update(
            owner, club, rate_bot_games=False, min_games=3, active_days=30
        )
    assert PlayerRating.objects.filter(ladder__club=club).count() == 4
    assert not RatedGame.objects.get(table=with_bot).rated


def test_only_directors_change_the_settings(people, club):
    with pytest.raises(services.NotAllowed):
        services.ladder_settings_update(
            people[3], club, rate_bot_games=True, min_games=5, active_days=90
        )
    with pytest.raises(services.InvalidInput):
        services.ladder_settings_update(
            people[0], club, rate_bot_games=True, min_games=-1, active_days=90
        )
    assert not ClubLadderSettings.objects.exists()


def _random_games(people, club, other, finished_table, count=14, seed=3):
    rng = random.Random(seed)
    for number in range(count):
        where = [club, other, None][number % 3]
        if number % 2:
            seats = rng.sample(people, 4)
            winner = rng.randrange(2)
            totals = [500, 120, 500, 120] if winner == 0 else [120, 500, 120, 500]
            finished_table(seats, totals, [winner, winner + 2], club=where)
        else:
            seats = rng.sample(people, rng.randint(3, 6))
            totals = [rng.randint(-3, 9) for _ in seats]
            best = max(totals)
            finished_table(
                seats,
                totals,
                [i for i, t in enumerate(totals) if t == best],
                club=where,
                game=Game.PITCH,
            )


@pytest.fixture
def other_club(people):
    other = Club.objects.create(name="Wattle Hall", slug="wattle-hall")
    Membership.objects.create(club=other, user=people[7], role=Membership.Role.OWNER)
    return other


def test_a_rebuild_equals_the_ladders_built_game_by_game(people, club, other_club, finished_table):
    _random_games(people, club, other_club, finished_table)
    from games.models import Table

    for table in Table.objects.order_by("finished_at"):
        tasks.record_table_game(table.pk)
    incremental = snapshot()
    assert len(incremental[1]) > 40

    job = RebuildJob.objects.create(scope=RebuildJob.Scope.ALL)
    services.rebuild_run(job.pk, progress_every=3)
    job.refresh_from_db()
    in_clubs = RatedGame.objects.filter(club__isnull=False).count()
    assert job.total == RatedGame.objects.count() + in_clubs  # site-wide, then each club's
    assert (job.status, job.done) == ("done", job.total)
    assert snapshot() == incremental
    assert (
        Ladder.objects.filter(rebuilt_at__isnull=False).count() == 6
    )  # 2 games x (site + 2 clubs)


def test_a_game_arriving_late_is_put_in_its_place(
    people, club, other_club, finished_table, django_capture_on_commit_callbacks
):
    _random_games(people, club, other_club, finished_table, count=9)
    from games.models import Table

    tables = list(Table.objects.order_by("finished_at"))
    early = tables.pop(2)  # played third, recorded last
    for table in tables:
        tasks.record_table_game(table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.record_table_game(early.pk)
    assert RebuildJob.objects.filter(status="done").exists()
    after_late = snapshot()

    job = RebuildJob.objects.create(scope=RebuildJob.Scope.ALL)
    services.rebuild_run(job.pk)
    assert snapshot() == after_late


def test_a_club_rebuild_leaves_other_ladders_alone(people, club, other_club, finished_table):
    _random_games(people, club, other_club, finished_table, count=6)
    from games.models import Table

    for table in Table.objects.order_by("finished_at"):
        tasks.record_table_game(table.pk)
    other_ids = set(PlayerRating.objects.exclude(ladder__club=club).values_list("id", flat=True))
    job = RebuildJob.objects.create(scope=RebuildJob.Scope.CLUB, club=club)
    services.rebuild_run(job.pk)
    assert (
        set(PlayerRating.objects.exclude(ladder__club=club).values_list("id", flat=True))
        == other_ids
    )
    assert job.describe().startswith("Gum Street")


def test_a_finished_job_is_not_run_again(people, finished_table):
    tasks.record_table_game(finished_table(people[:4], [500, 0, 500, 0], [0, 2]).pk)
    job = RebuildJob.objects.create(scope=RebuildJob.Scope.SITE)
    services.rebuild_run(job.pk)
    ids = set(PlayerRating.objects.values_list("id", flat=True))
    assert tasks.rebuild_ratings(job.pk) == "done"
    assert set(PlayerRating.objects.values_list("id", flat=True)) == ids


def test_a_game_recorded_while_a_rebuild_replays_is_kept(people, finished_table, monkeypatch):
    """The rebuild replays without the lock; a game recorded meanwhile is replayed again
    inside the lock, so nothing is lost."""
    first = finished_table(people[:4], [500, 0, 500, 0], [0, 2])
    second = finished_table(people[2:6], [0, 500, 0, 500], [1, 3])
    tasks.record_table_game(first.pk)

    real_replay = services.ladder_replay
    state = {"done": False}

    def replay_then_a_game_lands(*args, **kwargs):
        out = real_replay(*args, **kwargs)
        if not state["done"]:
            state["done"] = True
            tasks.record_table_game(second.pk)
        return out

    monkeypatch.setattr(services.rebuilding, "ladder_replay", replay_then_a_game_lands)
    services.ladder_rebuild(Game.FIVE_HUNDRED, None)
    assert PlayerRating.objects.filter(ladder__club=None).count() == 6
    assert RatingChange.objects.filter(rated_game__table=second).count() == 4


def test_the_command_rebuilds(people, club, other_club, finished_table, capsys):
    _random_games(people, club, other_club, finished_table, count=6)
    from games.models import Table

    for table in Table.objects.order_by("finished_at"):
        tasks.record_table_game(table.pk)
    before = snapshot()
    PlayerRating.objects.all().delete()
    RatingChange.objects.all().delete()

    call_command("rebuild_ratings")
    out = capsys.readouterr().out
    assert "Every ladder" in out and "Done" in out
    assert snapshot() == before

    call_command("rebuild_ratings", "--club", club.slug, "--game", "pitch")
    assert RebuildJob.objects.filter(scope="club", club=club, game="pitch", status="done").exists()
    assert snapshot() == before


def test_the_active_window_and_minimum_games_hide_players(people, finished_table, settings):
    from ladders.selectors import ladder_board

    ann, bob, cy, di = people[:4]
    for number in range(5):
        finished_table(
            [ann, bob, cy, di], [500, 0, 500, 0], [0, 2], at=START + timedelta(days=number)
        )
    finished_table(
        [ann, people[4], cy, people[5]], [500, 0, 500, 0], [0, 2], at=START + timedelta(days=10)
    )
    from games.models import Table

    for table in Table.objects.order_by("finished_at"):
        tasks.record_table_game(table.pk)
    now = START + timedelta(days=11)
    board = ladder_board(Game.FIVE_HUNDRED, None, now=now)
    shown = [user for _, user in board.rows]
    assert set(shown) == {ann, bob, cy, di}  # ed and flo have one game each
    assert shown[:2] == sorted([ann, cy], key=lambda u: u.username) or set(shown[:2]) == {ann, cy}
    assert board.rows[0][0].position == board.rows[1][0].position == 1  # ann and cy tie
    late = ladder_board(Game.FIVE_HUNDRED, None, now=START + timedelta(days=200))
    assert late.rows == [] and late.rated_players == 6


def test_a_rebuild_survives_a_deleted_account(people, finished_table):
    """A player whose account is gone plays on in the replay as a guest (never stored)."""
    tasks.record_table_game(finished_table(people[:4], [500, 0, 500, 0], [0, 2]).pk)
    tasks.record_table_game(finished_table(people[1:5], [0, 500, 0, 500], [1, 3]).pk)
    people[0].delete()
    job = RebuildJob.objects.create(scope=RebuildJob.Scope.SITE)
    services.rebuild_run(job.pk)
    assert RebuildJob.objects.get(pk=job.pk).status == "done"
    assert PlayerRating.objects.filter(ladder__club=None).count() == 4  # bob, cy, di, ed
    assert PlayerRating.objects.get(user=people[1], ladder__club=None).games_played == 2


def test_a_job_whose_task_was_lost_is_asked_for_again(
    people, club, django_capture_on_commit_callbacks
):
    job = RebuildJob.objects.create(scope=RebuildJob.Scope.CLUB, club=club)
    with django_capture_on_commit_callbacks(execute=True):
        again = services.rebuild_schedule(RebuildJob.Scope.CLUB, club_id=club.pk)
    assert again == job and RebuildJob.objects.get(pk=job.pk).status == "pending"  # still fresh
    RebuildJob.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.rebuild_schedule(RebuildJob.Scope.CLUB, club_id=club.pk)
    assert RebuildJob.objects.get(pk=job.pk).status == "done"


def test_the_command_can_queue_the_job_and_refuses_bad_input(club, capsys):
    from django.core.management.base import CommandError

    call_command("rebuild_ratings", "--queue", "--site-only", "--game", "pitch")
    assert "Queued rebuild" in capsys.readouterr().out
    job = RebuildJob.objects.get()
    assert (job.scope, job.game) == ("site", "pitch")
    with pytest.raises(CommandError):
        call_command("rebuild_ratings", "--club", "no-such-club")
    with pytest.raises(CommandError):
        call_command("rebuild_ratings", "--club", club.slug, "--site-only")
