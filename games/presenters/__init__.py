"""What the game pages show, from what a seat may see.

Plain functions (and a few dataclasses) that turn a seat's view and the table's public facts
into display data; no request, no ORM query, testable without a database. Views parse the
request, call a service or a selector, call a presenter, render.

    cards      card_info, call_info, suit_info, seat_place, seat_label, seat_labels, trick_cards
    bidding    auction (the bidding table), bidding_box (Five Hundred), pitch_box (Pitch)
    text       every game sentence ("North bids 7 ♠", the turn line, hand headlines), translatable
    scores     side_rows, hand_result, score_sheet, score_sheet_key
    table      table_page(data, finished_hands, offer=Offer(...), echo=Echo(...)), seat_step
    announce   since_last_view: the moves since the page's version, for its live region
    replay     replay_page(record, step, labels)
    lobby      lobby_row(info), options_in_words

May import: games.engines, games.options, games.models' choices (labels only), kookaburra;
never a view, a service, or the request.
"""

from .cards import call_info, card_info, seat_label, seat_labels, seat_place
from .lobby import lobby_row, options_in_words
from .replay import replay_page
from .scores import score_sheet_key
from .table import Echo, Offer, table_page

__all__ = [
    "Echo",
    "Offer",
    "call_info",
    "card_info",
    "lobby_row",
    "options_in_words",
    "replay_page",
    "seat_label",
    "seat_labels",
    "score_sheet_key",
    "seat_place",
    "table_page",
]
