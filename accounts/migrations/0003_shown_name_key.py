"""Each member's shown name (display name, else username) as compared by accounts.names, so the
site can refuse a name another member of a shared club already goes by."""

from django.db import migrations

import accounts.names


def fill_shown_name_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "display_name", "username").iterator():
        key = accounts.names.name_key(user.display_name or user.username)
        User.objects.filter(pk=user.pk).update(shown_name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_calendar_token"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="shown_name_key",
            field=accounts.names.NameKeyField(
                db_index=True,
                help_text="The shown name as compared (accounts.names.name_key): two members of "
                "one club never share it.",
                source=["display_name", "username"],
            ),
        ),
        migrations.RunPython(fill_shown_name_keys, migrations.RunPython.noop),
    ]
