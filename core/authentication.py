"""The API's session authentication (in a module of its own: DRF imports authentication classes
while its views module is still loading)."""

from rest_framework.authentication import SessionAuthentication as DRFSessionAuthentication
from rest_framework.settings import api_settings


class SessionAuthentication(DRFSessionAuthentication):
    """Session authentication that answers an anonymous request 401 with the `WWW-Authenticate`
    header of the token authentication configured after it (DRF asks only the first class,
    and a session has no header of its own, so it would answer 403)."""

    def authenticate_header(self, request):
        for auth_class in api_settings.DEFAULT_AUTHENTICATION_CLASSES:
            if issubclass(auth_class, DRFSessionAuthentication):
                continue
            header = auth_class().authenticate_header(request)
            if header:
                return header
        return None
