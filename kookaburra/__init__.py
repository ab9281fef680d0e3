"""The configuration: settings, URLs (`urls.py`, `api_urls.py`), the Celery app and its embedded
broker transport, WSGI and ASGI entry points. No models, views or logic of its own.

May import: any app (the URL configuration includes them all). No app imports it: apps read
settings through `django.conf.settings`, and the settings name apps' classes only in strings.
"""

from .celery import app as celery_app

__all__ = ("celery_app",)
