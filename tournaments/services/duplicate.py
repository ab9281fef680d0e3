"""Duplicate events: boards dealt once, carried between the tables by a movement, each result
judged against the other results on the same board (`tournaments.formats.movements`,
`tournaments.formats.duplicate`).

Pairs are the entrants in seed order when the event starts (pair 1 is the first of
`Tournament.draw`); a bot pair makes an odd field even. Starting the event deals the board set
(`games.boards.board_set_create`: each board's commitment is public from then on) and seats
round 1 from the movement; each round's tables carry their boards (`TournamentTable.boards`).
A table played on the site deals exactly those boards (`games` tables with `boards=`) and each
finished hand becomes a `BoardResult`; at a physical table a player enters each board's contract,
declarer and tricks, the engine scores it, and the other pair (or a director) confirms. Once
every table due to play a board has a confirmed result on it, its seed is revealed.

Pitch each for themselves (`is_solo`): the entrants are individuals seated by
`movements.individual` at tables of `solo_seats(players)` (3–7; bots fill the empty seats), every
table plays the same boards, a result holds each seat's points (`BoardResult.seat_entrants`) and a
seat is compared with the same seat at the other tables. A pair or player who withdraws is
replaced by bots in the rounds still to be published — never a sit-out. A director may close a
round with boards missing (`round_assign_averages`): each scores the board's average for both
sides. Every entry, confirmation or assignment bumps `Tournament.boards_version` and is published
on `boards_channel` for the live standings and travellers.

    duplicate_start(tournament, actor)                         (from tournament_start)
    duplicate_build_round(tournament, number) -> Round         (from the round drawing)
    board_result_enter(actor, table, number, *, contract, declarer, tricks) -> BoardResult
    board_result_confirm(actor, table, number) -> BoardResult
    board_result_dispute(actor, table, number)                 (clear it; tell who entered it)
    duplicate_record_online(game_table_id) -> list[BoardResult]   (site hands, idempotent)
    duplicate_standings_rows(tournament) -> list[dict]            (the standings snapshot)
    round_assign_averages(actor, round_) -> Round                 (close with boards missing)
    withdrawn_to_bots(tournament, entrant_id) -> int              (from entrant_withdraw)
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.notices import notices_send, register
from core import live
from core.choices import Game
from games import boards as game_boards
from games.engines import five_hundred, pitch
from games.errors import GameError
from games.models import Board, TableHand
from games.models import Table as GameTable

from .. import policies
from ..formats import FormatError
from ..formats.duplicate import BoardResult as PlainResult
from ..formats.duplicate import score_duplicate
from ..formats.movements import SEATS, IndividualMovement, Movement, individual, movement_for
from ..models import (
    BoardResult,
    Entrant,
    EntrantMember,
    Round,
    TableSeat,
    Tournament,
    TournamentTable,
)
from ..scores import score_line
from .common import (
    directors_to_tell,
    enqueue_standings,
    is_director,
    lock_round,
    lock_table,
    require_director,
    require_signed_in,
    result_audit,
    tournament_link,
)
from .errors import Conflict, InvalidInput, NotAllowed, ResultExists, WrongStatus

# The notices a dispute sends (beside tournaments/notices.py's: registered where they are sent).
register(
    {
        "tournaments.board_disputed": gettext_noop(
            "%(name)s disputed the result you entered for board %(board)s (%(scores)s) at table "
            "%(table)s of %(tournament)s (round %(round)s), and it was cleared: agree on the "
            "result and enter it again, or call a director."
        ),
        "tournaments.board_disputed_director": gettext_noop(
            "%(name)s disputed the result %(entered)s entered for board %(board)s (%(scores)s) "
            "at table %(table)s of %(tournament)s (round %(round)s), and it was cleared: the "
            "table may need a director."
        ),
    }
)

PARTNER_SIDES = [[0, 2], [1, 3]]
#: The entrant id a bot pair has in the scoring (never a database id).
BOT_PAIR = "bot"
Status = BoardResult.Status
Source = BoardResult.Source

__all__ = [
    "BOT_PAIR",
    "board_result_confirm",
    "board_result_dispute",
    "board_result_enter",
    "boards_channel",
    "duplicate_build_round",
    "duplicate_record_online",
    "duplicate_scores",
    "duplicate_standings_rows",
    "duplicate_start",
    "is_solo",
    "solo_seats",
    "movement_of",
    "pair_entrants",
    "revealed_numbers",
    "round_assign_averages",
    "withdrawn_to_bots",
]


# The movement ------------------------------------------------------------------------------------


#: The table sizes a solo event tries, in order of preference when they leave as many bots.
SOLO_PREFERENCE = (4, 5, 3, 6, 7)


def is_solo(tournament: Tournament) -> bool:
    """Pitch each for themselves: individuals, a seat compared with the same seat elsewhere."""
    return not tournament.partnerships


def solo_seats(players: int) -> int:
    """The seats a table of a solo event with `players` players: the size (3–7) that leaves
    fewest seats to bots with at least two tables, four when that ties."""
    sizes = [s for s in SOLO_PREFERENCE if s in SEATS and players > s] or [3]
    return min(sizes, key=lambda s: (-(-players // s) * s - players, SOLO_PREFERENCE.index(s)))


def movement_of(tournament: Tournament, pairs: int | None = None) -> Movement | IndividualMovement:
    """The tournament's movement for its pairs (those of the draw once it has started); a solo
    event's individual movement for its players (as many rounds as seats unless set)."""
    count = len(tournament.draw) if pairs is None else pairs
    if is_solo(tournament):
        seats = solo_seats(count)
        return individual(count, seats, tournament.boards_per_round, tournament.rounds or seats)
    return movement_for(count, tournament.boards_per_round, tournament.movement or "auto")


def pair_entrants(tournament: Tournament) -> dict[int, int | None]:
    """Pair number (player number at a solo event) → entrant id (None for a bot)."""
    movement = movement_of(tournament)
    draw = list(tournament.draw)
    if isinstance(movement, IndividualMovement):
        numbers = range(1, movement.tables * movement.seats_per_table + 1)
    else:
        numbers = movement.pair_numbers
    return {pair: (None if movement.is_bot(pair) else draw[pair - 1]) for pair in numbers}


def _withdrawn(tournament: Tournament) -> set[int]:
    return set(
        Entrant.objects.filter(tournament=tournament, withdrawn=True).values_list("pk", flat=True)
    )


def duplicate_start(tournament: Tournament, actor) -> None:
    """Check the field, deal the boards and seat round 1 (the tournament is locked and has
    just been set running with its draw)."""
    try:
        movement = movement_of(tournament)
    except FormatError as exc:
        raise Conflict(str(exc)) from None
    if movement.boards > game_boards.MAX_BOARDS:
        raise Conflict(
            _("This movement needs %(count)s boards; at most %(most)s can be dealt.")
            % {"count": movement.boards, "most": game_boards.MAX_BOARDS}
        )
    try:
        board_set = game_boards.board_set_create(
            game=tournament.game,
            players=movement.seats_per_table if is_solo(tournament) else 4,
            options=dict(tournament.options or {}),
            count=movement.boards,
            created_by=actor,
            name=tournament.name[:100],
        )
    except GameError as exc:
        raise Conflict(exc.message) from None
    tournament.board_set = board_set
    tournament.rounds = movement.rounds
    tournament.save(update_fields=["board_set", "rounds"])
    duplicate_build_round(tournament, 1)


def duplicate_build_round(tournament: Tournament, number: int) -> Round:
    """Seat round `number` from the movement: NS in seats 0 and 2, EW in 1 and 3, the bot pair
    as bots (at a solo event, each player in their seat, bots in the empty seats). A pair or
    player who has withdrawn is replaced by bots — never a sit-out. The round is a draft for the
    director to check and publish."""
    movement = movement_of(tournament)
    if number > movement.rounds:
        raise Conflict(_("All %(count)s rounds have been paired.") % {"count": movement.rounds})
    withdrawn = _withdrawn(tournament)
    entrants = {
        pair: (None if entrant in withdrawn else entrant)
        for pair, entrant in pair_entrants(tournament).items()
    }
    members: dict[int, list[EntrantMember]] = {}
    for member in EntrantMember.objects.filter(tournament=tournament).order_by("position"):
        members.setdefault(member.entrant_id, []).append(member)
    round_ = Round.objects.create(tournament=tournament, number=number)
    seats = []
    if isinstance(movement, IndividualMovement):
        for sitting in movement.round(number):
            table = TournamentTable.objects.create(
                tournament=tournament,
                round=round_,
                number=sitting.table,
                sides=[[seat] for seat in range(len(sitting.seats))],
                online=tournament.online,
                boards=list(sitting.boards),
            )
            for seat_number, player in enumerate(sitting.seats):
                entrant_id = entrants[player]
                people = members.get(entrant_id, []) if entrant_id is not None else []
                seats.append(
                    TableSeat(
                        table=table,
                        number=seat_number,
                        entrant_id=entrant_id,
                        member=people[0] if people else None,
                    )
                )
        TableSeat.objects.bulk_create(seats)
        return round_
    for sitting in movement.round(number):
        table = TournamentTable.objects.create(
            tournament=tournament,
            round=round_,
            number=sitting.table,
            sides=PARTNER_SIDES,
            online=tournament.online,
            boards=list(sitting.boards),
        )
        for pair, numbers in ((sitting.ns_pair, (0, 2)), (sitting.ew_pair, (1, 3))):
            entrant_id = entrants[pair]
            people = members.get(entrant_id, []) if entrant_id is not None else []
            for position, seat_number in enumerate(numbers):
                seats.append(
                    TableSeat(
                        table=table,
                        number=seat_number,
                        entrant_id=entrant_id,
                        member=people[position] if position < len(people) else None,
                    )
                )
    TableSeat.objects.bulk_create(seats)
    return round_


def board_ids(tournament: Tournament, numbers) -> list[int]:
    """The ids of the tournament's boards `numbers`, in that order."""
    by_number = dict(
        Board.objects.filter(
            board_set=tournament.board_set_id, number__in=list(numbers)
        ).values_list("number", "pk")
    )
    return [by_number[n] for n in numbers]


# Results -----------------------------------------------------------------------------------------


def _seat_entrants(table: TournamentTable) -> tuple[int | None, int | None]:
    by_number = dict(TableSeat.objects.filter(table=table).values_list("number", "entrant_id"))
    return by_number.get(0), by_number.get(1)


def _by_seat(table: TournamentTable) -> list[int | None]:
    """The entrant in each seat of a solo table (None for a bot)."""
    by_number = dict(TableSeat.objects.filter(table=table).values_list("number", "entrant_id"))
    return [by_number.get(seat) for seat in range(len(table.sides or []))]


def _side_of(user, table: TournamentTable) -> int | None:
    seat = (
        TableSeat.objects.filter(table=table, member__user=user)
        .values_list("number", flat=True)
        .first()
    )
    if seat is None:
        return None
    return next(i for i, side in enumerate(table.sides) if seat in side)


def _check_board(table: TournamentTable, number) -> int:
    if isinstance(number, bool):
        number = None
    try:
        number = int(number)
    except (TypeError, ValueError):
        number = None
    if number not in (table.boards or []):
        raise InvalidInput(
            _("Table %(table)s doesn't play that board this round.") % {"table": table.number},
            field="board",
        )
    return number


def _at_a_board(actor, table, number, refusal: str):
    """Lock the table for a player of it or a director writing a board's result at a physical
    table of a running event: (tournament, table, director?, the actor's side, board number).
    `refusal` is the message for anyone else."""
    require_signed_in(actor)
    tournament, table = lock_table(table)
    director = is_director(actor, tournament)
    side = _side_of(actor, table)
    if not policies.may_enter_board(side, director):
        raise NotAllowed(refusal)
    _check_running(tournament, table, director)
    if table.online:
        raise Conflict(_("This table is played on the site: its results record themselves."))
    return tournament, table, director, side, _check_board(table, number)


def _check_running(tournament: Tournament, table: TournamentTable, director: bool) -> None:
    if not tournament.is_duplicate:
        raise Conflict(_("This is not a duplicate event."))
    if not tournament.is_running:
        raise WrongStatus(_("%(tournament)s is not running.") % {"tournament": tournament.name})
    if table.round.is_draft:
        raise WrongStatus(
            _("Round %(round)s hasn't been published.") % {"round": table.round.number}
        )
    if table.round.is_closed and not director:
        raise WrongStatus(_("Round %(round)s is closed.") % {"round": table.round.number})


def _five_hundred_entry(tournament: Tournament, contract, declarer, tricks) -> dict:
    contract = str(contract or "").strip()
    if contract == five_hundred.PASS_CALL:
        declarer = tricks = None
    else:
        try:
            declarer = int(declarer)
            tricks = int(tricks)
        except (TypeError, ValueError):
            raise InvalidInput(
                _("Give the declarer's seat and the tricks the declaring side took."),
                field="tricks",
            ) from None
    options = five_hundred.Options(
        **{
            k: v
            for k, v in (tournament.options or {}).items()
            if k in five_hundred.Options.__dataclass_fields__
        }
    )
    if "misere" in contract and tricks is not None and tricks > 1:
        raise InvalidInput(
            _("A misère ends as soon as the contractor wins a trick: enter 0 or 1 tricks."),
            field="tricks",
        )
    try:
        scores = five_hundred.contract_scores(4, options, contract, declarer, tricks)
    except ValueError:
        raise InvalidInput(
            _("That contract, declarer and number of tricks can't be scored."), field="contract"
        ) from None
    return {
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "scores": [scores[0], scores[1]],
    }


def _side_value(value):
    if value in (None, "", "none"):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1  # refused by the engine's check


def _pitch_entry(tournament: Tournament, contract, declarer, points) -> dict:
    try:
        bid = int(contract)
        pitcher = int(declarer)
    except (TypeError, ValueError):
        raise InvalidInput(_("Give the bid and the pitcher's seat."), field="contract") from None
    if not isinstance(points, dict):
        raise InvalidInput(_("Say which side took high, low, jack and game."), field="points")
    sides = {name: _side_value(points.get(name)) for name in pitch.POINT_NAMES}
    known = pitch.Options.__dataclass_fields__
    options = pitch.Options(**{k: v for k, v in (tournament.options or {}).items() if k in known})
    try:
        scores = pitch.contract_scores(options, bid, pitcher, sides)
    except ValueError:
        raise InvalidInput(
            _("That bid, pitcher and points can't be scored."), field="points"
        ) from None
    return {
        "contract": str(bid),
        "declarer": pitcher,
        "tricks": None,
        "scores": [scores[0], scores[1]],
        "detail": {"points": sides},
    }


def _pitch_solo_entry(tournament: Tournament, players: int, contract, declarer, points) -> dict:
    try:
        bid = int(contract)
        pitcher = int(declarer)
    except (TypeError, ValueError):
        raise InvalidInput(_("Give the bid and the pitcher's seat."), field="contract") from None
    if not isinstance(points, dict):
        raise InvalidInput(_("Say who took high, low, jack and game."), field="points")
    seats = {name: _side_value(points.get(name)) for name in pitch.POINT_NAMES}
    known = pitch.Options.__dataclass_fields__
    options = pitch.Options(**{k: v for k, v in (tournament.options or {}).items() if k in known})
    try:
        scores = pitch.solo_contract_scores(options, players, bid, pitcher, seats)
    except ValueError:
        raise InvalidInput(
            _("That bid, pitcher and points can't be scored."), field="points"
        ) from None
    return {
        "contract": str(bid),
        "declarer": pitcher,
        "tricks": None,
        "scores": scores,
        "detail": {"points": seats},
    }


@transaction.atomic
def board_result_enter(
    actor,
    table: TournamentTable | int,
    number,
    *,
    contract,
    declarer=None,
    tricks=None,
    points=None,
    reason: str = "",
) -> BoardResult:
    """A player at a physical table (or a director) enters a board's result: at Five Hundred
    the contract (a call, or "pass" when everyone passed), the declarer's seat (0–3) and the
    tricks the declaring side took; at Pitch the bid, the pitcher's seat and which side took
    each point (`points`: high, low, jack, game → 0 for NS, 1 for EW, None for nobody; at a
    solo table the seat that took it). The engine scores it. A player's entry waits for the
    other pair (at a solo table, another player) to confirm (entering the same result confirms
    it); a director's entry is confirmed at once and may correct a confirmed one. Whatever a
    director enters goes into the audit log; changing a result already entered takes a
    `reason`."""
    tournament, table, director, side, number = _at_a_board(
        actor,
        table,
        number,
        _("Only the players at this table or a director can enter its results."),
    )
    solo = is_solo(tournament)
    if tournament.game == Game.FIVE_HUNDRED:
        values = _five_hundred_entry(tournament, contract, declarer, tricks)
    elif solo:
        values = _pitch_solo_entry(tournament, len(table.sides or []), contract, declarer, points)
    else:
        values = _pitch_entry(tournament, contract, declarer, points)
    existing = BoardResult.objects.select_for_update().filter(table=table, number=number).first()
    now = timezone.now()
    if existing is not None and not director:
        if existing.is_confirmed:
            raise ResultExists(
                _("Board %(board)s already has a confirmed result: ask a director to correct it.")
                % {"board": number}
            )
        if existing.entered_side != side:
            same = all(getattr(existing, k) == v for k, v in values.items())
            if not same:
                raise ResultExists(
                    _(
                        "The other pair entered a different result for board %(board)s: "
                        "confirm theirs, or dispute it and enter yours."
                    )
                    % {"board": number}
                )
            return _confirm(tournament, existing, actor)
    old = _board_audit(existing) if existing is not None else None
    reason = (reason or "").strip()
    if (
        director
        and existing is not None
        and any(getattr(existing, k) != v for k, v in values.items())
    ):
        if not reason:
            raise InvalidInput(_("Say why the result is corrected."), field="reason")
    ns, ew = (None, None) if solo else _seat_entrants(table)
    if solo:
        values["seat_entrants"] = _by_seat(table)
    fields = {
        **values,
        "source": Source.PHYSICAL,
        "status": Status.CONFIRMED if director else Status.PENDING,
        "entered_side": None if director else side,
        "entered_by": actor,
        "confirmed_by": actor if director else None,
        "confirmed_at": now if director else None,
    }
    if existing is None:
        board = Board.objects.get(board_set=tournament.board_set_id, number=number)
        result = BoardResult.objects.create(
            tournament=tournament,
            board=board,
            number=number,
            round=table.round,
            table=table,
            ns_entrant_id=ns,
            ew_entrant_id=ew,
            **fields,
        )
    else:
        for key, value in fields.items():
            setattr(existing, key, value)
        existing.save()
        result = existing
    if director:
        result_audit(tournament, table, actor, old, _board_audit(result), reason)
        _after_confirmed(tournament, [number])
    else:
        _boards_changed(tournament)
    return result


def _board_audit(result: BoardResult) -> dict:
    """A board's result as the audit log keeps it (beside a table result's `as_dict`)."""
    return {
        "board": result.number,
        "status": result.status,
        "source": result.source,
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        "points": (result.detail or {}).get("points"),
        "scores": list(result.scores),
    }


def _confirm(tournament: Tournament, result: BoardResult, actor) -> BoardResult:
    result.status = Status.CONFIRMED
    result.confirmed_by = actor
    result.confirmed_at = timezone.now()
    result.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    _after_confirmed(tournament, [result.number])
    return result


@transaction.atomic
def board_result_confirm(actor, table: TournamentTable | int, number) -> BoardResult:
    """A player of the pair that didn't enter a board's result (or a director) confirms it."""
    require_signed_in(actor)
    tournament, table = lock_table(table)
    director = is_director(actor, tournament)
    side = _side_of(actor, table)
    _check_running(tournament, table, director)
    number = _check_board(table, number)
    result = BoardResult.objects.select_for_update().filter(table=table, number=number).first()
    if result is None:
        raise Conflict(_("Board %(board)s has no result to confirm yet.") % {"board": number})
    if result.is_confirmed:
        return result
    if not policies.may_confirm_board(side, director, result.entered_side):
        raise NotAllowed(_("A player of the other pair (or a director) confirms a result."))
    return _confirm(tournament, result, actor)


@transaction.atomic
def board_result_dispute(actor, table: TournamentTable | int, number) -> None:
    """A player of the pair that didn't enter a board's result (or a director) disputes it
    while it waits for confirmation: it is cleared so it can be entered again, and the players
    who entered it and the tournament's directors are told what was cleared and by whom. A
    player of the pair that entered it may clear their own entry (nobody is told)."""
    tournament, table, director, side, number = _at_a_board(
        actor,
        table,
        number,
        _("Only the players at this table or a director can dispute its results."),
    )
    result = BoardResult.objects.select_for_update().filter(table=table, number=number).first()
    if result is None or result.is_confirmed:
        raise Conflict(
            _("Board %(board)s has no result waiting for confirmation.") % {"board": number}
        )
    if side is None or side != result.entered_side:
        _tell_board_disputed(tournament, table, result, actor)
    result.delete()
    _boards_changed(tournament)


def _tell_board_disputed(tournament: Tournament, table: TournamentTable, result, actor) -> None:
    """Tell the players who entered a board's result, and the directors, that it was disputed
    and cleared, and what it was (so the entry is not lost without a word)."""
    params = {
        "name": actor.shown_name,
        "entered": result.entered_by.shown_name if result.entered_by_id else "",
        "board": result.number,
        "scores": score_line(result.scores),
        "table": table.number,
        "tournament": tournament.name,
        "round": table.round.number,
    }
    link = tournament_link(tournament, "detail")
    try:
        link = reverse("tournaments:duplicate_table", args=[tournament.pk, table.pk])
    except NoReverseMatch:
        pass
    entered = []
    if result.entered_side is not None and result.entered_side < len(table.sides or []):
        entered = list(
            TableSeat.objects.filter(
                table=table,
                member__user__isnull=False,
                number__in=table.sides[result.entered_side],
            )
            .exclude(member__user=actor)
            .values_list("member__user_id", flat=True)
        )
    notices_send(entered, "tournaments.board_disputed", params, link)
    directors = directors_to_tell(tournament, besides=[actor, *entered])
    notices_send(directors, "tournaments.board_disputed_director", params, link)


def boards_channel(tournament_id: int) -> str:
    """The live channel of a duplicate event's board results (standings, travellers)."""
    return f"tournament:{tournament_id}:boards"


def _boards_changed(tournament: Tournament) -> None:
    """A board result was entered, confirmed or assigned: bump the event's boards version and
    tell the pages watching it on commit (the event carries the version only)."""
    Tournament.objects.filter(pk=tournament.pk).update(boards_version=F("boards_version") + 1)

    def version() -> int:
        return (
            Tournament.objects.filter(pk=tournament.pk)
            .values_list("boards_version", flat=True)
            .first()
            or 0
        )

    live.publish_on_commit(boards_channel(tournament.pk), version)


def _after_confirmed(tournament: Tournament, numbers) -> None:
    """Reveal the boards every table due to play them has played; recalculate the standings;
    tell the live pages."""
    _boards_changed(tournament)
    movement = movement_of(tournament)
    done = []
    for number in sorted(set(numbers)):
        due = len(movement.plays_of(number))
        have = BoardResult.objects.filter(
            tournament=tournament, number=number, status=Status.CONFIRMED
        ).count()
        if have >= due:
            done.append(number)
    if done:
        game_boards.board_set_reveal(tournament.board_set_id, numbers=done)
    enqueue_standings(tournament)


def _online_values(table_hand: TableHand, game: str, seats: int | None = None) -> dict:
    """A site hand's result; `seats` for a solo table (every seat's score kept)."""
    result = table_hand.result or {}
    contract = result.get("contract") or {}
    scores = list(table_hand.scores or [0] * (seats or 2))
    out = {
        "contract": "",
        "declarer": contract.get("seat"),
        "tricks": None,
        "scores": scores[:seats] if seats else [scores[0], scores[1]],
        "detail": {"contract": contract or None},
    }
    if table_hand.thrown_in or not contract:
        out["contract"] = five_hundred.PASS_CALL
        out["declarer"] = None
        return out
    seat = contract.get("seat")
    tricks = result.get("tricks") or []
    if game == Game.FIVE_HUNDRED:
        out["contract"] = str(contract.get("call", ""))
        if out["contract"] in ("misere", "open_misere", "blind_misere"):
            out["tricks"] = tricks[seat] if seat is not None and seat < len(tricks) else None
        elif seat is not None and len(tricks) == 4:
            out["tricks"] = tricks[seat] + tricks[(seat + 2) % 4]
    else:
        out["contract"] = str(contract.get("bid", ""))
        out["detail"]["points"] = result.get("points")
    return out


def duplicate_record_online(game_table_id: int) -> list[BoardResult]:
    """Record a BoardResult for every finished hand (board) of the site table
    `game_table_id` not recorded yet. Idempotent; empty when it is no duplicate table's."""
    table_id = (
        TournamentTable.objects.filter(
            game_table_id=game_table_id, tournament__format=Tournament.Format.DUPLICATE
        )
        .values_list("pk", flat=True)
        .first()
    )
    if table_id is None:
        return []
    with transaction.atomic():
        tournament, table = lock_table(table_id)
        if not tournament.is_running:
            return []
        recorded = set(BoardResult.objects.filter(table=table).values_list("board_id", flat=True))
        hands = TableHand.objects.filter(
            table_id=game_table_id, finished=True, board__isnull=False
        ).select_related("board")
        solo = is_solo(tournament)
        ns, ew = (None, None) if solo else _seat_entrants(table)
        extra = {"seat_entrants": _by_seat(table)} if solo else {}
        seats = len(table.sides or []) if solo else None
        game = GameTable.objects.values_list("game", flat=True).get(pk=game_table_id)
        made = []
        now = timezone.now()
        for hand in hands.order_by("number"):
            if hand.board_id in recorded or hand.board.board_set_id != tournament.board_set_id:
                continue
            if hand.board.number not in (table.boards or []):
                continue
            made.append(
                BoardResult.objects.create(
                    tournament=tournament,
                    board=hand.board,
                    number=hand.board.number,
                    round=table.round,
                    table=table,
                    ns_entrant_id=ns,
                    ew_entrant_id=ew,
                    source=Source.ONLINE,
                    status=Status.CONFIRMED,
                    confirmed_at=now,
                    **extra,
                    **_online_values(hand, game, seats),
                )
            )
        if made:
            _after_confirmed(tournament, [r.number for r in made])
        return made


@transaction.atomic
def round_assign_averages(actor, round_: Round | int) -> Round:
    """Directors close a round with boards still unplayed (or unconfirmed): each such board is
    given an average for every side at that table — "assigned by the director" — left out of
    the comparison with the other tables (50% at matchpoints, 0 at total points). An entry
    waiting for confirmation is kept in the assigned result's detail. Then the round closes."""
    tournament, round_ = lock_round(round_)
    require_director(actor, tournament)
    if not tournament.is_duplicate:
        raise Conflict(_("This is not a duplicate event."))
    if not tournament.is_running:
        raise WrongStatus(_("%(tournament)s is not running.") % {"tournament": tournament.name})
    if round_.is_draft:
        raise WrongStatus(_("Round %(round)s hasn't been published.") % {"round": round_.number})
    if round_.is_closed:
        return round_
    now = timezone.now()
    solo = is_solo(tournament)
    numbers = []
    boards = {b.number: b for b in Board.objects.filter(board_set=tournament.board_set_id)}
    for table in TournamentTable.objects.filter(round=round_).order_by("number"):
        existing = {
            r.number: r for r in BoardResult.objects.select_for_update().filter(table=table)
        }
        for number in table.boards or []:
            result = existing.get(number)
            if result is not None and result.is_confirmed:
                continue
            replaced = None
            if result is not None:
                replaced = {
                    "contract": result.contract,
                    "declarer": result.declarer,
                    "tricks": result.tricks,
                    "scores": result.scores,
                    "entered_by": result.entered_by_id,
                }
                result.delete()
            ns, ew = (None, None) if solo else _seat_entrants(table)
            by_seat = _by_seat(table) if solo else []
            BoardResult.objects.create(
                tournament=tournament,
                board=boards[number],
                number=number,
                round=round_,
                table=table,
                ns_entrant_id=ns,
                ew_entrant_id=ew,
                seat_entrants=by_seat,
                contract="",
                scores=[0] * (len(by_seat) if solo else 2),
                detail={"replaced": replaced} if replaced else {},
                source=Source.ASSIGNED,
                status=Status.CONFIRMED,
                entered_by=actor,
                confirmed_by=actor,
                confirmed_at=now,
            )
            numbers.append(number)
    round_.status = Round.Status.CLOSED
    round_.closed_at = now
    round_.save(update_fields=["status", "closed_at"])
    _after_confirmed(tournament, numbers)
    return round_


def withdrawn_to_bots(tournament: Tournament, entrant_id: int) -> int:
    """A pair or player who withdraws from a duplicate event is replaced by bots in the rounds
    not published yet (later rounds are seated that way from the start). Returns the seats."""
    return TableSeat.objects.filter(
        table__tournament=tournament,
        table__round__status=Round.Status.DRAFT,
        entrant_id=entrant_id,
    ).update(entrant=None, member=None)


# Scoring -----------------------------------------------------------------------------------------


def duplicate_scores(tournament: Tournament, *, numbers=None):
    """The event scored by its method from the confirmed results (on boards `numbers` only,
    when given): a `formats.duplicate.DuplicateScores` keyed by entrant id (`BOT_PAIR` for the
    bot pair), or None before the event has started."""
    if not tournament.draw or tournament.board_set_id is None:
        return None
    movement = movement_of(tournament)
    results = BoardResult.objects.filter(tournament=tournament, status=Status.CONFIRMED)
    if numbers is not None:
        results = results.filter(number__in=list(numbers))
    plain = []
    bots = {BOT_PAIR}
    for r in results.order_by("number", "pk"):
        plain.append(_plain(r, bots))
    fields = None
    if getattr(movement, "kind", None) == "mitchell":
        fields = {}
        for pair, entrant in pair_entrants(tournament).items():
            fields[entrant or BOT_PAIR] = movement.field(pair)
    return score_duplicate(
        plain,
        tournament.scoring,
        expected=_plays_per_board(movement) if tournament.scoring == "matchpoints" else None,
        bots=bots,
        fields=fields,
    )


def bot_key(result_table_id: int, seat: int) -> str:
    """The scoring id of the bot (or bots) in one direction at one table: bots are compared on
    the board like everyone else but never ranked, and each is a different entrant."""
    return f"{BOT_PAIR}-{result_table_id}-{seat}"


def _plain(r: BoardResult, bots: set) -> PlainResult:
    if r.seat_entrants:
        keys = tuple(
            entrant if entrant is not None else bot_key(r.table_id, seat)
            for seat, entrant in enumerate(r.seat_entrants)
        )
        bots.update(k for k in keys if isinstance(k, str))
        return PlainResult(
            r.number,
            keys,
            tuple(r.scores),
            table=r.table_id,
            round=r.round_id,
            average=r.source == Source.ASSIGNED,
        )
    ns = r.ns_entrant_id or bot_key(r.table_id, 0)
    ew = r.ew_entrant_id or bot_key(r.table_id, 1)
    bots.update(k for k in (ns, ew) if isinstance(k, str))
    plain = PlainResult.for_pairs(
        r.number, ns, ew, r.scores[0], r.scores[1], table=r.table_id, round=r.round_id
    )
    if r.source == Source.ASSIGNED:
        plain = PlainResult(
            plain.board, plain.entrants, plain.scores, plain.table, plain.round, average=True
        )
    return plain


def _plays_per_board(movement) -> int:
    if isinstance(movement, IndividualMovement):
        return movement.tables
    return movement.plays_per_board


def revealed_numbers(tournament: Tournament) -> list[int]:
    """The boards every table due to play them has played (their seeds are public)."""
    return list(
        Board.objects.filter(board_set=tournament.board_set_id, revealed_at__isnull=False)
        .order_by("number")
        .values_list("number", flat=True)
    )


def duplicate_standings_rows(tournament: Tournament) -> list[dict]:
    """The standings snapshot's rows (see services.standings), which everyone may read: while
    the event runs they count only the boards every table has played (a result on a board is
    never shown to someone who may still play it); once it is over, every confirmed result."""
    numbers = None if tournament.is_finished else revealed_numbers(tournament)
    scores = duplicate_scores(tournament, numbers=numbers)
    if scores is None:
        return []
    rows = []
    for position, line in enumerate(scores.standings, start=1):
        percentage = None if line.percentage is None else round(float(line.percentage), 2)
        figure = percentage if percentage is not None else round(float(line.total), 2)
        rows.append(
            {
                "entrant_id": line.entrant,
                "position": position,
                "rank": line.rank,
                "played": line.boards,
                "wins": 0,
                "draws": 0,
                "losses": 0,
                "byes": 0,
                "game_points": 0,
                "hands_won": 0,
                "data": {
                    "points": figure,
                    "method": scores.method,
                    "field": line.field,
                    "total": round(float(line.total), 2),
                    "top": round(float(line.top), 2),
                    "percentage": percentage,
                    "tied": line.tied,
                    "tiebreaks": [],
                },
            }
        )
    return rows
