"""What the ladders do when other apps say something happened (connected in apps.ready).

A finished online game is recorded and rated by a task after the commit that ended it; so is a
physical tournament table's confirmed or corrected result (the periodic sync stays as a safety
net for a lost task).
"""

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from accounts.models import User
from clubs.models import Club, ClubNight, Membership
from core.enqueue import enqueue_on_commit
from games.signals import game_finished
from tournaments.models import Entrant, EntrantMember, Tournament
from tournaments.signals import result_confirmed

from .models import Ladder
from .selectors import names_changed, nights_changed, player_lists_changed
from .tasks import record_table_game, record_tournament_result


@receiver(game_finished, dispatch_uid="ladders.record_table_game")
def rate_finished_game(sender, table_id, **kwargs):
    enqueue_on_commit(record_table_game, table_id)


@receiver(result_confirmed, dispatch_uid="ladders.record_tournament_result")
def rate_confirmed_result(sender, table_id, **kwargs):
    enqueue_on_commit(record_tournament_result, table_id)


# The clubs' night histories (winners of past nights) are cached until something they read
# changes: forgotten at once (for this transaction's own reads) and again on commit (so that a
# read racing the change cannot keep the old history).
NIGHT_SOURCES = (ClubNight, Tournament, Entrant, EntrantMember, Ladder)

# What a member's row shows of them on the ladders and in the night histories.
NAME_FIELDS = frozenset({"username", "display_name"})


def _forget_nights(sender, **kwargs):
    nights_changed()
    transaction.on_commit(nights_changed)


def _forget_names(sender, **kwargs):
    names_changed()
    nights_changed()
    transaction.on_commit(names_changed)
    transaction.on_commit(nights_changed)


def _user_saved(sender, update_fields=None, **kwargs):
    """A member saved: forget what shows their name, unless the save was only of other fields
    (a login's `last_login`, a new password)."""
    if update_fields is not None and not NAME_FIELDS & set(update_fields):
        return
    _forget_names(sender, **kwargs)


for _model in NIGHT_SOURCES:
    post_save.connect(
        _forget_nights, sender=_model, dispatch_uid=f"ladders.nights.{_model.__name__}"
    )
    post_delete.connect(
        _forget_nights, sender=_model, dispatch_uid=f"ladders.nights.del.{_model.__name__}"
    )
post_save.connect(_user_saved, sender=User, dispatch_uid="ladders.names.User")
post_delete.connect(_forget_names, sender=User, dispatch_uid="ladders.names.del.User")


# A player's lists of clubs and tournaments (their places, the tournaments' names and states,
# the clubs' names) are cached until one of these changes; standings are always written with
# their tournament (its `standings_version`).
PLAYER_LIST_SOURCES = (Membership, Club, Tournament, Entrant, EntrantMember)


def _forget_player_lists(sender, **kwargs):
    player_lists_changed()
    transaction.on_commit(player_lists_changed)


for _model in PLAYER_LIST_SOURCES:
    post_save.connect(
        _forget_player_lists, sender=_model, dispatch_uid=f"ladders.lists.{_model.__name__}"
    )
    post_delete.connect(
        _forget_player_lists, sender=_model, dispatch_uid=f"ladders.lists.del.{_model.__name__}"
    )
