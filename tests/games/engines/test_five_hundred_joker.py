"""Five Hundred: the Joker in trumps, no-trumps and misère (rules: "The Joker")."""

from games.engines.base import Action
from games.engines.cards import JOKER

from .five_hundred_helpers import deal, legal_tokens, run
from .refusals import refused

NOMINATE_DEAL = {
    0: "JK 4H 5H 6H 7H 8H 9H 10H 4D 5D",
    1: "AD AS KS QS JS 10S 9S 8S 7S 6S",
}  # seat 2: 5S 5C-KC; seat 3: AC 6D-KD JH; kitty QH KH AH
ACES_DEAL = {0: "JK AS AC AD AH KH QH JH 10H 9H"}
SPADES_DEAL = {0: "JK AS KS QS JS 10S 9S 8S 7S 6S"}


def first_legal(hand, times=1):
    for _ in range(times):
        run(hand, legal_tokens(hand)[0])


def test_joker_is_the_highest_trump():
    hand = deal(4, {0: "AH KH QH 10H 9H 8H 7H 6H 5H 4H", 1: "JK JH JD AS KS QS JS 10S 9S 8S"})
    run(hand, "6H/sk pass pass pass pass", "AH")
    assert legal_tokens(hand) == ["JK", "JH", "JD"]  # all three are trumps
    run(hand, "JK")
    first_legal(hand, 2)
    assert hand.tricks_won == [0, 1, 0, 0]
    assert hand.view_for(1)["trick"]["leader"] == 1
    run(hand, "JH")  # led in a trump contract, with no suit named
    assert hand.view_for(1)["trick"]["led"] == "H"


def test_contractor_with_the_joker_may_nominate_in_no_trumps():
    hand = run(deal(4, NOMINATE_DEAL), "7NT/sk pass pass pass pass")
    tokens = legal_tokens(hand)
    assert {"nominate:S", "nominate:C", "nominate:D", "nominate:H"} <= set(tokens)
    assert {"JK>S", "JK>C", "JK>D", "JK>H"} <= set(tokens)
    run(hand, "nominate:H")
    view = hand.view_for(0)
    assert view["joker_suit"] == "H"
    assert view["hand"][:2] == ["JK", "10H"]  # the Joker heads its suit
    tokens = legal_tokens(hand)
    assert "JK" in tokens and not any(t.startswith(("nominate", "JK>")) for t in tokens)
    with refused("already nominated"):
        run(hand, "nominate:S")
    with refused("name a suit only"):
        run(hand, "JK>S")


def test_nominated_joker_does_not_win_another_suit():
    hand = run(deal(4, NOMINATE_DEAL), "7NT/sk pass pass pass pass", "nominate:H")
    run(hand, "4D AD 5S 6D")
    assert hand.tricks_won == [0, 1, 0, 0]
    run(hand, "AS 5C AC")
    assert "JK" in legal_tokens(hand)  # void in spades: the Joker is just a heart
    run(hand, "JK")
    assert hand.tricks_won == [0, 2, 0, 0]


def test_nominated_joker_must_follow_its_suit():
    hand = run(deal(4, NOMINATE_DEAL), "7NT/sk pass pass pass pass", "nominate:D")
    run(hand, "4H")
    first_legal(hand, 3)
    # Seat 3 (JH) won; it leads diamonds and seat 0 must follow with a diamond: the Joker counts.
    assert hand.to_act == 3
    run(hand, "6D")
    first_legal(hand, 1)  # seat 0
    assert hand.full_view()["history"][0]["winner"] == 3


def test_nomination_rules():
    hand = run(deal(4, NOMINATE_DEAL), "7NT/sk pass pass pass pass")
    before = hand.full_view()
    with refused("not your turn: seat 0 is to play"):
        hand.apply(Action(1, "nominate", suit=0))
    assert hand.full_view() == before
    run(hand, "4D")
    with refused("not your turn"):
        hand.apply(Action(0, "nominate", suit=0))
    run(hand, "AD 5S 6D")
    assert hand.to_act == 1
    with refused("Only the contractor"):
        hand.apply(Action(1, "nominate", suit=0))
    late = run(deal(4, ACES_DEAL), "7NT/sk pass pass pass pass", "AS")
    first_legal(late, 3)
    with refused("before the first lead"):
        run(late, "nominate:H")
    trumps = run(deal(4, NOMINATE_DEAL), "7S/sk pass pass pass pass")
    assert not any(t.startswith("nominate") for t in legal_tokens(trumps))
    with refused("only in no-trumps or misère"):
        run(trumps, "nominate:H")
    no_joker = run(deal(4, {1: NOMINATE_DEAL[0]}), "7NT/sk pass pass pass pass")
    assert no_joker.to_act == 0
    with refused("do not hold the Joker"):
        run(no_joker, "nominate:H")


def test_free_joker_lead_names_an_unled_suit_and_wins():
    hand = run(deal(4, ACES_DEAL), "7NT/sk pass pass pass pass")
    with refused("Name a suit"):
        run(hand, "JK")
    run(hand, "AS")
    first_legal(hand, 3)
    assert hand.tricks_won[0] == 1
    tokens = legal_tokens(hand)
    assert [t for t in tokens if t.startswith("JK")] == ["JK>C", "JK>D", "JK>H"]
    with refused("not yet led this hand: clubs, diamonds, hearts"):
        run(hand, "JK>S")
    run(hand, "JK>H")
    assert hand.view_for(1)["trick"]["led"] == "H"
    assert hand.view_for(1)["trick"]["cards"] == [{"seat": 0, "card": "JK", "suit": "H"}]
    hearts = [t for t in legal_tokens(hand) if t.endswith("H")]
    assert legal_tokens(hand) == hearts or not hearts
    first_legal(hand, 3)
    assert hand.tricks_won[0] == 2
    assert hand.view_for(2)["suits_led"] == ["S", "H"]


def test_joker_not_led_after_all_four_suits_until_the_last_trick():
    hand = run(deal(4, ACES_DEAL), "7NT/sk pass pass pass pass")
    for lead in ("AS", "AC", "AD", "AH"):
        run(hand, lead)
        first_legal(hand, 3)
    assert hand.tricks_won[0] == 4
    assert not any(t.startswith("JK") for t in legal_tokens(hand))
    with refused("All four suits have been led"):
        run(hand, "JK>S")
    for lead in ("KH", "QH", "JH", "10H", "9H"):
        run(hand, lead)
        first_legal(hand, 3)
    assert hand.tricks_won[0] == 9
    assert legal_tokens(hand) == ["JK>S", "JK>C", "JK>D", "JK>H"]
    run(hand, "JK>D")
    first_legal(hand, 3)
    assert hand.is_over and hand.tricks_won[0] == 10


def test_joker_lead_last_trick_option():
    hand = run(deal(4, SPADES_DEAL, joker_lead="last_trick"), "7NT/sk pass pass pass pass")
    assert not any(t.startswith("JK") for t in legal_tokens(hand))
    with refused("only in the last trick"):
        run(hand, "JK>H")
    for lead in ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"):
        run(hand, lead)
        first_legal(hand, 3)
    assert hand.to_act == 0
    # The last trick: the Joker names a suit not yet led, when there is one.
    assert legal_tokens(hand) == ["JK>C", "JK>D", "JK>H"]


def test_joker_lead_default_names_unled_suit_in_the_last_trick_too():
    hand = run(deal(4, SPADES_DEAL), "7NT/sk pass pass pass pass")
    assert [t for t in legal_tokens(hand) if t.startswith("JK")] == [
        "JK>S",
        "JK>C",
        "JK>D",
        "JK>H",
    ]
    for lead in ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"):
        run(hand, lead)
        first_legal(hand, 3)
    assert legal_tokens(hand) == ["JK>C", "JK>D", "JK>H"]


def test_free_joker_follows_only_when_void_in_no_trumps():
    # Seat 1 holds the Joker and hearts: it must follow hearts.
    hand = deal(4, {0: "AH KH QH 10H 9H 8H 7H 6H 5H AS", 1: "JK 4H KS QS JS 10S 9S 8S 7S 6S"})
    run(hand, "7NT/sk pass pass pass pass", "AH")
    assert legal_tokens(hand) == ["4H"]
    with refused("You must follow hearts: you hold 4♥"):
        run(hand, "JK")
    run(hand, "4H")
    first_legal(hand, 2)
    run(hand, "KH")
    # Void in hearts now: any card, and in no-trumps the Joker is optional.
    tokens = legal_tokens(hand)
    assert "JK" in tokens and "KS" in tokens
    run(hand, "JK")
    first_legal(hand, 2)
    assert hand.tricks_won[1] == 1  # the free Joker beats the led suit


def test_misere_must_play_the_joker_when_void():
    hand = deal(4, {0: "4H 5H 6H 7H 4D 5D 6D 7D 5S 5C", 1: "JK AS KS QS JS 10S 9S 8S 7S 6S"})
    run(hand, "open_misere/sk pass pass pass pass", "4H")
    assert legal_tokens(hand) == ["JK"]
    with refused("in misère you must play the Joker"):
        run(hand, "AS")
    run(hand, "JK")
    assert hand.to_act == 3  # seat 2 sits out
    first_legal(hand)
    assert hand.tricks_won == [0, 1, 0, 0]


def test_misere_contractor_may_nominate():
    hand = deal(4, {0: "JK 5H 6H 7H 4D 5D 6D 7D 5S 5C"})
    run(hand, "open_misere/sk pass pass pass pass")
    assert "nominate:S" in legal_tokens(hand)
    run(hand, "nominate:S", "JK")
    assert hand.view_for(1)["trick"]["led"] == "S"
    assert "suit" not in hand.view_for(1)["trick"]["cards"][0]


def test_joker_constant_is_the_card():
    assert str(JOKER) == "JK"
