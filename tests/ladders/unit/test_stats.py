"""Player statistics from hand records (ladders.stats), on hands played through the engines."""

from __future__ import annotations

import copy
from datetime import UTC, datetime

import pytest

from games.engines import five_hundred, pitch, records
from ladders.ratings import GameResult
from ladders.stats import (
    CONTRACT_CALLS,
    FiveHundredStats,
    GameTally,
    PlayerGame,
    PlayerHand,
    Tally,
    five_hundred_stats,
    game_tally,
    game_tally_from_results,
    hands_of_game,
    pitch_stats,
)

from .records import (
    find,
    five_hundred_game,
    five_hundred_hand,
    pitch_game,
    pitch_hand,
    record_of,
)

# ---------------------------------------------------------------------------------------------
# Five Hundred fixtures

PACK_4 = [str(c) for c in five_hundred.PACKS[4]]
SLAM_HAND = "JK JH JD AH KH QH 10H 9H 8H 7H".split()  # every trump that matters in hearts
_REST = [c for c in PACK_4 if c not in SLAM_HAND]
SLAM_DEAL = {"hands": [SLAM_HAND, _REST[0:10], _REST[10:20], _REST[20:30]], "kitty": _REST[30:]}
# Seat 0 holds the lowest cards of every suit and seats 1 and 3 the same suit lengths, so seat 0
# must lose every trick of a misère (the Joker sits with seat 2, who sits out).
MISERE_DEAL = {
    "hands": [
        "4H 5H 6H 4D 5D 6D 5S 6S 5C 6C".split(),
        "7H 8H 9H 7D 8D 9D 7S 8S 7C 8C".split(),
        "JK KH AH KD AD JS QS KS AS JC".split(),
        "10H JH QH 10D JD QD 9S 10S 9C 10C".split(),
    ],
    "kitty": "QC KC AC".split(),
}


def made(hand) -> bool:
    return hand.is_over and not hand.thrown_in and bool(hand.full_view()["made"])


def setback(hand) -> bool:
    return hand.is_over and not hand.thrown_in and not hand.full_view()["made"]


def bid_by(seat: int, call: str, dealer: int = 3, players: int = 4):
    return lambda s: five_hundred_hand(players, dealer, {seat: [call]}, s)


@pytest.fixture(scope="module")
def fh():
    """Named Five Hundred hand records; the player sits at seat 0 with partner "bea" (seat 2)."""
    return {
        "7H made": find(bid_by(0, "7H"), made),
        "7H set": find(bid_by(0, "7H"), setback),
        "6NT made": find(bid_by(0, "6NT"), made),
        "8D set": find(bid_by(0, "8D"), setback),
        "partner 6S made": find(bid_by(2, "6S"), made),
        "partner 7C set": find(bid_by(2, "7C"), setback),
        "opponent 7D": find(bid_by(1, "7D"), lambda h: h.is_over),
        "slam": record_of(five_hundred_hand(4, 3, {0: ["7H!"]}, 0, deal=SLAM_DEAL)),
        "misere made": record_of(
            five_hundred_hand(4, 0, {1: ["7S"], 0: ["misere!"]}, 0, deal=MISERE_DEAL)
        ),
        "misere set": find(
            lambda s: five_hundred_hand(4, 0, {1: ["7S"], 0: ["misere"]}, s), setback
        ),
        "open misere set": find(
            lambda s: five_hundred_hand(4, 3, {0: ["open_misere"]}, s), setback
        ),
        "thrown in": record_of(five_hundred_hand(4, 3, {}, 0)),
        "in progress": record_of(five_hundred_hand(4, 3, {0: ["7H"]}, 0, stop_after=6)),
    }


def score(record: dict, seat: int) -> int:
    """What the hand added to that seat, as the replay command reports it."""
    return records.replay(record)["scores"][seat]


def test_the_fixtures_are_what_their_names_say(fh):
    def summary(name):
        return records.replay(fh[name])

    assert summary("slam")["contract"] == {"seat": 0, "call": "7H", "sans_kitty": True}
    assert summary("slam")["tricks"][0] + summary("slam")["tricks"][2] == 10
    assert summary("slam")["scores"] == [250, 0, 250, 0]  # a slam on 7H scores 250
    assert summary("misere made")["contract"]["call"] == "misere"
    assert summary("misere made")["tricks"][0] == 0
    assert summary("misere set")["scores"][0] == -250
    assert summary("open misere set")["scores"][0] == -500
    assert summary("thrown in")["status"] == "thrown_in"
    assert summary("in progress")["status"] == "in_progress"
    assert summary("7H set")["scores"][0] == -200
    assert summary("partner 6S made")["contract"]["seat"] == 2


def test_five_hundred_contracts_by_call_level_and_strain(fh):
    mine = [PlayerHand(r, 0, partner="bea") for r in fh.values()]
    stats = five_hundred_stats(mine)
    assert isinstance(stats, FiveHundredStats)
    assert list(stats.contracts) == list(CONTRACT_CALLS)
    assert stats.hands == 11  # everything but the thrown-in hand and the unfinished one
    assert stats.thrown_in == 1
    assert stats.contracts["7H"] == Tally(3, 2)  # made, set, and the slam
    assert stats.contracts["6NT"] == Tally(1, 1)
    assert stats.contracts["8D"] == Tally(1, 0)
    assert stats.contracts["misere"] == Tally(2, 1)
    assert stats.contracts["open_misere"] == Tally(1, 0)
    assert stats.contracts["blind_misere"] == Tally(0, 0)
    assert stats.contracts["6S"] == Tally(0, 0)  # the partner's contract is not the player's
    assert stats.contracts["7D"] == Tally(0, 0)  # nor an opponent's
    assert stats.all_contracts == Tally(8, 4)
    assert stats.misere == Tally(3, 1)
    assert stats.misere.set == 2
    assert stats.sans_kitty == Tally(2, 2)  # the slam and the misère were bid sans kitty
    assert stats.slams == 1

    table = dict(stats.table())
    assert list(table) == [6, 7, 8, 9, 10]
    assert table[7] == [Tally(), Tally(), Tally(), Tally(3, 2), Tally()]  # S C D H NT
    assert table[6][4] == Tally(1, 1)
    assert table[8][2] == Tally(1, 0)
    assert dict(stats.by_level()) == {
        "6": Tally(1, 1),
        "7": Tally(3, 2),
        "8": Tally(1, 0),
        "9": Tally(),
        "10": Tally(),
        "Misère": Tally(3, 1),
    }
    assert dict(stats.by_strain())["Hearts"] == Tally(3, 2)
    assert dict(stats.misere_rows())["Open misère"] == Tally(1, 0)


def test_five_hundred_points_per_hand_by_role(fh):
    stats = five_hundred_stats(PlayerHand(r, 0, partner="bea") for r in fh.values())
    contractor = ["7H made", "7H set", "6NT made", "8D set", "slam", "misere made", "misere set"]
    contractor.append("open misere set")
    partner = ["partner 6S made", "partner 7C set"]
    expected = sum(score(fh[n], 0) for n in contractor)
    assert stats.as_contractor.hands == 8
    assert stats.as_contractor.total == expected
    assert stats.as_contractor.average == pytest.approx(expected / 8)
    assert stats.as_partner.hands == 2
    assert stats.as_partner.total == sum(score(fh[n], 0) for n in partner)
    assert stats.as_defender.hands == 1
    assert stats.as_defender.total == score(fh["opponent 7D"], 0)
    assert stats.as_defender.total in range(0, 110, 10)  # defenders score 10 a trick


def test_the_same_hands_seen_from_the_opponents_seat(fh):
    stats = five_hundred_stats(PlayerHand(r, 1, partner="dot") for r in fh.values())
    assert stats.contracts["7D"].bid == 1
    assert stats.all_contracts.bid == 1
    assert stats.as_contractor.hands == 1
    assert stats.as_defender.hands == 10
    assert stats.slams == 0
    # A misère's opponents score nothing.
    misere_only = five_hundred_stats([PlayerHand(fh["misere made"], 1)])
    assert misere_only.as_defender.total == 0


def test_five_hundred_partners(fh):
    with_bea = ["7H made", "7H set", "6NT made", "partner 6S made", "partner 7C set"]
    with_cal = ["opponent 7D", "slam", "misere made", "misere set", "thrown in"]
    hands = [PlayerHand(fh[n], 0, partner="bea") for n in with_bea]
    hands += [PlayerHand(fh[n], 0, seat_players=["me", "x", "cal", "y"]) for n in with_cal]
    hands.append(PlayerHand(fh["8D set"], 0))  # no partner known: not in the partner table
    stats = five_hundred_stats(hands)
    bea, cal = stats.partners
    assert bea.partner == "bea"
    assert bea.hands == 5
    assert bea.contracts == Tally(5, 3)
    assert bea.by_player == Tally(3, 2)
    assert bea.by_partner == Tally(2, 1)
    assert cal.partner == "cal"
    assert cal.hands == 4  # the thrown-in hand is not a hand played together
    assert cal.contracts == Tally(3, 2)  # the opponents' 7D is not theirs
    assert cal.by_partner == Tally()


def test_six_player_partner_is_opposite(fh):
    contract = find(bid_by(3, "7C", dealer=5, players=6), lambda h: h.is_over)
    stats = five_hundred_stats([PlayerHand(contract, 0, seat_players=list("abcdef"))])
    (row,) = stats.partners
    assert row.partner == "d"  # seats 0 and 3 are partners
    assert row.by_partner.bid == 1
    assert stats.as_partner.hands == 1


def test_five_player_called_partner():
    def called(hand) -> tuple[int, ...]:
        return hand.contracting_seats() if hand.is_over and not hand.thrown_in else ()

    mine = find(bid_by(0, "7S", dealer=4, players=5), lambda h: len(called(h)) == 2)
    theirs = find(bid_by(2, "7S", dealer=4, players=5), lambda h: called(h) == (0, 2))
    alone = find(bid_by(0, "7S", dealer=4, players=5), lambda h: called(h) == (0,))
    names = ["p0", "p1", "p2", "p3", "p4"]
    partner_seat = next(s for s in records.load_hand(mine).contracting_seats() if s != 0)
    stats = five_hundred_stats(
        [PlayerHand(r, 0, seat_players=names) for r in (mine, theirs, alone)]
    )
    assert stats.contracts["7S"].bid == 2
    assert stats.as_contractor.hands == 2
    assert stats.as_partner.hands == 1  # called by seat 2
    rows = {r.partner: r for r in stats.partners}
    assert rows["p2"].by_partner.bid == 1
    assert rows[names[partner_seat]].by_player.bid >= 1
    assert sum(r.hands for r in stats.partners) == 2  # playing alone has no partner


def test_five_hundred_games_won():
    games = [five_hundred_game(4, seed) for seed in range(3)]
    winners = [records.replay(g)["winner"] for g in games]
    unfinished = copy.deepcopy(games[0])
    unfinished["hands"][-1]["actions"] = unfinished["hands"][-1]["actions"][:5]
    stats = five_hundred_stats([], games=[PlayerGame(g, 1) for g in [*games, unfinished]])
    assert stats.games == GameTally(3, sum(1 in w for w in winners))


def test_whole_game_hands_add_up_to_the_final_totals():
    game = five_hundred_game(4, 5)
    final = records.replay(game)["totals"][-1]
    hands = hands_of_game(game, 3, partner="pat")
    assert len(hands) == len(game["hands"])
    stats = five_hundred_stats(hands)
    scored = stats.as_contractor.total + stats.as_partner.total + stats.as_defender.total
    assert scored == final[3]
    assert stats.hands + stats.thrown_in == len(game["hands"])


def test_bad_input_is_refused(fh):
    with pytest.raises(ValueError, match="expected a five_hundred hand record"):
        five_hundred_stats([PlayerHand(record_of(pitch_hand(4, 3, {}, 0)), 0)])
    with pytest.raises(ValueError, match="seat must be from 0 to 3"):
        five_hundred_stats([PlayerHand(fh["slam"], 4)])
    broken = copy.deepcopy(fh["slam"])
    broken["actions"][0] = {"seat": 2, "call": "7H"}
    with pytest.raises(ValueError, match="does not replay"):
        five_hundred_stats([PlayerHand(broken, 0)])
    with pytest.raises(ValueError, match="one entry for each of the 4 seats"):
        five_hundred_stats([PlayerHand(fh["slam"], 0, seat_players=["a", "b"])])


# ---------------------------------------------------------------------------------------------
# Pitch


# Seat 0 holds the top spades and the two; nobody else has a spade: a pitched ace wins all four.
ALL_FOUR_DEAL = {
    "hands": [
        "AS KS QS JS 10S 2S".split(),
        "AH KH 3H 4H 5H 6H".split(),
        "AD KD 3D 4D 5D 6D".split(),
        "AC KC 3C 4C 5C 6C".split(),
    ]
}


def pitched_by(seat: int, bid: str, dealer: int = 3, **options):
    return lambda s: pitch_hand(4, dealer, {seat: [bid]}, s, options=pitch.Options(**options))


def pitch_made(hand) -> bool:
    return hand.status == "complete" and hand.made


def pitch_set(hand) -> bool:
    return hand.status == "complete" and hand.made is False


@pytest.fixture(scope="module")
def ph():
    return {
        "all four": record_of(pitch_hand(4, 3, {0: ["^AS"]}, 0, deal=ALL_FOUR_DEAL)),
        "2 made": find(pitched_by(0, "2"), pitch_made),
        "2 set": find(pitched_by(0, "2"), pitch_set),
        "3 set": find(pitched_by(0, "3"), pitch_set),
        "1 made": find(pitched_by(0, "1"), pitch_made),
        "other bids 2": find(pitched_by(1, "2"), lambda h: h.is_over),
        "other bids 3": find(pitched_by(2, "3"), lambda h: h.is_over),
        "thrown in": record_of(
            pitch_hand(4, 3, {}, 0, options=pitch.Options(all_pass="redeal_same"))
        ),
        "in progress": record_of(pitch_hand(4, 3, {0: ["2"]}, 0, stop_after=4)),
    }


def test_pitch_fixtures(ph):
    all_four = records.replay(ph["all four"])
    assert all_four["contract"] == {"seat": 0, "bid": 4, "trump": "S", "made": True}
    assert all_four["points"] == {"high": 0, "low": 0, "jack": 0, "game": 0}
    assert all_four["scores"] == [4, 0, 0, 0]
    assert records.replay(ph["3 set"])["scores"][0] == -3
    assert records.replay(ph["thrown in"])["status"] == "thrown_in"


def test_pitch_bids_points_and_average(ph):
    stats = pitch_stats(PlayerHand(r, 0) for r in ph.values())
    assert stats.hands == 7
    assert stats.thrown_in == 1
    assert stats.bids == {1: Tally(1, 1), 2: Tally(2, 1), 3: Tally(1, 0), 4: Tally(1, 1)}
    assert stats.bids[3].set == 1
    assert stats.all_bids == Tally(5, 3)
    assert dict(stats.by_level())["2"] == Tally(2, 1)

    finished = [n for n in ph if n not in ("thrown in", "in progress")]
    expected = dict.fromkeys(("high", "low", "jack", "game"), 0)
    for name in finished:
        for kind, seat in records.replay(ph[name])["points"].items():
            if seat == 0:
                expected[kind] += 1
    assert stats.points == expected
    assert stats.points["jack"] >= 1 and stats.points["game"] >= 1  # at least the "all four"
    assert stats.points_won == sum(expected.values())
    assert dict(stats.points_rows())["High"] == expected["high"]
    total = sum(score(ph[n], 0) for n in finished)
    assert stats.score.total == total
    assert stats.score.average == pytest.approx(total / 7)


def test_pitch_partnership_points_count_for_the_side():
    hand = find(
        pitched_by(1, "2", partnerships=True),
        lambda h: h.status == "complete" and 2 in h.points.values() and 0 not in h.points.values(),
    )
    points = records.replay(hand)["points"]
    mine = pitch_stats([PlayerHand(hand, 0, partner="pal")])
    side = sum(1 for seat in points.values() if seat in (0, 2))
    assert side >= 1
    assert mine.points_won == side
    assert mine.score.total == records.replay(hand)["scores"][0]
    assert mine.score.total == records.replay(hand)["scores"][2]
    alone = pitch_stats([PlayerHand(hand, 1)])
    assert alone.bids[2].bid == 1


def test_pitch_games_won_and_whole_games():
    games = [pitch_game(4, seed) for seed in range(8)]
    winners = [records.replay(g)["winner"] for g in games]
    assert all(len(w) == 1 for w in winners)
    won_by_1 = sum(w == [1] for w in winners)
    assert 0 < won_by_1 < 8
    unfinished = copy.deepcopy(games[1])
    del unfinished["hands"][-1]
    plays = [PlayerGame(g, 1) for g in [*games, unfinished]]
    stats = pitch_stats(hands_of_game(games[0], 1), games=plays)
    assert stats.games == GameTally(8, won_by_1)
    assert stats.score.total == records.replay(games[0])["totals"][-1][1]
    assert stats.hands + stats.thrown_in == len(games[0]["hands"])
    won_by_0 = sum(w == [0] for w in winners)
    assert game_tally(PlayerGame(g, 0) for g in games) == GameTally(8, won_by_0)
    with pytest.raises(ValueError, match="expected a pitch game record"):
        pitch_stats([], games=[PlayerGame(five_hundred_game(4, 1), 0)])


def test_games_from_rated_results():
    at = datetime(2025, 5, 1, tzinfo=UTC)
    results = [
        GameResult(1, at, [["ann", "bob"], ["cy", "di"]], scores=[500, 120]),
        GameResult(2, at, [["ann"], ["cy"], ["ed"]], ranks=[2, 1, 1]),
        GameResult(3, at, [["bob"], ["cy"]], scores=[3, 7]),
    ]
    assert game_tally_from_results(results, "ann") == GameTally(2, 1)
    assert game_tally_from_results(results, "cy") == GameTally(3, 2)  # a shared first counts
    assert game_tally_from_results(results, "zed") == GameTally(0, 0)
    # A game every side finished level in is a draw: played, not won.
    drawn = GameResult(4, at, [["ann", "bob"], ["cy", "di"]], scores=[300, 300])
    assert game_tally_from_results([*results, drawn], "ann") == GameTally(3, 1)
    assert game_tally_from_results([*results, drawn], "cy") == GameTally(4, 2)
