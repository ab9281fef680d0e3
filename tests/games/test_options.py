"""Option metadata for the create-table form: derived from, and checked by, the engines."""

import dataclasses

import pytest
from django.http import QueryDict

from games.engines import five_hundred, pitch
from games.options import (
    OPTION_FIELDS,
    OptionsError,
    option_fields,
    option_summary,
    options_from_form,
)

ENGINES = {"five_hundred": five_hundred, "pitch": pitch}


@pytest.mark.parametrize("game", ENGINES)
def test_every_engine_option_is_described_with_its_default(game):
    engine = ENGINES[game]
    keys = [f.name for f in dataclasses.fields(engine.Options)]
    assert [f.key for f in OPTION_FIELDS[game]] == keys
    defaults = engine.Options()
    for field in OPTION_FIELDS[game]:
        assert field.default == getattr(defaults, field.key)
        assert field.label and field.help.endswith(".")
        assert any(c.value == field.default for c in field.choices), field.key


@pytest.mark.parametrize("game", ENGINES)
def test_every_choice_is_one_the_engine_accepts(game):
    engine = ENGINES[game]
    for field in OPTION_FIELDS[game]:
        players = field.players[0] if field.players else 4
        for choice in field.choices:
            options = engine.Options.from_dict({field.key: choice.value}, players=players)
            assert getattr(options, field.key) == choice.value


def test_partnerships_are_offered_for_four_pitch_players_only():
    assert "partnerships" in [f.key for f in option_fields("pitch", 4)]
    assert "partnerships" not in [f.key for f in option_fields("pitch", 5)]
    assert "partnerships" in [f.key for f in option_fields("pitch")]


def test_form_text_becomes_typed_options():
    data = QueryDict(
        "target=11&partnerships=true&low=holder&min_bid=2&csrfmiddlewaretoken=x&name=Fri"
    )
    options = options_from_form("pitch", 4, data)
    assert options == pitch.Options(target=11, partnerships=True, low="holder", min_bid=2)
    fh = options_from_form("five_hundred", 4, {"trick_points_cap": "490", "misere": "false"})
    assert fh.trick_points_cap == 490 and fh.misere is False
    assert (
        options_from_form("five_hundred", 4, {"trick_points_cap": "null"}).trick_points_cap is None
    )
    assert options_from_form("pitch", 3, {}) == pitch.Options()


def test_bad_values_name_their_field():
    with pytest.raises(OptionsError) as caught:
        options_from_form("pitch", 4, {"target": "9", "low": "whoever"})
    assert set(caught.value.errors) == {"target", "low"}
    assert "7, 11, 15, 21" in caught.value.errors["target"]


def test_the_engine_checks_the_whole_set():
    with pytest.raises(OptionsError) as caught:
        options_from_form("pitch", 5, {"partnerships": "true"})
    assert caught.value.errors == {"partnerships": "Partnerships need exactly 4 players, not 5."}
    with pytest.raises(OptionsError) as caught:
        options_from_form("pitch", 8, {})
    assert "players" in caught.value.errors


def test_summary_in_words():
    summary = {row["key"]: row for row in option_summary("pitch", {"target": 11})}
    assert summary["target"]["value_label"] == "11" and not summary["target"]["is_default"]
    assert summary["low"]["value_label"] == "Whoever wins it in a trick"
    assert summary["low"]["is_default"]
    rows = option_summary("five_hundred", five_hundred.Options(bidding="one_round"))
    assert {r["key"]: r["value_label"] for r in rows}["bidding"] == "One round only"


def test_bot_level_descriptions_are_the_bots_own_words_marked_for_translation():
    from django.utils import translation

    from games.bots import BOT_LEVELS
    from games.options import BOT_LEVEL_DESCRIPTIONS, bot_level_description

    assert set(BOT_LEVEL_DESCRIPTIONS) == set(BOT_LEVELS)
    with translation.override("en"):
        assert {k: str(v) for k, v in BOT_LEVEL_DESCRIPTIONS.items()} == BOT_LEVELS
    with translation.override("ms"):
        assert bot_level_description("easy") != BOT_LEVELS["easy"]
    assert bot_level_description(None) == ""


def test_option_words_follow_the_active_language():
    from django.utils import translation

    field = next(f for f in option_fields("pitch") if f.key == "smudge")
    with translation.override("en"):
        assert field.label == "Smudge" and field.choices[0].label == "No"
    with translation.override("ms"):
        assert field.choices[0].label == "Tidak"
