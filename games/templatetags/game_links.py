"""Template helpers for pages that link to tables (tournaments, player pages).

    {% load game_links %}
    {% viewable_table_ids recent changes via="rated_game.table_id" as open_tables %}
    {% if entry.rated_game.table_id in open_tables %}<a href="…">…</a>{% else %}…{% endif %}

Which tables the person looking may open is `games.selectors.may_view`, the rule the table page
itself applies, asked once for every table on the page (`viewable_table_ids`).
"""

from django import template
from django.db.models import QuerySet

from .. import selectors

register = template.Library()


def _dig(item, path: str):
    for name in path.split("."):
        if item is None:
            return None
        item = item.get(name) if isinstance(item, dict) else getattr(item, name, None)
    return item


@register.simple_tag(takes_context=True)
def viewable_table_ids(context, *groups, via: str = "") -> set[int]:
    """The ids of the tables the page's viewer may open, among those the `groups` (lists of
    objects or dicts, or one object or id) point at through `via` (a dotted path to a table
    id; none: the items are ids)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    items = []
    for group in groups:
        if isinstance(group, list | tuple | set | frozenset | QuerySet):
            items.extend(group)
        elif group not in (None, ""):
            items.append(group)
    ids = [_dig(item, via) if via else item for item in items]
    return selectors.viewable_table_ids(user, ids)
