"""The demo tournament: a Swiss of eight Five Hundred pairs at the demo club, in progress.

`build_demo_tournament()` builds it through the services, as a director would: the demo club's
seven members besides its owner (who directs) and nine more demo players make eight
partnerships; round 1 is played and every result confirmed (some entered from a phone and
confirmed by an opponent, one entered by the director); round 2 is published and partly played:
two tables confirmed, one entered and waiting for the opponents to confirm, one still playing.
Standings are stored.

Idempotent: when the club already has the tournament, it is returned as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from accounts.models import User
from clubs.demo import MEMBER_PASSWORD, build_demo
from clubs.models import Membership
from core.choices import Game

from . import services
from .models import Round, Tournament

TOURNAMENT_NAME = "Spring Swiss Pairs"

# username, display name: extra demo players, members of the demo club
EXTRA_PLAYERS = [
    ("harry", "Harry Tran"),
    ("ivy", "Ivy Mitchell"),
    ("jack", "Jack Sullivan"),
    ("kate", "Kate Hollis"),
    ("liam", "Liam Costa"),
    ("maya", "Maya Singh"),
    ("noah", "Noah Bennett"),
    ("olga", "Olga Petrova"),
    ("pete", "Pete Anderson"),
]

# The partnerships, best seed first (usernames).
PAIRS = [
    ("alice", "bob"),
    ("carol", "dave"),
    ("erin", "frank"),
    ("grace", "harry"),
    ("ivy", "jack"),
    ("kate", "liam"),
    ("maya", "noah"),
    ("olga", "pete"),
]

# Round 1 scores by table (side 0, side 1), and round 2's two finished tables and one entered.
ROUND_1 = {1: (520, 180), 2: (250, 510), 3: (500, 240), 4: (430, 130)}
ROUND_2_CONFIRMED = {1: (510, 330), 2: (-120, 500)}
ROUND_2_PENDING = {3: (460, 220)}


@dataclass
class DemoTournament:
    tournament: Tournament
    created: list[str] = field(default_factory=list)


def _players(club) -> dict[str, User]:
    users = {u.username: u for u in User.objects.filter(memberships__club=club)}
    for username, display_name in EXTRA_PLAYERS:
        user = users.get(username) or User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(
                username=username,
                password=MEMBER_PASSWORD,
                email=f"{username}@example.com",
                display_name=display_name,
                games=[Game.FIVE_HUNDRED],
            )
        Membership.objects.get_or_create(club=club, user=user)
        users[username] = user
    return users


def _player_at(table, side: int) -> User:
    seat = table.seats.filter(number=table.sides[side][0]).select_related("member__user").get()
    return seat.member.user


@transaction.atomic
def build_demo_tournament() -> DemoTournament:
    demo = build_demo()
    club = demo.club
    existing = Tournament.objects.filter(club=club, name=TOURNAMENT_NAME).first()
    if existing is not None:
        return DemoTournament(existing)
    director = User.objects.get(username="demo")
    users = _players(club)
    tournament = services.tournament_create(
        director,
        club,
        name=TOURNAMENT_NAME,
        game=Game.FIVE_HUNDRED,
        format=Tournament.Format.SWISS,
        rounds=3,
        tiebreaks=["buchholz", "sonneborn_berger", "points_difference", "hands_won"],
    )
    for first, second in PAIRS:
        services.entrant_add(director, tournament, members=[users[first], users[second]])
    services.tournament_start(director, tournament)

    round1 = Round.objects.get(tournament=tournament, number=1)
    services.round_publish(director, round1)
    for table in round1.tables.order_by("number"):
        scores = list(ROUND_1[table.number])
        if table.number == 4:  # the card was handed in to the director
            services.result_enter(director, table, scores=scores, reason="Score card handed in")
            continue
        services.result_enter(_player_at(table, 0), table, scores=scores)
        services.result_confirm(_player_at(table, 1), table)

    round2 = services.tournament_pair_round(director, tournament)
    services.round_publish(director, round2)
    for table in round2.tables.order_by("number"):
        if table.number in ROUND_2_CONFIRMED:
            services.result_enter(
                _player_at(table, 1), table, scores=list(ROUND_2_CONFIRMED[table.number])
            )
            services.result_confirm(_player_at(table, 0), table)
        elif table.number in ROUND_2_PENDING:
            services.result_enter(
                _player_at(table, 0), table, scores=list(ROUND_2_PENDING[table.number])
            )
    services.standings_recalculate(tournament.pk)
    tournament.refresh_from_db()
    return DemoTournament(tournament, created=["tournament", "round 1", "round 2"])


# A finished knockout (the demo clubs in their own script and zone, clubs.demo.WORLD_CLUBS) -------


@transaction.atomic
def build_finished_knockout(club, director: User, players: list[User], name: str) -> Tournament:
    """A single elimination of four Five Hundred partnerships of `players` (eight, paired as
    listed), played to the end: the director enters every table's card (the higher seed's side
    wins each match, by a margin that changes from table to table) until it is finished.
    Idempotent: a tournament of that name at the club is returned as it is."""
    from . import selectors

    existing = Tournament.objects.filter(club=club, name=name).first()
    if existing is not None:
        return existing
    tournament = services.tournament_create(
        director,
        club,
        name=name,
        game=Game.FIVE_HUNDRED,
        format=Tournament.Format.SINGLE_ELIMINATION,
    )
    for i in range(4):
        services.entrant_add(director, tournament, members=players[2 * i : 2 * i + 2])
    services.tournament_start(director, tournament)
    for _ in range(10):  # a bracket of four has two rounds; the bound only guards the loop
        rounds = Round.objects.filter(tournament=tournament).order_by("number")
        for round_ in rounds:
            if round_.is_draft:
                services.round_publish(director, round_)
            for table in selectors.round_unfinished_tables(round_):
                margin = 60 + 40 * table.number
                services.result_enter(
                    director, table, scores=[500, 500 - margin], reason="Score card handed in"
                )
        tournament.refresh_from_db()
        if tournament.is_elimination and selectors.bracket_state(tournament).finished:
            break
    if not tournament.is_finished:  # a bracket finishes by itself with its final
        services.tournament_finish(director, tournament)
    services.standings_recalculate(tournament.pk)
    tournament.refresh_from_db()
    return tournament
