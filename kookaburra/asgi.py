import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kookaburra.settings.local")

from core.asgi import get_asgi_application  # noqa: E402  (after the settings module is named)

application = get_asgi_application()
