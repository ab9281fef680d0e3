"""The player page says which games its statistics count: finished games on the site, games
with bots included (shown as such, with links), and games still being played once they end."""

import random

import pytest
from django.urls import reverse

from core.choices import Game
from games import services as game_services
from ladders.models import RatedGame
from ladders.selectors import stats_coverage
from tests.games.helpers import act_randomly

pytestmark = pytest.mark.django_db


@pytest.fixture
def play(django_capture_on_commit_callbacks):
    """play(user, finish=True): a one-hand Five Hundred game of `user` and three bots; bots move
    and the finished game is recorded by their tasks (eager in tests) after each commit."""

    def run(user, *, seed=21, finish=True):
        rng = random.Random(seed)
        table = game_services.table_create(
            user, game=Game.FIVE_HUNDRED, players=4, hand_limit=1, seed=seed, bot_level="easy"
        )
        with django_capture_on_commit_callbacks(execute=True):
            game_services.table_fill_with_bots(user, table)
        if not finish:
            return table
        for _ in range(300):
            table.refresh_from_db()
            if table.is_finished:
                return table
            with django_capture_on_commit_callbacks(execute=True):
                act_randomly(user, table, rng)
        raise AssertionError("the game did not finish")

    return run


def stats_panel(html: str) -> str:
    start = html.index('id="stats-title"')
    return html[start : html.index("</section>", start)]


def test_coverage_counts_the_games_with_bots(people, play):
    ann = people[0]
    table = play(ann)
    coverage = stats_coverage(ann, Game.FIVE_HUNDRED)
    assert (coverage.games, coverage.with_bots, coverage.without_bots) == (1, 1, 0)
    assert [g.table_id for g in coverage.bot_games] == [table.pk]
    assert stats_coverage(ann, Game.PITCH).games == 0


def test_the_page_says_what_counts_and_lists_the_games_with_bots(client, people, play):
    ann = people[0]
    table = play(ann)
    html = client.get(reverse("ladders:player", args=["ann"])).content.decode()
    panel = stats_panel(html)
    assert "Games with bots count too, though they aren" in panel
    assert "That is 1 game: 0 with people only and 1 with bots." in panel
    assert "1 game with bots (counted here, not rated)" in panel
    assert table.get_absolute_url() in panel and "With bots" in panel
    # The recent games list says why the game isn't rated.
    assert "With bots · not rated" in html
    assert RatedGame.objects.get(table=table).rated is False


def test_an_unfinished_game_is_named_to_its_player_only(client, people, play):
    ann = people[0]
    table = play(ann, finish=False)
    client.force_login(ann)
    panel = stats_panel(client.get(reverse("ladders:player", args=["ann"])).content.decode())
    assert "No finished Five Hundred games on the site yet." in panel
    assert "No Five Hundred hands recorded yet" not in panel
    assert "Your game in progress counts once it finishes" in panel
    assert table.get_absolute_url() in panel
    client.force_login(people[1])
    panel = stats_panel(client.get(reverse("ladders:player", args=["ann"])).content.decode())
    assert "No finished Five Hundred games on the site yet." in panel
    assert table.get_absolute_url() not in panel
