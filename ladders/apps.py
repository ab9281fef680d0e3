from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LaddersConfig(AppConfig):
    name = "ladders"
    verbose_name = _("Ladders and stats")

    def ready(self):
        from . import receivers  # noqa: F401  (connects the signal receivers)
