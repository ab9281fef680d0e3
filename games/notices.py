"""The notices the games app sends (see accounts.notices): keys and their English messages, and
the table and seats parameters, which name a table and its players in each reader's language."""

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


def seats_param(seats, numbers) -> dict:
    """Some of a table's seats as a notice parameter: people by name, bots as the table page
    calls them ("East bot"), written in each reader's language and joined ("A and B")."""
    return {
        "kind": "games.seats",
        "players": len(seats),
        "seats": [
            {
                "number": n,
                "name": seats[n].user.shown_name if seats[n].user_id is not None else "",
                "is_bot": seats[n].is_bot,
            }
            for n in numbers
        ],
    }


def _seats_text(value) -> str:
    from .presenters.cards import join_names, seat_label

    labels = [
        seat_label(
            {
                "number": s["number"],
                "name": s["name"],
                "is_bot": s["is_bot"],
                "empty": not s["is_bot"] and not s["name"],
            },
            value["players"],
        )
        for s in value["seats"]
    ]
    return join_names(labels)


register_param("games.seats", _seats_text)
