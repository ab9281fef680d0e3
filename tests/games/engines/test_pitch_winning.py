"""Pitch: going out (the win options and smudge), the next dealer, and whole games."""

import random

import pytest

from games.engines import pitch
from games.engines.base import IllegalAction
from games.engines.pitch import Game, Options, apply_hand, next_dealer

from .pitch_helpers import (
    DEAL_A,
    DEAL_B,
    DEAL_C,
    PLAY_A_PITCH,
    PLAY_B,
    PLAY_C,
    deal,
    finished,
    run,
)


def hand_b(**options):
    """Seat 0 bids 2 and is set back; High to 1, Low to 2, Jack to 3, Game to 1."""
    hand = finished(DEAL_B, 3, PLAY_B, **options)
    assert hand.scores() == ([-2, 2, 1, 1] if not options.get("partnerships") else [-2, 3, -2, 3])
    return hand


def hand_a(**options):
    """Seat 0 pitches and makes 4 (all four points)."""
    return finished(DEAL_A, 3, PLAY_A_PITCH, **options)


def hand_c(**options):
    """Three players: seat 0 bids 2 and makes it with High and Low; seat 1 wins Game."""
    return finished(DEAL_C, 2, ["2 pass pass", *PLAY_C], **options)


class TestPitcherOnly:
    def test_reaching_the_target_on_someone_elses_bid_does_not_win(self):
        hand = hand_b()
        totals, winners = apply_hand([5, 5, 6, 6], hand, Options())
        assert totals == [3, 7, 7, 7]
        assert winners is None

    def test_the_pitcher_who_makes_the_bid_and_reaches_the_target_wins_even_behind(self):
        hand = hand_a()
        totals, winners = apply_hand([3, 10, 0, 0], hand, Options())
        assert totals == [7, 10, 0, 0]
        assert winners == [0]

    def test_a_made_bid_below_the_target_does_not_win(self):
        totals, winners = apply_hand([2, 0, 0, 0], hand_a(), Options())
        assert totals == [6, 0, 0, 0] and winners is None

    def test_other_targets(self):
        options = Options(target=11)
        hand = hand_a(target=11)
        assert apply_hand([6, 0, 0, 0], hand, options) == ([10, 0, 0, 0], None)
        assert apply_hand([7, 0, 0, 0], hand, options) == ([11, 0, 0, 0], [0])
        for target in (15, 21):
            hand = hand_a(target=target)
            assert apply_hand([target - 4, 0, 0, 0], hand, hand.options)[1] == [0]
            assert apply_hand([target - 5, 0, 0, 0], hand, hand.options)[1] is None

    def test_partners_win_together(self):
        hand = hand_a(partnerships=True)
        totals, winners = apply_hand([3, 0, 3, 0], hand, hand.options)
        assert totals == [7, 0, 7, 0] and winners == [0, 2]

    def test_a_set_back_pitcher_never_wins_on_that_hand(self):
        hand = hand_b()
        totals, winners = apply_hand([9, 0, 0, 0], hand, Options())
        assert totals == [7, 2, 1, 1] and winners is None


class TestPitcherFirstHLJG:
    options = Options(win="pitcher_first_hljg")

    @pytest.mark.parametrize(
        ("before", "winner"),
        [
            ([5, 6, 6, 6], [1]),  # High takes seat 1 to 7 first
            ([5, 5, 6, 6], [2]),  # seat 1 reaches 6 on High; Low takes seat 2 to 7
            ([0, 5, 5, 6], [3]),  # High 6, Low 6, then Jack takes seat 3 to 7
            ([0, 5, 0, 0], [1]),  # High 6, ... Game 7
            ([0, 4, 0, 0], None),  # seat 1 ends on 6
        ],
    )
    def test_the_others_points_count_in_the_order_high_low_jack_game(self, before, winner):
        hand = hand_b(win="pitcher_first_hljg")
        totals, winners = apply_hand(before, hand, self.options)
        assert totals == [b + s for b, s in zip(before, [-2, 2, 1, 1], strict=True)]
        assert winners == winner

    def test_the_pitcher_who_makes_it_to_the_target_wins_first(self):
        hand = hand_c(win="pitcher_first_hljg")
        # Seat 0 (pitcher) makes 2 and reaches 7; seat 1 also reaches 7 on Game.
        assert apply_hand([5, 6, 0], hand, hand.options) == ([7, 7, 0], [0])
        # Seat 0 falls short of 7: seat 1's Game point counts and wins.
        assert apply_hand([4, 6, 0], hand, hand.options) == ([6, 7, 0], [1])
        # Under pitcher_only seat 1 would not have won.
        assert apply_hand([4, 6, 0], hand, Options()) == ([6, 7, 0], None)

    def test_sides_count_together(self):
        hand = hand_b(win="pitcher_first_hljg", partnerships=True)
        # Seats 1 & 3 win High, Jack and Game: from 5, High makes 6 and Jack makes 7.
        totals, winners = apply_hand([0, 5, 0, 5], hand, hand.options)
        assert totals == [-2, 8, -2, 8] and winners == [1, 3]


class TestHighestOverTarget:
    options = Options(win="highest_over_target")

    def test_a_tie_for_highest_wins_nothing_yet(self):
        totals, winners = apply_hand([5, 5, 6, 6], hand_b(), self.options)
        assert totals == [3, 7, 7, 7] and winners is None

    def test_the_single_highest_at_or_above_the_target_wins_on_anyones_bid(self):
        totals, winners = apply_hand([5, 6, 6, 6], hand_b(), self.options)
        assert totals == [3, 8, 7, 7] and winners == [1]

    def test_a_set_back_pitcher_is_included(self):
        totals, winners = apply_hand([12, 0, 0, 0], hand_b(), self.options)
        assert totals == [10, 2, 1, 1] and winners == [0]

    def test_nobody_at_the_target_means_nobody_wins(self):
        assert apply_hand([0, 0, 0, 0], hand_b(), self.options) == ([-2, 2, 1, 1], None)

    def test_the_highest_wins_even_if_the_pitcher_made_it_to_the_target(self):
        hand = hand_c(win="highest_over_target")
        assert apply_hand([5, 8, 0], hand, hand.options) == ([7, 9, 0], [1])


class TestSmudge:
    def test_a_made_bid_of_4_wins_at_once(self):
        hand = hand_a(smudge=True)
        assert apply_hand([0, 0, 0, 0], hand, hand.options) == ([4, 0, 0, 0], [0])
        assert apply_hand([0, 0, 0, 0], hand_a(), Options()) == ([4, 0, 0, 0], None)

    def test_with_partners_and_with_other_win_rules(self):
        hand = hand_a(smudge=True, partnerships=True)
        assert apply_hand([0, 5, 0, 5], hand, hand.options) == ([4, 5, 4, 5], [0, 2])
        hand = hand_a(smudge=True, win="highest_over_target")
        assert apply_hand([0, 6, 0, 0], hand, hand.options) == ([4, 6, 0, 0], [0])

    def test_a_bid_of_4_that_fails_does_not(self):
        hand = hand_a(smudge=True, low="holder")
        assert hand.made is False
        assert apply_hand([0, 0, 0, 0], hand, hand.options) == ([-4, 0, 0, 1], None)

    def test_a_smaller_bid_that_takes_everything_does_not(self):
        hand = finished(
            DEAL_A, 3, ["3 pass pass pass", "AS 5S 3S 2S", *PLAY_A_PITCH[1:]], smudge=True
        )
        assert hand.scores() == [4, 0, 0, 0]
        assert apply_hand([0, 0, 0, 0], hand, hand.options) == ([4, 0, 0, 0], None)


class TestThrownInAndDealer:
    def test_a_thrown_in_hand_changes_nothing(self):
        hand = run(deal(DEAL_A, dealer=3, all_pass="redeal_next"), "pass pass pass pass")
        assert apply_hand([1, 2, 3, -1], hand, hand.options) == ([1, 2, 3, -1], None)

    def test_an_unfinished_hand_cannot_be_added(self):
        with pytest.raises(ValueError, match="not finished"):
            apply_hand([0, 0, 0, 0], deal(DEAL_A, dealer=3), Options())

    def test_the_deal_passes_left(self):
        assert next_dealer(hand_a()) == 0
        assert next_dealer(deal(DEAL_C, dealer=2)) == 0
        assert next_dealer(deal(DEAL_A, dealer=1)) == 2

    def test_redeal_same_keeps_the_dealer_after_a_throw_in(self):
        thrown = run(deal(DEAL_A, dealer=3, all_pass="redeal_same"), "pass pass pass pass")
        assert next_dealer(thrown) == 3
        played = run(deal(DEAL_A, dealer=3, all_pass="redeal_same"), "pass pass pass 2")
        assert next_dealer(played) == 0

    def test_redeal_next_passes_the_deal(self):
        thrown = run(deal(DEAL_A, dealer=3, all_pass="redeal_next"), "pass pass pass pass")
        assert next_dealer(thrown) == 0


class TestGame:
    def play(self, game, rng):
        """Random cards; in the auction everyone passes but the dealer, who takes the lowest
        bid (purely random bids are set back so often that a game need never end)."""
        while not game.is_over:
            hand = game.hand
            legal = hand.legal_actions()
            if hand.in_auction:
                calls = [a for a in legal if a.kind == "call"]
                if hand.to_act == hand.dealer:
                    calls = [a for a in calls if a.call != "pass"]
                game.apply(calls[0])
            else:
                game.apply(rng.choice(legal))

    @pytest.mark.parametrize("seed", range(5))
    def test_a_whole_game_ends_with_a_pitcher_who_made_the_bid(self, seed):
        rng = random.Random(seed)
        game = Game(4, Options(), first_dealer=seed % 4, rng=rng)
        self.play(game, rng)
        last = game.hands[-1]
        assert game.winners == [last.pitcher] and last.made
        assert game.totals[last.pitcher] >= 7
        sums = [sum(h.scores()[s] for h in game.hands) for s in range(4)]
        assert game.totals == sums == game.rows[-1]
        for before, after in zip(game.hands, game.hands[1:], strict=False):
            assert after.dealer == next_dealer(before)
        with pytest.raises(ValueError, match="the game is over"):
            game.new_hand()
        with pytest.raises(IllegalAction):
            game.apply(last.legal_actions()[0] if last.legal_actions() else None)

    def test_games_with_every_win_rule_and_partnerships_finish(self):
        for win in ("pitcher_only", "pitcher_first_hljg", "highest_over_target"):
            rng = random.Random(win)
            game = Game(4, Options(win=win, partnerships=True, all_pass="redeal_same"), rng=rng)
            self.play(game, rng)
            assert game.winners in ([0, 2], [1, 3])
            assert game.totals[0] == game.totals[2] and game.totals[1] == game.totals[3]

    def test_only_one_hand_at_a_time(self):
        game = Game(3, rng=random.Random(1))
        assert len(game.hands) == 1 and not game.hand.is_over
        with pytest.raises(ValueError, match="not finished"):
            game.new_hand()

    def test_module_level_names(self):
        assert pitch.Game is Game

    @pytest.mark.parametrize(("rule", "second_dealer"), [("redeal_same", 2), ("redeal_next", 3)])
    def test_a_thrown_in_hand_in_a_game(self, rule, second_dealer):
        game = Game(4, Options(all_pass=rule), first_dealer=2, rng=random.Random(3))
        hand = game.hand
        assert hand.dealer == 2
        for _ in range(4):
            game.apply(hand.legal_actions()[0])  # everyone passes
        assert hand.status == "thrown_in"
        assert game.rows == [[0, 0, 0, 0]]
        assert game.hand is not hand and game.hand.dealer == second_dealer
