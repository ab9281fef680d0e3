from django.apps import AppConfig


class CoreConfig(AppConfig):
    """What every app shares (errors, API helpers, decorators, enqueueing, the health check)."""

    name = "core"
    verbose_name = "Kookaburra core"

    def ready(self):
        # Django knows all four of our languages (catalogues, LANG_INFO with Urdu's bidi flag),
        # but names Punjabi in English where it should name it in Gurmukhi: {% get_language_info %}
        # and anything else reading LANG_INFO then say what the header's menu says.
        from django.conf.locale import LANG_INFO

        LANG_INFO["pa"] = {**LANG_INFO["pa"], "name_local": "ਪੰਜਾਬੀ"}

        # Each language answers a message it has looked up once from a dictionary (core/i18n.py).
        from .i18n import memoize_translations

        memoize_translations()
