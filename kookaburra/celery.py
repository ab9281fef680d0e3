"""The Celery application. Configuration comes from Django settings (CELERY_* names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kookaburra.settings.local")

app = Celery("kookaburra")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _make_broker_folders() -> None:
    """The embedded (filesystem) broker needs its folders before a producer or worker starts."""
    from pathlib import Path

    from django.conf import settings

    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}) or {}
    for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
        if options.get(key):
            Path(options[key]).mkdir(parents=True, exist_ok=True)


_make_broker_folders()
