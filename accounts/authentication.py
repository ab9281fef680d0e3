"""The API's token authentication: django-rest-knox's, with no query for a token in use.

knox looks at every other token of the user on each request to delete the expired ones: a second
query on every API call (the version poll included). An expired token never authenticates here
either — its own expiry is checked as knox checks it — and the account page lists only live
tokens (`accounts.tokens`), so the other tokens are left for their own next use to clear.

A token that has just authenticated is remembered in the shared cache for `CACHE_SECONDS`, keyed
by its digest (knox stores only the digest), with its user: the next request with it makes no
query. Deleting a token (logout, revocation, a password change, expiry) forgets it at once, as
does deactivating its user (`forget_tokens_of`); its expiry is still checked on every use, and a
token due to have its expiry pushed back (AUTO_REFRESH, at most once a minute) takes knox's own
path, which pushes it back.
"""

from __future__ import annotations

import binascii

from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.crypto import hash_token
from knox.settings import knox_settings
from knox.signals import token_expired
from rest_framework import exceptions

CACHE_SECONDS = 30


def token_digest(token: str) -> str | None:
    """The digest knox stores for `token` (None for something that can't be a token)."""
    try:
        return hash_token(token)
    except (TypeError, ValueError, binascii.Error):
        return None


def token_cache_key(digest: str) -> str:
    return f"auth:token:{digest}"


def forget_token(digest: str) -> None:
    cache.delete(token_cache_key(digest))


def cached_token(digest: str):
    """The AuthToken (with its user) remembered for this digest, or None."""
    return cache.get(token_cache_key(digest))


def _usable_as_cached(auth_token) -> bool:
    """Not expired, and not yet due to have its expiry pushed back."""
    if auth_token.expiry is None:
        return True
    now = timezone.now()
    if auth_token.expiry < now:
        return False
    if knox_settings.AUTO_REFRESH:
        pushed = now + knox_settings.TOKEN_TTL - auth_token.expiry
        return pushed.total_seconds() <= knox_settings.MIN_REFRESH_INTERVAL
    return True


class TokenAuthentication(KnoxTokenAuthentication):
    def authenticate_credentials(self, token):
        raw = token.decode("utf-8") if isinstance(token, bytes) else token
        digest = token_digest(raw)
        if digest is not None:
            auth_token = cached_token(digest)
            if auth_token is not None:
                if _usable_as_cached(auth_token):
                    if not auth_token.user.is_active:
                        raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
                    return auth_token.user, auth_token
                forget_token(digest)  # expired or due a refresh: knox's own path sees to it
        user, auth_token = super().authenticate_credentials(token)
        cache.set(token_cache_key(auth_token.digest), auth_token, CACHE_SECONDS)
        return user, auth_token

    def _cleanup_token(self, auth_token) -> bool:
        """True (and the token deleted) when this token has expired; no other token is read."""
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            username = auth_token.user.get_username()
            auth_token.delete()
            token_expired.send(sender=self.__class__, username=username, source="auth_token")
            return True
        return False


def forget_deleted_token(sender, instance, **kwargs) -> None:
    """A deleted token (logout, revocation, expiry, a password change) stops working at once."""
    forget_token(instance.digest)


def forget_tokens_of(sender, instance, **kwargs) -> None:
    """A deactivated account's remembered tokens are forgotten (they then fail knox's check)."""
    if instance.pk is not None and not instance.is_active:
        from knox.models import AuthToken

        for digest in AuthToken.objects.filter(user_id=instance.pk).values_list(
            "digest", flat=True
        ):
            forget_token(digest)


class TokenScheme(KnoxTokenScheme):
    """The OpenAPI description of this authentication: knox's, under our class's name."""

    target_class = "accounts.authentication.TokenAuthentication"
