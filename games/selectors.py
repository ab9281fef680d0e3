"""Read-side helpers for tables: who may see and join them, and what each person sees.

Pages and the API build everything a player sees from these; none of them ever returns another
seat's cards or the kitty while a hand is being played.

    tables_open_to(user)            waiting tables the user may join, with `free_seats`
    tables_of(user)                 tables the user sits at that are not finished
    house_rule_sets_for(user, game) saved house rules a user may use
    may_view(user, table, token)    may see the table (public view at least)
    viewable_by(user, token)        the same rule as a filter over tables, for one-query reads
    viewable_table_ids(user, ids)   the tables among ids the user may open (for links)
    join_refusal(user, table, token) why the user may not sit, or None
    seat_of(user, table)            the user's seat, or None
    table_row(pk)                   the table with its club and creator (None if there is none)
    table_info(table, user)         the table as a dict: seats, totals, status, numbers
    table_view_for(user, table)     table_info + the hand as that seat sees it (public otherwise)
    table_version(table_id, user, token)  the cheap "has anything changed" read for polling
                                    (None, as for no table, when the user may not see it)
    finished_hands(table)           the finished hands with scores and results (public)
    hand_record_for(table, number)  the record of a finished hand (all cards face up)
    deal_audit_keys(table, hand)    its seed and commitment, once the game is over
    game_record_for(table)          the record of the game's finished hands
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext

from clubs.models import Membership
from core.prepared import PreparedLookup

from . import state
from .engines import deals, engine_for, records
from .engines.view import game_view
from .errors import HandNotFinished
from .models import HouseRuleSet, Seat, Table, TableHand


def _signed_in(user) -> bool:
    return user is not None and user.is_authenticated


def _member_club_ids(user) -> QuerySet:
    return Membership.objects.filter(user=user).values("club_id")


def tables_open_to(user) -> QuerySet[Table]:
    """Waiting tables with a free seat that `user` may join (anyone-tables, tables of the
    user's clubs, and invite-only tables the user created or sits at), newest first."""
    visible = Q(access=Table.Access.ANYONE)
    if _signed_in(user):
        visible |= Q(access=Table.Access.CLUB, club__in=_member_club_ids(user))
        visible |= Q(created_by=user) | Q(seats__user=user)
    return (
        Table.objects.filter(visible, status=Table.Status.WAITING)
        .annotate(
            free_seats=Count(
                "seats", filter=Q(seats__user__isnull=True, seats__bot_level=""), distinct=True
            )
        )
        .filter(free_seats__gt=0)
        .select_related("club", "created_by")
        .prefetch_related("seats__user")
        .order_by("-created_at", "-id")
        .distinct()
    )


_TABLE_ROW = PreparedLookup(lambda: Table.objects.select_related("club", "created_by"))


def table_row(pk) -> Table | None:
    """The table `pk` with its club and creator, in one query compiled once (every table page,
    fragment and API call starts with it); None if there is no such table or `pk` is no key."""
    try:
        return _TABLE_ROW.get(pk)
    except (ValueError, TypeError):
        return None


def tables_of(user) -> QuerySet[Table]:
    """The tables `user` sits at that are waiting or being played."""
    if not _signed_in(user):
        return Table.objects.none()
    return (
        Table.objects.filter(seats__user=user)
        .exclude(status=Table.Status.FINISHED)
        .select_related("club", "created_by")
        .prefetch_related("seats__user")
        .order_by("-created_at", "-id")
    )


def current_tables_of(user, limit: int = 8) -> list[Table]:
    """The newest `limit` of `tables_of(user)`, those waiting on the user's move first; each
    table carries `my_turn`."""
    tables = list(tables_of(user)[:limit])
    for table in tables:
        seat = next((s.number for s in table.seats.all() if s.user_id == user.pk), None)
        table.my_turn = table.status == Table.Status.PLAYING and table.to_act == seat
    tables.sort(key=lambda t: not t.my_turn)
    return tables


def house_rule_sets_for(user, game: str | None = None) -> QuerySet[HouseRuleSet]:
    """House rules the user saved, and those offered by clubs the user belongs to."""
    if not _signed_in(user):
        return HouseRuleSet.objects.none()
    qs = HouseRuleSet.objects.filter(Q(created_by=user) | Q(club__in=_member_club_ids(user)))
    if game:
        qs = qs.filter(game=game)
    return qs.select_related("club").distinct()


def table_seats(table: Table) -> list[Seat]:
    """The table's seats in order, with their users (from a prefetch when there is one)."""
    prefetched = getattr(table, "_prefetched_objects_cache", {})
    if "seats" in prefetched:
        return sorted(prefetched["seats"], key=lambda s: s.number)
    return list(table.seats.select_related("user").order_by("number"))


def seat_of(user, table: Table, seats: list[Seat] | None = None) -> Seat | None:
    if not _signed_in(user):
        return None
    if seats is not None:
        return next((s for s in seats if s.user_id == user.pk), None)
    return table.seats.filter(user=user).first()


def _is_member(user, club_id, clubs: set[int] | None = None) -> bool:
    if club_id is None or not _signed_in(user):
        return False
    if clubs is not None:
        return club_id in clubs
    return Membership.objects.filter(club_id=club_id, user=user).exists()


def join_refusal(user, table: Table, token: str = "", clubs: set[int] | None = None) -> str | None:
    """Why `user` may not sit at `table` (its access rule), or None when they may. `clubs`:
    the ids of the user's clubs, when already known."""
    if not _signed_in(user):
        return gettext("Please log in to take a seat.")
    if table.access == Table.Access.ANYONE or table.created_by_id == user.pk:
        return None
    if table.access == Table.Access.CLUB:
        if _is_member(user, table.club_id, clubs):
            return None
        if not table.club_id:
            return gettext("Only members of its club can sit at this table.")
        return gettext("Only members of %(club)s can sit at this table.") % {
            "club": table.club.name
        }
    if token and token == table.invite_token:
        return None
    return gettext("This table is by invitation: use the invite link you were given.")


def may_view(
    user,
    table: Table,
    token: str = "",
    seats: list[Seat] | None = None,
    clubs: set[int] | None = None,
) -> bool:
    """Whether `user` may see the table at all (others get a 404, so invite-only tables stay
    unlisted). Seated players and those who may join may see it; anyone may watch a table
    open to anyone (read-only, hands hidden). The one rule for the table page, the API and
    every link to a table (`viewable_table_ids`). A table playing unrevealed boards
    (`boards_hidden`) is for its players and whoever opened it alone: nobody else may learn a
    board's cards or result before playing it (before the game starts nothing is dealt)."""
    if table.boards_hidden and table.status != Table.Status.WAITING:
        if seat_of(user, table, seats) is not None:
            return True
        return _signed_in(user) and table.created_by_id == user.pk
    if table.access == Table.Access.ANYONE:
        return True
    if seat_of(user, table, seats) is not None:
        return True
    if _invited(table, token):
        # The invite link itself, whoever holds it: signed out, they see the table and are asked
        # to log in (or sign up) to take a seat, coming back to it with the link.
        return True
    return join_refusal(user, table, token, clubs) is None


def _invited(table: Table, token: str) -> bool:
    return bool(token) and table.access == Table.Access.INVITE and token == table.invite_token


_boards_open = Q(boards_hidden=False) | Q(status=Table.Status.WAITING)


def viewable_by(user, token: str = "") -> Q:
    """`may_view` as a filter over tables: the tables `user` (with the invite `token`, if any)
    may see. A test checks that the two always agree."""
    rule = Q(access=Table.Access.ANYONE)
    if token:
        rule |= Q(access=Table.Access.INVITE, invite_token=token)
    if not _signed_in(user):
        return rule & _boards_open
    rule |= Q(
        Exists(Membership.objects.filter(club_id=OuterRef("club_id"), user_id=user.pk)),
        access=Table.Access.CLUB,
    )
    rule &= _boards_open
    rule |= Q(created_by_id=user.pk)
    rule |= Q(Exists(Seat.objects.filter(table=OuterRef("pk"), user_id=user.pk)))
    return rule


def viewable_table_ids(user, table_ids) -> set[int]:
    """The tables among `table_ids` that `user` may open (`may_view`, with no invite token), for
    pages that link to tables: a table they may not open is shown as text, never a dead link.
    One query, however many tables."""
    ids = {pk for pk in table_ids if pk is not None}
    if not ids:
        return set()
    return set(Table.objects.filter(viewable_by(user), pk__in=ids).values_list("pk", flat=True))


def sides_of(game: str, players: int, options: dict[str, Any] | None) -> list[list[int]]:
    """The seats that score together in a game of `players` with these table options (the
    engine's rule: `sides(players, options)`)."""
    engine = engine_for(game)
    checked = engine.Options.from_dict(dict(options or {}), players=None)
    return [list(side) for side in engine.sides(players, checked)]


def sides(table: Table) -> list[list[int]]:
    """The seats that score together at `table`."""
    return sides_of(table.game, table.players, table.options)


def _seat_dict(seat: Seat, user) -> dict[str, Any]:
    return {
        "number": seat.number,
        "name": seat.name,
        "empty": seat.is_empty,
        "is_bot": seat.is_bot,
        "bot_level": seat.bot_level or None,
        "user_id": seat.user_id,
        "is_you": _signed_in(user) and seat.user_id == user.pk,
    }


def table_info(table: Table, user=None, seats: list[Seat] | None = None) -> dict[str, Any]:
    """The table as everyone may see it (no cards), and what `user` may do with it."""
    from .policies import table_access  # the policy reads seats through this module

    if seats is None:
        seats = table_seats(table)
    mine = seat_of(user, table, seats)
    info = {
        "id": table.pk,
        "name": str(table),
        "game": table.game,
        "game_label": table.get_game_display(),
        "players": table.players,
        "options": dict(table.options),
        "target": (table.options or {}).get("target"),
        "hand_limit": table.hand_limit,
        "access": table.access,
        "club": (
            {"id": table.club_id, "name": table.club.name, "slug": table.club.slug}
            if table.club_id
            else None
        ),
        "bot_level": table.bot_level or None,
        "status": table.status,
        "action_number": table.action_number,
        "version": table.version,
        "hand_number": table.hand_number,
        "to_act": table.to_act,
        "totals": list(table.totals or []),
        "winners": table.winners,
        "sides": sides(table),
        "seats": [_seat_dict(s, user) for s in seats],
        "free_seats": [s.number for s in seats if s.is_empty],
        "your_seat": mine.number if mine else None,
        "is_demo": table.is_demo,
        "board_count": len(table.table_boards or []),
        "created_by": table.created_by.shown_name if table.created_by_id else None,
        "may_start_with_bots": table_access(user, table, seats).may_start_with_bots,
    }
    if _signed_in(user) and table.created_by_id == user.pk and table.access == Table.Access.INVITE:
        info["invite_token"] = table.invite_token
    return info


_hand_summary = state.hand_summary


def table_view_for(user, table: Table, table_state: state.TableState | None = None) -> dict:
    """Everything `user` may see of the table now.

    `table` is table_info; `hand` is the engine's view (games/engines/view.py, a `GameView`)
    for the user's seat (with `legal` and its `step` when it is their turn), or for anyone else
    the public view (no cards in hand, `legal` empty); `None` before the first deal.
    `last_hand` is the most recent finished hand's public result.

    What the table's version determines comes from `state.table_state` (or `table_state`, the
    state a service has just computed): no query when it is cached.
    """
    current = table_state if table_state is not None else state.table_state(table)
    seats = current.seats
    info = table_info(table, user, seats)
    hand = current.hand
    view = None
    if hand is not None:
        seat = info["your_seat"]
        view = hand.view_for(seat) if seat is not None else state.public_view(hand)
        game_view(
            view,
            totals=info["totals"],
            hand_number=table.hand_number,
            winners=table.winners,
            hand_limit=table.hand_limit,
        )
    return {
        "table": info,
        "hand": view,
        "last_hand": current.last_finished,
        "deal": current_deal(current.table_hand),
    }


def current_deal(table_hand: TableHand | None) -> dict[str, Any] | None:
    """The public facts of the hand being dealt (`table_hand`, the current hand's row from
    `state.table_state`, its board read with it): its deal's commitment (DEALS.md: the hash of
    its secret seed, published before play) and its board number, if it plays a board."""
    if table_hand is None:
        return None
    board = table_hand.board if table_hand.board_id is not None else None
    return {
        "commitment": table_hand.commitment or None,
        "board": board.number if board is not None else None,
        "hand": table_hand.number,
    }


def table_version(table_id: int, user=None, token: str = "") -> dict[str, Any] | None:
    """The action count, the change counter and the status (and `public`: open to anyone): one
    small query. None when there is no such table or `user` may not see it (the two look the
    same from outside)."""
    row = (
        Table.objects.filter(viewable_by(user, token), pk=table_id)
        .values("id", "action_number", "version", "status", "access")
        .first()
    )
    if row is not None:
        row["public"] = row.pop("access") == Table.Access.ANYONE
    return row


def finished_hands(table: Table) -> list[dict[str, Any]]:
    """The finished hands' public results in order (from the table's cached state)."""
    return list(state.table_state(table).finished)


def _engine_hand(table: Table, table_hand: TableHand, options=None):
    return state.build_hand(table, table_hand, state.hand_records(table_hand), options)


def hand_record_for(table: Table, number: int) -> dict[str, Any] | None:
    """The hand record of hand `number`, which must be finished (None if there is no such hand).

    A finished hand's record shows every card; an unfinished one is never exported.
    """
    table_hand = TableHand.objects.filter(table=table, number=number).first()
    if table_hand is None:
        return None
    if not table_hand.finished:
        raise HandNotFinished(
            gettext(
                "Hand %(number)s is still being played: its record is ready when it is finished."
            )
            % {"number": number}
        )
    options = state.table_options(table)
    record = records.hand_record(_engine_hand(table, table_hand, options), options)
    record.update(deal_audit_keys(table, table_hand))
    return record


def game_record_for(table: Table) -> dict[str, Any] | None:
    """The game record of the table's finished hands, in order (None before any has finished).

    A game still being played is exported up to its last finished hand; a table that plays a
    fixed number of hands (tournament tables) gives its `hand_limit`.
    """
    options = state.table_options(table)
    rows = list(
        TableHand.objects.filter(table=table, finished=True)
        .select_related("board")
        .order_by("number")
    )
    hands = [_engine_hand(table, h, options) for h in rows]
    if not hands:
        return None
    record = records.game_record(hands, options, hand_limit=table.hand_limit)
    for entry, table_hand in zip(record["hands"], rows, strict=True):
        entry.update(deal_audit_keys(table, table_hand))
    return record


def deal_audit_keys(table: Table, table_hand: TableHand) -> dict[str, str]:
    """The auditable deal's `commitment` and `seed` for a hand's record (DEALS.md): only once
    the game is over, and a board's seed only once the board is revealed. Legacy deals have
    neither."""
    if not table.is_finished or table_hand.deal_algorithm != deals.ALGORITHM:
        return {}
    keys = {"commitment": table_hand.commitment}
    board = table_hand.board
    if board is None or board.revealed_at is not None:
        keys["seed"] = table_hand.seed
    return keys
