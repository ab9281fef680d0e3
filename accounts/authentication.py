"""The API's token authentication: django-rest-knox's, with one query a request.

knox looks at every other token of the user on each request to delete the expired ones: a second
query on every API call (the version poll included). An expired token never authenticates here
either — its own expiry is checked as knox checks it — and the account page lists only live
tokens (`accounts.tokens`), so the other tokens are left for their own next use to clear.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.signals import token_expired


class TokenAuthentication(KnoxTokenAuthentication):
    def _cleanup_token(self, auth_token) -> bool:
        """True (and the token deleted) when this token has expired; no other token is read."""
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            username = auth_token.user.get_username()
            auth_token.delete()
            token_expired.send(sender=self.__class__, username=username, source="auth_token")
            return True
        return False


class TokenScheme(KnoxTokenScheme):
    """The OpenAPI description of this authentication: knox's, under our class's name."""

    target_class = "accounts.authentication.TokenAuthentication"
