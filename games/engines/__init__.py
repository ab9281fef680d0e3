"""Pure-Python rules engines for Five Hundred and Auction Pitch. Nothing here imports Django.

    engine_for(game)     the engine module of a game ("five_hundred", "pitch"): registry.py
    base.py              actions, refusals (IllegalAction), Phase, Contract, the HandState protocol
    view.py              the one view schema both games' `view_for` follow, and its `step`s
    game.py              the game loop both games share (totals, rows, winners, hand limit)
    five_hundred.py, pitch.py           the rules
    notation.py, five_hundred_notation.py, pitch_notation.py
                         short language-neutral forms of cards, calls, contracts and actions
    records.py, export.py               reading/replaying and writing hand and game records
    deals.py (DEALS.md)  auditable deals: a seed, its published commitment, the shuffle and deal

Refusal codes
-------------

Every refusal of an action (`base.IllegalAction`) and every bad record (`base.RecordError`)
carries a `code`: one word from this fixed list (`base.REFUSAL_CODES`). Codes are for programs
and never change. A refusal also has a message id (the code, or "code.variant" when one code
covers several sentences) and language-neutral `params` (card codes, suit letters, record calls,
action kinds, steps, numbers). The engines hold no words for people: the site's
games/refusals.py turns the message id and params into a translated sentence.

    malformed           not an action (or record) this game knows: an unknown call, a key or
                        shape the rules never take, a bad deal or option
    no_such_seat        the seat is not at this table
    not_your_turn       another seat is to act (or this seat sits out the hand)
    hand_over           the hand is already over
    game_over           the game is already over (won, or its fixed number of hands played)
    not_allowed_now     an action of the game, but not at this point of the hand
    card_not_held       the seat does not hold that card
    must_follow         the card breaks the rule of following suit (or trumps)
    bid_too_low         the bid is not high enough (higher bid, minimum bid, stuck dealer)
    must_bid            the stuck dealer may not pass
    must_pass           Pitch: a 4 has been called, so this seat can only pass
    misere_not_allowed  Five Hundred: misère is not open to this seat now
    bad_discard         Five Hundred: the discard is not three different cards
    bad_card            Five Hundred: a partner's card that can't be called
    joker_suit          Five Hundred: the suit named for the led Joker is missing or not allowed
    wrong_dealer        a game record's hand has the wrong dealer
    unreadable          the replay command could not read the file
"""

from .registry import ENGINES, GAMES, engine_for

__all__ = ["ENGINES", "GAMES", "engine_for"]
