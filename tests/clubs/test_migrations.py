"""clubs 0002: the unique club name key is added to a database that already holds clubs sharing a
name; the later ones are renamed so the constraint can hold."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("clubs", "0001_initial"), ("accounts", "0002_calendar_token")]
AFTER = [("clubs", "0002_club_name_key"), ("accounts", "0003_shown_name_key")]


@pytest.mark.django_db(transaction=True)
def test_existing_duplicate_names_are_told_apart():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    Club = apps.get_model("clubs", "Club")
    User = apps.get_model("accounts", "User")
    for n, name in enumerate(
        [
            "Kookaburra Card Club",
            "Kookaburra Card Club",
            "kookaburra card club",
            "Bellbird",
            "x" * 100,
        ]
        + ["X" * 100]
    ):
        Club.objects.create(name=name, slug=f"club-{n}")
    User.objects.create(username="dana", display_name="Dana (director)")
    User.objects.create(username="mia")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    Club = apps.get_model("clubs", "Club")
    User = apps.get_model("accounts", "User")
    names = list(Club.objects.order_by("pk").values_list("name", "name_key"))
    assert [name for name, _key in names] == [
        "Kookaburra Card Club",
        "Kookaburra Card Club (2)",
        "kookaburra card club (3)",
        "Bellbird",
        "x" * 100,
        "X" * 96 + " (2)",
    ]
    assert len({key for _name, key in names}) == len(names)
    assert dict(User.objects.values_list("username", "shown_name_key")) == {
        "dana": "dana (director)",
        "mia": "mia",
    }

    # Back to the latest state for the tests that follow.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
