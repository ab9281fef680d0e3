from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "ladders"
    verbose_name = "Ladders and stats"

    def ready(self):
        from . import receivers  # noqa: F401  (connects the signal receivers)
