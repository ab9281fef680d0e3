"""The zone a member reads their own pages in (blank: the site's TIME_ZONE)."""

from django.db import migrations, models

import accounts.zones


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_username_in_any_script"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="time_zone",
            field=models.CharField(
                blank=True,
                help_text="The zone your dashboard, My nights and notices are shown in. Blank: "
                "the site's.",
                max_length=64,
                validators=[accounts.zones.validate_zone],
                verbose_name="time zone",
            ),
        ),
    ]
