"""The models' constraints and small helpers."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from games import services
from games.models import BotLevel, Seat, Table, TableAction, TableHand


@pytest.fixture
def table(four):
    return services.table_create(four[0], game="pitch", players=4, bot_level="easy", seed=3)


def test_a_new_table_has_every_seat_and_stores_every_option(table, four):
    assert table.status == Table.Status.WAITING
    assert [s.number for s in table.seats.all()] == [0, 1, 2, 3]
    assert table.seats.get(number=0).user == four[0]
    assert table.options["target"] == 7 and table.options["partnerships"] is False
    assert table.totals == [0, 0, 0, 0]
    assert str(table) == "North's Auction Pitch table"


def test_a_seat_is_a_person_or_a_bot_never_both(table, four):
    seat = table.seats.get(number=1)
    seat.user = four[1]
    seat.bot_level = BotLevel.EASY
    with pytest.raises(IntegrityError), transaction.atomic():
        seat.save()


def test_a_person_has_one_seat_at_a_table(table, four):
    seat = table.seats.get(number=1)
    seat.user = four[0]
    with pytest.raises(IntegrityError), transaction.atomic():
        seat.save()


def test_action_numbers_are_unique_per_table(four, django_capture_on_commit_callbacks):
    table = services.table_create(four[0], game="pitch", players=3, bot_level="easy", seed=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_fill_with_bots(four[0], table)
    hand = TableHand.objects.get(table=table, number=1)
    first = TableAction.objects.filter(table=table).first()
    assert first is not None  # the bots moved to the person's turn
    with pytest.raises(IntegrityError), transaction.atomic():
        TableAction.objects.create(
            table=table, number=first.number, hand=hand, seat=0, record={"seat": 0, "call": "pass"}
        )


def test_seat_names(table, four):
    seats = {s.number: s for s in table.seats.select_related("user")}
    assert seats[0].name == "North"
    assert seats[1].name == "Empty" and seats[1].is_empty
    with translation.override("ur"):  # the API names an empty seat in the asker's language
        assert seats[1].name != "Empty"
    seats[1].bot_level = BotLevel.CLUB
    assert seats[1].name == "Bot (Club player)" and seats[1].is_bot
    assert "seat 0" in str(Seat.objects.get(table=table, number=0))


def test_bot_levels_match_the_bots():
    from games.bots import BOT_LEVELS

    assert set(BotLevel.values) == set(BOT_LEVELS)


def test_admin_pages_hide_a_hand_in_play(client, four):
    from django.urls import reverse

    admin = four[0]
    admin.is_staff = admin.is_superuser = True
    admin.save()
    table = services.table_create(admin, game="five_hundred", players=4, seed=2)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    client.force_login(admin)
    hand = TableHand.objects.get(table=table, number=1)
    for name, args in [
        ("admin:games_table_changelist", []),
        ("admin:games_table_change", [table.pk]),
        ("admin:games_tablehand_changelist", []),
        ("admin:games_tableaction_changelist", []),
        ("admin:games_houseruleset_changelist", []),
    ]:
        assert client.get(reverse(name, args=args)).status_code == 200, name
    page = client.get(reverse("admin:games_tablehand_change", args=[hand.pk])).content.decode()
    assert "shown when the hand is finished" in page
    assert str(hand.deal["hands"]) not in page and "kitty" not in page


def test_an_unnamed_table_is_called_after_its_opener_in_each_readers_language(four):
    """Opened without a name, a table keeps no name of its own: every reader sees the default
    in their language (it used to be fixed in the opener's)."""
    from django.utils import translation

    table = services.table_create(four[0], game="pitch", players=4)
    assert table.name == "" and table.named_after == "North"
    with translation.override("en-au"):
        assert str(table) == "North's Auction Pitch table"
    with translation.override("ur"):
        assert str(table) == "\u2068North\u2069 کی نیلامی پچ میز"
    with translation.override("ms"):
        assert str(table) == "Meja Pitch Lelong North"
    named = services.table_create(four[1], game="pitch", players=4, name="Tuesday")
    assert (named.name, named.named_after, str(named)) == ("Tuesday", "", "Tuesday")


def test_the_migration_gives_tables_named_by_the_old_default_their_opener_instead(four):
    """Tables opened unnamed before the change kept the default, in their opener's language,
    as their name: the migration turns exactly those (in any of our languages) into tables
    called after their opener; a name someone chose stays."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("games.migrations.0004_table_named_after")
    old_urdu = services.table_create(four[0], game="pitch", players=4)
    old_english = services.table_create(four[1], game="five_hundred", players=4)
    chosen = services.table_create(four[2], game="pitch", players=4, name="Friday pitch")
    Table.objects.filter(pk=old_urdu.pk).update(
        name="\u2068North\u2069 کی نیلامی پچ میز", named_after=""
    )
    Table.objects.filter(pk=old_english.pk).update(name="East's Five Hundred table", named_after="")
    migration.name_after_openers(apps, None)
    for table in (old_urdu, old_english, chosen):
        table.refresh_from_db()
    assert (old_urdu.name, old_urdu.named_after) == ("", "North")
    assert (old_english.name, old_english.named_after) == ("", "East")
    assert (chosen.name, chosen.named_after) == ("Friday pitch", "")
