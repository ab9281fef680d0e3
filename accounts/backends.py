"""The authentication backends: the lockout check (django-axes) first, then Django's own with
the signed-in member read from the cache."""

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import transaction


class LockoutBackend(AxesStandaloneBackend):
    """Refuses a locked-out username and address before the password is checked.

    Every login that comes from the web passes its request (the login forms, the admin's,
    `POST /api/token/`); a call without one comes from our own code (the test client's
    `login()`, a management command), where there is no address to lock out, so it is let through
    to the next backend rather than refused.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class CachedModelBackend(ModelBackend):
    """Django's ModelBackend, but the signed-in member of a session is read from the shared
    cache, not the database, on every request after the first.

    The member is remembered for `USER_CACHE_SECONDS` and forgotten as soon as their account is
    saved or deleted (`forget_user`), and again once that change is committed: a new name, a new
    password (which ends their other sessions, as Django's session hash check sees the new one)
    or a deactivation counts at once. An inactive account is refused as ModelBackend refuses it.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None and password is not None:
            # Wrong credentials: the answer is final. Django's own ModelBackend, listed after
            # this one only for sessions signed in before it, must not check them again.
            raise PermissionDenied
        return user

    def get_user(self, user_id):
        key = user_cache_key(user_id)
        user = cache.get(key)
        if user is None:
            user = super().get_user(user_id)
            if user is not None:
                cache.set(key, user, USER_CACHE_SECONDS)
            return user
        return user if self.user_can_authenticate(user) else None


USER_CACHE_SECONDS = 120


def user_cache_key(user_id) -> str:
    return f"auth:user:{user_id}"


def forget_user(sender, instance, **kwargs) -> None:
    """A saved or deleted account is read afresh by the next request (now, and after commit, so
    a request that read the old row meanwhile doesn't leave it remembered)."""
    if instance.pk is None:
        return
    key = user_cache_key(instance.pk)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key), robust=True)
