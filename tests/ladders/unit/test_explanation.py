"""How a ladder is computed, in plain words (`selectors.ladder_explanation`, in the active
language; read here in English, see tests/ladders/conftest.py)."""

from ladders.selectors import ladder_explanation


def test_the_explanation_says_how_the_ladder_works():
    default = ladder_explanation()
    assert "μ − 3σ" in default
    assert "at least 5 rated games" in default
    assert "90 days" in default
    assert "bot" in default
    custom = ladder_explanation(min_games=12, active_days=None, rate_with_bots=True)
    assert "at least 12 rated games" in custom and "days" not in custom
    assert "no rating of its own" in custom
