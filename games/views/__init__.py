"""The pages of seated play, by what they do (each view parses, calls a service or a selector,
calls a presenter from `games.presenters`, renders):

    lobby        the lobby and the demo game
    table_form   opening a table; saving and deleting house rules
    table        the live table page, its htmx fragment, its event stream and the cheap poll
    actions      sit, leave, start with bots, look, act (forms that also work without htmx)
    replay       a finished hand's replay, and the hand and game records to download
    records      uploading a hand record and replaying it
    common       the table a request may see, its URL, JSON downloads
"""

from .actions import (
    ACTION_FIELDS,
    action_from_post,
    table_act,
    table_leave,
    table_look,
    table_sit,
    table_start,
)
from .lobby import demo, lobby
from .records import record_upload, uploaded_replay
from .replay import game_record, hand_record, hand_replay
from .table import table_detail, table_events, table_live, table_poll
from .table_form import house_rules_delete, table_new

__all__ = [
    "ACTION_FIELDS",
    "action_from_post",
    "demo",
    "game_record",
    "hand_record",
    "hand_replay",
    "house_rules_delete",
    "lobby",
    "record_upload",
    "table_act",
    "table_detail",
    "table_events",
    "table_leave",
    "table_live",
    "table_look",
    "table_new",
    "table_poll",
    "table_sit",
    "table_start",
    "uploaded_replay",
]
