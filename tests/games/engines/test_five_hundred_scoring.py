"""Five Hundred: scoring, the trick-points cap and the end of the game (rules: "Scoring",
"End of the game")."""

import random

import pytest

from games.engines import five_hundred as fh
from games.engines import records

from .five_hundred_helpers import deal, legal_tokens, play_out, run
from .refusals import refused

TOP_TRUMPS = "JK JH JD AH KH QH 10H 9H 8H 7H"
SEVEN_TRUMPS = "JK JH JD AH KH QH 10H 5S 5C 4D"

TABLE = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}


def play_first(hand):
    """Everyone plays their first legal action (highest card in display order)."""
    while not hand.is_over:
        run(hand, legal_tokens(hand)[0])
    return hand


def contract_hand(players, fixed, call, **options):
    hand = deal(players, fixed, **options)
    run(hand, f"{call}/sk " + "pass " * players)
    if hand.phase.code == "call_partner":
        run(hand, "partner:AS")
    return hand


def test_scoring_table():
    for tricks, row in TABLE.items():
        for strain, value in enumerate(row):
            assert fh.bid_value(tricks, strain) == value
    values = {c.call: c.value for c in fh.call_order()}
    assert values["7NT"] == 220 and values["10S"] == 440
    assert values["misere"] == 250 and values["open_misere"] == values["blind_misere"] == 500


@pytest.mark.parametrize(("call", "score"), [("6H", 250), ("7H", 250), ("8H", 300), ("10H", 500)])
def test_slam_scores_250_unless_the_contract_is_worth_more(call, score):
    hand = play_first(contract_hand(4, {0: TOP_TRUMPS}, call))
    assert hand.tricks_won == [10, 0, 0, 0]
    assert hand.scores() == [score, 0, score, 0]


def test_slam_in_no_trumps_and_spades():
    hand = play_first(contract_hand(4, {0: "JK AS KS QS JS 10S 9S 8S 7S 6S"}, "6S"))
    assert hand.tricks_won[0] + hand.tricks_won[2] == 10
    assert hand.scores() == [250, 0, 250, 0]


def test_made_contract_and_defenders_ten_a_trick():
    hand = play_first(contract_hand(4, {0: SEVEN_TRUMPS}, "7H"))
    won = hand.tricks_won
    side, defenders = won[0] + won[2], won[1] + won[3]
    assert 7 <= side < 10 and defenders == 10 - side > 0
    assert hand.scores() == [200, 10 * defenders, 200, 10 * defenders]
    assert hand.made is True


def test_failed_contract_loses_its_value_and_defenders_still_score():
    hand = play_first(contract_hand(4, {0: SEVEN_TRUMPS}, "10H"))
    defenders = hand.tricks_won[1] + hand.tricks_won[3]
    assert defenders > 0
    assert hand.scores() == [-500, 10 * defenders, -500, 10 * defenders]
    assert hand.made is False


def test_scores_are_zero_until_complete():
    hand = run(deal(4, {0: SEVEN_TRUMPS}), "7H/sk pass pass pass pass", "JK")
    assert hand.scores() == [0, 0, 0, 0] and hand.summary()["scores"] == [0, 0, 0, 0]


def test_three_players_score_individually():
    hand = play_first(contract_hand(3, {0: "JK JH JD AH KH QH 7S 7C 8S 8C"}, "6H"))
    won = hand.tricks_won
    assert won[0] >= 6
    assert hand.scores() == [100, 10 * won[1], 10 * won[2]]


def test_two_players_with_the_dead_hand():
    hand = play_first(contract_hand(2, {0: "JK JH JD AH KH QH 7S 7C 8S 8C"}, "6H"))
    won = hand.tricks_won
    assert sum(won) == 10 and won[0] >= 6
    assert hand.scores() == [100, 10 * won[1]]


def test_five_players_contractor_and_partner_score_the_contract():
    hand = play_first(contract_hand(5, {0: "JK JH JD AH KH QH 2S 2C 3S 3C"}, "6H"))
    partner = next(s for s in range(5) if "AS" in hand.deal_record()["hands"][s])
    assert hand.contracting_seats() == tuple(sorted((0, partner)))
    won = hand.tricks_won
    taken = won[0] + won[partner]
    value = 250 if taken == 10 else 100 if taken >= 6 else -100
    expected = [10 * won[s] for s in range(5)]
    expected[0] = expected[partner] = value
    assert hand.scores() == expected


def test_six_players_three_partnerships():
    hand = play_first(contract_hand(6, {1: "JK JH JD AH KH QH 2S 2C 3S 3C"}, "6H"))
    assert hand.contractor == 0  # seat 0 calls first; seat 1 holds the trumps
    won = hand.tricks_won
    side = won[0] + won[3]
    value = 100 if side >= 6 else -100
    assert hand.scores() == [
        value,
        10 * (won[1] + won[4]),
        10 * (won[2] + won[5]),
        value,
        10 * (won[1] + won[4]),
        10 * (won[2] + won[5]),
    ]


def made_hand():
    hand = play_first(contract_hand(4, {0: SEVEN_TRUMPS}, "7H"))
    defenders = hand.tricks_won[1] + hand.tricks_won[3]
    return hand, 10 * defenders


def test_game_won_by_making_a_contract():
    hand, d = made_hand()
    totals, winners = fh.apply_hand([300, 0, 300, 0], hand, hand.options)
    assert totals == [500, d, 500, d] and winners == [0, 2]


def test_reaching_the_target_on_tricks_does_not_win():
    hand, d = made_hand()
    totals, winners = fh.apply_hand([0, 495, 0, 495], hand, hand.options)
    assert totals == [200, 495 + d, 200, 495 + d] and winners is None


@pytest.mark.parametrize(
    ("cap", "before", "added"), [(490, 480, 10), (480, 470, 10), (490, 495, 0)]
)
def test_trick_points_cap(cap, before, added):
    hand = play_first(contract_hand(4, {0: SEVEN_TRUMPS}, "7H", trick_points_cap=cap))
    d = 10 * (hand.tricks_won[1] + hand.tricks_won[3])
    assert d >= 20
    totals, winners = fh.apply_hand([0, before, 0, before], hand, hand.options)
    assert totals == [200, before + added, 200, before + added] and winners is None
    assert hand.scores([0, before, 0, before]) == [200, added, 200, added]
    assert hand.scores() == [200, d, 200, d]  # without totals the cap cannot bite


def test_cap_does_not_limit_the_contractor():
    hand = play_first(contract_hand(4, {0: SEVEN_TRUMPS}, "7H", trick_points_cap=480))
    totals, winners = fh.apply_hand([470, 0, 470, 0], hand, hand.options)
    assert totals[0] == 670 and winners == [0, 2]


def test_minus_500_loses():
    hand = play_first(contract_hand(4, {0: SEVEN_TRUMPS}, "10H"))
    d = 10 * (hand.tricks_won[1] + hand.tricks_won[3])
    totals, winners = fh.apply_hand([0, 0, 0, 0], hand, hand.options)
    assert totals == [-500, d, -500, d] and winners == [1, 3]
    totals, winners = fh.apply_hand([10, 0, 10, 0], hand, hand.options)
    assert winners is None


def test_minus_500_with_three_sides_highest_total_wins():
    hand = play_first(contract_hand(3, {0: "JK JH JD AH KH QH 7S 7C 8S 8C"}, "10H"))
    won = hand.tricks_won
    assert won[0] < 10
    totals, winners = fh.apply_hand([-10, 100, 100 + 10 * (won[1] - won[2])], hand, hand.options)
    assert totals[0] == -510
    assert totals[1] == totals[2] and winners == [1, 2]


def test_five_players_each_contracting_player_who_reaches_target_wins():
    hand = play_first(contract_hand(5, {0: "JK JH JD AH KH QH 2S 2C 3S 3C"}, "6H"))
    partner = next(s for s in range(5) if "AS" in hand.deal_record()["hands"][s])
    assert hand.made
    start = [0] * 5
    start[0] = 450
    totals, winners = fh.apply_hand(start, hand, hand.options)
    assert winners == [0]
    start[partner] = 450
    totals, winners = fh.apply_hand(start, hand, hand.options)
    assert winners == sorted((0, partner))


def test_target_option():
    hand, d = made_hand()
    options = fh.Options(target=1000)
    assert fh.apply_hand([700, 0, 700, 0], hand, options)[1] is None
    assert fh.apply_hand([800, 0, 800, 0], hand, options)[1] == [0, 2]


def test_thrown_in_hand_changes_nothing():
    hand = run(deal(), "pass pass pass pass")
    assert fh.apply_hand([10, 20, 10, 20], hand, hand.options) == ([10, 20, 10, 20], None)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_game_runs_to_a_winner(players):
    rng = random.Random(players)
    game = fh.Game(players, fh.Options(), first_dealer=1, rng=rng)
    while not game.is_over:
        game.apply(rng.choice(game.hand.legal_actions()))
    assert game.winners
    dealers = [h.dealer for h in game.hands]
    assert dealers == [(1 + i) % players for i in range(len(dealers))]
    assert len(game.rows) == len(game.hands)
    totals = [0] * players
    for hand in game.hands:
        totals, _ = fh.apply_hand(totals, hand, game.options)
    assert totals == game.totals
    view = game.view_for(0)
    assert view["totals"] == game.totals and view["winners"] == game.winners
    assert view["target"] == 500 and view["hand_number"] == len(game.hands)
    hands, rows, winners = records.load_game(game.record())
    assert rows == game.rows and winners == game.winners
    with refused("game is over"):
        game.apply(game.hand.legal_actions()[0] if game.hand.legal_actions() else None)


def test_game_redeals_a_thrown_in_hand_with_the_next_dealer():
    game = fh.Game(4, fh.Options(), first_dealer=3, rng=random.Random(5))
    for _ in range(4):
        game.apply(game.hand.legal_actions()[0])  # pass
    assert game.hands[0].thrown_in
    assert len(game.hands) == 2 and game.hand.dealer == 0 and game.rows == [[0, 0, 0, 0]]
    assert game.hand.deal_record() != game.hands[0].deal_record()


def test_play_out_helper_finishes_random_hands():
    rng = random.Random(8)
    for players in (2, 3, 4, 5, 6):
        hand = play_out(fh.Hand.new(players, fh.Options(), 0, rng), rng)
        assert hand.is_over
