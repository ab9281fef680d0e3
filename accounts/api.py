"""The accounts API: API tokens (django-rest-knox).

`POST /api/token/` trades a username and password for a token. It goes through Django's
`authenticate`, so django-axes counts its failures and locks it out like the login forms (429
`locked_out`), and it has its own stricter throttle scope, `token` (429 `throttled`).
"""

from django.contrib.auth import authenticate, user_logged_in
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ErrorSerializer
from core.errors import ServiceError

from . import tokens
from .authentication import TokenAuthentication
from .serializers import LoginSerializer, NewTokenSerializer, TokenSerializer
from .throttling import AnonThrottle, ScopedThrottle, UserThrottle

TOO_MANY = OpenApiResponse(
    ErrorSerializer,
    description="Too many requests (`throttled`) or failed log-ins (`locked_out`); "
    "Retry-After says in how many seconds to try again.",
)
BAD_LOGIN = OpenApiResponse(ErrorSerializer, description="Wrong username or password.")
NO_TOKEN = OpenApiResponse(ErrorSerializer, description="No such token of yours.")


class InvalidCredentials(ServiceError):
    code = "invalid_credentials"


@extend_schema(tags=["tokens"])
class ObtainTokenView(APIView):
    """Trade your username and password for an API token (for programs; people use the site)."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (AnonThrottle, UserThrottle, ScopedThrottle)
    throttle_scope = "token"

    @extend_schema(
        summary="Get a token",
        request=LoginSerializer,
        responses={200: NewTokenSerializer, 400: BAD_LOGIN, 429: TOO_MANY},
        auth=[],
    )
    def post(self, request):
        data = LoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # The plain Django request: axes marks it when it locks the pair out, and its middleware
        # then answers 429 (accounts.lockout) instead of this view.
        user = authenticate(
            request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if user is None:
            raise InvalidCredentials(_("Unable to log in with that username and password."))
        token, secret = tokens.token_create(user)
        user_logged_in.send(sender=user.__class__, request=request._request, user=user)
        return Response(
            NewTokenSerializer(
                {"token": secret, "prefix": token.token_key, "expiry": token.expiry}
            ).data
        )


@extend_schema(tags=["tokens"])
class LogoutView(APIView):
    """Revoke the token this request came with."""

    authentication_classes = (TokenAuthentication,)
    permission_classes = (IsAuthenticated,)

    @extend_schema(summary="Revoke this token", request=None, responses={204: None})
    def post(self, request):
        tokens.token_revoke(request.user, request.auth.token_key)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["tokens"])
class LogoutAllView(APIView):
    """Revoke every token of yours (session or token authentication)."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(summary="Revoke all your tokens", request=None, responses={204: None})
    def post(self, request):
        tokens.tokens_revoke_all(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["tokens"])
class TokenListView(APIView):
    """Your live API tokens, newest first (their prefixes: the tokens themselves aren't kept)."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(summary="Your tokens", responses={200: TokenSerializer(many=True)})
    def get(self, request):
        current = request.auth if hasattr(request.auth, "token_key") else None
        rows = tokens.token_list(request.user, current)
        return Response(TokenSerializer(rows, many=True).data)


@extend_schema(tags=["tokens"])
class TokenDetailView(APIView):
    """Revoke one of your tokens by its prefix."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(summary="Revoke a token", responses={204: None, 404: NO_TOKEN})
    def delete(self, request, prefix):
        tokens.token_revoke(request.user, prefix)
        return Response(status=status.HTTP_204_NO_CONTENT)
