"""Ladder, player and rebuild pages. Each view parses the request, asks a selector or calls a
service, and renders.

With htmx, the game tabs and the chart choices swap just their part of the page (a template
partial); without JavaScript they are ordinary links to the whole page. The rebuild page polls
its progress partial while the job runs.
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.contrib import messages
from django.core.cache import cache
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from accounts.zones import in_reader_zone
from clubs.models import Club
from clubs.permissions import club_access
from clubs.selectors import club_or_404
from clubs.times import in_club_zone
from core import live
from core.choices import Game
from core.decorators import login_required_htmx
from core.forms import apply_service_error
from games.selectors import viewable_table_ids

from . import charts, selectors, services
from .forms import LadderSettingsForm, RebuildForm
from .models import RebuildJob

PAGE_SIZE = 50


def _forbidden(request, message: str, club: Club | None = None):
    return render(request, "ladders/forbidden.html", {"message": message, "club": club}, status=403)


def _game_tabs(base_url: str, current: str, extra: dict | None = None) -> list[dict]:
    tabs = []
    for value, label in Game.choices:
        query = urlencode({**(extra or {}), "game": value})
        tabs.append(
            {
                "value": value,
                "label": label,
                "url": f"{base_url}?{query}",
                "current": value == current,
            }
        )
    return tabs


class _Lazy:
    """A list read when a template first looks at it."""

    def __init__(self, read):
        self._read = read
        self._items: list | None = None

    def _list(self) -> list:
        if self._items is None:
            self._items = list(self._read())
        return self._items

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self):
        return iter(self._list())


class _PageRows:
    """The rows of a ladder's page for its template, read (the rows, their members) only when
    the template renders them: not when their fragment is already cached."""

    def __init__(self, page, wins_of):
        self._page = page
        self._wins_of = wins_of

    def __len__(self) -> int:
        return len(self._page)

    def __iter__(self):
        wins = self._wins_of()
        for row, user in self._page:
            yield {"row": row, "user": user, "wins": wins.get(user.pk, 0)}


def _board_context(request, game: str, club: Club | None) -> dict:
    board = selectors.ladder_board(game, club)
    page = Paginator(board.rows, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = _PageRows(page, lambda: board.wins)
    return {
        "board": board,
        "page": page,
        "rows": rows,
        "rows_key": _rows_key(request, board, page),
    }


def _rows_key(request, board, page) -> str:
    """What the rendered rows of a ladder page depend on, as the key of their cached fragment:
    the ladder's rows as computed (their digest) and which of them are on the page, the members'
    names (their generation), the reader when their own row is on the page (it is marked), the
    language (decimal marks, names of months) and the time zone (the dates)."""
    me = request.user.pk if request.user.is_authenticated else None
    if me is not None:
        shown = getattr(page.object_list, "rows", ())  # (an empty ladder's page: a plain list)
        if not any(row.player == me for row in shown):
            me = None
    content = (
        translation.get_language(),
        timezone.get_current_timezone_name(),
        board.game,
        board.club.slug if board.club else None,
        board.digest,
        page.number,
        len(page),
        selectors.names_generation(),
        me,
    )
    return hashlib.sha256(repr(content).encode()).hexdigest()


def _nights_key(club: Club, stamp: str) -> str:
    """What the rendered list of a club's night winners depends on, as the key of its cached
    fragment: the lines (their stamp), the language and the club's time zone (the dates)."""
    content = (stamp, translation.get_language(), club.time_zone)
    return hashlib.sha256(repr(content).encode()).hexdigest()


def _content_key(content) -> str:
    """A cached fragment's key from every input of it (its repr), the language its words are
    in and the time zone its dates are in."""
    shown_in = (translation.get_language(), timezone.get_current_timezone_name())
    return hashlib.sha256(repr((shown_in, content)).encode()).hexdigest()


# Ladders ----------------------------------------------------------------------------------------


@require_GET
@in_reader_zone
def index(request):
    game = selectors.game_or_default(request.GET.get("game"))
    base = reverse("ladders:index")
    may_rebuild = services.may_rebuild(request.user, None)
    context = {
        "game": game,
        "tabs": _game_tabs(base, game),
        "base_url": base,
        "club_ladders": selectors.club_ladders_list(),
        "may_rebuild": may_rebuild,
        "rebuild_form": RebuildForm(),
        "jobs": selectors.recent_rebuilds(None) if may_rebuild else [],
        **_board_context(request, game, None),
    }
    if request.htmx and request.htmx.target == "ladder":
        return render(request, "ladders/index.html#ladder", context)
    return render(request, "ladders/index.html", context)


@require_GET
@in_club_zone
def club_ladder(request, slug):
    club = club_or_404(request, slug)
    game = selectors.game_or_default(request.GET.get("game"))
    base = reverse("ladders:club", args=[club.slug])
    access = club_access(request.user, club)
    may_rebuild = services.may_rebuild(request.user, club)
    nights, nights_stamp = selectors.night_history_stamped(club)
    context = {
        "club": club,
        "access": access,
        "game": game,
        "tabs": _game_tabs(base, game),
        "base_url": base,
        "nights": nights,
        "nights_key": _nights_key(club, nights_stamp),
        "may_manage": access.is_director or services.may_rebuild(request.user, None),
        "may_rebuild": may_rebuild,
        "rebuild_form": RebuildForm(),
        "jobs": selectors.recent_rebuilds(club) if may_rebuild else [],
        **_board_context(request, game, club),
    }
    if request.htmx and request.htmx.target == "ladder":
        return render(request, "ladders/club.html#ladder", context)
    return render(request, "ladders/club.html", context)


@login_required_htmx
@in_club_zone
def club_settings(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not services.may_rebuild(request.user, club):
        return _forbidden(
            request,
            _("Only the directors of %(club)s can change its ladders.") % {"club": club.name},
            club,
        )
    rules = selectors.rules_for(club)
    form = LadderSettingsForm.for_rules(rules, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.ladder_settings_update(request.user, club, **form.cleaned_data)
        except services.LadderError as error:
            apply_service_error(form, error)
        else:
            changed = form.cleaned_data["rate_bot_games"] != rules.rate_with_bots
            messages.success(
                request,
                _("Ladder settings saved. The ladders are being rebuilt.")
                if changed
                else _("Ladder settings saved."),
            )
            return redirect("ladders:club", club.slug)
    return render(request, "ladders/settings.html", {"club": club, "form": form})


# Players ----------------------------------------------------------------------------------------


def _chart_ladder(person, lines, game: str, club_slug: str | None):
    """The ladder whose history the chart shows: the one asked for, else the site-wide one of
    the game, else the player's first."""
    wanted = None
    for line in lines:
        slug = line.ladder.club.slug if line.ladder.club_id else None
        if line.ladder.game == game and slug == (club_slug or None):
            wanted = line.ladder
    if wanted is None and not club_slug:
        wanted = next(
            (ln.ladder for ln in lines if ln.ladder.game == game and ln.ladder.is_site), None
        )
    return wanted


@require_GET
@in_reader_zone
def player(request, username):
    person = get_object_or_404(User, username=username, is_active=True)
    lines = selectors.player_ratings(person)
    games_played = {ln.ladder.game for ln in lines}
    asked = request.GET.get("game")
    game = selectors.game_or_default(asked if asked else next(iter(sorted(games_played)), None))
    club_slug = request.GET.get("club") or None
    ladder = _chart_ladder(person, lines, game, club_slug)
    if ladder and ladder.club_id:
        title = _("%(name)s: %(club)s %(game)s rating") % {
            "name": person.shown_name,
            "club": ladder.club.name,
            "game": Game(game).label,
        }
    else:
        title = _("%(name)s: Site-wide %(game)s rating") % {
            "name": person.shown_name,
            "game": Game(game).label,
        }
    chart, changes = _rating_part(person, ladder, title)
    mark = selectors.stats_mark(person, game)
    stats, stats_games = selectors.player_stats(person, game, mark=mark)
    # The statistics are frozen dataclasses: their repr holds every figure.
    stats_key = _content_key((game, stats))
    is_me = request.user.is_authenticated and request.user.pk == person.pk
    recent = selectors.recent_games(person)
    # Which of the listed games' tables the reader may open (their lines link to them): one
    # question for both lists.
    open_tables = viewable_table_ids(
        request.user,
        [c.rated_game.table_id for c in changes] + [e.rated_game.table_id for e in recent],
    )
    context = {
        "person": person,
        "is_me": is_me,
        "coverage": selectors.stats_coverage(person, game, with_unfinished=is_me, mark=mark),
        "lines": lines,
        "game": game,
        "game_label": Game(game).label,
        "tabs": _game_tabs(reverse("ladders:player", args=[person.username]), game),
        "ladder": ladder,
        "chart_choices": [
            {
                "line": ln,
                "url": reverse("ladders:player", args=[person.username])
                + "?"
                + urlencode(
                    {
                        "game": ln.ladder.game,
                        **({"club": ln.ladder.club.slug} if ln.ladder.club_id else {}),
                    }
                ),
                "current": ladder is not None and ln.ladder.pk == ladder.pk,
            }
            for ln in lines
        ],
        "chart": mark_safe(chart),  # built by ladders.charts, every text escaped
        "changes": changes,
        "recent": recent,
        "open_tables": open_tables,
        "lines_key": _content_key(
            (
                "ratings",
                is_me,
                [
                    (ln.ladder.get_absolute_url(), ln.where, ln.game_label, ln.position)
                    + (ln.rating.conservative, ln.rating.mu, ln.rating.sigma)
                    + (ln.rating.games_played, ln.rating.wins, ln.rating.draws)
                    for ln in lines
                ],
            )
        ),
        "changes_key": _content_key(
            (
                "changes",
                [(c.pk, c.played_at, c.delta, _game_line(c.rated_game)) for c in changes],
                sorted(open_tables),
            )
        ),
        "recent_key": _content_key(
            (
                "recent",
                [
                    (e.pk, e.place, e.drawn, e.played_at, _game_line(e.rated_game))
                    + (e.rated_game.club.name if e.rated_game.club_id else None,)
                    for e in recent
                ],
                sorted(open_tables),
            )
        ),
        # Read only when their cached rendering is missing (`lists_key`).
        "clubs": _Lazy(lambda: selectors.player_clubs(person)),
        "tournaments": _Lazy(lambda: selectors.player_tournaments(person)),
        "lists_key": _content_key(("player-lists", selectors.player_lists_stamp(person))),
        "stats": stats,
        "stats_games": stats_games,
        "stats_key": stats_key,
        **_stats_charts(stats, game, stats_key),
    }
    if game == Game.FIVE_HUNDRED:
        partners = selectors.partner_rows(stats)
        context["partners"] = partners
        context["partners_key"] = _content_key(
            [(p["record"], p["name"], p["user"].username if p["user"] else None) for p in partners]
        )
    if request.htmx and request.htmx.target == "player-game":
        return render(request, "ladders/player.html#player-game", context)
    return render(request, "ladders/player.html", context)


def _game_line(rated_game) -> tuple:
    """What a line of a list of games shows of a recorded game (for its rendering's key)."""
    g = rated_game
    return (
        g.pk,
        g.game,
        g.source,
        g.shown_label,
        g.url,
        g.table_id,
        g.rated,
        g.has_bots,
        g.is_demo,
    )


def _rating_part(person, ladder, title: str) -> tuple[str, list]:
    """The rating chart and the latest changes of the player on a ladder. They change only with
    the ladder's ratings, so they are cached per ladder version (and language and zone, which
    the chart's words and dates are in, and title, which has the player's name)."""
    if ladder is None:
        return charts.rating_chart([], title=title, chart_id="rating-chart"), []
    key = "ladders:player-rating:{}:{}:{}:{}".format(
        person.pk,
        ladder.pk,
        ladder.version,
        hashlib.sha256(
            "\n".join(
                (translation.get_language(), timezone.get_current_timezone_name(), title)
            ).encode()
        ).hexdigest(),
    )
    part = cache.get(key)
    if part is None:
        history = selectors.rating_history(person, ladder)
        part = (
            charts.rating_chart(history, title=title, chart_id="rating-chart"),
            selectors.history_changes(person, ladder),
        )
        cache.set(key, part, selectors.BOARD_CACHE_SECONDS)
    return part


def _stats_charts(stats, game: str, stats_key: str) -> dict:
    """The charts of the statistics, drawn once per their figures and language (the key)."""
    if not stats.hands:
        return {"stat_charts": []}
    key = f"ladders:stat-charts:{stats_key}"
    drawn = cache.get(key)
    if drawn is None:
        if game == Game.FIVE_HUNDRED:
            specs = [
                (_("Contracts made of bid, by level"), stats.by_level(), "contracts-by-level"),
                (_("Contracts made of bid, by trumps"), stats.by_strain(), "contracts-by-strain"),
            ]
        else:
            specs = [
                (_("Bids made of bid, by level"), stats.by_level(), "bids-by-level"),
                (_("Points won, by kind"), stats.points_rows(), "points-by-kind"),
            ]
        # built by ladders.charts, which escapes every text it writes
        drawn = [
            (str(title), charts.bar_chart(rows, title=title, chart_id=cid))
            for title, rows, cid in specs
        ]
        cache.set(key, drawn, selectors.BOARD_CACHE_SECONDS)
    return {"stat_charts": [{"title": title, "svg": mark_safe(svg)} for title, svg in drawn]}


# Rebuilding -------------------------------------------------------------------------------------


@login_required_htmx
@require_POST
def rebuild_start(request, slug=None):
    club = get_object_or_404(Club, slug=slug) if slug else None
    form = RebuildForm(request.POST)
    game = form.cleaned_data["game"] if form.is_valid() else ""
    try:
        job = services.rebuild_request(request.user, club=club, game=game)
    except services.NotAllowed as error:
        return _forbidden(request, error.message, club)
    except services.LadderError as error:
        messages.error(request, error.message)
        return redirect(
            reverse("ladders:club", args=[club.slug]) if club else reverse("ladders:index")
        )
    messages.success(request, _("The rebuild has started."))
    return redirect(job)


@require_GET
async def rebuild_job_events(request, pk):
    """The rebuild page's live stream: only a number that grows with the job's progress; the
    page then fetches its progress box. The 404 of no job to whoever may not see it."""

    def read() -> int | None:
        job = RebuildJob.objects.select_related("club").filter(pk=pk).first()
        if job is None or not services.may_rebuild(request.user, job.club):
            return None
        return services.rebuild_job_version(pk)

    return await live.sse_response(
        request, f"rebuild:{pk}", read, missing=_("There is no such rebuild.")
    )


@login_required_htmx
@require_GET
def rebuild_job(request, pk):
    job = get_object_or_404(RebuildJob.objects.select_related("club", "requested_by"), pk=pk)
    if not services.may_rebuild(request.user, job.club):
        return _forbidden(
            request,
            _("Only the club's directors and the site's staff can see this rebuild."),
            job.club,
        )
    # As services.rebuild_job_version counts it, without another query.
    context = {"job": job, "job_version": 2 * job.done + (1 if job.is_finished else 0)}
    if request.htmx:
        return render(request, "ladders/rebuild_job.html#job-progress", context)
    return render(request, "ladders/rebuild_job.html", context)
