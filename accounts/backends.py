"""The lockout check (django-axes) as the first authentication backend."""

from axes.backends import AxesStandaloneBackend


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
