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


@pytest.mark.django_db(transaction=True)
def test_existing_clubs_move_to_the_sites_zone_and_keep_their_slugs(settings):
    """clubs 0003 and accounts 0005: clubs made before zones run on the site's zone, as they
    did; slugs stay exactly as they were; each username gets its comparison key."""
    before = [("clubs", "0002_club_name_key"), ("accounts", "0004_cache_table_and_knox_tokens")]
    after = [
        ("clubs", "0003_club_time_zone_and_unicode_slug"),
        ("accounts", "0006_user_time_zone"),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    Club = apps.get_model("clubs", "Club")
    User = apps.get_model("accounts", "User")
    Club.objects.create(name="Wattle", name_key="wattle", slug="wattle-card-club")
    Club.objects.create(name="Old Two", name_key="old two", slug="club-2")
    User.objects.create(username="ＤＡＮＡ", shown_name_key="dana")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    apps = executor.loader.project_state(after).apps
    Club = apps.get_model("clubs", "Club")
    User = apps.get_model("accounts", "User")
    assert list(Club.objects.order_by("pk").values_list("slug", "time_zone")) == [
        ("wattle-card-club", settings.TIME_ZONE),
        ("club-2", settings.TIME_ZONE),
    ]
    assert list(User.objects.values_list("username_key", "time_zone")) == [("dana", "")]

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
