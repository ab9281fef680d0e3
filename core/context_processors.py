"""What every page's layout needs to know about the language (templates/base.html)."""

from django.conf import settings
from django.utils import translation


def language(request):
    """The active language's own stylesheet (its script's web font), when it has one."""
    code = translation.get_language() or settings.LANGUAGE_CODE
    base = translation.get_language_info(code)["code"] if code else ""
    sheet = f"css/lang/{base}.css" if base in settings.KOOKABURRA_FONT_LANGUAGES else ""
    # The language menu names each language in itself ("English" on a Marathi page too), as
    # settings.LANGUAGES does; Django's {% get_available_languages %} translates the names.
    return {"language_stylesheet": sheet, "site_languages": settings.LANGUAGES}
