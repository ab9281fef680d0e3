"""Robot duplicate: everyone plays the same boards, each at their own table with bots, at their
own pace during the event's window; each result is matchpointed against everyone else's on that
board.

    robot_event_create(actor, *, club, name, game, options=None, boards=12, opens_at,
                       closes_at, bot_level="club", daily_on=None) -> RobotEvent
    robot_event_enter(actor, event) -> RobotEntry   (one per person, within the window; opens
                                                     and starts the entrant's own table)
    robot_result_record(table_id, hand_number) -> RobotBoardResult | None   (idempotent)
    robot_results_sync(event_id) -> int             (records any hand whose task was lost)
    robot_leaderboard(event, boards=None) -> DuplicateScores
    robot_event_close(event_id) -> bool             (at closes_at: reveals the boards)
    robot_daily_event(day=None) -> RobotEvent       (the site's event of `day`, made once)
    robot_played_boards(entry) -> set[int]          (board numbers the entrant has finished)

Who may see what: a board's results, traveller and cards only for entrants who have played it,
and for everyone once the event is closed (`policies.robot_may_see_board`); entrants' tables
are private until then (`games.Table.boards_hidden`).
"""

from __future__ import annotations

from datetime import date, datetime, time

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.notices import notices_send
from core.choices import Game
from core.dates import out_of_reach
from core.errors import ServiceError
from games import services as game_services
from games.boards import board_set_create, board_set_reveal
from games.models import BotLevel, Table, TableHand
from games.selectors import sides_of

from ..formats.duplicate import BoardResult, DuplicateScores, score_matchpoints
from ..policies import robot_may_create, robot_may_enter
from ..robot_models import (
    ROBOT_MAX_BOARDS,
    ROBOT_MIN_BOARDS,
    RobotBoardResult,
    RobotEntry,
    RobotEvent,
)
from .errors import Conflict, InvalidInput, NotAllowed

#: The site's daily event: its game, boards and bots.
DAILY_GAME = Game.FIVE_HUNDRED
DAILY_BOARDS = 12
ROBOT_BOT_LEVELS = (BotLevel.CLUB, BotLevel.EXPERT)


def _as_tournament_error(exc: ServiceError) -> InvalidInput:
    error = InvalidInput(exc.message, field=exc.field)
    return error


def robot_event_create(
    actor,
    *,
    club,
    name: str,
    game: str,
    options: dict | None = None,
    boards: int = 12,
    opens_at: datetime,
    closes_at: datetime,
    bot_level: str = BotLevel.CLUB,
    daily_on: date | None = None,
) -> RobotEvent:
    """Deal the boards and open an event. `actor` None is the site itself (the daily task)."""
    if actor is not None and not robot_may_create(actor, club):
        raise NotAllowed(gettext("Only the club's directors can run a robot duplicate."))
    name = (name or "").strip()
    if not name or len(name) > 100:
        raise InvalidInput(gettext("Give the event a name of up to 100 characters."), field="name")
    if game not in Game.values:
        raise InvalidInput(gettext("Choose Five Hundred or Pitch."), field="game")
    if isinstance(boards, bool) or not isinstance(boards, int):
        boards = -1
    if not ROBOT_MIN_BOARDS <= boards <= ROBOT_MAX_BOARDS:
        raise InvalidInput(
            gettext("Play from %(least)d to %(most)d boards.")
            % {"least": ROBOT_MIN_BOARDS, "most": ROBOT_MAX_BOARDS},
            field="boards",
        )
    if bot_level not in ROBOT_BOT_LEVELS:
        raise InvalidInput(gettext("Choose a bot level, or no bots."), field="bot_level")
    if not isinstance(opens_at, datetime) or not isinstance(closes_at, datetime):
        raise InvalidInput(gettext("Give the times the event opens and closes."), field="closes_at")
    for field, moment in (("opens_at", opens_at), ("closes_at", closes_at)):
        if problem := out_of_reach(moment):
            raise InvalidInput(problem, field=field)
    if closes_at <= opens_at or closes_at <= timezone.now():
        raise InvalidInput(
            gettext("The event must close after it opens, and in the future."), field="closes_at"
        )
    options = dict(options or {})
    with transaction.atomic():
        try:
            board_set = board_set_create(
                game=game,
                players=4,
                options=options,
                count=boards,
                created_by=actor,
                name=name,
            )
        except ServiceError as exc:
            raise _as_tournament_error(exc) from None
        return RobotEvent.objects.create(
            club=club,
            name=name,
            game=game,
            players=4,
            options=board_set.options,
            board_set=board_set,
            boards=boards,
            opens_at=opens_at,
            closes_at=closes_at,
            bot_level=bot_level,
            daily_on=daily_on,
            created_by=actor,
        )


def robot_event_enter(actor, event: RobotEvent | int) -> RobotEntry:
    """Enter the event: the entrant's own table (seat 0, bots elsewhere) playing every board in
    order, started at once. Entering again gives back the same entry."""
    if actor is None or not actor.is_authenticated:
        raise NotAllowed(gettext("Please log in first."))
    event_id = event.pk if isinstance(event, RobotEvent) else event
    with transaction.atomic():
        event = RobotEvent.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise InvalidInput(gettext("There is no such event."))
        existing = RobotEntry.objects.filter(event=event, user=actor).first()
        if existing is not None:
            return existing
        if not robot_may_enter(actor, event):
            raise NotAllowed(gettext("Only the club's members can enter its events."))
        now = timezone.now()
        if now < event.opens_at:
            raise Conflict(gettext("The event hasn't opened yet."))
        if event.is_closed(now):
            raise Conflict(gettext("The event is closed."))
        board_ids = list(event.board_set.boards.order_by("number").values_list("pk", flat=True))
        try:
            table = game_services.table_create(
                actor,
                game=event.game,
                players=event.players,
                # In the entrant's language as they enter (a daily event's stored name is the
                # site's English; its title is the reader's).
                name=event.title[:100],
                access=Table.Access.INVITE,
                bot_level=event.bot_level,
                seat=0,
                boards=board_ids,
            )
            game_services.table_fill_with_bots(actor, table)
        except ServiceError as exc:
            raise _as_tournament_error(exc) from None
        return RobotEntry.objects.create(event=event, user=actor, table=table)


# Results -----------------------------------------------------------------------------------------


def side_score(game: str, players: int, options: dict, seat_scores: list[int]) -> int:
    """Seat 0's score on a board: with partners, its side's points less the other side's; each
    for themselves, its own points."""
    sides = sides_of(game, players, options)
    mine = next(side for side in sides if 0 in side)
    if len(mine) == 1:
        return int(seat_scores[0])
    other = next(side for side in sides if 0 not in side)
    return int(seat_scores[mine[0]]) - int(seat_scores[other[0]])


def _details(table_hand: TableHand, options: dict, game: str, players: int) -> dict:
    result = table_hand.result or {}
    contract = result.get("contract")
    declarer = contract.get("seat") if isinstance(contract, dict) else None
    tricks = None
    won = result.get("tricks")
    if declarer is not None and game == Game.FIVE_HUNDRED and isinstance(won, list):
        side = next((s for s in sides_of(game, players, options) if declarer in s), [declarer])
        if all(isinstance(won[s], int) for s in side if s < len(won)):
            tricks = sum(won[s] for s in side if s < len(won))
    return {"contract": contract, "declarer": declarer, "tricks": tricks}


def robot_result_record(table_id: int, hand_number: int) -> RobotBoardResult | None:
    """Record the result of hand `hand_number` of a robot entry's table (None when the table is
    no entry's, the hand isn't over, or it ended after the event closed). Recording twice
    changes nothing. Marks the entry finished once every board has a result."""
    with transaction.atomic():
        entry = (
            RobotEntry.objects.select_for_update()
            .select_related("event")
            .filter(table_id=table_id)
            .first()
        )
        if entry is None:
            return None
        table_hand = (
            TableHand.objects.filter(table_id=table_id, number=hand_number, finished=True)
            .select_related("board", "table")
            .first()
        )
        if table_hand is None or table_hand.board is None:
            return None
        existing = RobotBoardResult.objects.filter(entry=entry, board=table_hand.board).first()
        if existing is not None:
            return existing
        event = entry.event
        if table_hand.finished_at and table_hand.finished_at > event.closes_at:
            return None
        table = table_hand.table
        seat_scores = list(table_hand.scores or [0] * table.players)
        result = RobotBoardResult.objects.create(
            entry=entry,
            board=table_hand.board,
            number=table_hand.board.number,
            score=side_score(table.game, table.players, table.options, seat_scores),
            seat_scores=seat_scores,
            thrown_in=table_hand.thrown_in,
            **_details(table_hand, table.options, table.game, table.players),
        )
        if RobotBoardResult.objects.filter(entry=entry).count() >= event.boards:
            entry.finished_at = timezone.now()
            entry.save(update_fields=["finished_at"])
            notices_send(
                [entry.user_id],
                "tournaments.robot_finished",
                {"event": event.title},
                url=event.get_absolute_url(),
            )
        return result


def robot_results_sync(event_id: int) -> int:
    """Record every finished hand of the event's tables still without a result (a lost task).
    Returns how many were recorded."""
    recorded = 0
    entry_of = dict(RobotEntry.objects.filter(event_id=event_id).values_list("table_id", "pk"))
    done = set(
        RobotBoardResult.objects.filter(entry__event_id=event_id).values_list("entry_id", "number")
    )
    for table_id, number, board_number in TableHand.objects.filter(
        table_id__in=list(entry_of), finished=True, board__isnull=False
    ).values_list("table_id", "number", "board__number"):
        if (entry_of[table_id], board_number) not in done:
            if robot_result_record(table_id, number) is not None:
                recorded += 1
    return recorded


def robot_played_boards(entry: RobotEntry | None) -> set[int]:
    """The numbers of the boards the entrant has finished at their table."""
    if entry is None:
        return set()
    return set(
        TableHand.objects.filter(
            table_id=entry.table_id, finished=True, board__isnull=False
        ).values_list("board__number", flat=True)
    )


def robot_leaderboard(event: RobotEvent, boards: set[int] | None = None) -> DuplicateScores:
    """Matchpoint every recorded result, each entry against every other entry on each board
    (Neuberg-factored to the board played most). `boards` limits the scoring to those board
    numbers (what a reader may see while the event is open); the factoring is to the same
    number either way, so an entrant's figure is the same on every reader's leaderboard."""
    rows = list(
        RobotBoardResult.objects.filter(entry__event=event).values_list(
            "entry_id", "number", "score"
        )
    )
    counts: dict[int, int] = {}
    for _entry, number, _score in rows:
        counts[number] = counts.get(number, 0) + 1
    expected = max(counts.values(), default=1)
    results = [
        BoardResult(number, (entry_id, f"bots-{entry_id}"), (score, -score))
        for entry_id, number, score in rows
        if boards is None or number in boards
    ]
    bots = {f"bots-{entry_id}" for entry_id, _n, _s in rows}
    return score_matchpoints(results, expected=expected, bots=bots)


# Closing and the daily event ---------------------------------------------------------------------


def robot_event_close(event_id: int) -> bool:
    """Close an event whose window has passed: record any lost results, then reveal its boards
    (so every traveller, result and table is open to all). True if it closed now; closing
    twice, or before closes_at, changes nothing."""
    robot_results_sync(event_id)
    with transaction.atomic():
        event = RobotEvent.objects.select_for_update().filter(pk=event_id).first()
        if event is None or event.closed_at is not None or timezone.now() < event.closes_at:
            return False
        board_set_reveal(event.board_set_id)
        event.closed_at = timezone.now()
        event.save(update_fields=["closed_at"])
        return True


def robot_events_due() -> list[int]:
    """The ids of events past their window and not yet closed."""
    return list(
        RobotEvent.objects.filter(
            closed_at__isnull=True, closes_at__lte=timezone.now()
        ).values_list("pk", flat=True)
    )


def robot_daily_event(day: date | None = None) -> RobotEvent:
    """The site's daily event of `day` (today in the site's zone by default), made if missing:
    open from midnight to the last second of the day in the site's zone."""
    tz = timezone.get_default_timezone()
    day = day or timezone.localdate(timezone=tz)
    existing = RobotEvent.objects.filter(daily_on=day).first()
    if existing is not None:
        return existing
    opens_at = datetime.combine(day, time.min).replace(tzinfo=tz)
    # The last second of the day, so pages say it closes at "11:59 PM" on its own day rather than
    # "12:00 AM" on the next, which reads as the start of that day.
    closes_at = datetime.combine(day, time(23, 59, 59)).replace(tzinfo=tz)
    try:
        with transaction.atomic():
            return robot_event_create(
                None,
                club=None,
                name=gettext("Daily robot duplicate, %(day)s") % {"day": day.isoformat()},
                game=DAILY_GAME,
                boards=DAILY_BOARDS,
                opens_at=opens_at,
                closes_at=closes_at,
                daily_on=day,
            )
    except IntegrityError:  # made at the same moment by another worker
        return RobotEvent.objects.get(daily_on=day)
