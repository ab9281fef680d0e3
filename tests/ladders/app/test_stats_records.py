"""Statistics stored from real games played through the games services, checked against the
hands as the games app stored them, and the sums of stored figures."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.choices import Game
from games import services as game_services
from games.models import TableHand
from games.selectors import game_record_for
from ladders import services, stats, stats_data
from ladders.models import PlayerGameStats, RatedGame
from ladders.selectors import partner_names, player_stats
from tests.games.helpers import act_randomly, pick, play_until
from tests.ladders.unit import records

pytestmark = pytest.mark.django_db


def play(users, game, *, seed, hand_limit, options=None, club=None):
    table = game_services.table_create(
        users[0],
        game=game,
        players=len(users),
        hand_limit=hand_limit,
        seed=seed,
        options=options,
        club=club,
    )
    for number, user in enumerate(users[1:], start=1):
        game_services.table_sit(user, table, number)
    play_until(users, table, random.Random(seed), lambda t: t.is_finished, chooser=pick)
    table.refresh_from_db()
    rated_game, recorded = services.table_game_record(table.pk)
    assert recorded
    assert services.game_stats_record(rated_game.pk) == len(users)
    return table, rated_game


def finished_hands(table):
    return list(TableHand.objects.filter(table=table, finished=True).order_by("number"))


def test_five_hundred_statistics_of_a_played_game(people):
    users = people[:4]
    table, rated_game = play(users, Game.FIVE_HUNDRED, seed=11, hand_limit=4)
    hands = finished_hands(table)
    played = [h for h in hands if not h.thrown_in]
    assert played, "the seed should give at least one played hand"

    for seat, user in enumerate(users):
        data = PlayerGameStats.objects.get(rated_game=rated_game, user=user).data
        figures = stats_data.load(data)
        # What the games app stored for each hand, read independently of ladders.stats.
        mine = [h for h in played if h.result["contract"]["seat"] == seat]
        assert figures.hands == len(played)
        assert figures.thrown_in == len(hands) - len(played)
        assert figures.all_contracts.bid == len(mine)
        calls = Counter(h.result["contract"]["call"] for h in mine)
        assert {c: t.bid for c, t in figures.contracts.items() if t.bid} == dict(calls)
        points = sum(h.scores[seat] for h in played)
        split = figures.as_contractor.total + figures.as_partner.total + figures.as_defender.total
        assert split == points
        assert figures.as_contractor.hands == len(mine)
        assert figures.games.played == 1
        assert figures.games.won == int(seat in table.winners)
        # Partners by seat: 0 & 2, 1 & 3.
        (partner,) = figures.partners
        assert partner.partner == users[(seat + 2) % 4].pk and partner.hands == len(played)

        # The same as ladders.stats over the game record the games app exports.
        record = game_record_for(table)
        direct = stats.five_hundred_stats(
            stats.hands_of_game(record, seat, seat_players=[u.pk for u in users])
        )
        assert data == stats_data.dump(direct, stats.GameTally(1, int(seat in table.winners)))


def test_pitch_statistics_of_a_played_game(people):
    users = people[:4]
    table, rated_game = play(users, Game.PITCH, seed=5, hand_limit=3)
    played = [h for h in finished_hands(table) if not h.thrown_in]
    for seat, user in enumerate(users):
        figures = stats_data.load(
            PlayerGameStats.objects.get(rated_game=rated_game, user=user).data
        )
        assert figures.hands == len(played)
        mine = [h for h in played if h.result["contract"]["seat"] == seat]
        assert figures.all_bids.bid == len(mine)
        assert figures.all_bids.made == sum(1 for h in mine if h.result["contract"]["made"])
        for level in (1, 2, 3, 4):
            assert figures.bids[level].bid == sum(
                1 for h in mine if h.result["contract"]["bid"] == level
            )
        won_points = Counter(
            kind for h in played for kind, who in h.result["points"].items() if who == seat
        )
        assert {k: v for k, v in figures.points.items() if v} == dict(won_points)
        assert figures.score.total == sum(h.scores[seat] for h in played)
        assert figures.score.hands == len(played)


def test_statistics_are_recomputed_not_doubled(people):
    users = people[:4]
    _table, rated_game = play(users, Game.PITCH, seed=8, hand_limit=2)
    first = dict(PlayerGameStats.objects.values_list("user_id", "data"))
    services.game_stats_record(rated_game.pk)
    assert PlayerGameStats.objects.count() == 4
    assert dict(PlayerGameStats.objects.values_list("user_id", "data")) == first


def test_a_bot_partner_is_counted_as_a_bot(people, django_capture_on_commit_callbacks):
    """Bots move through their task (eager in tests) after each commit; the finished game is
    recorded by the game_finished receiver and its statistics by their task."""
    ann = people[0]
    rng = random.Random(2)
    table = game_services.table_create(
        ann, game=Game.FIVE_HUNDRED, players=4, hand_limit=1, seed=21, bot_level="easy"
    )
    with django_capture_on_commit_callbacks(execute=True):
        game_services.table_fill_with_bots(ann, table)
    for _ in range(200):
        table.refresh_from_db()
        if table.is_finished:
            break
        assert table.to_act == 0, "a bot did not move"
        with django_capture_on_commit_callbacks(execute=True):
            act_randomly(ann, table, rng)
    rated_game = RatedGame.objects.get(table=table)
    assert not rated_game.rated  # bots at the table: not rated, but the statistics count
    figures, count = player_stats(ann, Game.FIVE_HUNDRED)
    assert count == 1
    (partner,) = figures.partners
    assert partner.partner == stats_data.BOT_PARTNER
    assert partner_names(figures)[stats_data.BOT_PARTNER] == "A bot"


def test_summed_figures_equal_the_figures_of_all_hands_at_once():
    """Many games' stored figures added up are the statistics of all their hands together."""
    for game, make, compute in (
        (Game.PITCH, lambda s: records.pitch_game(4, s), stats.pitch_stats),
        (Game.FIVE_HUNDRED, lambda s: records.five_hundred_game(4, s), stats.five_hundred_stats),
    ):
        games = [make(seed) for seed in (1, 2, 3)]
        seat_players = ["p0", "p1", "p2", "p3"]
        per_game = [
            stats_data.dump(compute(stats.hands_of_game(g, 1, seat_players=seat_players)))
            for g in games
        ]
        together = compute(
            [h for g in games for h in stats.hands_of_game(g, 1, seat_players=seat_players)]
        )
        summed = stats_data.load(stats_data.total(game, per_game))
        assert stats_data.dump(summed) == stats_data.dump(together)
        assert summed.hands == together.hands > 0


def test_totals_refuse_another_games_figures():
    with pytest.raises(ValueError):
        stats_data.total(Game.PITCH, [stats_data.empty(Game.FIVE_HUNDRED)])
