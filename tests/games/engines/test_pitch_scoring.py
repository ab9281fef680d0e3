"""Pitch scoring: High, Low, Jack, Game, the single trump, the set-back, partnerships."""

from games.engines.pitch import apply_hand

from .pitch_helpers import (
    DEAL_A,
    DEAL_B,
    DEAL_C,
    PLAY_A_PITCH,
    PLAY_A_SETBACK,
    PLAY_B,
    PLAY_C,
    deal,
    finished,
    run,
)

# Three players, dealer 2: only AS and 2S are trumps, the Jack of spades is not dealt, and
# seats 0 and 1 end with 4 game points each.
DEAL_TIE = ["AS 2S 4D 5D 6D 7D", "AD 9C 2C 3C 4C 5C", "8D 2H 3H 4H 5H 6H"]
PLAY_TIE = ["^AS 9C 2H", "2S 2C 3H", "4D AD 8D", "3C 4H 5D", "4C 5H 6D", "5C 6H 7D"]


def test_the_pitcher_who_takes_all_four_points():
    hand = finished(DEAL_A, 3, PLAY_A_PITCH)
    assert hand.points == {"high": 0, "low": 0, "jack": 0, "game": 0}
    assert hand.game_points == [35, 0, 3, 6]
    assert hand.made is True
    assert hand.scores() == [4, 0, 0, 0]
    assert hand.summary()["contract"] == {"seat": 0, "bid": 4, "trump": "S", "made": True}


def test_game_points_count_tens_aces_kings_queens_jacks_of_every_suit():
    hand = finished(DEAL_A, 3, PLAY_A_PITCH)
    # Seat 0 won AS KS QS JS 10S (trumps) and 10H AH JH: 4+3+2+1+10 + 10+4+1.
    assert hand.game_points[0] == 35
    # Seat 3 won QH and AC (2 + 4); seat 2 the king of diamonds.
    assert hand.game_points[3] == 6 and hand.game_points[2] == 3


def test_points_split_between_players():
    hand = finished(DEAL_B, 3, PLAY_B)
    assert hand.points == {"high": 1, "low": 2, "jack": 3, "game": 1}
    assert hand.game_points == [0, 14, 0, 3]
    assert hand.scores() == [-2, 2, 1, 1]


def test_the_pitcher_short_of_the_bid_is_set_back_and_scores_nothing_won():
    hand = finished(DEAL_A, 3, PLAY_A_SETBACK)
    assert hand.summary()["contract"] == {"seat": 1, "bid": 2, "trump": "H", "made": False}
    assert hand.points == {"high": 2, "low": 2, "jack": 2, "game": 2}
    assert hand.scores() == [0, -2, 4, 0]


def test_a_set_back_pitcher_loses_the_bid_even_with_some_points():
    hand = finished(DEAL_TIE, 2, PLAY_TIE)
    assert hand.points["high"] == 0 and hand.points["low"] == 0
    assert hand.made is False
    assert hand.scores() == [-4, 0, 0]


def test_a_tie_for_most_game_points_gives_nobody_the_game_point():
    hand = finished(DEAL_TIE, 2, PLAY_TIE)
    assert hand.game_points == [4, 4, 0]
    assert hand.points["game"] is None


def test_no_jack_point_when_the_jack_of_trumps_was_not_dealt():
    hand = finished(DEAL_TIE, 2, PLAY_TIE)
    assert hand.points["jack"] is None


def test_the_only_trump_in_play_counts_as_high_and_low():
    hand = finished(DEAL_C, 2, ["2 pass pass", *PLAY_C])
    assert hand.points == {"high": 0, "low": 0, "jack": None, "game": 1}
    assert hand.game_points == [4, 10, 0]
    assert hand.scores() == [2, 1, 0]
    assert hand.made is True


def test_the_only_trump_being_the_jack_earns_three():
    jack_alone = ["JS 2D 3D 4D 5D 6D", *DEAL_C[1:]]
    hand = finished(jack_alone, 2, ["3 pass pass", "JS 2C 2H", *PLAY_C[1:]])
    assert hand.points == {"high": 0, "low": 0, "jack": 0, "game": 1}
    assert hand.scores() == [3, 1, 0]
    assert hand.made is True


def test_low_to_the_holder_goes_to_whoever_was_dealt_it():
    # Seat 3 was dealt the 2 of spades, which seat 0 won in the first trick.
    hand = finished(DEAL_A, 3, PLAY_A_PITCH, low="holder")
    assert hand.points == {"high": 0, "low": 3, "jack": 0, "game": 0}
    # Seat 0 now has only 3 points for a bid of 4.
    assert hand.made is False
    assert hand.scores() == [-4, 0, 0, 1]
    winner = finished(DEAL_A, 3, PLAY_A_PITCH)
    assert winner.points["low"] == 0


def test_low_to_the_holder_when_the_holder_also_wins_it():
    hand = finished(DEAL_B, 3, PLAY_B, low="holder")
    # The 2 of hearts was dealt to seat 0 (won by seat 2).
    assert hand.points["low"] == 0
    assert hand.scores() == [-2, 2, 0, 1]


class TestPartnerships:
    def test_partners_both_score_the_sides_points(self):
        hand = finished(DEAL_A, 3, PLAY_A_PITCH, partnerships=True)
        assert hand.scores() == [4, 0, 4, 0]

    def test_game_points_are_pooled_and_the_side_is_named_by_its_lower_seat(self):
        hand = finished(DEAL_A, 3, PLAY_A_SETBACK, partnerships=True)
        assert hand.game_points == [10, 0, 18, 16]  # still per seat
        # Seats 0 and 2 pool 28 against 16: the Game point is named by seat 0.
        assert hand.points == {"high": 2, "low": 2, "jack": 2, "game": 0}
        assert hand.scores() == [4, -2, 4, -2]

    def test_a_partners_points_count_toward_the_bid(self):
        steps = ["1 pass pass pass", *PLAY_B[1:]]
        solo = finished(DEAL_B, 3, steps)
        assert solo.made is False and solo.scores() == [-1, 2, 1, 1]
        pair = finished(DEAL_B, 3, steps, partnerships=True)
        # Seat 2's Low makes seat 0's bid of 1; seats 1 and 3 pool High, Jack and Game.
        assert pair.made is True
        assert pair.points == {"high": 1, "low": 2, "jack": 3, "game": 1}
        assert pair.scores() == [1, 3, 1, 3]

    def test_the_pitching_side_is_set_back_together(self):
        hand = finished(DEAL_B, 3, PLAY_B, partnerships=True)
        assert hand.scores() == [-2, 3, -2, 3]

    def test_a_tie_in_pooled_game_points_gives_nobody_the_point(self):
        # Four players, seats 0 & 2 v 1 & 3: each side ends with 4 game points.
        hands = ["AS 2S 4D 5D 6D 7D", "AD 9C 2C 3C 4C 5C", "8D 2H 3H 4H 5H 6H", "9D 7H 8H 9H 8C 7C"]
        steps = [
            "^AS 9C 2H 7C",
            "2S 2C 3H 8C",
            "4D AD 8D 9D",
            "3C 4H 7H 5D",
            "4C 5H 8H 6D",
            "5C 6H 9H 7D",
        ]
        hand = finished(hands, 3, steps, partnerships=True)
        assert hand.game_points == [4, 4, 0, 0]
        assert hand.points["game"] is None


def test_nothing_is_scored_before_the_end_but_game_points_count_as_tricks_are_won():
    hand = run(deal(DEAL_A, dealer=3), *PLAY_A_PITCH[:2])
    summary = hand.summary()
    assert summary["scores"] == [0, 0, 0, 0]
    assert summary["points"] == {"high": None, "low": None, "jack": None, "game": None}
    assert summary["contract"]["made"] is None
    assert summary["game_points"] == [10, 0, 0, 0]
    assert hand.scores() == [0, 0, 0, 0]


def test_scores_can_go_negative():
    hand = finished(DEAL_TIE, 2, PLAY_TIE)
    totals, winners = apply_hand([1, 0, 0], hand, hand.options)
    assert totals == [-3, 0, 0] and winners is None
    totals, winners = apply_hand(totals, hand, hand.options)
    assert totals == [-7, 0, 0]
