from django.apps import AppConfig
from django.urls import register_converter


class ClubsConfig(AppConfig):
    name = "clubs"

    def ready(self):
        from accounts.names import NameSlugConverter

        # `<name_slug:slug>`: a club's address in any script (clubs, tournaments and ladders
        # URLs). Registered here, before any URLconf is read.
        register_converter(NameSlugConverter, "name_slug")
