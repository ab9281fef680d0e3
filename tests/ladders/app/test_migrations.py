"""ladders 0004: ratings kept before draws were told apart counted every drawn game as a win for
everyone in it; the migration counts those games as draws instead (and back when reversed)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("ladders", "0003_ladder_version")]
AFTER = [("ladders", "0004_player_rating_draws")]
T0 = datetime(2026, 1, 10, 19, 0, tzinfo=UTC)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_drawn_games_counted_as_wins_become_draws(make_user):
    ann, bob, cy, di = (make_user(n) for n in ("ann", "bob", "cy", "di"))
    apps = _migrate(BEFORE)
    Ladder = apps.get_model("ladders", "Ladder")
    RatedGame = apps.get_model("ladders", "RatedGame")
    RatingChange = apps.get_model("ladders", "RatingChange")
    PlayerRating = apps.get_model("ladders", "PlayerRating")

    def rating(ladder, user, played, wins):
        PlayerRating.objects.create(
            ladder=ladder,
            user_id=user.pk,
            mu=25,
            sigma=8,
            conservative=1,
            games_played=played,
            wins=wins,
            last_played_at=T0,
        )

    ladder = Ladder.objects.create(game="five_hundred")
    other = Ladder.objects.create(game="pitch")
    games = []
    # A win for ann and bob, a 300-300 draw, and a three-way game cy and di share first in.
    for n, (teams, ranks) in enumerate(
        [
            ([[ann.pk, bob.pk], [cy.pk, di.pk]], [0, 1]),
            ([[ann.pk, bob.pk], [cy.pk, di.pk]], [0, 0]),
            ([[cy.pk], [di.pk], ["guest:1"]], [0, 0, 1]),
        ]
    ):
        games.append(
            RatedGame.objects.create(
                source="table",
                source_id=n + 1,
                game="five_hundred",
                label=f"Game {n}",
                played_at=T0 + timedelta(hours=n),
                players=4,
                teams=teams,
                ranks=ranks,
                rated=True,
            )
        )
    # As the old code counted them: first place (shared or not) was a win.
    counted = {ann: (2, 2), bob: (2, 2), cy: (3, 2), di: (3, 2)}
    for user, (played, wins) in counted.items():
        rating(ladder, user, played, wins)
        for game in games:
            if any(user.pk in team for team in game.teams):
                RatingChange.objects.create(
                    ladder=ladder,
                    rated_game=game,
                    user_id=user.pk,
                    played_at=game.played_at,
                    mu_before=25,
                    sigma_before=8,
                    mu=25,
                    sigma=7,
                )
    rating(other, ann, 1, 1)

    apps = _migrate(AFTER)
    PlayerRating = apps.get_model("ladders", "PlayerRating")
    Ladder = apps.get_model("ladders", "Ladder")
    rows = PlayerRating.objects.filter(ladder_id=ladder.pk).values_list(
        "user__username", "games_played", "wins", "draws"
    )
    assert sorted(rows) == [("ann", 2, 1, 1), ("bob", 2, 1, 1), ("cy", 3, 1, 1), ("di", 3, 1, 1)]
    assert PlayerRating.objects.get(ladder_id=other.pk).wins == 1  # no draw there
    assert Ladder.objects.get(pk=ladder.pk).version == 1  # its cached pages are read again
    assert Ladder.objects.get(pk=other.pk).version == 0

    apps = _migrate(BEFORE)
    PlayerRating = apps.get_model("ladders", "PlayerRating")
    rows = PlayerRating.objects.filter(ladder_id=ladder.pk).values_list("user__username", "wins")
    assert sorted(rows) == [("ann", 2), ("bob", 2), ("cy", 2), ("di", 2)]

    # Back to the latest state for the tests that follow.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
