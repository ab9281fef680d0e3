from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        # Every app's notices.py registers the notices it sends (accounts.notices).
        autodiscover_modules("notices")

        from django.contrib.auth.signals import user_logged_in

        from .languages import language_at_login

        user_logged_in.connect(language_at_login, dispatch_uid="accounts.language_at_login")
