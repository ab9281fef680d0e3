"""What every game page shares: the invite token a request carries, the table it may see, the
table's URL, a JSON record as a download."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext

from .. import selectors, state
from ..models import Table
from ..policies import TableAccess, table_access


def token_of(request) -> str:
    return (request.POST.get("token") or request.GET.get("token") or "").strip()


def access_to(request, pk: int) -> TableAccess:
    """The policy for this request at table `pk`, if it may see the table (a 404 otherwise:
    invite-only tables stay hidden)."""
    table = selectors.table_row(pk)
    if table is None:
        raise Http404(gettext("There is no such table."))
    # The seats come with the table's cached state (which the page then shows).
    seats = state.table_state(table).seats
    access = table_access(request.user, table, seats, token=token_of(request))
    if not access.may_view:
        raise Http404(gettext("There is no such table."))
    return access


def get_table(request, pk: int) -> Table:
    """The table, if this person may see it (others get a 404)."""
    return access_to(request, pk).table


def table_url(table: Table, token: str = "") -> str:
    url = reverse("games:table", args=[table.pk])
    return f"{url}?{urlencode({'token': token})}" if token else url


def json_download(record: dict[str, Any], filename: str) -> JsonResponse:
    response = JsonResponse(record, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
