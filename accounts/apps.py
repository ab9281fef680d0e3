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

        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_delete, post_save
        from knox.models import AuthToken

        from .authentication import forget_deleted_token, forget_tokens_of
        from .backends import forget_user

        post_delete.connect(
            forget_deleted_token, sender=AuthToken, dispatch_uid="accounts.forget_token"
        )
        post_save.connect(
            forget_tokens_of, sender=get_user_model(), dispatch_uid="accounts.forget_tokens_of"
        )
        for signal in (post_save, post_delete):
            signal.connect(
                forget_user, sender=get_user_model(), dispatch_uid="accounts.forget_user"
            )
