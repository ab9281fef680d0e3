"""The API's OpenAPI schema class (a module of its own: drf-spectacular's imports need DRF's views
loaded, and DRF loads `core.api` while loading them)."""

import drf_spectacular.authentication
import drf_spectacular.openapi
from rest_framework.permissions import AllowAny

from .api import ERROR_DESCRIPTIONS, ErrorSerializer, OpenApiResponse


class SessionScheme(drf_spectacular.authentication.SessionScheme):
    """Our session authentication is DRF's, as far as the schema is concerned."""

    target_class = "core.authentication.SessionAuthentication"


class AutoSchema(drf_spectacular.openapi.AutoSchema):
    """drf-spectacular's schema, where every operation also documents the errors any request may
    get: 400 (bad input, a NUL in the address), 404 (a path naming nothing) and, where signing in
    is needed, 401 and 403; each with the one error body. An endpoint's own `responses` add
    others (409) or describe these more closely."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        codes = [400, 404]
        if not all(isinstance(p, AllowAny) for p in self.view.get_permissions()):
            codes += [401, 403]
        for code in codes:
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(
                    OpenApiResponse(ErrorSerializer, description=ERROR_DESCRIPTIONS[code]),
                    str(code),
                    direction=direction,
                )
        return responses
