"""Demo ladders: finished, rated games between the demo club's members.

`build_ladder_demo(club)` plays short whole games at the demo club through the games services,
every move chosen by the club-level bot from the seat's own view (seeded, so the demo is the
same each time): Five Hundred to 250 in partnerships, and Auction Pitch to 7, each for
themselves. Each game is dated back (one every few days over the last weeks, two of them during
the club's past night) and recorded and rated at once, so the ladders, player pages, charts and
the night's winner have something to show. Running it again plays nothing new: a game already
finished is found by its name.

The demo owner ("demo") never plays here: their one table is the demo game against bots.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from clubs.models import Club, ClubNight
from core.choices import Game
from games import bots, state
from games import services as game_services
from games.engines.base import Action
from games.models import Table

from . import services

# Seats 0 & 2 play against 1 & 3, so partners change from game to game. The last two are
# played at the club's past night.
FIVE_HUNDRED_TABLES = (
    ("alice", "bob", "carol", "dave"),
    ("alice", "carol", "bob", "dave"),
    ("alice", "dave", "bob", "carol"),
    ("bob", "alice", "dave", "carol"),
    ("carol", "alice", "dave", "bob"),
)
PITCH_TABLES = (
    ("frank", "grace", "bob", "carol"),
    ("grace", "bob", "carol", "frank"),
    ("bob", "carol", "frank", "grace"),
    ("carol", "frank", "grace", "bob"),
    ("frank", "bob", "grace", "carol"),
)
NAME = "Ladder demo"
PAST_NIGHT_TITLE = "Last week's Five Hundred"


@dataclass
class LadderDemo:
    played: list[Table] = field(default_factory=list)  # games played by this run
    tables: list[Table] = field(default_factory=list)  # every demo game


def _schedule(count: int, offset_days: int) -> list[datetime]:
    """Evenly spread evenings over the last five weeks, oldest first."""
    today = timezone.localdate()
    out = []
    for number in range(count):
        day = today - timedelta(days=35 - offset_days - number * (30 // max(count, 1)))
        out.append(
            timezone.make_aware(datetime(day.year, day.month, day.day, 21, 30 - number % 3 * 10))
        )
    return out


def _plan(club: Club) -> list[dict]:
    games = []
    fh_times = _schedule(len(FIVE_HUNDRED_TABLES), 0)
    night = past_night(club)
    if night is not None:
        fh_times[-2] = night.starts_at + timedelta(minutes=70)
        fh_times[-1] = night.starts_at + timedelta(minutes=150)
    for number, (names, at) in enumerate(zip(FIVE_HUNDRED_TABLES, fh_times, strict=True), 1):
        games.append(
            {
                "name": f"{NAME}: Five Hundred {number}",
                "game": Game.FIVE_HUNDRED,
                "players": names,
                "options": {"target": 250},
                "at": at,
                "seed": 500 + number,
            }
        )
    pitch_times = _schedule(len(PITCH_TABLES), 2)
    for number, (names, at) in enumerate(zip(PITCH_TABLES, pitch_times, strict=True), 1):
        games.append(
            {
                "name": f"{NAME}: Pitch {number}",
                "game": Game.PITCH,
                "players": names,
                "options": {},
                "at": at,
                "seed": 700 + number,
            }
        )
    games.sort(key=lambda g: g["at"])
    return games


def _play(table: Table, people: dict[int, User], finished_at: datetime, rng: random.Random):
    """Every seat moves by the club bot's choice until the game ends; the move that ends it is
    committed with the game's date and its rating. A copy of the hand is kept here, moved
    along with the table, so each move costs one service call."""
    hand = None
    for _ in range(20_000):
        if hand is None or hand.is_over:
            table.refresh_from_db()
            if table.is_finished:
                return
            _table_hand, hand = state.build_current_hand(table)
        seat = hand.to_act
        view = hand.view_for(seat)
        if view.get("hand_hidden"):
            game_services.table_look(people[seat], table)
            hand.reveal_to(seat)
            continue
        action = bots.choose_action(view, level="club", rng=rng)
        with transaction.atomic():
            result = game_services.table_act(people[seat], table.pk, table.action_number, action)
            if result.game_finished:
                Table.objects.filter(pk=table.pk).update(finished_at=finished_at)
                rated_game, _ = services.table_game_record(table.pk)
                if rated_game is not None:
                    services.game_stats_record(rated_game.pk)
        table.action_number = result.action_number
        hand.apply(Action.from_record(action | {"seat": seat}))
    raise RuntimeError(f"{table} did not finish")


def build_ladder_demo(club: Club) -> LadderDemo:
    """Play (once) the demo club's rated games; see the module docstring."""
    out = LadderDemo()
    names = {name for table in FIVE_HUNDRED_TABLES + PITCH_TABLES for name in table}
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    for game in _plan(club):
        if any(name not in users for name in game["players"]):
            continue
        table = Table.objects.filter(club=club, name=game["name"]).first()
        if table is not None and table.is_finished:
            services.table_game_record(table.pk)  # recorded already, or now if it was missed
            out.tables.append(table)
            continue
        seated = [users[name] for name in game["players"]]
        if table is None:
            table = game_services.table_create(
                seated[0],
                game=game["game"],
                players=len(seated),
                options=game["options"],
                name=game["name"],
                access=Table.Access.CLUB,
                club=club,
                seed=game["seed"],
            )
            for number, user in enumerate(seated[1:], start=1):
                game_services.table_sit(user, table, number)
        people = {s.number: s.user for s in table.seats.select_related("user")}
        _play(table, people, game["at"], random.Random(game["seed"]))
        Table.objects.filter(pk=table.pk).update(
            started_at=game["at"] - timedelta(minutes=40), finished_at=game["at"]
        )
        out.played.append(table)
        out.tables.append(table)
    return out


def past_night(club: Club) -> ClubNight | None:
    return club.nights.filter(title=PAST_NIGHT_TITLE).first()
