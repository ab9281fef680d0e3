"""Robot duplicate reads: what the event page, the traveller page and the API show a reader.

The one rule for hidden information: a board's results, traveller and cards go to a reader only
when `board_visible(event, played, number)` — they have played it at their own table, or the
event is closed and its boards revealed. The leaderboard, while the event is open, is scored
over the boards the reader has played (nobody else's figures say anything about a board they
have yet to play); after the close, over every board.

    event_state(event, now=None) -> "upcoming" | "open" | "closing" | "closed"
    entry_of(user, event) -> RobotEntry | None
    reader_boards(event, entry) -> set[int]          board numbers the reader may see
    leaderboard(event, entry) -> dict                rows, scope, counts
    boards(event, entry) -> list[dict]               numbers, commitments, seeds once revealed
    traveller(event, number, entry) -> dict          raises BoardHidden / NoSuchBoard
    events_for(user, club=None) -> dict             open, upcoming and closed events
"""

from __future__ import annotations

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Membership
from core.choices import Game
from games.engines.cards import cards_text, parse_card, sort_for_display
from games.models import Board
from games.presenters.cards import call_info, card_info, maybe_suit, seat_place

from .policies import robot_may_enter, robot_may_see_board
from .robot_models import RobotBoardResult, RobotEntry, RobotEvent
from .services.robot import robot_leaderboard, robot_played_boards


class NoSuchBoard(LookupError):
    """The event has no board of that number (404)."""


class BoardHidden(PermissionError):
    """The reader may not see this board yet (403)."""


def event_state(event: RobotEvent, now=None) -> str:
    now = now or timezone.now()
    if event.closed_at is not None:
        return "closed"
    if now < event.opens_at:
        return "upcoming"
    if now >= event.closes_at:
        return "closing"
    return "open"


def entry_of(user, event: RobotEvent) -> RobotEntry | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return RobotEntry.objects.filter(event=event, user=user).select_related("table").first()


def reader_boards(event: RobotEvent, entry: RobotEntry | None) -> set[int]:
    """The board numbers whose results the reader may see."""
    if event.closed_at is not None:
        return set(range(1, event.boards + 1))
    return robot_played_boards(entry)


def _percent(value) -> float | None:
    return None if value is None else round(float(value), 2)


def leaderboard(event: RobotEvent, entry: RobotEntry | None) -> dict:
    """The leaderboard a reader sees: every entrant (with how many boards they have played),
    ranked by matchpoint percentage over the boards the reader may see."""
    visible = reader_boards(event, entry)
    entries = list(
        RobotEntry.objects.filter(event=event)
        .select_related("user")
        .annotate(played=Count("results"))
        .order_by("started_at", "pk")
    )
    scores = robot_leaderboard(event, boards=visible) if visible else None
    by_entry = {s.entrant: s for s in scores.standings} if scores else {}
    rows = []
    for e in entries:
        line = by_entry.get(e.pk)
        rows.append(
            {
                "entry_id": e.pk,
                "name": e.user.shown_name,
                "played": e.played,
                "finished": e.finished_at is not None,
                "rank": line.rank if line else None,
                "tied": line.tied if line else False,
                "percentage": _percent(line.percentage) if line else None,
                "scored_boards": line.boards if line else 0,
                "is_me": entry is not None and e.pk == entry.pk,
            }
        )
    rows.sort(key=lambda r: (r["rank"] is None, r["rank"] or 0, -r["played"], r["name"]))
    return {
        "rows": rows,
        "scope": sorted(visible),
        "complete": event.closed_at is not None,
        "entries": len(entries),
    }


def boards(event: RobotEvent, entry: RobotEntry | None) -> list[dict]:
    """The event's boards: each one's commitment always; its seed once revealed; whether the
    reader may open its traveller, and how many have played it."""
    visible = reader_boards(event, entry)
    played = robot_played_boards(entry)
    counts = dict(
        RobotBoardResult.objects.filter(entry__event=event)
        .values_list("number")
        .annotate(n=Count("pk"))
        .values_list("number", "n")
    )
    out = []
    for board in Board.objects.filter(board_set_id=event.board_set_id).order_by("number"):
        out.append(
            {
                "number": board.number,
                "dealer": board.dealer,
                "commitment": board.commitment,
                "seed": board.seed if board.revealed_at else None,
                "revealed_at": board.revealed_at,
                "played": board.number in played,
                "visible": board.number in visible,
                "results": counts.get(board.number, 0),
            }
        )
    return out


def _contract_text(game: str, contract: dict | None, thrown_in: bool = True) -> str:
    if not contract:
        return gettext("Thrown in") if thrown_in else "–"
    if game == Game.PITCH:
        suit = maybe_suit(contract.get("trump"))
        bid = str(contract.get("bid"))
        return f"{bid} {suit['symbol']}" if suit else bid
    return call_info(game, contract.get("call", ""), contract.get("sans_kitty", False))["text"]


def _contract_words(game: str, contract: dict | None, thrown_in: bool = True) -> str:
    if not contract:
        return gettext("Thrown in") if thrown_in else "–"
    if game == Game.PITCH:
        return call_info(game, str(contract.get("bid")))["words"]
    return call_info(game, contract.get("call", ""), contract.get("sans_kitty", False))["words"]


def _sorted(codes: list[str]) -> list[dict]:
    """Cards for a hand diagram: by suit, highest first."""
    cards = sort_for_display(parse_card(c) for c in codes)
    return [card_info(c) for c in cards_text(cards)]


def _hand_diagram(board: Board, players: int) -> dict:
    deal = board.deal or {}
    hands = deal.get("hands") or []
    return {
        "hands": [
            {"place": seat_place(seat, players), "cards": _sorted(cards)}
            for seat, cards in enumerate(hands)
        ],
        "kitty": _sorted(deal.get("kitty") or []),
        "dealer": seat_place(board.dealer, players),
    }


def traveller(event: RobotEvent, number: int, entry: RobotEntry | None) -> dict:
    """Every result on board `number`, matchpointed, with the board's cards: only for a reader
    who may see it (BoardHidden otherwise; NoSuchBoard for a board the event doesn't have)."""
    board = Board.objects.filter(board_set_id=event.board_set_id, number=number).first()
    if board is None:
        raise NoSuchBoard(number)
    played = number in robot_played_boards(entry)
    if not robot_may_see_board(event, played):
        raise BoardHidden(number)
    scored = {
        s.entrant: s
        for s in robot_leaderboard(event, boards={number}).on_board(number)
        if s.direction == 0
    }
    results = (
        RobotBoardResult.objects.filter(entry__event=event, number=number)
        .select_related("entry__user")
        .order_by("-score", "entry__started_at", "pk")
    )
    rows = []
    for r in results:
        s = scored.get(r.entry_id)
        rows.append(
            {
                "entry_id": r.entry_id,
                "name": r.entry.user.shown_name,
                "contract": r.contract,
                "contract_text": _contract_text(event.game, r.contract, r.thrown_in),
                "contract_words": _contract_words(event.game, r.contract, r.thrown_in),
                "declarer": r.declarer,
                "declarer_place": (
                    seat_place(r.declarer, event.players) if r.declarer is not None else ""
                ),
                "tricks": r.tricks,
                "thrown_in": r.thrown_in,
                "score": r.score,
                "matchpoints": _percent(s.value) if s else None,
                "top": s.top if s else None,
                "percentage": _percent(s.percentage) if s else None,
                "is_me": entry is not None and r.entry_id == entry.pk,
            }
        )
    return {
        "number": number,
        "board": board,
        "commitment": board.commitment,
        "seed": board.seed if board.revealed_at else None,
        "rows": rows,
        "diagram": _hand_diagram(board, event.players),
        "played": played,
    }


def events_for(user, club=None) -> dict:
    """The events a reader may enter or follow: the site's and (signed in) their clubs' — or
    one club's — grouped as open, upcoming and recently closed."""
    qs = RobotEvent.objects.select_related("club")
    if club is not None:
        qs = qs.filter(club=club)
    else:
        rule = Q(club__isnull=True)
        if user is not None and getattr(user, "is_authenticated", False):
            rule |= Q(club__in=Membership.objects.filter(user=user).values("club"))
        qs = qs.filter(rule)
    now = timezone.now()
    events = list(qs.order_by("-closes_at", "-pk")[:60])
    groups: dict[str, list] = {"open": [], "upcoming": [], "closed": []}
    for event in events:
        state = event_state(event, now)
        groups["closed" if state in ("closed", "closing") else state].append(event)
    groups["open"].sort(key=lambda e: e.closes_at)
    groups["upcoming"].sort(key=lambda e: e.opens_at)
    groups["closed"] = groups["closed"][:20]
    return groups


def may_enter(user, event: RobotEvent) -> bool:
    return robot_may_enter(user, event) and event_state(event) == "open"
