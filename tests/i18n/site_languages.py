"""Whether a language is one of the site's own yet (the i18n machinery of issue 13).

Django's default settings.LANGUAGES already lists mr, ms, pa and ur, so being in that list says
nothing: the site must set LANGUAGES itself and choose the language per request
(LocaleMiddleware)."""

import pytest
from django.conf import settings

LOCALE_MIDDLEWARE = "django.middleware.locale.LocaleMiddleware"


def configured(code: str) -> bool:
    return (
        settings.is_overridden("LANGUAGES")
        and code in {c for c, _name in settings.LANGUAGES}
        and LOCALE_MIDDLEWARE in settings.MIDDLEWARE
    )


def skip_unless_configured(code: str) -> None:
    if not configured(code):
        pytest.skip(
            f"{code} is not one of the site's languages yet (settings.LANGUAGES of the project"
            f" and {LOCALE_MIDDLEWARE})"
        )
