from django.apps import AppConfig


class KookaburraConfig(AppConfig):
    """The project itself, above every app: site-wide tasks and the `load_demo` command."""

    name = "kookaburra"
    verbose_name = "Kookaburra"
