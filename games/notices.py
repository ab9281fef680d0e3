"""The notices the games app sends (see accounts.notices): keys and their English messages."""

from django.utils.translation import gettext_noop

from accounts.notices import register

register(
    {
        "games.game_over_one": gettext_noop("The game at %(table)s is over: %(winner)s won."),
        "games.game_over_many": gettext_noop("The game at %(table)s is over: %(winners)s won."),
    }
)
