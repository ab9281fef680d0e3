from django.apps import AppConfig


class HomeConfig(AppConfig):
    """Above every app: the home page's dashboard and the `load_demo` command."""

    name = "home"
    verbose_name = "Kookaburra home"
