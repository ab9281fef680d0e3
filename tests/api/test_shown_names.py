"""`core.names`: what a name people read may hold (club, table, night and guest names)."""

import pytest

from core.names import hidden_character, shown_name_problem


@pytest.mark.parametrize(
    "name, char",
    [
        ("\u202eBULC HTREP", "\u202e"),
        ("a\u202ab", "\u202a"),
        ("x\u2068y", "\u2068"),
        ("\u200eA", "\u200e"),
        ("A\u200f", "\u200f"),
        ("ا\u061cب", "\u061c"),
        ("Perth\u200bClub", "\u200b"),
        ("\ufeffPerth", "\ufeff"),
        ("Per\u00adth", "\u00ad"),
        ("Per\u2060th", "\u2060"),
        ("\u3164", "\u3164"),
        ("Ann\u2800", "\u2800"),
        ("tab\there", "\t"),
        ("line\u2028break", "\u2028"),
        ("private\ue000", "\ue000"),
        ("Perth\u200dClub", "\u200d"),  # no Latin word needs a joiner
        ("\u200cपुणे", "\u200c"),  # nothing before it to join
        ("पुणे\u200d", "\u200d"),
        ("पुणे\u200c ठाणे", "\u200c"),
    ],
)
def test_hidden_characters_are_found(name, char):
    assert hidden_character(name) == char
    problem = shown_name_problem(name)
    assert problem is not None
    assert f"U+{ord(char):04X}" in problem


@pytest.mark.parametrize(
    "name",
    [
        "Perth Club",
        "Café Kookaburra — Thursdays (500)",
        "र्\u200dया",  # eyelash ra
        "क्\u200dष",  # half ka
        "ਪ੍\u200dਰ",
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645",  # ZWNJ between Arabic-script letters
        "لاہور کارڈ کلب",
        "ਗੁਰਪ੍ਰੀਤ",
        "सुमेधा",
        "",
    ],
)
def test_names_in_every_script_pass(name):
    assert hidden_character(name) is None
    assert shown_name_problem(name) is None
