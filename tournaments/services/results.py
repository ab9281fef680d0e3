"""Results: entered from a phone at a physical table and confirmed by an opponent, entered or
corrected by a director (kept in the audit log), or recorded from a finished site table.

A table has at most one result row (a one-to-one in the database) and every service here locks
the tournament and the table row before reading it, so two people entering at the same moment
leave one result: the second sees the first's entry (and confirms it when the scores match).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Notice
from accounts.notices import notices_send, notices_settle
from games.models import Table as GameTable
from games.models import TableHand

from .. import policies, selectors
from ..models import ResultAudit, TableResult, TableSeat, Tournament, TournamentTable
from ..scores import score_line
from ..signals import result_confirmed
from .common import (
    directors_to_tell,
    enqueue_standings,
    is_director,
    lock_table,
    require_signed_in,
    result_audit,
    tournament_link,
)
from .drawing import advance_bracket
from .duplicate import duplicate_record_online
from .errors import Conflict, InvalidInput, NotAllowed, ResultExists, WrongStatus

Status = TableResult.Status
Source = TableResult.Source

MAX_SCORE = 100_000
#: Hands won by one side when a round is played to the game's target (no hand count is known).
MAX_HANDS = 1000

_WHAT = {"scores": gettext_lazy("score"), "hands_won": gettext_lazy("hands won")}


def _numbers(values, count: int, what: str, *, low: int, high: int, allow_none=False):
    if values is None:
        if allow_none:
            return None
        raise InvalidInput(
            _("Give the %(what)s of every side.") % {"what": _WHAT[what]}, field=what
        )
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise InvalidInput(
            _("Give the %(what)s as a list, one a side.") % {"what": _WHAT[what]}, field=what
        )
    if len(values) != count:
        raise InvalidInput(
            _("This table has %(count)s sides: give %(count)s of them (%(what)s).")
            % {"count": count, "what": _WHAT[what]},
            field=what,
        )
    out = []
    for value in values:
        try:
            if isinstance(value, bool):
                raise ValueError
            number = int(value)
            if str(number) != str(value).strip():
                raise ValueError
        except (TypeError, ValueError):
            raise InvalidInput(
                _("Each side's %(what)s is a whole number, not %(value)s.")
                % {"what": _WHAT[what], "value": repr(value)[:20]},
                field=what,
            ) from None
        if not low <= number <= high:
            raise InvalidInput(range_message(what, number, low, high), field=what)
        out.append(number)
    return out


def range_message(what: str, number: int, low: int, high: int) -> str:
    """What is wrong with a score or hands won outside `low`..`high`, in a player's words."""
    if what == "hands_won":
        if number < low:
            return _("Hands won can't be negative.")
        return _("A side can't win %(number)s hands: at most %(high)s.") % {
            "number": number,
            "high": high,
        }
    if number > high:
        return _("A score of %(number)s is too high: a score is at most %(high)s.") % {
            "number": number,
            "high": high,
        }
    return _("A score of %(number)s is too low: a score is at least %(low)s.") % {
        "number": number,
        "low": low,
    }


def hands_played(tournament: Tournament) -> int | None:
    """The hands a table plays in a round: the tournament's hand count when a round is a fixed
    number of hands, else None (played to the target: not known in advance)."""
    if tournament.play == Tournament.Play.HANDS and tournament.hand_limit:
        return tournament.hand_limit
    return None


def check_hands_won(hands: Sequence[int], played: int | None) -> None:
    """Refuse hands won that add up to more than the hands played (each hand is won by one
    side at most). The one rule for the service, the API and the result form."""
    if played is not None and sum(hands) > played:
        raise InvalidInput(
            _(
                "A round is %(played)s hands, but the hands won add up to %(total)s: "
                "together the sides can win at most %(played)s."
            )
            % {"played": played, "total": sum(hands)},
            field="hands_won",
        )


def clean_result(
    tournament: Tournament, table: TournamentTable, scores, hands_won=None, winners=None
) -> dict:
    """Check a result for `table`: a score a side, hands won a side (default none), and the
    winning sides (default: the highest score; everyone level is a draw). Brackets have no
    draws: level scores need `winners`."""
    count = len(table.sides)
    scores = _numbers(scores, count, "scores", low=-MAX_SCORE, high=MAX_SCORE)
    # No hands won given: unknown, stored as an empty list (never 0 a side, which would read
    # as known and count in the "hands won" tiebreak as if it had been entered).
    hands = _numbers(hands_won, count, "hands_won", low=0, high=MAX_HANDS, allow_none=True) or []
    check_hands_won(hands, hands_played(tournament))
    if winners is None:
        top = max(scores)
        winners = [i for i, score in enumerate(scores) if score == top]
        if len(winners) == count:
            winners = []
    else:
        if isinstance(winners, str | bytes) or not isinstance(winners, Sequence):
            raise InvalidInput(_("List the winning sides."), field="winners")
        try:
            winners = sorted({int(w) for w in winners})
        except (TypeError, ValueError):
            raise InvalidInput(_("Winning sides are numbered from 0."), field="winners") from None
        if any(not 0 <= w < count for w in winners):
            raise InvalidInput(
                _("Winning sides are numbered 0 to %(value)s.") % {"value": count - 1},
                field="winners",
            )
        if len(winners) == count:
            winners = []
    if tournament.is_elimination and len(winners) != 1:
        raise InvalidInput(
            (_("A bracket match needs one winner: the scores are level, so say who won.")),
            field="winners",
        )
    return {"scores": scores, "hands_won": hands, "winners": winners}


def _side_of(user, table: TournamentTable) -> int | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    seat = TableSeat.objects.filter(table=table, member__user=user).first()
    if seat is None:
        return None
    return next((i for i, side in enumerate(table.sides) if seat.number in side), None)


def _existing(table: TournamentTable) -> TableResult | None:
    return TableResult.objects.filter(table=table).first()


def _check_playable(tournament: Tournament, table: TournamentTable) -> None:
    if tournament.is_duplicate:
        raise Conflict(_("In a duplicate event each board's result is entered on its own."))
    if tournament.is_draft:
        raise WrongStatus(_("%(tournament)s hasn't started yet.") % {"tournament": tournament.name})
    if table.round.is_draft:
        raise WrongStatus(
            _("Round %(round)s hasn't been published yet.") % {"round": table.round.number}
        )


def _settle_confirm_requests(tournament: Tournament, table: TournamentTable) -> None:
    """The table's result no longer waits for anyone: its "please confirm" notices are read."""
    notices_settle(
        "tournaments.confirm_result",
        tournament_link(tournament, "my_table"),
        table=table.number,
        round=table.round.number,
    )


def _withdraw_confirm_requests(tournament: Tournament, table: TournamentTable) -> int:
    """The entry the table's "please confirm" notices ask about is gone (disputed, cancelled
    or changed): take them away, read or not, so nobody is left asked to confirm a score that
    no longer exists."""
    deleted, _kinds = Notice.objects.filter(
        key="tournaments.confirm_result",
        url=tournament_link(tournament, "my_table"),
        params__table=table.number,
        params__round=table.round.number,
    ).delete()
    return deleted


def _after_confirmed(tournament: Tournament, table: TournamentTable) -> None:
    """A result now counts: the bracket moves on, the round may close, standings update."""
    _settle_confirm_requests(tournament, table)
    if tournament.is_elimination and not tournament.is_finished:
        advance_bracket(tournament)
    enqueue_standings(tournament)
    result_confirmed.send(sender=TournamentTable, table_id=table.pk)


def _save_new(tournament, table, values: dict, **fields) -> TableResult:
    try:
        with transaction.atomic():
            return TableResult.objects.create(
                tournament=tournament, table=table, **values, **fields
            )
    except IntegrityError:
        raise ResultExists(
            _("Table %(table)s already has a result.") % {"table": table.number}
        ) from None


def _save(tournament, table, existing: TableResult | None, fields: dict, **on_create):
    """Write `fields` to the table's result: a new one (with `on_create` too) or `existing`."""
    if existing is None:
        return _save_new(tournament, table, {}, **on_create, **fields)
    for key, value in fields.items():
        setattr(existing, key, value)
    existing.save()
    return existing


@transaction.atomic
def result_enter(
    actor,
    table: TournamentTable,
    *,
    scores: Sequence[int],
    hands_won: Sequence[int] | None = None,
    winners: Sequence[int] | None = None,
    reason: str = "",
) -> TableResult:
    """Enter a table's result: `scores` (and `hands_won`) a side, in the order of the table's
    sides; `winners` the winning sides if not simply the highest score.

    A player at a physical table: the result waits for an opponent to confirm (entering again
    changes it; an opponent entering the same scores confirms it; different scores are refused
    with the first entry shown). A director not playing at the table: confirmed at once and
    kept in the audit log. Site tables record their result by themselves.
    """
    require_signed_in(actor)
    tournament, table = lock_table(table)
    _check_playable(tournament, table)
    side = _side_of(actor, table)
    director = is_director(actor, tournament)
    if not policies.may_enter_result(side, director):
        raise NotAllowed(_("Only the players at this table or a director can enter its result."))
    values = clean_result(tournament, table, scores, hands_won, winners)
    existing = _existing(table)
    if side is None:  # a director's entry
        if existing is not None and existing.is_confirmed:
            raise ResultExists(
                _("Table %(table)s already has a confirmed result: correct it instead.")
                % {"table": table.number}
            )
        old = existing.as_dict() if existing else None
        now = timezone.now()
        fields = {
            **values,
            "status": Status.CONFIRMED,
            "source": Source.DIRECTOR,
            "entered_side": None,
            "entered_by": actor,
            "confirmed_by": actor,
            "confirmed_at": now,
        }
        result = _save(tournament, table, existing, fields)
        result_audit(tournament, table, actor, old, result.as_dict(), reason or ResultAudit.ENTERED)
        _after_confirmed(tournament, table)
        return result
    if table.online:
        raise Conflict(
            _("Table %(table)s is played on the site: its result is recorded when the game ends.")
            % {"table": table.number}
        )
    if table.round.is_closed:
        raise WrongStatus(
            _("Round %(round)s is closed: ask a director to correct it.")
            % {"round": table.round.number}
        )
    if existing is None:
        result = _save_new(
            tournament,
            table,
            values,
            status=Status.PENDING,
            source=Source.PLAYER,
            entered_side=side,
            entered_by=actor,
        )
        _ask_to_confirm(tournament, table, result, actor)
        return result
    if existing.is_confirmed:
        raise ResultExists(
            _("Table %(table)s's result is confirmed: ask a director to correct it.")
            % {"table": table.number}
        )
    if existing.entered_side == side:
        changed = any(getattr(existing, key) != value for key, value in values.items())
        for key, value in values.items():
            setattr(existing, key, value)
        existing.entered_by = actor
        existing.save()
        if changed:  # the opponents are asked about the new score, not the old one
            _withdraw_confirm_requests(tournament, table)
            _ask_to_confirm(tournament, table, existing, actor)
        return existing
    same = all(getattr(existing, key) == value for key, value in values.items())
    if not same:
        shown = score_line(existing.scores)
        if existing.entered_by_id:
            message = _("%(name)s entered %(scores)s: confirm or reject it, or ask a director.") % {
                "name": existing.entered_by.shown_name,
                "scores": shown,
            }
        else:
            message = _(
                "The other side entered %(scores)s: confirm or reject it, or ask a director."
            ) % {"scores": shown}
        raise ResultExists(message)
    return _confirm(tournament, table, existing, actor)


def _ask_to_confirm(tournament, table, result: TableResult, actor) -> None:
    """Tell the players on the other sides that a result waits for their confirmation."""
    others = TableSeat.objects.filter(table=table, member__user__isnull=False).exclude(
        number__in=table.sides[result.entered_side]
    )
    shown = score_line(result.scores)
    notices_send(
        others.values_list("member__user_id", flat=True),
        "tournaments.confirm_result",
        {
            "name": actor.shown_name,
            "scores": shown,
            "table": table.number,
            "tournament": tournament.name,
            "round": table.round.number,
        },
        tournament_link(tournament, "my_table"),
    )


def _confirm(tournament, table, result: TableResult, actor) -> TableResult:
    result.status = Status.CONFIRMED
    result.confirmed_by = actor
    result.confirmed_at = timezone.now()
    result.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    _after_confirmed(tournament, table)
    return result


@transaction.atomic
def result_confirm(actor, table: TournamentTable) -> TableResult:
    """An opponent of whoever entered the result (or a director) confirms it: now it counts."""
    require_signed_in(actor)
    tournament, table = lock_table(table)
    _check_playable(tournament, table)
    result = _existing(table)
    if result is None:
        raise Conflict(
            _("No result has been entered for table %(table)s yet.") % {"table": table.number}
        )
    if result.is_confirmed:
        raise ResultExists(
            _("Table %(table)s's result is already confirmed.") % {"table": table.number}
        )
    side = _side_of(actor, table)
    if not policies.may_confirm_result(side, is_director(actor, tournament), result.entered_side):
        if side is None:
            raise NotAllowed(
                _("Only an opponent at this table or a director can confirm its result.")
            )
        raise NotAllowed(_("An opponent confirms the result, not the side that entered it."))
    return _confirm(tournament, table, result, actor)


@transaction.atomic
def result_reject(actor, table: TournamentTable) -> None:
    """Throw away a result waiting for confirmation (a player at the table or a director), so
    it can be entered again. When anyone but the side that entered it throws it away, it was
    disputed: the side that entered it and the directors are told, the audit log keeps who
    disputed which score, and the table shows as disputed until a new result is entered."""
    require_signed_in(actor)
    tournament, table = lock_table(table)
    result = _existing(table)
    if result is None or result.is_confirmed:
        raise Conflict(
            _("Table %(table)s has no result waiting for confirmation.") % {"table": table.number}
        )
    side = _side_of(actor, table)
    if not policies.may_reject_result(side, is_director(actor, tournament)):
        raise NotAllowed(_("Only the players at this table or a director can reject its result."))
    if result.entered_side is not None and side != result.entered_side:
        told = _tell_disputed(tournament, table, result, actor)
        _audit_disputed(tournament, table, result, actor)
        _tell_directors_disputed(tournament, table, result, actor, told)
    result.delete()
    _withdraw_confirm_requests(tournament, table)


#: The audit log's reason for a disputed entry (stored in English, like every reason; the pages
#: show their own words for it, in the reader's language).
DISPUTED_REASON = "Disputed at the table: the entry was cleared."


def _audit_disputed(tournament, table, result: TableResult, actor) -> None:
    """Keep the disputed entry in the audit log: who disputed it (the actor), the score that
    was cleared and who had entered it (before), and nothing after (new: status "disputed")."""
    old = {
        **result.as_dict(),
        "entered_side": result.entered_side,
        "entered_by": result.entered_by.shown_name if result.entered_by_id else None,
    }
    new = {"status": ResultAudit.DISPUTED, "scores": [], "hands_won": [], "winners": []}
    result_audit(tournament, table, actor, old, new, DISPUTED_REASON)


def _tell_directors_disputed(tournament, table, result: TableResult, actor, told) -> None:
    """Tell the club's directors (but whoever disputed it, and those already told) that a
    table's entry was disputed and cleared, with a link to the table."""
    directors = directors_to_tell(tournament, besides=[actor, *told])
    try:
        url = reverse("tournaments:table", args=[tournament.pk, table.pk])
    except NoReverseMatch:
        url = tournament_link(tournament)
    notices_send(
        directors,
        "tournaments.result_disputed_director",
        {
            "name": actor.shown_name,
            "entered_by": (
                result.entered_by.shown_name
                if result.entered_by_id
                else selectors.side_names(table)[result.entered_side]
            ),
            "scores": score_line(result.scores),
            "table": table.number,
            "tournament": tournament.name,
            "round": table.round.number,
        },
        url,
    )


def _tell_disputed(tournament, table, result: TableResult, actor) -> list[int]:
    """Tell the side that entered a result that someone else threw it away, and what it was
    (so the score they entered is not lost without a word). Returns whom it told."""
    entrants = TableSeat.objects.filter(
        table=table, member__user__isnull=False, number__in=table.sides[result.entered_side]
    ).exclude(member__user=actor)
    told = list(entrants.values_list("member__user_id", flat=True))
    notices_send(
        told,
        "tournaments.result_disputed",
        {
            "name": actor.shown_name,
            "scores": score_line(result.scores),
            "table": table.number,
            "tournament": tournament.name,
            "round": table.round.number,
        },
        tournament_link(tournament, "my_table"),
    )
    return told


@transaction.atomic
def result_correct(
    actor,
    table: TournamentTable,
    *,
    scores: Sequence[int],
    hands_won: Sequence[int] | None = None,
    winners: Sequence[int] | None = None,
    reason: str,
) -> TableResult:
    """A director sets a table's result (entered or not, confirmed or not, closed round or
    not), giving a reason: the audit log keeps who, when, the old and the new result and why.
    The standings are recalculated; a bracket follows unless later matches depend on it."""
    require_signed_in(actor)
    tournament, table = lock_table(table)
    if not policies.may_correct_result(is_director(actor, tournament)):
        raise NotAllowed(
            _("Only the directors of %(club)s can correct results.")
            % {"club": tournament.club.name}
        )
    _check_playable(tournament, table)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Say why the result is corrected."), field="reason")
    values = clean_result(tournament, table, scores, hands_won, winners)
    existing = _existing(table)
    old = existing.as_dict() if existing else None
    fields = {
        **values,
        "status": Status.CONFIRMED,
        "source": Source.DIRECTOR,
        "confirmed_by": actor,
        "confirmed_at": timezone.now(),
    }
    result = _save(tournament, table, existing, fields, entered_by=actor)
    result_audit(tournament, table, actor, old, result.as_dict(), reason)
    if tournament.is_elimination:
        advance_bracket(tournament)
    enqueue_standings(tournament)
    result_confirmed.send(sender=TournamentTable, table_id=table.pk)
    return result


# Site tables -------------------------------------------------------------------------------------


def _hands_won(game_table: GameTable, sides: list[list[int]]) -> list[int]:
    """Hands each side won: those where its score for the hand was higher than every other
    side's."""
    won = [0] * len(sides)
    hands = TableHand.objects.filter(table=game_table, finished=True, thrown_in=False)
    for hand in hands.only("scores"):
        scores = hand.scores or []
        if len(scores) != game_table.players:
            continue
        by_side = [scores[side[0]] for side in sides]
        top = max(by_side)
        if by_side.count(top) == 1:
            won[by_side.index(top)] += 1
    return won


def site_table_result(tournament: Tournament, table: TournamentTable, game_table: GameTable):
    """The result of a finished site table: each side's total, hands won, and the winning sides
    (the game's winners; in a bracket a level game goes to more hands won, then the better
    seed)."""
    totals = list(game_table.totals or [])
    sides = [list(side) for side in table.sides]
    scores = [int(totals[side[0]]) for side in sides]
    hands = _hands_won(game_table, sides)
    winning_seats = set(game_table.winners or [])
    winners = [i for i, side in enumerate(sides) if winning_seats & set(side)]
    if not winners:
        top = max(scores)
        winners = [i for i, score in enumerate(scores) if score == top]
    if len(winners) == len(sides):
        winners = []
    if tournament.is_elimination and len(winners) != 1:
        level = winners or list(range(len(sides)))
        entrants = selectors.side_entrants(table)
        seeds = {i: entrants[i][0].seed if entrants[i] else 10**9 for i in level}
        winners = [min(level, key=lambda i: (-hands[i], seeds[i]))]
    return {"scores": scores, "hands_won": hands, "winners": winners}


@transaction.atomic
def result_record_online(game_table_id: int) -> TableResult | None:
    """Record the result of the tournament table played at site table `game_table_id` once
    its game is over (the `game_finished` receiver's task runs this). Idempotent: nothing
    changes when the result is already there, and a director's or a forfeit result stands.
    Returns the result (None when the site table is no tournament's or isn't finished)."""
    found = list(
        TournamentTable.objects.filter(game_table_id=game_table_id).values_list(
            "pk", "tournament__format"
        )
    )
    if not found:
        return None
    if found[0][1] == Tournament.Format.DUPLICATE:
        duplicate_record_online(game_table_id)  # a board at a time, never a table result
        return None
    tournament, table = lock_table(found[0][0])
    game_table = GameTable.objects.get(pk=game_table_id)
    if not game_table.is_finished:
        return None
    existing = _existing(table)
    if existing is not None and existing.is_confirmed:
        return existing
    values = site_table_result(tournament, table, game_table)
    fields = {
        **values,
        "status": Status.CONFIRMED,
        "source": Source.ONLINE,
        "entered_side": None,
        "confirmed_at": timezone.now(),
    }
    result = _save(tournament, table, existing, fields)
    _after_confirmed(tournament, table)
    return result


# How long a finished site game is left to its own task before the sweep records its result.
SWEEP_SETTLE_SECONDS = 60.0


def online_results_sync(*, settle_seconds: float = SWEEP_SETTLE_SECONDS, limit: int = 200) -> int:
    """Record the results of tournament tables whose site game ended more than `settle_seconds`
    ago without a result (the task `game_finished` enqueued was lost): the periodic sweep.
    Idempotent and cheap: one query when there is nothing to do. Returns how many it recorded."""
    cutoff = timezone.now() - timedelta(seconds=settle_seconds)
    lost = list(
        TournamentTable.objects.filter(
            game_table__status=GameTable.Status.FINISHED,
            game_table__finished_at__lt=cutoff,
            result__isnull=True,
        )
        .exclude(tournament__format=Tournament.Format.DUPLICATE)
        .order_by("game_table__finished_at", "pk")
        .values_list("game_table_id", flat=True)[:limit]
    )
    recorded = sum(result_record_online(game_table_id) is not None for game_table_id in lost)
    return recorded + _duplicate_sync(cutoff, limit)


def _duplicate_sync(cutoff, limit: int) -> int:
    """The sweep for duplicate events: finished site tables with boards left unrecorded."""
    tables = (
        TournamentTable.objects.filter(
            tournament__format=Tournament.Format.DUPLICATE,
            tournament__status=Tournament.Status.RUNNING,
            game_table__status=GameTable.Status.FINISHED,
            game_table__finished_at__lt=cutoff,
        )
        .annotate(recorded=Count("board_results"))
        .order_by("game_table__finished_at", "pk")
        .values_list("game_table_id", "recorded", "boards")[:limit]
    )
    return sum(
        len(duplicate_record_online(game_table_id))
        for game_table_id, recorded, boards in tables
        if recorded < len(boards or [])
    )
