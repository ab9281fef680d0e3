"""One player's records in Five Hundred and Pitch, from hand records.

Every hand is replayed through the rules engines (`games.engines.records.load_hand`), and only
the engines' documented results are read: `summary()` (status, contract, tricks, scores, Pitch's
points), `full_view()["made"]` and `contracting_seats()` for Five Hundred, `side(seat)` for
partnership Pitch. A player is given as the seat they held in each hand:

    hands = [PlayerHand(record, seat=0, partner="bea"), ...]
    five_hundred_stats(hands, games=[PlayerGame(game_record, seat=0), ...])
    pitch_stats(hands, games=...)

`hands_of_game(game_record, seat, ...)` turns a game record into its hand records. Finished
hands count; a thrown-in hand counts only as thrown in; a hand still in progress is left out.

What is counted
---------------
Five Hundred
    contracts     the contracts the player won the auction with, by call (6S ... 10NT and the
                  three misères), each bid/made
    slams         contracts of the player's in which their side took all ten tricks
    points        what each hand added to the player's total (the record's `scores`; the
                  trick-points cap, which depends on the running totals, is not applied),
                  averaged separately as contractor, as the contractor's partner (including a
                  partner sitting out a misère and the called partner in the five-player game),
                  and as a defender
    partners      for each partner (fixed partner by seat, or the called partner in the
                  five-player game): hands played together, and the contracts their side bid
                  (by either of them) and made
Pitch
    bids          the bids the player won the auction with, by level 1-4: bid and made (set is
                  bid minus made)
    points        High, Low, Jack and Game won by the player (in partnerships, by their side: the
                  Game point belongs to a side, not a seat)
    average       what each hand added to the player's total, set-backs included
Both
    games         played and won, from finished game records
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.engines import five_hundred, pitch, records
from games.engines.base import RecordError

from .ratings import GameResult

PlayerId = Hashable

FIVE_HUNDRED = five_hundred.GAME
PITCH = pitch.GAME

LEVELS = (6, 7, 8, 9, 10)
STRAINS = ("S", "C", "D", "H", "NT")
STRAIN_WORDS = {
    "S": pgettext_lazy("suit", "Spades"),
    "C": pgettext_lazy("suit", "Clubs"),
    "D": pgettext_lazy("suit", "Diamonds"),
    "H": pgettext_lazy("suit", "Hearts"),
    "NT": _("No-trumps"),
}
MISERES = ("misere", "open_misere", "blind_misere")
MISERE_WORDS = {
    "misere": _("Misère"),
    "open_misere": _("Open misère"),
    "blind_misere": _("Blind misère"),
}
# What Pitch's four points are called on the statistics pages.
POINT_WORDS = {
    "high": pgettext_lazy("pitch point", "High"),
    "low": pgettext_lazy("pitch point", "Low"),
    "jack": pgettext_lazy("pitch point", "Jack"),
    "game": pgettext_lazy("pitch point", "Game"),
}
CONTRACT_CALLS = tuple(f"{level}{strain}" for level in LEVELS for strain in STRAINS) + MISERES
PITCH_LEVELS = (1, 2, 3, 4)
POINT_KINDS = pitch.POINT_NAMES  # ("high", "low", "jack", "game")


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand record and the seat the player held in it.

    `partner`: the partner's player id, when the player had a fixed partner (four- and
    six-player Five Hundred, partnership Pitch). `seat_players`: optionally the player id at every
    seat; it names the partner when `partner` is not given, and names the called partner in
    five-player Five Hundred.
    """

    record: Mapping[str, Any]
    seat: int
    partner: PlayerId | None = None
    seat_players: Sequence[PlayerId | None] | None = None


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One game record and the seat the player held in it."""

    record: Mapping[str, Any]
    seat: int


@dataclass(frozen=True, slots=True)
class Tally:
    """Contracts (or bids) undertaken and made."""

    bid: int = 0
    made: int = 0

    @property
    def set(self) -> int:
        """Undertaken but not made (set, or "set back" in Pitch)."""
        return self.bid - self.made

    @property
    def rate(self) -> float | None:
        """The share made, 0-1 (None when nothing was bid)."""
        return self.made / self.bid if self.bid else None

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.bid + other.bid, self.made + other.made)


@dataclass(frozen=True, slots=True)
class Points:
    """Points scored over a number of hands."""

    hands: int = 0
    total: int = 0

    @property
    def average(self) -> float | None:
        return self.total / self.hands if self.hands else None


@dataclass(frozen=True, slots=True)
class PartnerRecord:
    partner: PlayerId
    hands: int  # finished hands played together (thrown-in hands not counted)
    contracts: Tally  # contracts their side bid, by either of them
    by_player: Tally  # of those, bid by the player
    by_partner: Tally  # of those, bid by the partner


@dataclass(frozen=True, slots=True)
class GameTally:
    played: int = 0
    won: int = 0


@dataclass(frozen=True, slots=True)
class FiveHundredStats:
    hands: int
    thrown_in: int
    contracts: dict[str, Tally]  # every call of CONTRACT_CALLS, in that order
    sans_kitty: Tally
    slams: int
    as_contractor: Points
    as_partner: Points
    as_defender: Points
    partners: tuple[PartnerRecord, ...]  # most hands together first
    games: GameTally = field(default_factory=GameTally)

    @property
    def all_contracts(self) -> Tally:
        return _sum(self.contracts.values())

    @property
    def misere(self) -> Tally:
        """All three misères together."""
        return _sum(self.contracts[c] for c in MISERES)

    def table(self) -> list[tuple[int, list[Tally]]]:
        """Rows of the level x strain table: (level, [S, C, D, H, NT tallies]) for 6 to 10."""
        return [(level, [self.contracts[f"{level}{s}"] for s in STRAINS]) for level in LEVELS]

    def misere_rows(self) -> list[tuple[str, Tally]]:
        return [(MISERE_WORDS[c], self.contracts[c]) for c in MISERES]

    def by_level(self) -> list[tuple[str, Tally]]:
        """Contracts by level ("6" ... "10", then "Misère" for all three), for a bar chart."""
        rows = [(str(level), _sum(tallies)) for level, tallies in self.table()]
        rows.append((MISERE_WORDS["misere"], self.misere))
        return rows

    def by_strain(self) -> list[tuple[str, Tally]]:
        return [
            (STRAIN_WORDS[s], _sum(self.contracts[f"{level}{s}"] for level in LEVELS))
            for s in STRAINS
        ]


@dataclass(frozen=True, slots=True)
class PitchStats:
    hands: int
    thrown_in: int
    bids: dict[int, Tally]  # levels 1-4
    points: dict[str, int]  # high, low, jack, game
    score: Points  # what each finished hand added to the player's total
    games: GameTally = field(default_factory=GameTally)

    @property
    def all_bids(self) -> Tally:
        return _sum(self.bids.values())

    @property
    def points_won(self) -> int:
        return sum(self.points.values())

    def by_level(self) -> list[tuple[str, Tally]]:
        return [(str(level), self.bids[level]) for level in PITCH_LEVELS]

    def points_rows(self) -> list[tuple[str, int]]:
        return [(POINT_WORDS[kind], self.points[kind]) for kind in POINT_KINDS]


def _sum(tallies: Iterable[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        total = total + tally
    return total


class _Counter:
    """A mutable bid/made pair while counting."""

    __slots__ = ("bid", "made")

    def __init__(self) -> None:
        self.bid = 0
        self.made = 0

    def add(self, made: bool) -> None:
        self.bid += 1
        self.made += bool(made)

    def freeze(self) -> Tally:
        return Tally(self.bid, self.made)


class _PointsCounter:
    __slots__ = ("hands", "total")

    def __init__(self) -> None:
        self.hands = 0
        self.total = 0

    def add(self, points: int) -> None:
        self.hands += 1
        self.total += points

    def freeze(self) -> Points:
        return Points(self.hands, self.total)


def _replay(entry: PlayerHand, game: str):
    record = entry.record
    if not isinstance(record, Mapping):
        raise ValueError("a hand record must be a JSON object")
    if record.get("game") != game:
        raise ValueError(f"expected a {game} hand record, got {record.get('game')!r}")
    try:
        hand = records.load_hand(dict(record))
    except RecordError as exc:
        raise ValueError(f"the hand record does not replay: {exc.reason}") from None
    seat = entry.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.players:
        raise ValueError(f"seat must be from 0 to {hand.players - 1}, not {seat!r}")
    if entry.seat_players is not None and len(entry.seat_players) != hand.players:
        raise ValueError(f"seat_players needs one entry for each of the {hand.players} seats")
    return hand


def _player_at(entry: PlayerHand, seat: int | None) -> PlayerId | None:
    if seat is None or entry.seat_players is None:
        return None
    return entry.seat_players[seat]


def hands_of_game(
    record: Mapping[str, Any],
    seat: int,
    partner: PlayerId | None = None,
    seat_players: Sequence[PlayerId | None] | None = None,
) -> list[PlayerHand]:
    """A game record's hands as hand records, each with the player's seat."""
    if not isinstance(record, Mapping) or record.get("format") != records.GAME_FORMAT:
        raise ValueError(f"expected a {records.GAME_FORMAT} record")
    header = {"format": records.HAND_FORMAT, "game": record.get("game")}
    header["players"] = record.get("players")
    if "options" in record:
        header["options"] = record["options"]
    out = []
    for hand in record.get("hands") or ():
        if not isinstance(hand, Mapping):
            raise ValueError("a hand of a game record must be an object")
        out.append(PlayerHand({**header, **hand}, seat, partner, seat_players))
    return out


def game_tally(games: Iterable[PlayerGame], game: str | None = None) -> GameTally:
    """Finished games played and won, from game records (unfinished games are left out)."""
    played = won = 0
    for entry in games:
        record = entry.record
        if game is not None and isinstance(record, Mapping) and record.get("game") != game:
            raise ValueError(f"expected a {game} game record, got {record.get('game')!r}")
        try:
            hands, _rows, winners = records.load_game(dict(record))
        except RecordError as exc:
            raise ValueError(f"the game record does not replay: {exc.reason}") from None
        if not 0 <= entry.seat < hands[0].players:
            raise ValueError(f"seat must be from 0 to {hands[0].players - 1}")
        if winners is None:
            continue
        played += 1
        won += entry.seat in winners
    return GameTally(played, won)


def game_tally_from_results(results: Iterable[GameResult], player: PlayerId) -> GameTally:
    """Games played and won by a player, from rated-game results (first place is a win, unless
    every side shares it: a draw)."""
    played = won = 0
    for result in results:
        if player not in result.players:
            continue
        played += 1
        won += player in result.winners()
    return GameTally(played, won)


def _finished_hands(
    hands: Iterable[PlayerHand], game: str
) -> tuple[list[tuple[PlayerHand, Any, dict[str, Any]]], int]:
    """The complete hands (each with its replay and summary) and the number thrown in; hands
    still in progress are left out."""
    finished, thrown = [], 0
    for entry in hands:
        hand = _replay(entry, game)
        summary = hand.summary()
        if summary["status"] == "thrown_in":
            thrown += 1
        elif summary["status"] == "complete":
            finished.append((entry, hand, summary))
    return finished, thrown


def five_hundred_stats(
    hands: Iterable[PlayerHand], games: Iterable[PlayerGame] = ()
) -> FiveHundredStats:
    """One player's Five Hundred record over the given hands (and games)."""
    contracts = {call: _Counter() for call in CONTRACT_CALLS}
    sans = _Counter()
    as_contractor, as_partner, as_defender = _PointsCounter(), _PointsCounter(), _PointsCounter()
    partners: dict[PlayerId, dict[str, Any]] = {}
    finished, thrown = _finished_hands(hands, FIVE_HUNDRED)
    slams = 0
    for entry, hand, summary in finished:
        seat = entry.seat
        contract = summary["contract"]
        contractor = contract["seat"]
        call = contract["call"]
        made = bool(hand.full_view()["made"])
        side = hand.contracting_seats()
        points = summary["scores"][seat]
        fixed = five_hundred.partner_of(hand.players, seat)

        if seat == contractor:
            contracts[call].add(made)
            if contract["sans_kitty"]:
                sans.add(made)
            as_contractor.add(points)
            if call not in MISERES and made and sum(summary["tricks"][s] for s in side) == 10:
                slams += 1
        elif seat in side or (fixed is not None and fixed == contractor):
            as_partner.add(points)
        else:
            as_defender.add(points)

        # The partner of this hand: fixed by seat, or the called partner of five players.
        if fixed is not None:
            partner = entry.partner if entry.partner is not None else _player_at(entry, fixed)
            partner_seat = fixed
        elif hand.players == 5 and seat in side and len(side) == 2:
            partner_seat = next(s for s in side if s != seat)
            partner = _player_at(entry, partner_seat)
        else:
            partner, partner_seat = None, None
        if partner is None:
            continue
        row = partners.setdefault(
            partner,
            {"hands": 0, "contracts": _Counter(), "mine": _Counter(), "theirs": _Counter()},
        )
        row["hands"] += 1
        if contractor in (seat, partner_seat):
            row["contracts"].add(made)
            row["mine" if contractor == seat else "theirs"].add(made)

    partner_rows = tuple(
        sorted(
            (
                PartnerRecord(
                    partner,
                    row["hands"],
                    row["contracts"].freeze(),
                    row["mine"].freeze(),
                    row["theirs"].freeze(),
                )
                for partner, row in partners.items()
            ),
            key=lambda r: (-r.hands, -r.contracts.bid, str(r.partner)),
        )
    )
    return FiveHundredStats(
        hands=len(finished),
        thrown_in=thrown,
        contracts={call: counter.freeze() for call, counter in contracts.items()},
        sans_kitty=sans.freeze(),
        slams=slams,
        as_contractor=as_contractor.freeze(),
        as_partner=as_partner.freeze(),
        as_defender=as_defender.freeze(),
        partners=partner_rows,
        games=game_tally(games, FIVE_HUNDRED),
    )


def pitch_stats(hands: Iterable[PlayerHand], games: Iterable[PlayerGame] = ()) -> PitchStats:
    """One player's Pitch record over the given hands (and games)."""
    bids = {level: _Counter() for level in PITCH_LEVELS}
    points = dict.fromkeys(POINT_KINDS, 0)
    score = _PointsCounter()
    finished, thrown = _finished_hands(hands, PITCH)
    for entry, hand, summary in finished:
        seat = entry.seat
        contract = summary["contract"]
        if contract["seat"] == seat:
            bids[contract["bid"]].add(contract["made"])
        mine = set(hand.side(seat))
        for kind, winner in summary["points"].items():
            if winner is not None and winner in mine:
                points[kind] += 1
        score.add(summary["scores"][seat])
    return PitchStats(
        hands=len(finished),
        thrown_in=thrown,
        bids={level: counter.freeze() for level, counter in bids.items()},
        points=points,
        score=score.freeze(),
        games=game_tally(games, PITCH),
    )
