"""The game loop both games share: hands in turn, running totals, and the end of the game.

A game is a run of hands. After each finished hand its scores join the running totals
(`rows` keeps the totals after every hand) and the game may end:

- played to its target (the default), the engine's `apply_hand` decides who wins: a side
  reaching the target, or Five Hundred's side going out the back door;
- played for a fixed number of hands (`hand_limit`, a tournament round), the target ends
  nothing: once that many hands have been played out (thrown-in hands don't count), every
  seat with the highest total wins (`limited_game_winners`).

`add_hand` is that one step for callers that keep the totals themselves (the site, the replay of
game records); `Game` is the whole loop for callers that want one object (bots, tests, benches).
Each engine's `Game` subclasses it, naming its engine module (`Hand`, `Options`, `apply_hand`,
`next_dealer`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from .base import Action, IllegalAction
from .export import game_record
from .view import game_view


def limited_game_winners(totals: list[int], hands_played: int, hand_limit: int) -> list[int] | None:
    """A game of `hand_limit` hands: None until that many hands have been played out (thrown-in
    hands don't count), then every seat with the highest total (partners share a total, so a
    side wins together; all of them on a tie)."""
    if hands_played < hand_limit:
        return None
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


class HandAdded(NamedTuple):
    totals: list[int]  # the running totals after the hand
    winners: list[int] | None  # the winning seats once the game is over
    hands_played: int  # hands played out so far (thrown-in hands don't count)


def add_hand(
    rules,
    totals: Sequence[int],
    hand,
    options,
    *,
    hand_limit: int | None = None,
    hands_played: int = 0,
) -> HandAdded:
    """Add a finished `hand` to the game: its scores join `totals`, and the game ends by the
    engine's rule (`rules.apply_hand`, an engine module or `Game`) or, with `hand_limit`, when
    that many hands have been played out. `hands_played` counts the hands played out before
    this one."""
    new, winners = rules.apply_hand(totals, hand, options)
    played = hands_played + (not hand.thrown_in)
    if hand_limit is not None:
        winners = limited_game_winners(new, played, hand_limit)
    return HandAdded(new, winners, played)


class Game:
    """A whole game: `game.hand` is the hand in play, `game.apply(action)` applies to it, and
    when it ends its scores join the totals and, unless the game is over, the next dealer deals
    the next hand (a thrown-in hand is simply dealt again, by the dealer the rules name).

        game = five_hundred.Game(4, Options(), first_dealer=0, rng=random.Random(7))
        while not game.is_over:
            game.apply(choose(game.hand.legal_actions()))

    `first_dealer` None draws the first dealer with `rng`. `hand_limit` plays a fixed number of
    hands instead of playing to the target.
    """

    engine: ClassVar[Any]  # the engine module (five_hundred, pitch)

    def __init__(
        self,
        players: int,
        options=None,
        *,
        first_dealer: int | None = None,
        rng: random.Random | None = None,
        hand_limit: int | None = None,
    ):
        self.players = players
        self.options = options if options is not None else self.engine.Options()
        self.rng = rng if rng is not None else random.Random()
        self.hand_limit = hand_limit
        self.totals = [0] * players
        self.rows: list[list[int]] = []
        self.winners: list[int] | None = None
        self.hands_played = 0
        self.hands: list = []
        first = self.rng.randrange(players) if first_dealer is None else first_dealer
        self.hands.append(self.engine.Hand.new(players, self.options, first, self.rng))

    @property
    def hand(self):
        """The hand in play (the last hand, once the game is over)."""
        return self.hands[-1]

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    def new_hand(self, deal: Any = None):
        """Deal the next hand (from `deal`, a record's deal keys, when given). The game does
        this itself when a hand ends; it is for callers replaying given deals."""
        if self.is_over:
            raise ValueError("the game is over")
        if not self.hand.is_over:
            raise ValueError("the current hand is not finished")
        dealer = self.engine.next_dealer(self.hand)
        if deal is None:
            hand = self.engine.Hand.new(self.players, self.options, dealer, self.rng)
        else:
            hand = self.engine.Hand.from_deal(self.players, self.options, dealer, deal)
        self.hands.append(hand)
        return hand

    def apply(self, action: Action) -> None:
        """Apply an action to the hand in play; IllegalAction("game_over") once the game is
        over. A hand that ends is added to the totals and the next hand is dealt."""
        if self.winners is not None:
            raise IllegalAction("game_over")
        hand = self.hand
        hand.apply(action)
        if hand.is_over:
            self.totals, self.winners, self.hands_played = add_hand(
                self.engine,
                self.totals,
                hand,
                self.options,
                hand_limit=self.hand_limit,
                hands_played=self.hands_played,
            )
            self.rows.append(list(self.totals))
            if self.winners is None:
                self.new_hand()

    def view_for(self, seat: int) -> dict[str, Any]:
        """The hand in play as `seat` sees it, with the game-level keys (view.GameView)."""
        return game_view(
            self.hand.view_for(seat),
            totals=self.totals,
            hand_number=len(self.hands),
            winners=self.winners,
            hand_limit=self.hand_limit,
        )

    def record(self) -> dict[str, Any]:
        """The game so far as a game record (shared/hand-records.md)."""
        return game_record(self.hands, self.options, hand_limit=self.hand_limit)
