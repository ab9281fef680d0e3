"""Signals other apps listen to (tournaments, notices). games never imports them.

game_finished   sent once, after the commit that ends a game: `table_id`
hand_finished   sent after the commit that ends a hand: `table_id`, `hand_number`, `boards`
                (whether the table plays boards, so each hand is a board: a receiver for
                board tables only can pass the others by without a query)
"""

from django.dispatch import Signal

game_finished = Signal()
hand_finished = Signal()
