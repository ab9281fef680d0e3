"""The cache table (throttle counts, reset limits) and DRF's old API tokens moved to knox.

The cache table is what CACHES uses without Redis (`kookaburra_cache`, as `createcachetable`
makes it). Old `rest_framework.authtoken` tokens keep working: each becomes a knox token (only
its hash is kept) that dies after TOKEN_TTL unless used; the old table is then dropped.
"""

from datetime import UTC, timedelta

from django.db import migrations

CACHE_TABLE = "kookaburra_cache"
OLD_TOKENS = "authtoken_token"


def create_cache_table(apps, schema_editor):
    from django.core.management.commands.createcachetable import Command

    command = Command()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, CACHE_TABLE, dry_run=False)


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(CACHE_TABLE)}")


def move_drf_tokens_to_knox(apps, schema_editor):
    from django.utils import timezone
    from django.utils.dateparse import parse_datetime
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS, knox_settings

    connection = schema_editor.connection
    if OLD_TOKENS not in connection.introspection.table_names():
        return
    AuthToken = apps.get_model("knox", "AuthToken")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {schema_editor.quote_name('key')}, user_id, created FROM {OLD_TOKENS}")
        rows = cursor.fetchall()
    ttl = knox_settings.TOKEN_TTL or timedelta(days=30)
    expiry = timezone.now() + ttl
    for key, user_id, created in rows:
        token = AuthToken(
            digest=hash_token(key),
            token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH],
            user_id=user_id,
            expiry=expiry,
        )
        token.save(force_insert=True)
        if isinstance(created, str):
            created = parse_datetime(created)
        if created is not None:
            if timezone.is_naive(created):
                created = timezone.make_aware(created, UTC)
            AuthToken.objects.filter(pk=token.pk).update(created=created)
    schema_editor.execute(f"DROP TABLE {schema_editor.quote_name(OLD_TOKENS)}")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_shown_name_key"),
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [
        migrations.RunPython(create_cache_table, drop_cache_table),
        migrations.RunPython(move_drf_tokens_to_knox, migrations.RunPython.noop),
    ]
