from django.apps import AppConfig


class CoreConfig(AppConfig):
    """What every app shares (errors, API helpers, decorators, enqueueing, the health check)."""

    name = "core"
    verbose_name = "Kookaburra core"
