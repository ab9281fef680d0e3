"""Signals other apps listen to (tournaments, notices). games never imports them.

game_finished   sent once, after the commit that ends a game: `table_id`
hand_finished   sent after the commit that ends a hand: `table_id`, `hand_number`
"""

from django.dispatch import Signal

game_finished = Signal()
hand_finished = Signal()
