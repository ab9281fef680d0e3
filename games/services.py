"""Everything that changes a table: creating it, taking and leaving seats, starting, acting.

Each service runs in one transaction and locks the table row first (`select_for_update`): every
change to a table, its seats, hands and log goes through that lock, so two requests never
interleave. A request that can't be done raises a `GameError` (see `games.errors`) with a message
for people and changes nothing.

The server is the only authority on a game. Every action names the action count it expects
(`table_act(actor, table, expected_number, record)`); a stale or repeated request raises
`StaleAction`. Bots act through the same `table_act` (actor `BOT`), from the Celery task
`games.tasks.bot_move`, which is enqueued after the commit that makes it a bot's turn.

    house_rules_create(actor, *, name, game, options, club=None) -> HouseRuleSet
    house_rules_delete(actor, rules) -> None
    table_create(actor, *, game, players, options=None, name="", access="anyone", club=None,
                 bot_level="", hand_limit=None, house_rules=None, seat=0, seed=None,
                 boards=None) -> Table
    table_sit(actor, table, number, *, token="") -> Seat
    table_leave(actor, table) -> None
    table_fill_with_bots(actor, table) -> Table         ("start with bots")
    table_act(actor, table, expected_number, action_record) -> ActResult
    table_look(actor, table) -> bool                   (Five Hundred: show a seat its cards)
    table_bot_move(table_id, expected_number, budget=None) -> bool  (what the bot task runs)
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.notices import notices_send
from clubs.models import Club
from clubs.permissions import club_access
from core import live
from core.choices import Game
from core.enqueue import enqueue_on_commit
from core.numbers import whole_number
from core.prepared import PreparedLookup

from . import state
from .boards import board_table_winners, deal_table_hand, table_boards_check
from .boards import first_dealer as board_first_dealer
from .engines import engine_for
from .engines.base import Action, IllegalAction
from .engines.game import add_hand
from .engines.view import between_tricks
from .errors import (
    Conflict,
    GameError,
    IllegalMove,
    InvalidInput,
    NotAllowed,
    NotFound,
    NotYourSeat,
    NotYourTurn,
    SeatTaken,
    StaleAction,
    TableNotPlaying,
    TableStarted,
)
from .models import Board, BotLevel, HouseRuleSet, Seat, Table, TableAction, TableHand
from .notices import seats_param, table_param
from .options import OptionsError, validate_options
from .policies import table_access
from .presenters.cards import seat_place
from .refusals import malformed_text
from .selectors import table_seats
from .signals import game_finished, hand_finished

__all__ = [
    "BOT",
    "ActResult",
    "GameError",
    "house_rules_create",
    "house_rules_delete",
    "table_act",
    "table_bot_move",
    "table_create",
    "table_fill_with_bots",
    "table_leave",
    "table_look",
    "table_sit",
]

log = logging.getLogger(__name__)

Status = Table.Status
Access = Table.Access


class _Bot:
    """The actor of a bot's move (bots are seats, not users)."""

    is_authenticated = False
    pk = None

    def __repr__(self) -> str:
        return "BOT"


BOT = _Bot()


@dataclass(frozen=True)
class ActResult:
    action_number: int  # the table's action count after this action
    hand_number: int  # the hand being played now (a new one if this action ended a hand)
    hand_finished: bool
    game_finished: bool
    # The table as the action left it, and its state (read only): the answer to the action is
    # built from these, not read again.
    table: Table | None = None
    state: state.TableState | None = None


# Helpers -----------------------------------------------------------------------------------------


def _require_signed_in(actor) -> None:
    if actor is None or actor is BOT or not actor.is_authenticated:
        raise NotAllowed(gettext("Please log in first."))


def _table_pk(table: Table | int) -> int:
    return table.pk if isinstance(table, Table) else table


# The locking reads of a table's row, compiled once (an action's first query).
_LOCKED = PreparedLookup(lambda: Table.objects.select_for_update(of=("self",)))
_LOCKED_WITH_CLUB = PreparedLookup(
    lambda: Table.objects.select_for_update(of=("self",)).select_related("club", "created_by")
)


def _lock_table(table: Table | int, *, related: bool = False) -> Table:
    """The table's row, locked until the transaction ends (`related`: with its club and creator
    read in the same query, their rows not locked)."""
    try:
        locked = (_LOCKED_WITH_CLUB if related else _LOCKED).get(_table_pk(table))
    except (ValueError, TypeError):
        locked = None
    if locked is None:
        raise NotFound(gettext("There is no such table."))
    return locked


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        text = value.strip() if isinstance(value, str) else ""
        if whole_number(text.removeprefix("-")) is not None:
            return int(text)
        raise InvalidInput(gettext("%(what)s must be a whole number.") % {"what": what}, field=what)
    return value


def _touch(table: Table) -> None:
    """Count a change to the table (seats, looks, actions); `_save` then writes it. Once the
    transaction commits, watchers of the table's live stream hear its new version (core.live:
    the number only, never a card)."""
    table.version += 1
    if not getattr(table, "_live_announce", False):
        table._live_announce = True

        def version() -> int:
            table._live_announce = False
            return table.version

        live.publish_on_commit(f"table:{table.pk}", version)


def _save(table: Table, update_fields: list[str] | None = None) -> None:
    """Write the changed table row and publish its new version: the one place every change to a
    table ends, the last step of its service's transaction (under the row lock)."""
    table.save(update_fields=update_fields)
    state.publish_version(table)


# House rules --------------------------------------------------------------------------------------


def house_rules_create(
    actor, *, name: str, game: str, options: dict[str, Any], club: Club | None = None
) -> HouseRuleSet:
    """Save a named set of table options; with `club`, the club offers it to its members
    (only its directors may do that)."""
    _require_signed_in(actor)
    name = (name or "").strip()
    if not name:
        raise InvalidInput(gettext("Give the house rules a name."), field="name")
    if len(name) > 80:
        raise InvalidInput(gettext("The name can be at most 80 characters."), field="name")
    if game not in Game.values:
        raise InvalidInput(gettext("Choose Five Hundred or Pitch."), field="game")
    if club is not None and not club_access(actor, club).is_director:
        raise NotAllowed(
            gettext("Only the directors of %(club)s can offer house rules to its members.")
            % {"club": club.name}
        )
    if options is not None and not isinstance(options, dict):
        raise InvalidInput(gettext("Options must be an object."), field="options")
    try:
        checked = engine_for(game).Options.from_dict(dict(options or {}), players=None)
    except (ValueError, TypeError) as exc:
        raise InvalidInput(malformed_text(exc), field="options") from None
    return HouseRuleSet.objects.create(
        name=name, game=game, options=checked.to_dict(), club=club, created_by=actor
    )


def house_rules_delete(actor, rules: HouseRuleSet) -> None:
    _require_signed_in(actor)
    own = rules.created_by_id == actor.pk
    director = rules.club_id is not None and club_access(actor, rules.club).is_director
    if not (own or director):
        raise NotAllowed(
            gettext("Only whoever saved these house rules (or a club director) can delete them.")
        )
    rules.delete()


def _may_use_rules(actor, rules: HouseRuleSet) -> bool:
    if rules.created_by_id == actor.pk:
        return True
    return rules.club_id is not None and club_access(actor, rules.club).is_member


# Creating tables and taking seats ----------------------------------------------------------------


def table_create(
    actor,
    *,
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    name: str = "",
    access: str = Access.ANYONE,
    club: Club | None = None,
    bot_level: str = "",
    hand_limit: int | None = None,
    house_rules: HouseRuleSet | None = None,
    seat: int | None = 0,
    seed: int | None = None,
    boards: list[int] | None = None,
) -> Table:
    """Open a table. `options` are the rules' table options in record form (missing ones take
    the defaults, or the house rules' values); `seat` is where the creator sits (None: nowhere).
    `seed` fixes the shuffles (tests and tournaments); by default every hand gets a fresh secret
    seed. `boards` (board ids of one set, in order) makes hand n deal board n, with the board
    set's options, and ends the game after the last board (games.boards)."""
    _require_signed_in(actor)
    if game not in Game.values:
        raise InvalidInput(gettext("Choose Five Hundred or Pitch."), field="game")
    engine = engine_for(game)
    players = _whole_number(players, "players")
    if players not in engine.PLAYER_COUNTS:
        counts = ", ".join(str(n) for n in engine.PLAYER_COUNTS)
        raise InvalidInput(
            gettext("%(game)s is played by %(counts)s players.")
            % {"game": Game(game).label, "counts": counts},
            field="players",
        )
    values: dict[str, Any] = {}
    if house_rules is not None:
        if house_rules.game != game:
            raise InvalidInput(
                gettext("Those house rules are for another game."), field="house_rules"
            )
        if not _may_use_rules(actor, house_rules):
            raise NotAllowed(gettext("You can't use those house rules."))
        values.update(house_rules.options)
    if options is not None and not isinstance(options, dict):
        raise InvalidInput(gettext("Options must be an object."), field="options")
    values.update(options or {})
    board_ids: list[int] = []
    if boards:
        board_set, _chosen = table_boards_check(boards, game, players)
        board_ids = list(boards)
        values = dict(board_set.options)
        hand_limit = len(board_ids)
    try:
        checked = validate_options(game, players, values)
    except OptionsError as exc:
        key = next(iter(exc.errors))
        raise InvalidInput(str(exc), field=key or "options") from None
    if access not in Access.values:
        raise InvalidInput(
            gettext("Choose who may join: anyone, club members or invite only."), field="access"
        )
    if access == Access.CLUB and club is None:
        raise InvalidInput(gettext("Choose the club whose members may join."), field="club")
    if club is not None and not club_access(actor, club).is_member:
        raise NotAllowed(
            gettext("Only members of %(club)s can open a table for it.") % {"club": club.name}
        )
    bot_level = bot_level or ""
    if bot_level not in ("", *BotLevel.values):
        raise InvalidInput(gettext("Choose a bot level, or no bots."), field="bot_level")
    if hand_limit is not None:
        hand_limit = _whole_number(hand_limit, "hand_limit")
        if not 1 <= hand_limit <= 1000:
            raise InvalidInput(gettext("Play from 1 to 1000 hands."), field="hand_limit")
    if seat is not None:
        seat = _whole_number(seat, "seat")
        if not 0 <= seat < players:
            raise InvalidInput(
                gettext("Seats are numbered 0 to %(last)d.") % {"last": players - 1}, field="seat"
            )
    name = (name or "").strip()
    if len(name) > 100:
        raise InvalidInput(gettext("The name can be at most 100 characters."), field="name")
    with transaction.atomic():
        table = Table(
            name=name,
            # Unnamed, it is called after whoever opened it, in each reader's language.
            named_after="" if name else actor.shown_name[:150],
            game=game,
            players=players,
            options=state.options_dict(checked),
            house_rules=house_rules,
            access=access,
            club=club,
            bot_level=bot_level,
            hand_limit=hand_limit,
            totals=[0] * players,
            created_by=actor,
            version=1,
        )
        if seed is not None:
            table.seed = _whole_number(seed, "seed")
            table.seeded = True
        if board_ids:
            table.table_boards = board_ids
            table.boards_hidden = Board.objects.filter(
                pk__in=board_ids, revealed_at__isnull=True
            ).exists()
        table.save()
        now = timezone.now()
        Seat.objects.bulk_create(
            [
                Seat(
                    table=table,
                    number=n,
                    user=actor if n == seat else None,
                    taken_at=now if n == seat else None,
                )
                for n in range(players)
            ]
        )
    return table


def table_sit(actor, table: Table | int, number: int, *, token: str = "") -> Seat:
    """Take seat `number` (moving from another seat at the table). The table starts when the
    last empty seat is taken."""
    _require_signed_in(actor)
    number = _whole_number(number, "seat")
    with transaction.atomic():
        table = _lock_table(table)
        seats = table_seats(table)
        access = table_access(actor, table, seats, token=token)
        refusal = access.sit_refusal()
        if isinstance(refusal, TableStarted):
            raise refusal
        if not 0 <= number < table.players:
            raise InvalidInput(
                gettext("Seats are numbered 0 to %(last)d.") % {"last": table.players - 1},
                field="seat",
            )
        if refusal is not None:
            raise refusal
        current = access.seat
        wanted = seats[number]
        if current is not None and current.number == number:
            return wanted
        if not wanted.is_empty:
            raise SeatTaken(
                gettext("%(place)s is taken by %(name)s.")
                % {"place": seat_place(number, table.players), "name": wanted.name}
            )
        if current is not None:
            current.user = None
            current.taken_at = None
            current.save(update_fields=["user", "taken_at"])
        wanted.user = actor
        wanted.bot_level = ""
        wanted.taken_at = timezone.now()
        wanted.save(update_fields=["user", "bot_level", "taken_at"])
        _touch(table)
        if all(not s.is_empty for s in seats):
            _start(table, seats)
        _save(table)
    return wanted


def table_leave(actor, table: Table | int) -> None:
    """Leave your seat. Before the game starts the seat is freed; during the game a bot of the
    table's level takes it over (a table without bots can't be left mid-game)."""
    _require_signed_in(actor)
    with transaction.atomic():
        table = _lock_table(table)
        access = table_access(actor, table, table_seats(table))
        if (refusal := access.leave_refusal()) is not None:
            raise refusal
        seat = access.seat
        seat.user = None
        seat.taken_at = None
        if table.is_playing:
            seat.bot_level = table.bot_level
            _bot_looks(table, [seat])
        seat.save(update_fields=["user", "bot_level", "taken_at"])
        _touch(table)
        if table.is_playing and table.to_act == seat.number:
            table.bot_to_act = True
            table.turn_started_at = timezone.now()
            _enqueue_bot(table.pk, table.action_number)
        _save(table)


def table_fill_with_bots(actor, table: Table | int) -> Table:
    """Fill every empty seat with a bot of the table's level and start the game (who may:
    `policies.TableAccess.start_with_bots_refusal`, the rule the page and the API show)."""
    _require_signed_in(actor)
    with transaction.atomic():
        table = _lock_table(table)
        seats = table_seats(table)
        refusal = table_access(actor, table, seats).start_with_bots_refusal()
        if refusal is not None:
            raise refusal
        for seat in seats:
            if seat.is_empty:
                seat.bot_level = table.bot_level
                seat.save(update_fields=["bot_level"])
        _touch(table)
        _start(table, seats)
        _save(table)
    return table


def table_seat_players(actor, table: Table | int, seating: dict[int, Any]) -> Table:
    """Seat named people (a User) or bots (None) in chosen seats and start the game.

    For whoever opened the table (tournaments open their site tables this way): every seat must
    be named, bots need the table's bot level, and the game starts at once.
    """
    _require_signed_in(actor)
    with transaction.atomic():
        table = _lock_table(table)
        if not table.is_waiting:
            raise TableStarted(gettext("The game has already started."))
        if table.created_by_id != actor.pk:
            raise NotAllowed(gettext("Only whoever opened the table can seat its players."))
        if sorted(seating) != list(range(table.players)):
            raise InvalidInput(
                gettext("Name a player or a bot for each of the %(count)d seats.")
                % {"count": table.players}
            )
        if any(who is None for who in seating.values()) and not table.bot_level:
            raise Conflict(gettext("This table doesn't take bots: every seat needs a player."))
        now = timezone.now()
        seats = table_seats(table)
        for seat in seats:
            who = seating[seat.number]
            seat.user = who
            seat.bot_level = "" if who is not None else table.bot_level
            seat.taken_at = now if who is not None else None
            seat.save(update_fields=["user", "bot_level", "taken_at"])
        _touch(table)
        _start(table, seats)
        _save(table)
    return table


# Playing ------------------------------------------------------------------------------------------


def _start(table: Table, seats: list[Seat]) -> None:
    """Every seat is filled: the first dealer is drawn from the table's seed and hand 1 dealt."""
    table.status = Status.PLAYING
    table.started_at = timezone.now()
    table.totals = [0] * table.players
    dealer = board_first_dealer(table)
    if dealer is None:
        dealer = random.Random(table.seed).randrange(table.players)
    _table_hand, hand = _deal(table, 1, dealer, seats)
    _set_turn(table, hand, seats)
    _after_commit(table, hand)


def _bot_looks(table: Table, bots: list[Seat]) -> None:
    """Bots always look at their cards (Five Hundred's blind misère is for people)."""
    if table.game != Game.FIVE_HUNDRED or table.hand_number == 0:
        return
    table_hand = TableHand.objects.get(table=table, number=table.hand_number)
    looks = dict(table_hand.looks)
    for seat in bots:
        looks.setdefault(str(seat.number), table.action_number)
    table_hand.looks = looks
    table_hand.save(update_fields=["looks"])


def _deal(table: Table, number: int, dealer: int, seats: list[Seat]):
    """Shuffle and deal hand `number` (from a fresh secret seed, or its board: games.boards);
    store its deal, seed and commitment. Returns its row and engine hand."""
    hand, dealt = deal_table_hand(table, number, dealer)
    looks = {}
    if table.game == Game.FIVE_HUNDRED:
        for seat in seats:
            if seat.is_bot:
                looks[str(seat.number)] = table.action_number
                hand.reveal_to(seat.number)
    table_hand = TableHand.objects.create(
        table=table,
        number=number,
        **dealt,
        looks=looks,
        first_action=table.action_number,
    )
    table.hand_number = number
    return table_hand, hand


def _set_turn(table: Table, hand, seats: list[Seat]) -> None:
    to_act = hand.to_act if table.is_playing and not hand.is_over else None
    table.to_act = to_act
    table.bot_to_act = to_act is not None and seats[to_act].is_bot
    table.turn_started_at = timezone.now() if to_act is not None else None


def _enqueue_bot(table_id: int, action_number: int, *, after_trick: bool = False) -> None:
    """After the commit, ask a worker to make the bot's move after a short, human-like pause,
    longer when a trick has just been won (`after_trick`), so that the players see it.

    Robust: if the broker can't be reached the change still stands, and the periodic
    `nudge_stalled_bots` task enqueues the move again.
    """
    from .tasks import bot_move  # the task module imports this one

    pause = settings.KOOKABURRA_BOT_DELAY
    if after_trick:
        pause += settings.KOOKABURRA_TRICK_PAUSE
    enqueue_on_commit(bot_move, table_id, action_number, countdown=pause)


def _after_commit(table: Table, hand, new_state: state.TableState | None = None) -> None:
    """Once the change is committed: cache the state it left (all of it when the caller has it),
    and wake the bot whose turn it is."""
    table_id, number, version = table.pk, table.action_number, table.version
    if new_state is not None:
        state.remember_state(table, new_state)
    else:
        snapshot = Table(pk=table_id, seed=table.seed, created_at=table.created_at)
        snapshot.action_number, snapshot.version = number, version
        transaction.on_commit(lambda: state.remember(snapshot, hand))
    if table.bot_to_act:
        _enqueue_bot(table_id, number, after_trick=between_tricks(hand.public_view()))


def _hand_result(hand) -> dict[str, Any]:
    """A finished hand's public result: the replay summary and the last trick."""
    result = hand.summary()
    result.pop("legal", None)
    result.pop("to_act", None)
    result["last_trick"] = state.public_view(hand).get("last_trick")
    return result


def _finish_hand(
    table: Table, table_hand: TableHand, hand, seats: list[Seat], hands_played: int | None = None
):
    """Score a finished hand, then end the game or deal the next hand. Returns the row and
    engine hand now in play (the finished ones if the game is over) and whether the game is
    over. `hands_played`: the hands finished before this one and not thrown in, when known."""
    engine = state.engine_of(table)
    options = state.table_options(table)
    before = list(table.totals)
    if not table.hand_limit:
        played_before = 0
    elif hands_played is not None:
        played_before = hands_played
    else:
        played_before = (
            TableHand.objects.filter(table=table, finished=True, thrown_in=False)
            .exclude(pk=table_hand.pk)
            .count()
        )
    # The engine's game loop decides whether the game is over (its target, or the hand limit).
    totals, winners, _played = add_hand(
        engine,
        before,
        hand,
        options,
        hand_limit=table.hand_limit or None,
        hands_played=played_before,
    )
    if table.table_boards:  # each board is one hand: the game ends after the last board
        winners = board_table_winners(table, table_hand.number, totals)
    thrown_in = hand.thrown_in
    table_hand.finished = True
    table_hand.thrown_in = thrown_in
    table_hand.scores = [a - b for a, b in zip(totals, before, strict=True)]
    table_hand.totals = totals
    table_hand.result = _hand_result(hand)
    table_hand.finished_at = timezone.now()
    table_hand.save(
        update_fields=["finished", "thrown_in", "scores", "totals", "result", "finished_at"]
    )
    table.totals = totals
    table_id, number, boards = table.pk, table_hand.number, bool(table.table_boards)
    transaction.on_commit(
        lambda: hand_finished.send(
            sender=Table, table_id=table_id, hand_number=number, boards=boards
        ),
        robust=True,  # a receiver's failure never undoes the answer to the move
    )
    if winners:
        table.status = Status.FINISHED
        table.winners = sorted(winners)
        table.finished_at = timezone.now()
        _announce(table, seats)
        return table_hand, hand, True
    return *_deal(table, table_hand.number + 1, engine.next_dealer(hand), seats), False


def _announce(table: Table, seats: list[Seat]) -> None:
    winners = seats_param(seats, table.winners)
    if len(table.winners) == 1:
        key, params = "games.game_over_one", {"table": table_param(table), "winner": winners}
    else:
        key, params = "games.game_over_many", {"table": table_param(table), "winners": winners}
    notices_send(
        [seat.user_id for seat in seats if seat.user_id is not None],
        key,
        params,
        url=table.get_absolute_url(),
    )
    table_id = table.pk
    transaction.on_commit(
        lambda: game_finished.send(sender=Table, table_id=table_id),
        robust=True,  # a receiver's failure never undoes the answer to the move
    )


def table_act(
    actor, table: Table | int, expected_number: int, action_record: dict[str, Any]
) -> ActResult:
    """Play one action for the actor's seat, if it is still action number `expected_number` + 1.

    `action_record` is a hand-record action object; its `seat` may be left out (the actor's
    seat is meant). Raises StaleAction when the game has moved on (or the request is repeated),
    NotSeated / NotYourSeat / NotYourTurn for the wrong player, IllegalMove with the rules'
    reason for an action the rules don't allow, InvalidInput for something that isn't an action.
    """
    if actor is not BOT:
        _require_signed_in(actor)
    if not isinstance(action_record, dict):
        raise InvalidInput('The action must be an object such as {"play": "QH"}.')
    if isinstance(expected_number, bool) or not isinstance(expected_number, int):
        raise InvalidInput(gettext("Name the action number you expect (a whole number)."))
    record = dict(action_record)
    with transaction.atomic():
        table = _lock_table(table, related=True)
        # What this version of the table determines (seats, the hand so far) comes from the
        # cache: the locked row names the version, and the copy is this call's to change.
        current = state.table_state(table, own=True)
        seats = current.seats
        # Whose seat first: the action number is only told to those who may act here.
        if actor is BOT:
            seat_number = record.get("seat")
            if not isinstance(seat_number, int) or not 0 <= seat_number < table.players:
                raise InvalidInput(gettext("A bot's action must name its seat."))
            if not seats[seat_number].is_bot:
                raise NotYourSeat(
                    gettext("Seat %(number)s is not a bot's.") % {"number": seat_number}
                )
        else:
            access = table_access(actor, table, seats)
            if (refusal := access.seat_refusal()) is not None:
                raise refusal
            mine = access.seat
            record.setdefault("seat", mine.number)
            if record["seat"] != mine.number:
                raise NotYourSeat(
                    gettext("You can only act for your own seat (seat %(number)s).")
                    % {"number": mine.number}
                )
        # A finished game says so, whatever action number the request names.
        if table.is_finished:
            raise TableNotPlaying(gettext("The game is over."))
        if expected_number != table.action_number:
            raise StaleAction(
                _stale_message(expected_number, table.action_number),
                action_number=table.action_number,
            )
        if not table.is_playing:
            raise TableNotPlaying(gettext("The game hasn't started yet."))
        try:
            action = Action.from_record(record)
        except ValueError as exc:
            raise InvalidInput(
                gettext("That isn't an action: %(reason)s.") % {"reason": malformed_text(exc)}
            ) from None
        table_hand, hand = current.table_hand, current.hand
        if hand.to_act != action.seat:
            waiting = seats[hand.to_act]
            raise NotYourTurn(
                gettext("It isn't your turn: waiting for %(name)s (seat %(number)s).")
                % {"name": waiting.name, "number": waiting.number}
            )
        try:
            hand.apply(action)
        except IllegalAction as exc:
            raise IllegalMove.from_engine(exc) from None
        log = [_logged(table, table_hand, action, actor)]
        log += _play_forced_passes(table, table_hand, hand, seats)
        TableAction.objects.bulk_create(log)  # one INSERT, forced passes and all
        _touch(table)
        hand_over = game_over = False
        finished = current.finished
        if hand.is_over:
            hand_over = True
            played = sum(1 for h in finished if not h["thrown_in"])
            old_hand = table_hand
            table_hand, hand, game_over = _finish_hand(table, table_hand, hand, seats, played)
            finished = [*finished, state.hand_summary(old_hand)]
        _set_turn(table, hand, seats)
        _save(table)
        new_state = state.TableState(
            seats=seats, table_hand=table_hand, hand=hand, finished=finished
        )
        _after_commit(table, hand, new_state)
    return ActResult(table.action_number, table.hand_number, hand_over, game_over, table, new_state)


def _stale_message(expected: int, played: int) -> str:
    """Why an action naming the wrong action number changed nothing, in plain numbers: the
    table's action number now and the one the request answered (no plural to agree with)."""
    if expected < played:
        return gettext(
            "The game has moved on: the table is at action %(played)d now, and you answered it "
            "at action %(expected)d. Reload and try again."
        ) % {"expected": expected, "played": played}
    return gettext(
        "You answered the table at action %(expected)d, but it is only at action %(played)d. "
        "Reload and try again."
    ) % {"expected": expected, "played": played}


def _logged(table: Table, table_hand: TableHand, action: Action, actor) -> TableAction:
    """The table's log entry for an applied action, numbered next (the caller saves it).
    `actor` None: the site played it for the seat (a forced pass)."""
    table.action_number += 1
    return TableAction(
        table=table,
        number=table.action_number,
        hand=table_hand,
        seat=action.seat,
        record=action.to_record(),
        actor=None if actor is BOT else actor,
        by_bot=actor is BOT,
    )


def _is_forced_pass(table: Table, hand, seats: list[Seat]) -> bool:
    """Pitch: after a called 4 the players after it still call, and most can only pass. When
    that is a person's only legal action, the site passes for them."""
    if table.game != Game.PITCH or not hand.in_auction or hand.to_act is None:
        return False
    if seats[hand.to_act].is_bot:
        return False  # the bot's own move (through its task) is the pass
    legal = hand.legal_actions()
    return len(legal) == 1 and legal[0].kind == "call" and legal[0].call == "pass"


def _play_forced_passes(
    table: Table, table_hand: TableHand, hand, seats: list[Seat]
) -> list[TableAction]:
    """Play the passes people have no choice but to make; their log entries, as ordinary
    actions, for the caller to save."""
    log = []
    while _is_forced_pass(table, hand, seats):
        action = hand.legal_actions()[0]
        hand.apply(action)
        log.append(_logged(table, table_hand, action, None))
    return log


def table_look(actor, table: Table | int) -> bool:
    """Show the actor their cards (Five Hundred): from now on blind misère is closed to them.
    Returns False when there was nothing to change (already looked, or Pitch)."""
    _require_signed_in(actor)
    with transaction.atomic():
        table = _lock_table(table)
        access = table_access(actor, table)
        if (refusal := access.look_refusal()) is not None:
            raise refusal
        seat = access.seat
        if table.game != Game.FIVE_HUNDRED:
            return False
        table_hand = TableHand.objects.get(table=table, number=table.hand_number)
        key = str(seat.number)
        if key in table_hand.looks:
            return False
        table_hand.looks = {**table_hand.looks, key: table.action_number}
        table_hand.save(update_fields=["looks"])
        _touch(table)
        _save(table, update_fields=["version"])
    return True


def table_bot_move(table_id: int, expected_number: int, budget: int | None = None) -> bool:
    """Let the bot whose turn it is act, if the table is still at `expected_number` actions.

    `budget` is the expert bot's thinking allowance (None: the bots' default).

    Idempotent: does nothing (returns False) when the game has moved on, is over, or it isn't
    a bot's turn. The move goes through `table_act` like anyone's.
    """
    from . import bots

    table = Table.objects.filter(pk=table_id).first()
    if (
        table is None
        or not table.is_playing
        or not table.bot_to_act
        or table.action_number != expected_number
        or table.to_act is None
    ):
        return False
    current = state.table_state(table)
    seat = next((s for s in current.seats if s.number == table.to_act), None)
    if seat is None or not seat.is_bot:
        return False
    hand = current.hand
    if hand is None or hand.to_act != seat.number:
        return False
    view = hand.view_for(seat.number)
    rng = random.Random(f"{table.seed}:{expected_number}")
    record = bots.choose_action(view, level=seat.bot_level, rng=rng, budget=budget)
    try:
        table_act(BOT, table_id, expected_number, record)
    except (StaleAction, TableNotPlaying, NotYourTurn, NotYourSeat):
        return False
    except GameError:
        log.error(
            "table %s: the bot at seat %s chose an action the rules refuse", table_id, seat.number
        )
        raise
    return True
