"""What every app's API shares: one error body for every refusal, and its schema; pagination;
OPTIONS answers (the session authentication is in `core.authentication`, the JSON 404 in
`core.views`).

Every error the API answers is `{"detail": reason, "code": stable code}`; a validation error adds
`fields` (each input field at fault and its messages), a service's refusal may add `field` (and
`fields` with it) and a stale action `action_number`.
"""

from __future__ import annotations

import re

from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.metadata import SimpleMetadata
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import clone_request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from .errors import ServiceError

ERROR_DESCRIPTIONS = {
    400: "Invalid input, or the rules refuse it: `detail` says why (`fields`: each field at "
    "fault).",
    401: "Not signed in (or the token is wrong): send a token, or sign in.",
    403: "Not allowed to do this.",
    404: "There is no such thing (or you may not see it).",
    409: "Clashes with the current state (for example, a stale action number).",
}


class ErrorSerializer(serializers.Serializer):
    """The body of every error answer."""

    detail = serializers.CharField(help_text="Why the request was refused, for people.")
    code = serializers.CharField(help_text="A stable code, e.g. `invalid`, `already_registered`.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Validation errors: each input field at fault and its messages "
        "(`non_field_errors` for the input as a whole).",
    )
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


# What a router's lookup may be: a row's id (no more digits than a 64-bit id has) or a slug. Any
# other path is no route at all, so it answers the JSON 404.
ID_IN_PATH = r"[0-9]{1,18}"
# A club's slug in any script (accounts.names.name_slug): anything but a slash or a dot.
SLUG_IN_PATH = r"[^/.]{1,110}"
# The largest id (and action number) a 64-bit column holds: the schema's bound for id inputs.
ID_MAX = 2**63 - 1


# Errors ------------------------------------------------------------------------------------------


def _messages(detail) -> list[str]:
    """Every message in a (possibly nested) ValidationError detail, flattened."""
    if isinstance(detail, dict):
        return [m for value in detail.values() for m in _messages(value)]
    if isinstance(detail, list):
        return [m for value in detail for m in _messages(value)]
    return [str(detail)]


def _fields(detail) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        return {str(name): _messages(value) for name, value in detail.items()}
    return {api_settings.NON_FIELD_ERRORS_KEY: _messages(detail)}


def validation_body(detail) -> dict:
    fields = _fields(detail)
    if len(fields) == 1:
        (name, messages), *_rest = fields.items()
        if name == api_settings.NON_FIELD_ERRORS_KEY:
            summary = " ".join(messages)
        else:
            summary = f"{name}: {' '.join(messages)}"
    else:
        summary = _("Some fields are not valid: %(names)s.") % {"names": ", ".join(fields)}
    body = {"detail": summary, "code": "invalid", "fields": fields}
    if len(fields) == 1 and name != api_settings.NON_FIELD_ERRORS_KEY:
        body["field"] = name  # as a service's refusal names its one field
    return body


_GENERIC_404 = re.compile(r"^No \w+ matches the given query\.$")


def exception_handler(exc, context):
    """Every refusal as `{"detail", "code"}` (and `fields` for invalid input)."""
    # Imported here: rest_framework.views reads DEFAULT_METADATA_CLASS and
    # DEFAULT_PAGINATION_CLASS, which live in this module, when it loads.
    from rest_framework.views import exception_handler as drf_exception_handler

    if isinstance(exc, ServiceError):
        body = exc.as_json()
        if exc.field:
            body.setdefault("fields", {exc.field: [exc.message]})
        return Response(body, status=exc.status_code)
    if isinstance(exc, Http404) and _GENERIC_404.match(str(exc)):
        # get_object_or_404's own words name our models ("No ClubNight matches the given
        # query.") and are never translated: say it plainly, in the reader's language.
        exc = exceptions.NotFound(_("Not found."))
    elif isinstance(exc, RequestDataTooBig):
        exc = exceptions.ParseError(_("The request is too large."), code="too_large")
    elif isinstance(exc, SuspiciousOperation):
        exc = exceptions.ParseError(_("The request is malformed."), code="bad_request")
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = validation_body(exc.detail)
        return response
    data = response.data
    detail = data.get("detail") if isinstance(data, dict) and len(data) == 1 else None
    if detail is None or isinstance(detail, (list, dict)):  # raised with a structure
        response.data = {**validation_body(data), "code": getattr(exc, "default_code", "error")}
        return response
    code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
    response.data = {"detail": str(detail), "code": str(code)}
    return response


# Query parameters ---------------------------------------------------------------------------------


def whole_param(request, name: str, low: int, high: int | None = None) -> int | None:
    """A whole-number query parameter from `low` (to `high`, when given; else a larger number
    is for the caller to cap), None when absent; anything else is a 400 that says what to give,
    rather than silently read as the default."""
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except ValueError:
        raise exceptions.ValidationError({name: _("Give a whole number.")}) from None
    if high is not None and not low <= value <= high:
        raise exceptions.ValidationError(
            {name: _("Give a number from %(low)s to %(high)s.") % {"low": low, "high": high}}
        )
    if value < low:
        raise exceptions.ValidationError(
            {name: _("Give a whole number of at least %(low)s.") % {"low": low}}
        )
    return value


def choice_param(request, name: str, choices) -> str | None:
    """A query parameter that must be one of `choices` (None when absent): an unknown value is
    a 400 naming the choices, not an empty list."""
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    values = [str(choice) for choice in choices]
    if raw not in values:
        raise exceptions.ValidationError(
            {name: _("Choose one of: %(choices)s.") % {"choices": ", ".join(values)}}
        )
    return raw


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def bool_param(request, name: str) -> bool | None:
    """A yes-or-no query parameter (1, true, yes, on or 0, false, no, off, in any case), None
    when absent; anything else is a 400 rather than silently read as no."""
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    if raw.lower() in _TRUE:
        return True
    if raw.lower() in _FALSE:
        return False
    raise exceptions.ValidationError({name: _("Give true or false (or 1 or 0).")})


# Pagination --------------------------------------------------------------------------------------


class Pagination(LimitOffsetPagination):
    """`?limit=` (1 to MAX_LIMIT, default PAGE_SIZE) and `?offset=` (0 to MAX_OFFSET)."""

    max_limit = 200
    max_offset = 1_000_000_000
    limit_query_description = gettext_lazy(
        "How many to return (default 50, at most 200: a larger limit is taken as 200; 0, a "
        "negative number or text is refused)."
    )
    offset_query_description = gettext_lazy("How many to skip, from the start.")

    def get_limit(self, request):
        value = whole_param(request, self.limit_query_param, 1)
        return self.default_limit if value is None else min(value, self.max_limit)

    def get_offset(self, request):
        value = whole_param(request, self.offset_query_param, 0)
        return 0 if value is None else min(value, self.max_offset)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.limit_query_param:
                parameter["schema"]["minimum"] = 1
            elif parameter["name"] == self.offset_query_param:
                parameter["schema"]["minimum"] = 0
        return parameters


# OPTIONS -----------------------------------------------------------------------------------------


class Metadata(SimpleMetadata):
    """DRF's OPTIONS answer: for each method that takes input (POST, PUT, PATCH) and that the
    asker may use, the fields it takes. Where a view reads its input with a serializer of its
    own (declared for the schema with `extend_schema(request=...)`, as the tables' and nights'
    are), that serializer describes it, not the one the view answers with; an action taking no
    input (`request=None`), or none the view can name, is left out."""

    def determine_actions(self, request, view):
        actions = {}
        for method in ("POST", "PUT", "PATCH"):
            if method not in view.allowed_methods:
                continue
            view.request = clone_request(request, method)
            try:
                if hasattr(view, "check_permissions"):
                    view.check_permissions(view.request)
                serializer = _input_serializer(view, method)
            except (exceptions.APIException, PermissionDenied, Http404):
                continue
            finally:
                view.request = request
            if serializer is not None:
                actions[method] = self.get_serializer_info(serializer)
        return actions


def _input_serializer(view, method: str):
    """The serializer that reads `method`'s input on `view`: the one its handler declares to the
    schema (drf-spectacular's `extend_schema(request=...)`), else the view's own; None when it
    takes none."""
    name = method.lower()
    action_map = getattr(view, "action_map", None)
    if action_map is not None:  # a viewset: POST is `create`, PATCH `partial_update`, …
        name = action_map.get(name, "")
    handler = getattr(view, name, None) if name else None
    schema_class = getattr(handler, "kwargs", {}).get("schema")
    if schema_class is not None:
        schema = schema_class()
        schema.view, schema.method = view, method
        declared = schema.get_request_serializer()
        if isinstance(declared, type) and issubclass(declared, serializers.BaseSerializer):
            return declared()
        if isinstance(declared, serializers.BaseSerializer):
            return declared
        if declared is None:
            return None
    try:
        view.get_serializer_class()
    except (AssertionError, AttributeError):
        return None
    return view.get_serializer()
