"""Setting a tournament up: creating it, its entrants (from a club night's check-ins, late
entries, withdrawals), starting and finishing it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from clubs.models import Club, ClubNight, Registration
from core.choices import Game
from core.names import shown_name_problem
from games.models import BotLevel, HouseRuleSet
from games.options import OptionsError, validate_options

from .. import policies, selectors
from ..formats import Tiebreak
from ..models import Entrant, EntrantMember, Round, Tournament
from .common import (
    enqueue_standings,
    is_director,
    lock_tournament,
    require_director,
    require_running,
    require_signed_in,
)
from .drawing import advance_bracket, close_round_if_complete, pair_next_round
from .duplicate import duplicate_start, withdrawn_to_bots
from .errors import AlreadyEntered, Conflict, InvalidInput, NotAllowed, WrongStatus

Format = Tournament.Format
Play = Tournament.Play

#: A member given to `entrant_add`: a site user, a walk-in guest's name, or a night registration.
MemberSpec = User | str | Registration

MAX_ROUNDS = 50


# Checking values ---------------------------------------------------------------------------------


def _clean_name(name: str, limit: int = 100) -> str:
    name = (name or "").strip()
    if not name:
        raise InvalidInput(_("Give the tournament a name."), field="name")
    if len(name) > limit:
        raise InvalidInput(
            _("Keep the name to %(limit)s characters.") % {"limit": limit}, field="name"
        )
    return name


def _clean_tiebreaks(tiebreaks, format_: str) -> list[str]:
    if tiebreaks is None:
        return [str(t) for t in selectors.DEFAULT_TIEBREAKS[format_]]
    if isinstance(tiebreaks, str) or not isinstance(tiebreaks, Sequence):
        raise InvalidInput(_("List the tiebreaks in order."), field="tiebreaks")
    out = []
    for value in tiebreaks:
        try:
            tiebreak = Tiebreak(value)
        except ValueError:
            known = ", ".join(t.value for t in Tiebreak)
            raise InvalidInput(
                _("There is no tiebreak %(value)s (choose from %(known)s).")
                % {"value": repr(value), "known": known},
                field="tiebreaks",
            ) from None
        if tiebreak.value in out:
            raise InvalidInput(
                _("%(value)s is listed twice.") % {"value": tiebreak.value}, field="tiebreaks"
            )
        out.append(tiebreak.value)
    return out


# The numbers a director sets, as the setup form names them (in messages about them).
_NUMBERS = {
    "hand_limit": gettext_lazy("Hands a round"),
    "rounds": gettext_lazy("Rounds"),
    "cycles": gettext_lazy("Round robin cycles"),
    "boards_per_round": gettext_lazy("Boards a round"),
}


def _whole(value, field: str, low: int, high: int) -> int:
    what = _NUMBERS.get(field, field)
    if isinstance(value, bool):
        raise InvalidInput(_("%(what)s must be a whole number.") % {"what": what}, field=field)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise InvalidInput(
            _("%(what)s must be a whole number.") % {"what": what}, field=field
        ) from None
    if number != value and str(number) != str(value).strip():
        raise InvalidInput(_("%(what)s must be a whole number.") % {"what": what}, field=field)
    if not low <= number <= high:
        raise InvalidInput(
            _("%(what)s must be from %(low)s to %(high)s.")
            % {"what": what, "low": low, "high": high},
            field=field,
        )
    return number


def _clean_options(
    actor, club: Club, game: str, format_: str, house_rules: HouseRuleSet | None, options
) -> dict[str, Any]:
    """The table options in record form (only what differs from the rules' defaults)."""
    values: dict[str, Any] = {}
    if house_rules is not None:
        if house_rules.game != game:
            raise InvalidInput(_("Those house rules are for the other game."), field="house_rules")
        if house_rules.club_id != club.pk and house_rules.created_by_id != actor.pk:
            raise NotAllowed(_("Use the club's house rules or your own."))
        values.update(house_rules.options or {})
    if options is not None and not isinstance(options, dict):
        raise InvalidInput(_("Options must be an object."), field="options")
    values.update(options or {})
    head_to_head = format_ not in (Format.PROGRESSIVE, Format.DUPLICATE)
    if game == Game.PITCH and format_ == Format.DUPLICATE:
        # Duplicate Pitch is in partnerships unless asked for solo (each seat compared with the
        # same seat at the other tables).
        values["partnerships"] = (options or {}).get("partnerships") is not False
    if game == Game.PITCH and head_to_head:
        # Head-to-head formats play Pitch in fixed teams of two, partners opposite.
        if values.get("partnerships") is False:
            raise InvalidInput(
                (
                    _(
                        "Pitch each for themselves is played as a progressive (tables of three "
                        "to seven); round robin, Swiss and brackets play Pitch in teams of two."
                    )
                ),
                field="options",
            )
        values["partnerships"] = True
    partnerships = game == Game.FIVE_HUNDRED or bool(values.get("partnerships"))
    players = 4 if partnerships else None
    try:
        checked = validate_options(game, players, values)
    except OptionsError as exc:
        key = next(iter(exc.errors))
        raise InvalidInput(str(exc), field=key or "options") from None
    return checked.to_dict()


def _clean_duplicate(scoring, boards_per_round, movement) -> tuple[str, int, str]:
    """A duplicate event's settings (kept, unused, by the other formats)."""
    if scoring not in Tournament.Scoring.values:
        raise InvalidInput(_("Score by matchpoints or by total points."), field="scoring")
    if movement not in Tournament.Movement.values:
        raise InvalidInput(
            _("Choose a Mitchell, a Howell or the automatic choice."), field="movement"
        )
    return scoring, _whole(boards_per_round, "boards_per_round", 1, 8), movement


def _clean_play(play: str, hand_limit) -> tuple[str, int | None]:
    if play not in Play.values:
        raise InvalidInput(
            _("Play each round to the target or for a number of hands."), field="play"
        )
    if play == Play.TARGET:
        return play, None
    if hand_limit in (None, ""):
        raise InvalidInput(_("Say how many hands a round is."), field="hand_limit")
    return play, _whole(hand_limit, "hand_limit", 1, 100)


# Tournaments -------------------------------------------------------------------------------------


@transaction.atomic
def tournament_create(
    actor,
    club: Club,
    *,
    name: str,
    game: str,
    format: str,
    night: ClubNight | None = None,
    house_rules: HouseRuleSet | None = None,
    options: dict[str, Any] | None = None,
    play: str = Play.TARGET,
    hand_limit: int | None = None,
    rounds: int | None = None,
    cycles: int = 1,
    bracket_reset: bool = True,
    tiebreaks: Sequence[str] | None = None,
    online: bool = False,
    bot_level: str = BotLevel.CLUB,
    entrants_from_night: bool = True,
    scoring: str = Tournament.Scoring.MATCHPOINTS,
    boards_per_round: int = 3,
    movement: str = Tournament.Movement.AUTO,
) -> Tournament:
    """A club director creates a tournament (status draft). With a `night` (of the same club),
    its checked-in players become the entrants unless `entrants_from_night` is False: one each
    in a progressive, two to a partnership otherwise, paired in check-in order (the director
    can change the partnerships before starting)."""
    require_signed_in(actor)
    if not policies.may_create(actor, club):
        raise NotAllowed(
            _("Only the directors of %(club)s can run tournaments.") % {"club": club.name}
        )
    name = _clean_name(name)
    if game not in Game.values:
        raise InvalidInput(_("Choose Five Hundred or Pitch."), field="game")
    if format not in Format.values:
        raise InvalidInput(_("Choose a tournament format."), field="format")
    if night is not None:
        if night.club_id != club.pk:
            raise InvalidInput(
                _("That night is not one of %(club)s's.") % {"club": club.name}, field="night"
            )
        if night.is_cancelled:
            raise Conflict(_("That night was cancelled."))
    clean_options = _clean_options(actor, club, game, format, house_rules, options)
    play, hand_limit = _clean_play(play, hand_limit)
    if rounds in ("", None):
        rounds = None
    else:
        rounds = _whole(rounds, "rounds", 1, MAX_ROUNDS)
    cycles = _whole(cycles, "cycles", 1, 4)
    if bot_level not in BotLevel.values:
        raise InvalidInput(_("Choose a bot level."), field="bot_level")
    scoring, boards_per_round, movement = _clean_duplicate(scoring, boards_per_round, movement)
    tournament = Tournament.objects.create(
        scoring=scoring,
        boards_per_round=boards_per_round,
        movement=movement,
        club=club,
        night=night,
        name=name,
        game=game,
        format=format,
        house_rules=house_rules,
        options=clean_options,
        play=play,
        hand_limit=hand_limit,
        rounds=rounds,
        cycles=cycles,
        bracket_reset=bool(bracket_reset),
        tiebreaks=_clean_tiebreaks(tiebreaks, format),
        online=bool(online),
        bot_level=bot_level,
        created_by=actor,
    )
    if night is not None and entrants_from_night:
        _add_registrations(tournament, list(night.checked_in()), late=False)
    return tournament


UPDATABLE = {
    "name",
    "night",
    "house_rules",
    "options",
    "play",
    "hand_limit",
    "rounds",
    "cycles",
    "bracket_reset",
    "tiebreaks",
    "online",
    "bot_level",
    "scoring",
    "boards_per_round",
    "movement",
}


@transaction.atomic
def tournament_update(actor, tournament: Tournament, **changes) -> Tournament:
    """Directors change the settings while the tournament is a draft. Once it runs, only the
    name, the number of rounds, the tiebreaks (the standings are recalculated), whether new
    tables are played online and the bot level may change."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    unknown = set(changes) - UPDATABLE
    if unknown:
        raise InvalidInput(
            _("These can't be changed: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    if tournament.is_finished:
        raise WrongStatus(_("%(tournament)s is finished.") % {"tournament": tournament.name})
    if not tournament.is_draft:
        fixed = set(changes) - {"name", "rounds", "tiebreaks", "online", "bot_level"}
        if fixed:
            raise WrongStatus(
                _("%(tournament)s has started: %(fields)s can't change now.")
                % {"tournament": tournament.name, "fields": ", ".join(sorted(fixed))}
            )
    if "name" in changes:
        tournament.name = _clean_name(changes["name"])
    if "night" in changes:
        night = changes["night"]
        if night is not None and night.club_id != tournament.club_id:
            raise InvalidInput(_("That night is another club's."), field="night")
        tournament.night = night
    if {"options", "house_rules"} & set(changes):
        rules = changes.get("house_rules", tournament.house_rules)
        options = changes.get("options", tournament.options)
        tournament.options = _clean_options(
            actor, tournament.club, tournament.game, tournament.format, rules, options
        )
        tournament.house_rules = rules
    if {"play", "hand_limit"} & set(changes):
        tournament.play, tournament.hand_limit = _clean_play(
            changes.get("play", tournament.play), changes.get("hand_limit", tournament.hand_limit)
        )
    if "rounds" in changes:
        rounds = changes["rounds"]
        rounds = None if rounds in ("", None) else _whole(rounds, "rounds", 1, MAX_ROUNDS)
        played = Round.objects.filter(tournament=tournament).count()
        if rounds is not None and rounds < played:
            raise Conflict(
                _("%(played)s rounds have already been paired.") % {"played": played},
                field="rounds",
            )
        tournament.rounds = rounds
    if "cycles" in changes:
        tournament.cycles = _whole(changes["cycles"], "cycles", 1, 4)
    if "bracket_reset" in changes:
        tournament.bracket_reset = bool(changes["bracket_reset"])
    if "tiebreaks" in changes:
        tournament.tiebreaks = _clean_tiebreaks(changes["tiebreaks"], tournament.format)
        enqueue_standings(tournament)
    if "online" in changes:
        tournament.online = bool(changes["online"])
    if {"scoring", "boards_per_round", "movement"} & set(changes):
        tournament.scoring, tournament.boards_per_round, tournament.movement = _clean_duplicate(
            changes.get("scoring", tournament.scoring),
            changes.get("boards_per_round", tournament.boards_per_round),
            changes.get("movement", tournament.movement),
        )
    if "bot_level" in changes:
        if changes["bot_level"] not in BotLevel.values:
            raise InvalidInput(_("Choose a bot level."), field="bot_level")
        tournament.bot_level = changes["bot_level"]
    tournament.save()
    return tournament


@transaction.atomic
def tournament_delete(actor, tournament: Tournament) -> None:
    """Directors delete a tournament that hasn't started."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    if not tournament.is_draft:
        raise WrongStatus(_("Only a tournament that hasn't started can be deleted."))
    tournament.delete()


def _active_entrants(tournament: Tournament) -> list[Entrant]:
    return list(
        Entrant.objects.filter(tournament=tournament, withdrawn=False)
        .prefetch_related("members")
        .order_by("seed", "id")
    )


@transaction.atomic
def tournament_start(actor, tournament: Tournament) -> Tournament:
    """Directors start a draft tournament: the entry list is fixed in seed order (the round
    robin schedule and the bracket come from it) and round 1 is paired (a bracket's first
    matches are published at once). Every partnership needs both partners."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    if not tournament.is_draft:
        raise WrongStatus(
            _("%(tournament)s has already started.") % {"tournament": tournament.name}
        )
    entrants = _active_entrants(tournament)
    if len(entrants) < 2:
        raise Conflict(_("A tournament needs at least two entrants."))
    size = tournament.team_size
    short = [e.name for e in entrants if len(e.members.all()) < size]
    if short:
        raise Conflict(
            _("These partnerships need a second player: %(value)s.") % {"value": ", ".join(short)}
        )
    tournament.draw = [e.pk for e in entrants]
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.save()
    if tournament.is_elimination:
        advance_bracket(tournament)
    elif tournament.is_duplicate:
        duplicate_start(tournament, actor)
    else:
        pair_next_round(tournament)
    enqueue_standings(tournament)
    return tournament


@transaction.atomic
def tournament_finish(actor, tournament: Tournament) -> Tournament:
    """Directors finish a running tournament once no round is left to play: every published
    round's tables have confirmed results (those rounds are closed now) and no round waits to
    be published."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    require_running(tournament)
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    for round_ in rounds:
        if round_.is_draft:
            raise Conflict(
                _("Round %(round)s is seated but not published: publish or discard it.")
                % {"round": round_.number}
            )
        if round_.is_published and not close_round_if_complete(tournament, round_):
            tables = ", ".join(str(t.number) for t in selectors.round_unfinished_tables(round_))
            raise Conflict(
                _("Round %(round)s still has games to finish (tables %(tables)s).")
                % {"round": round_.number, "tables": tables}
            )
    if tournament.is_elimination:
        state = selectors.bracket_state(tournament)
        if state is not None and not state.finished:
            raise Conflict(_("The bracket has matches still to play."))
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save()
    enqueue_standings(tournament)
    return tournament


# Entrants ----------------------------------------------------------------------------------------


def _next_seed(tournament: Tournament) -> int:
    top = Entrant.objects.filter(tournament=tournament).aggregate(top=Max("seed"))["top"]
    return (top or 0) + 1


def _member_fields(spec: MemberSpec) -> dict[str, Any]:
    if isinstance(spec, Registration):
        if spec.user_id:
            return {"user": spec.user}
        return {"guest_name": spec.guest_name}
    if isinstance(spec, User):
        return {"user": spec}
    if isinstance(spec, str) and spec.strip():
        name = spec.strip()
        if len(name) > 100:
            raise InvalidInput(_("Keep a guest's name to 100 characters."), field="members")
        problem = shown_name_problem(name)
        if problem:
            raise InvalidInput(problem, field="members")
        return {"guest_name": name}
    raise InvalidInput(_("Name each player: a member of the site or a guest."), field="members")


def _check_members(tournament: Tournament, specs, *, exclude: Entrant | None = None) -> list:
    fields = [_member_fields(spec) for spec in specs]
    if not fields:
        raise InvalidInput(_("An entrant needs at least one player."), field="members")
    if len(fields) > tournament.team_size:
        if tournament.team_size == 2:
            message = _("Each entrant is one partnership (2 players at most).")
        else:
            message = _("Each entrant is one player (1 player at most).")
        raise InvalidInput(message, field="members")
    users = [f["user"] for f in fields if "user" in f]
    if len({u.pk for u in users}) != len(users):
        raise InvalidInput(_("The same person is named twice."), field="members")
    taken = EntrantMember.objects.filter(tournament=tournament, user__in=users)
    if exclude is not None:
        taken = taken.exclude(entrant=exclude)
    clash = taken.select_related("user", "entrant").first()
    if clash is not None:
        raise AlreadyEntered(
            _("%(shown_name)s is already entered (%(entrant)s).")
            % {"shown_name": clash.user.shown_name, "entrant": clash.entrant.name}
        )
    return fields


def _entrant_name(fields: list[dict[str, Any]]) -> str:
    names = [f["user"].shown_name if "user" in f else f["guest_name"] for f in fields]
    return " & ".join(names)[:120]


def _create_entrant(tournament: Tournament, fields, *, name: str = "", late: bool) -> Entrant:
    problem = shown_name_problem(name or "")
    if problem:
        raise InvalidInput(problem, field="name")
    name = (name or "").strip()[:120] or _entrant_name(fields)
    entrant = Entrant.objects.create(
        tournament=tournament, name=name, seed=_next_seed(tournament), late=late
    )
    try:
        with transaction.atomic():
            EntrantMember.objects.bulk_create(
                [
                    EntrantMember(tournament=tournament, entrant=entrant, position=i, **f)
                    for i, f in enumerate(fields)
                ]
            )
    except IntegrityError:
        raise AlreadyEntered(_("Someone named is already entered.")) from None
    return entrant


def _add_registrations(tournament: Tournament, registrations, *, late: bool) -> list[Entrant]:
    """Entrants for checked-in players not entered yet: one each, or two to a partnership in
    check-in order (an odd player out gets an entrant of their own, waiting for a partner)."""
    entered_users = set(
        EntrantMember.objects.filter(tournament=tournament, user__isnull=False).values_list(
            "user_id", flat=True
        )
    )
    entered_guests = set(
        EntrantMember.objects.filter(tournament=tournament, user__isnull=True).values_list(
            "guest_name", flat=True
        )
    )
    fresh = [
        r
        for r in registrations
        if (r.user_id and r.user_id not in entered_users)
        or (not r.user_id and r.guest_name not in entered_guests)
    ]
    size = tournament.team_size
    made = []
    for start in range(0, len(fresh), size):
        group = fresh[start : start + size]
        made.append(_create_entrant(tournament, [_member_fields(r) for r in group], late=late))
    return made


def _late_entry_allowed(tournament: Tournament) -> None:
    if tournament.is_finished:
        raise WrongStatus(_("%(tournament)s is finished.") % {"tournament": tournament.name})
    if tournament.is_running and tournament.format not in (Format.SWISS, Format.PROGRESSIVE):
        raise Conflict(
            _(
                "A %(format)s is drawn when it starts: late entries are for Swiss and "
                "progressive tournaments."
            )
            % {"format": tournament.get_format_display().lower()}
        )


@transaction.atomic
def entrant_add(
    actor, tournament: Tournament, *, members: Sequence[MemberSpec], name: str = ""
) -> Entrant:
    """Directors add an entrant: `members` are site users or guests' names (or night
    registrations), one for an individual, two for a partnership. While a Swiss or progressive
    tournament runs this is a late entry: the entrant plays from the next round paired."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    _late_entry_allowed(tournament)
    fields = _check_members(tournament, list(members))
    if tournament.is_running and len(fields) < tournament.team_size:
        raise InvalidInput(_("A late partnership needs both partners."), field="members")
    return _create_entrant(tournament, fields, name=name, late=tournament.is_running)


@transaction.atomic
def entrants_from_night(actor, tournament: Tournament) -> list[Entrant]:
    """Directors add the night's checked-in players who aren't entered yet (walk-ins and late
    arrivals); while a Swiss or progressive tournament runs they are late entries."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    if tournament.night_id is None:
        raise Conflict(_("This tournament isn't linked to a club night."))
    _late_entry_allowed(tournament)
    made = _add_registrations(
        tournament, list(tournament.night.checked_in()), late=tournament.is_running
    )
    if tournament.is_running:
        short = [e.name for e in made if e.members.count() < tournament.team_size]
        if short:
            raise Conflict(
                _("%(value)s has no partner yet: add the partnership by hand once they have one.")
                % {"value": short[0]}
            )
    return made


@transaction.atomic
def entrant_update(
    actor,
    entrant: Entrant,
    *,
    name: str | None = None,
    members: Sequence[MemberSpec] | None = None,
) -> Entrant:
    """Directors rename an entrant (any time) or change its players (before the start)."""
    tournament = lock_tournament(entrant.tournament_id)
    require_director(actor, tournament)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    if name is not None:
        problem = shown_name_problem(name)
        if problem:
            raise InvalidInput(problem, field="name")
        entrant.name = (name or "").strip()[:120] or entrant.name
    if members is not None:
        if not tournament.is_draft:
            raise WrongStatus(_("Players can change only before the tournament starts."))
        fields = _check_members(tournament, list(members), exclude=entrant)
        entrant.members.all().delete()
        EntrantMember.objects.bulk_create(
            [
                EntrantMember(tournament=tournament, entrant=entrant, position=i, **f)
                for i, f in enumerate(fields)
            ]
        )
        if name is None:
            entrant.name = _entrant_name(fields)
    entrant.save()
    if not tournament.is_draft:
        enqueue_standings(tournament)
    return entrant


@transaction.atomic
def entrant_remove(actor, entrant: Entrant) -> None:
    """Directors remove an entrant before the start (afterwards, withdraw them)."""
    tournament = lock_tournament(entrant.tournament_id)
    require_director(actor, tournament)
    if not tournament.is_draft:
        raise WrongStatus(_("After the start an entrant is withdrawn, not removed."))
    entrant.delete()


def _person_key(spec: MemberSpec) -> tuple[str, Any]:
    """Who a member spec names: a site user, or a guest by name."""
    if isinstance(spec, User):
        return ("user", spec.pk)
    if isinstance(spec, Registration):
        return ("user", spec.user_id) if spec.user_id else ("guest", spec.guest_name.casefold())
    return ("guest", str(spec).strip().casefold())


@transaction.atomic
def entrants_set_partnerships(
    actor, tournament: Tournament, pairs: Sequence[Sequence[MemberSpec]]
) -> list[Entrant]:
    """Directors replace every entrant with these partnerships before the start, all or
    nothing: a person named twice, or any refusal of a step, changes nothing."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    if not tournament.is_draft:
        raise WrongStatus(_("Partnerships are set before the tournament starts."))
    named = [_person_key(member) for pair in pairs for member in pair]
    if len(named) != len(set(named)):
        raise InvalidInput(_("Someone is in two partnerships: each person plays in one."))
    for entrant in list(Entrant.objects.filter(tournament=tournament)):
        entrant_remove(actor, entrant)
    return [entrant_add(actor, tournament, members=pair) for pair in pairs]


@transaction.atomic
def entrants_reorder(actor, tournament: Tournament, entrant_ids: Sequence[int]) -> None:
    """Directors set the seeding before the start: `entrant_ids` best first (every entrant)."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    if not tournament.is_draft:
        raise WrongStatus(_("The seeding is fixed once the tournament starts."))
    entrants = {e.pk: e for e in Entrant.objects.filter(tournament=tournament)}
    ids = [int(i) for i in entrant_ids]
    if sorted(ids) != sorted(entrants):
        raise InvalidInput(_("List every entrant exactly once."), field="entrants")
    offset = len(ids) + max((e.seed for e in entrants.values()), default=0)
    for entrant in entrants.values():  # move out of the way of the unique seed constraint
        entrant.seed += offset
    Entrant.objects.bulk_update(entrants.values(), ["seed"])
    for seed, pk in enumerate(ids, start=1):
        entrants[pk].seed = seed
    Entrant.objects.bulk_update(entrants.values(), ["seed"])


@transaction.atomic
def entrant_move_up(actor, entrant: Entrant) -> int:
    """Directors move an entrant up one seed before the start (the top seed stays where it
    is). Returns the entrant's seed now."""
    tournament = lock_tournament(entrant.tournament_id)
    ids = list(
        Entrant.objects.filter(tournament=tournament)
        .order_by("seed", "id")
        .values_list("id", flat=True)
    )
    index = ids.index(entrant.pk)
    if index > 0:
        ids[index - 1], ids[index] = ids[index], ids[index - 1]
    entrants_reorder(actor, tournament, ids)
    return index or 1


@transaction.atomic
def entrant_withdraw(actor, entrant: Entrant) -> Entrant:
    """A director, or a player of the entrant, withdraws it: it is paired no more (its games
    so far still count for its opponents). In a bracket its next match is forfeited."""
    tournament = lock_tournament(entrant.tournament_id)
    require_signed_in(actor)
    if not policies.may_withdraw(actor, entrant, director=is_director(actor, tournament)):
        raise NotAllowed(_("Only the entrant's players or a director can withdraw it."))
    if tournament.is_finished:
        raise WrongStatus(_("%(tournament)s is finished.") % {"tournament": tournament.name})
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    if entrant.withdrawn:
        raise Conflict(_("%(entrant)s has already withdrawn.") % {"entrant": entrant.name})
    entrant.withdrawn = True
    entrant.withdrawn_at = timezone.now()
    entrant.save(update_fields=["withdrawn", "withdrawn_at"])
    if tournament.is_running:
        if tournament.is_elimination:
            advance_bracket(tournament)
        elif tournament.is_duplicate:
            withdrawn_to_bots(tournament, entrant.pk)
        enqueue_standings(tournament)
    return entrant


@transaction.atomic
def entrant_reinstate(actor, entrant: Entrant) -> Entrant:
    """Directors bring a withdrawn entrant back (paired again from the next round). Not in a
    bracket once a match has been forfeited."""
    tournament = lock_tournament(entrant.tournament_id)
    require_director(actor, tournament)
    if tournament.is_finished:
        raise WrongStatus(_("%(tournament)s is finished.") % {"tournament": tournament.name})
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    if not entrant.withdrawn:
        raise Conflict(_("%(entrant)s hasn't withdrawn.") % {"entrant": entrant.name})
    if tournament.is_running and tournament.is_elimination:
        raise Conflict(_("In a bracket a withdrawal is final: the match was forfeited."))
    entrant.withdrawn = False
    entrant.withdrawn_at = None
    entrant.save(update_fields=["withdrawn", "withdrawn_at"])
    if tournament.is_running:
        enqueue_standings(tournament)
    return entrant


__all__ = [
    "entrant_add",
    "entrant_reinstate",
    "entrant_remove",
    "entrant_update",
    "entrant_withdraw",
    "entrants_from_night",
    "entrants_reorder",
    "tournament_create",
    "tournament_delete",
    "tournament_finish",
    "tournament_start",
    "tournament_update",
]
