import secrets

from django.db import migrations, models

import accounts.models


def fill_calendar_tokens(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.filter(calendar_token__isnull=True).only("pk"):
        User.objects.filter(pk=user.pk).update(calendar_token=secrets.token_urlsafe(24))


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="calendar_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(fill_calendar_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="calendar_token",
            field=models.CharField(
                default=accounts.models.new_calendar_token,
                editable=False,
                help_text="Secret part of this member's calendar feed URL.",
                max_length=64,
                unique=True,
            ),
        ),
        migrations.AlterModelOptions(
            name="notice",
            options={"ordering": ["-created_at", "-id"]},
        ),
    ]
