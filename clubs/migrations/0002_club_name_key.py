"""Club names compared as people read them: a `name_key` column (accounts.names.name_key) that no
two clubs share.

Clubs that already share a name (or one that reads the same) keep it in order of creation: the
first keeps its name, the later ones get " (2)", " (3)", … so the constraint can hold. Their
owners can rename them afterwards.
"""

from django.db import migrations, models

import accounts.names


def fill_name_keys(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    taken = set()
    for club in Club.objects.order_by("created_at", "pk").only("pk", "name"):
        name, key = club.name, accounts.names.name_key(club.name)
        n = 2
        while key in taken:
            suffix = f" ({n})"
            name = club.name[: 100 - len(suffix)].rstrip() + suffix
            key = accounts.names.name_key(name)
            n += 1
        taken.add(key)
        Club.objects.filter(pk=club.pk).update(name=name, name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="name_key",
            field=accounts.names.NameKeyField(
                help_text="The name as compared (accounts.names.name_key): no two clubs share it.",
                source="name",
            ),
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="club",
            constraint=models.UniqueConstraint(fields=("name_key",), name="unique_club_name"),
        ),
    ]
