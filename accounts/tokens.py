"""API tokens (django-rest-knox): made by `POST /api/token/`, listed and revoked by their owner.

Knox stores only a hash of each token and its first characters (`token_key`, shown as the
token's "prefix"). Every use pushes the expiry back by TOKEN_TTL (AUTO_REFRESH, at most one write
a minute), so a token unused for TOKEN_TTL dies, and the last use is the expiry less TOKEN_TTL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from knox.models import AuthToken
from knox.settings import knox_settings

from core.errors import ServiceError


class TokenNotFound(ServiceError):
    status_code = 404
    code = "not_found"


@dataclass(frozen=True)
class TokenRow:
    prefix: str
    created: datetime
    expiry: datetime | None
    last_used: datetime | None
    current: bool = False


def _live(user):
    now = timezone.now()
    return AuthToken.objects.filter(user=user).filter(Q(expiry__isnull=True) | Q(expiry__gt=now))


def _last_used(token: AuthToken) -> datetime | None:
    """When the token was last used, to the minute; None if not since it was made."""
    if token.expiry is None:
        return None
    used = token.expiry - knox_settings.TOKEN_TTL
    if used - token.created <= timedelta(seconds=knox_settings.MIN_REFRESH_INTERVAL):
        return None
    return used


def ttl_days() -> int:
    return knox_settings.TOKEN_TTL.days


def token_create(user) -> tuple[AuthToken, str]:
    """A new token for `user`: the stored row and the token itself (shown once, never stored)."""
    return AuthToken.objects.create(user=user)


def token_list(user, current: AuthToken | None = None) -> list[TokenRow]:
    """`user`'s live tokens, newest first (`current`: the one this request came with)."""
    return [
        TokenRow(
            prefix=token.token_key,
            created=token.created,
            expiry=token.expiry,
            last_used=_last_used(token),
            current=current is not None and token.digest == current.digest,
        )
        for token in _live(user).order_by("-created", "digest")
    ]


def token_revoke(user, prefix: str) -> None:
    """Revoke `user`'s token with that prefix; TokenNotFound if they have none."""
    with transaction.atomic():
        deleted, _by_model = AuthToken.objects.filter(user=user, token_key=prefix).delete()
    if not deleted:
        raise TokenNotFound(_("You have no API token with that prefix."))


def tokens_revoke_all(user) -> int:
    """Revoke every token of `user` (a password change or reset does this too); how many."""
    deleted, _by_model = AuthToken.objects.filter(user=user).delete()
    return deleted
