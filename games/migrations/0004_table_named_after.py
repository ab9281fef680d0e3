"""Tables opened without a name are called after whoever opened them in each reader's language
(`Table.named_after`); tables made before kept that default in their opener's language as their
name, and are given the new field instead when their name is exactly that default."""

from django.conf import settings
from django.db import migrations, models
from django.utils import translation
from django.utils.translation import gettext

GAMES = {"five_hundred": "Five Hundred", "pitch": "Auction Pitch"}


def defaults_of(shown_name: str, game: str) -> set[str]:
    names = set()
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            names.add(
                gettext("%(name)s's %(game)s table")
                % {"name": shown_name, "game": gettext(GAMES[game])}
            )
    return names


def name_after_openers(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    tables = Table.objects.exclude(name="").filter(created_by__isnull=False)
    for table in tables.select_related("created_by").iterator():
        shown = table.created_by.display_name or table.created_by.username
        if table.game in GAMES and table.name in defaults_of(shown, table.game):
            table.named_after = shown[:150]
            table.name = ""
            table.save(update_fields=["name", "named_after"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_boards_and_deal_commitments"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="named_after",
            field=models.CharField(
                blank=True,
                help_text=(
                    "Who opened a table left unnamed: it is called after them in each reader's "
                    "language."
                ),
                max_length=150,
            ),
        ),
        migrations.RunPython(name_after_openers, migrations.RunPython.noop),
    ]
