"""The ladders' refusals: a message for people and an HTTP status."""

from __future__ import annotations

from core.errors import ServiceError


class LadderError(ServiceError):
    """A request the ladders refuse, with a message for people and an HTTP status."""


class NotAllowed(LadderError):
    status_code = 403
    code = "not_allowed"


class InvalidInput(LadderError):
    status_code = 400
    code = "invalid"
