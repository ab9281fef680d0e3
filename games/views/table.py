"""The live table: the page, its fragment (what htmx swaps in), its event stream and the poll.

Every button is an ordinary form: with htmx the table's actions post to the same URLs and get the
new table fragment back (`games/table.html#live`); without JavaScript they redirect back to the
table page. The page refreshes the fragment when the table has changed: told so by a
server-sent-events stream (`table_events`), or, where a stream can't be held, by polling a tiny
version URL (`table_poll`, answered from the cache by `games.polling` when it can be, else one
query). What a seat may see comes only from `selectors.table_view_for`; what it may do, from
`games.policies`; what the page shows of both,
from `presenters.table_page`. A fragment fetched with `since` (the action count the page showed)
also has its live region read out the moves made since (`presenters.announce`: public facts
only, from the table's cached state).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from core import live
from core.numbers import whole_number

from .. import polling, selectors, state
from ..models import BotLevel
from ..options import bot_level_description
from ..policies import TableAccess
from ..presenters import Echo, Offer, options_in_words, score_sheet_key, table_page
from ..presenters.announce import public_move, since_last_view
from .common import access_to, table_url, token_of


def offer_of(access: TableAccess) -> Offer:
    """The controls the page shows: exactly the actions the services would accept now."""
    return Offer(
        sit=access.may_sit,
        start=access.may_start_with_bots,
        start_hint=access.start_hint(),
        leave=access.may_leave,
        look=access.may_look,
    )


def since_of(request) -> int | None:
    """The action count of the table the page showed when it asked for this fragment (the live
    fragment sends it as `since`, from its hx-vals; an action's form also names it as
    `expected`), or None."""
    for value in (
        request.GET.get("since"),
        request.POST.get("since"),
        request.POST.get("expected"),
    ):
        number = whole_number(value)
        if number is not None:
            return number
    return None


def announcement(current: state.TableState, table, data: dict, page: dict, since) -> str:
    """What the page's live region reads out: the moves since the page's version (only what
    the whole table may see: `public_move`), then whose turn it is."""
    said = []
    if since is not None and current.hand is not None and current.table_hand is not None:
        info = data["table"]
        said = since_last_view(
            info["game"],
            [public_move(a) for a in current.hand.actions],
            first_action=current.table_hand.first_action,
            since=since,
            action_number=table.action_number,
            view=data["hand"],
            last=data["last_hand"],
            labels=page["seat_labels"],
            me=info["your_seat"],
        )
    return " ".join([*said, page["status_text"]]).strip()


def table_context(request, access: TableAccess, echo: Echo, since: int | None = None) -> dict:
    table = access.table
    current = state.table_state(table)
    data = selectors.table_view_for(request.user, table, current)
    finished = list(current.finished) if data["last_hand"] else []
    invite = data["table"].get("invite_token")
    page = table_page(data, finished, offer=offer_of(access), echo=echo)
    return {
        **page,
        "announcement": announcement(current, table, data, page, since),
        "table": table,
        "token": access.token,
        "score_sheet_key": score_sheet_key(
            table.pk, table.created_at, len(finished), page["seat_labels"], access.token or ""
        )
        if page["score_sheet"]
        else "",
        "options_words": options_in_words(table.game, table.options),
        "bot_level_label": BotLevel(table.bot_level).label if table.bot_level else "",
        "bot_level_description": bot_level_description(table.bot_level),
        "invite_url": request.build_absolute_uri(table_url(table, invite)) if invite else "",
        "deal": data.get("deal"),
    }


def render_table(
    request, pk: int, *, status=200, fragment=None, echo=None, access=None
) -> HttpResponse:
    """The table page, or only its live fragment (htmx), as this request's user sees it
    (`access`: the policy for a table the request has already read, e.g. the one an action
    has just changed)."""
    if fragment is None:
        fragment = bool(request.htmx)
    # A fragment (the page is there) reads out what changed since the version it showed.
    since = since_of(request) if fragment else None
    context = table_context(request, access or access_to(request, pk), echo or Echo(), since)
    name = "games/table.html#live" if fragment else "games/table.html"
    return render(request, name, context, status=status)


@require_GET
def table_detail(request, pk: int):
    return render_table(request, pk, fragment=False)


@require_GET
def table_live(request, pk: int):
    """The live part of the table page (what htmx swaps in when the table has changed)."""
    return render_table(request, pk, fragment=True)


@require_GET
def table_poll(request, pk: int):
    """Has anything changed since version `v`? 204 if not; otherwise an empty answer with the
    `HX-Trigger: table-changed` header, which makes the page fetch the fresh fragment. A 404, as
    for no table, to whoever may not see it. One query for the table and who may see it (plus
    the session and the user when signed in): the answer holds only counters."""
    row = selectors.table_version(pk, request.user, token_of(request))
    if row is None:
        raise Http404(gettext("There is no such table."))
    if not token_of(request):
        polling.grant(request, row)  # the next poll is answered from the cache (games.polling)
    return polling.version_answer(request, row)


@require_GET
async def table_events(request, pk: int):
    """The table's live stream (server-sent events): `id: <version>`, `event: version` each time
    the table changes, and nothing else: no card, no name. Each viewer then fetches its own
    fragment. Resumes from `Last-Event-ID` (or `?v=`, the version the page shows); a 404, as
    for no table, to whoever may not see it (checked again whenever the stream re-reads)."""
    token = token_of(request)

    def read() -> int | None:
        row = selectors.table_version(pk, request.user, token)
        return None if row is None else row["version"]

    return await live.sse_response(
        request, f"table:{pk}", read, missing=gettext("There is no such table.")
    )
