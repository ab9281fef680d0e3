"""Usernames and display names in any script (letters with their vowel signs and diacritics), and
each username's comparison key (accounts.names.name_key), so sign-up can refuse a username that
reads the same as one already taken."""

from django.db import migrations, models

import accounts.names


def fill_username_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username").iterator():
        User.objects.filter(pk=user.pk).update(username_key=accounts.names.name_key(user.username))


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_cache_table_and_knox_tokens"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_key",
            field=accounts.names.NameKeyField(
                db_index=True,
                help_text="The username as compared (accounts.names.name_key): sign-up refuses "
                "one that reads the same as a username already taken.",
                source="username",
            ),
        ),
        migrations.RunPython(fill_username_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="display_name",
            field=models.CharField(
                blank=True, max_length=60, validators=[accounts.names.validate_display_name]
            ),
        ),
        migrations.AlterField(
            model_name="user",
            name="username",
            field=models.CharField(
                error_messages={"unique": "A user with that username already exists."},
                help_text="150 characters or fewer: letters and vowel signs in any script, "
                "digits and . @ + - _ only.",
                max_length=150,
                unique=True,
                validators=[accounts.names.ScriptUsernameValidator()],
                verbose_name="username",
            ),
        ),
    ]
