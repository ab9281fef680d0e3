"""Each club's IANA time zone (existing clubs get the site's TIME_ZONE, as they ran on it), and
slugs from names in any script (existing slugs are kept as they are)."""

import accounts.names
import accounts.zones
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0002_club_name_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="time_zone",
            field=models.CharField(
                default=accounts.zones.site_zone_name,
                help_text="The IANA zone the club meets in, e.g. Asia/Kolkata: its nights, registration times and schedules are in this zone.",
                max_length=64,
                validators=[accounts.zones.validate_zone],
                verbose_name="time zone",
            ),
        ),
        migrations.AlterField(
            model_name="club",
            name="slug",
            field=accounts.names.NameSlugField(max_length=110, unique=True),
        ),
    ]
