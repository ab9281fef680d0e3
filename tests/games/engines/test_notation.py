"""Each game's short, language-neutral notation (games/engines/*notation.py)."""

from games.engines import five_hundred_notation as fh_notation
from games.engines import pitch_notation
from games.engines.notation import card_text, cards_text, suit_text


def test_cards_and_suits():
    assert card_text("QH") == "Q♥" and card_text("10S") == "10♠" and card_text("13D") == "13♦"
    assert card_text("JK") == "JK" and suit_text("C") == "♣"
    assert cards_text(["AS", "KS", "4D"]) == "A♠ K♠ 4♦"


def test_five_hundred_calls_contracts_and_actions():
    call = fh_notation.call_text
    assert [call(c) for c in ("7S", "8NT", "10H", "misere", "open_misere", "blind_misere")] == [
        "7♠",
        "8NT",
        "10♥",
        "MIS",
        "OMIS",
        "BMIS",
    ]
    assert call("pass") == "—" and call("6D", sans_kitty=True) == "6♦ SK"
    assert fh_notation.contract_text({"seat": 0, "call": "7H", "sans_kitty": False}) == "7♥"
    assert fh_notation.contract_text(None) == ""
    action = fh_notation.action_text
    assert action({"seat": 0, "play": "JK", "suit": "S"}) == "JK→♠"
    assert action({"seat": 0, "discard": ["4H", "5D", "6C"]}) == "4♥ 5♦ 6♣"
    assert action({"seat": 0, "call_partner": "AS"}) == "A♠"
    assert action({"seat": 0, "nominate": "H"}) == "JK=♥"
    assert action({"seat": 0, "call": "9NT", "sans_kitty": True}) == "9NT SK"


def test_pitch_calls_contracts_and_actions():
    assert pitch_notation.call_text("3") == "3" and pitch_notation.call_text("pass") == "—"
    assert pitch_notation.action_text({"seat": 1, "pitch": "AS"}) == "4 A♠"
    assert pitch_notation.action_text({"seat": 1, "play": "10D"}) == "10♦"
    contract = {"seat": 1, "call": "3", "bid": 3, "trump": None, "made": None}
    assert pitch_notation.contract_text(contract) == "3"
    assert pitch_notation.contract_text({**contract, "trump": "H"}) == "3♥"
    assert pitch_notation.contract_text({"seat": 1, "bid": 2, "trump": "S"}) == "2♠"
