"""A club with history, written fast (bulk inserts), for the page query-count tests and for
`bench/pages.py`.

`build_club(members, nights, tournaments, games)` makes one club with that many members, past
club nights (one a week, the latest yesterday), finished Swiss tournaments (at every other
night, twelve single-player entrants with stored standings, every other one with a
champion) and rated online games (spread over the nights without a tournament, alternately
four-handed partnership Five Hundred and three-to-five-handed Pitch), each with its players'
statistics; then rebuilds the four ladders (site-wide and the club's, both games) from those
games the way the rebuild job does. It returns a `ClubData`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal

from django.contrib.auth.hashers import make_password
from django.utils import timezone

ENTRANTS = 12
TIEBREAKS = ["buchholz", "sonneborn_berger"]


@dataclass
class ClubData:
    club: object
    users: list = field(default_factory=list)
    nights: list = field(default_factory=list)
    tournaments: list = field(default_factory=list)
    player: object = None  # someone in many games, tournaments and every ladder


def build_club(
    members: int = 300,
    nights: int = 100,
    tournaments: int = 50,
    games: int = 500,
    *,
    slug: str = "big-club",
    seed: int = 14,
) -> ClubData:
    from accounts.models import User
    from clubs.models import Club, ClubNight, Membership
    from core.choices import Game
    from ladders.models import GamePlayer, PlayerGameStats, RatedGame
    from ladders.services.rebuilding import ladder_rebuild
    from ladders.stats_data import empty
    from tournaments.models import Entrant, EntrantMember, Standing, Tournament

    rng = random.Random(seed)
    now = timezone.now()
    password = make_password(None)
    users = User.objects.bulk_create(
        User(
            username=f"{slug}-p{i}",
            display_name=f"Player {i} of {slug}",
            email=f"{slug}-p{i}@example.com",
            password=password,
        )
        for i in range(members)
    )
    owner = users[0]
    club = Club.objects.create(
        name=f"Club {slug}",
        slug=slug,
        games=list(Game.values),
        created_by=owner,
        time_zone="Asia/Kolkata",
    )
    Membership.objects.bulk_create(
        Membership(
            club=club,
            user=u,
            role=Membership.Role.OWNER if i == 0 else Membership.Role.MEMBER,
        )
        for i, u in enumerate(users)
    )
    latest = (now - timedelta(days=1)).replace(hour=13, minute=30, second=0, microsecond=0)
    night_rows = ClubNight.objects.bulk_create(
        ClubNight(
            club=club,
            starts_at=latest - timedelta(days=7 * n),
            duration_minutes=180,
            venue="The hall",
            game=Game.FIVE_HUNDRED if n % 2 else Game.PITCH,
            capacity=40,
            registration_opens_at=latest - timedelta(days=7 * n + 14),
            registration_closes_at=latest - timedelta(days=7 * n),
            created_by=owner,
        )
        for n in range(nights)
    )
    # Tournaments at every other night from the one before the latest; games at the rest.
    with_tournament = night_rows[1::2][:tournaments]
    game_nights = [n for n in night_rows if n not in with_tournament] or night_rows
    data = ClubData(club, users, night_rows, player=users[1])

    tournament_rows = Tournament.objects.bulk_create(
        Tournament(
            club=club,
            night=night,
            name=f"Cup {i + 1}",
            game=night.game,
            format=Tournament.Format.SWISS,
            rounds=4,
            tiebreaks=TIEBREAKS,
            status=Tournament.Status.FINISHED,
            standings_version=1,
            standings_updated_at=night.starts_at + timedelta(hours=3),
            started_at=night.starts_at,
            finished_at=night.starts_at + timedelta(hours=3),
            created_by=owner,
        )
        for i, night in enumerate(with_tournament)
    )
    data.tournaments = tournament_rows
    entrant_rows = []
    for t in tournament_rows:
        people = [data.player, *rng.sample(users[2:], ENTRANTS - 1)]
        for seed_no, person in enumerate(people, start=1):
            entrant_rows.append(
                (t, person, Entrant(tournament=t, name=person.display_name, seed=seed_no))
            )
    Entrant.objects.bulk_create(e for _, _, e in entrant_rows)
    EntrantMember.objects.bulk_create(
        EntrantMember(tournament=t, entrant=e, user=person, position=0)
        for t, person, e in entrant_rows
    )
    standings = []
    champions = []
    by_tournament: dict[int, list] = {}
    for t, _, e in entrant_rows:
        by_tournament.setdefault(t.pk, []).append(e)
    for index, t in enumerate(tournament_rows):
        entrants = by_tournament[t.pk][:]
        rng.shuffle(entrants)
        for position, e in enumerate(entrants, start=1):
            wins = max(0, 4 - position // 3)
            points = 2 * wins
            values = [rng.randrange(0, 40), rng.randrange(0, 30)]
            standings.append(
                Standing(
                    tournament=t,
                    entrant=e,
                    position=position,
                    rank=position,
                    points=Decimal(points),
                    played=4,
                    wins=wins,
                    losses=4 - wins,
                    game_points=rng.randrange(-200, 2000),
                    hands_won=rng.randrange(0, 40),
                    data={
                        "points": points,
                        "match_points": points,
                        "points_difference": rng.randrange(-500, 500),
                        "buchholz": values[0],
                        "sonneborn_berger": values[1],
                        "head_to_head": 0,
                        "tiebreaks": [
                            {"key": "buchholz", "label": "Buchholz", "value": values[0]},
                            {
                                "key": "sonneborn_berger",
                                "label": "Sonneborn–Berger",
                                "value": values[1],
                            },
                        ],
                    },
                )
            )
            if position == 1 and index % 2 == 0:
                t.champion = e
                champions.append(t)
    Standing.objects.bulk_create(standings)
    Tournament.objects.bulk_update(champions, ["champion"])

    games_rows = []
    seats_of = []
    # Each night has its crowd of twenty members (the player among them); three games in five
    # are played at the nights of the last three months (so that the ladders are long).
    crowds = {n.pk: [data.player, *rng.sample(users[2:], 19)] for n in game_nights}
    recent = [n for n in game_nights if n.starts_at >= now - timedelta(days=85)] or game_nights
    for g in range(games):
        night = rng.choice(recent) if rng.random() < 0.6 else rng.choice(game_nights)
        played_at = night.starts_at + timedelta(minutes=rng.randrange(15, 200), seconds=g % 60)
        pool = rng.sample(crowds[night.pk], 5)
        if g % 2 == 0 and len(pool) >= 4:
            game, seats = Game.FIVE_HUNDRED, pool[:4]
            teams = [[seats[0].pk, seats[2].pk], [seats[1].pk, seats[3].pk]]
            ranks = [0, 1] if rng.random() < 0.5 else [1, 0]
            scores = [500, rng.randrange(-200, 490, 10)]
        else:
            game = Game.PITCH
            seats = pool[: max(3, min(len(pool), 3 + g % 3))]
            teams = [[s.pk] for s in seats]
            order = list(range(len(seats)))
            rng.shuffle(order)
            ranks = [order.index(i) for i in range(len(seats))]
            scores = [11 - r for r in ranks]
        games_rows.append(
            RatedGame(
                source=RatedGame.Source.TABLE,
                source_id=10_000_000 + g + 1_000 * (seed % 1000),
                game=game,
                club=club,
                label=f"Table {g + 1}",
                played_at=played_at,
                players=len(seats),
                teams=teams,
                seats=[[i for i, s in enumerate(seats) if s.pk in team] for team in teams],
                ranks=ranks,
                scores=scores,
                rated=True,
            )
        )
        seats_of.append(seats)
    RatedGame.objects.bulk_create(games_rows)
    entries = []
    stats = []
    for rated_game, seats in zip(games_rows, seats_of, strict=True):
        for side, team in enumerate(rated_game.teams):
            for uid in team:
                won = rated_game.ranks[side] == 0
                entries.append(
                    GamePlayer(
                        rated_game=rated_game,
                        user_id=uid,
                        seat=next(i for i, s in enumerate(seats) if s.pk == uid),
                        side=side,
                        place=rated_game.ranks[side],
                        score=rated_game.scores[side],
                        played_at=rated_game.played_at,
                    )
                )
                figures = empty(rated_game.game)
                figures["games"] = [1, int(won)]
                figures["hands"] = 8
                stats.append(
                    PlayerGameStats(
                        rated_game=rated_game,
                        user_id=uid,
                        game=rated_game.game,
                        club=club,
                        data=figures,
                    )
                )
    GamePlayer.objects.bulk_create(entries, batch_size=1000)
    PlayerGameStats.objects.bulk_create(stats, batch_size=1000)
    for game in Game.values:
        ladder_rebuild(game, None)
        ladder_rebuild(game, club.pk)
    return data
