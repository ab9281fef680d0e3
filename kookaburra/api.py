"""What every app's API shares: service errors as HTTP answers, and their schema."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import ServiceError

ERROR_DESCRIPTIONS = {
    400: "Invalid input, or the rules refuse it: `detail` says why.",
    403: "Not signed in, or not allowed to do this.",
    404: "There is no such thing (or you may not see it).",
    409: "Clashes with the current state (for example, a stale action number).",
}


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="Why the request was refused, for people.")
    code = serializers.CharField(help_text="A stable code, e.g. `already_registered`.")
    field = serializers.CharField(required=False, help_text="The input field at fault, if any.")
    action_number = serializers.IntegerField(
        required=False, help_text="With `stale_action`: the table's action count now."
    )


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """Schema entries for the error answers an endpoint can give."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=ERROR_DESCRIPTIONS[code])
        for code in codes
    }


def exception_handler(exc, context):
    """DRF's handler, plus: a service's refusal becomes its status with `detail` and `code`."""
    if isinstance(exc, ServiceError):
        return Response(exc.as_json(), status=exc.status_code)
    return drf_exception_handler(exc, context)
