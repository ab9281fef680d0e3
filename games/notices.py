"""The notices the games app sends (see accounts.notices): keys and their English messages, and
the table parameter, which names a table in each reader's language."""

from django.utils.translation import gettext_noop

from accounts.notices import register, register_param

register(
    {
        "games.game_over_one": gettext_noop("The game at %(table)s is over: %(winner)s won."),
        "games.game_over_many": gettext_noop("The game at %(table)s is over: %(winners)s won."),
    }
)


def table_param(table) -> dict:
    """A table as a notice parameter. A table opened without a name is called after its opener
    in the reader's language ("Ann's Five Hundred table", "Meja Lima Ratus Ann"), so the
    notice keeps what that name is made of, not the words of whoever was sent it first."""
    return {
        "kind": "games.table",
        "id": table.pk,
        "name": table.name,
        "named_after": table.named_after,
        "game": table.game,
    }


def _table_text(value) -> str:
    from .models import Table

    table = Table(
        pk=value["id"], name=value["name"], named_after=value["named_after"], game=value["game"]
    )
    return str(table)


register_param("games.table", _table_text)
