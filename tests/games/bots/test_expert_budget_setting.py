"""The bot task passes settings.KOOKABURRA_EXPERT_BUDGET on to the bot (via the service)."""

from __future__ import annotations

from games import services, tasks


def test_the_bot_task_passes_the_expert_budget(settings, monkeypatch):
    settings.KOOKABURRA_EXPERT_BUDGET = 1234
    seen = {}

    def fake_move(table_id, expected_number, budget=None):
        seen.update(table=table_id, number=expected_number, budget=budget)
        return True

    monkeypatch.setattr(services, "table_bot_move", fake_move)
    assert tasks.bot_move(7, 3) is True
    assert seen == {"table": 7, "number": 3, "budget": 1234}


def test_without_the_setting_the_bots_default_applies(settings, monkeypatch):
    settings.KOOKABURRA_EXPERT_BUDGET = None
    seen = {}
    monkeypatch.setattr(
        services, "table_bot_move", lambda t, n, budget=None: seen.setdefault("budget", budget)
    )
    tasks.bot_move(7, 3)
    assert seen["budget"] is None
