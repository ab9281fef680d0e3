from django.apps import AppConfig


class KookaburraConfig(AppConfig):
    """The project itself, above every app: site-wide tasks and the `load_demo` command."""

    name = "kookaburra"
    verbose_name = "Kookaburra"

    def ready(self):
        # Django knows all four of our languages (catalogues, LANG_INFO with Urdu's bidi flag),
        # but names Punjabi in English where it should name it in Gurmukhi: {% get_language_info %}
        # and anything else reading LANG_INFO then say what the header's menu says.
        from django.conf.locale import LANG_INFO

        LANG_INFO["pa"] = {**LANG_INFO["pa"], "name_local": "ਪੰਜਾਬੀ"}
