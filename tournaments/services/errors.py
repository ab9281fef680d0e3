"""The errors of the tournament services. Each carries a message for people and the HTTP status
the API answers with; pages show the message. Whatever raised one has changed nothing."""

from __future__ import annotations

from core.errors import ServiceError


class TournamentError(ServiceError):
    """A request about a tournament that can't be done (see core.errors)."""


class InvalidInput(TournamentError):
    """The values given don't make sense (HTTP 400)."""


class NotAllowed(TournamentError):
    """This person may not do this (HTTP 403)."""

    status_code = 403
    code = "not_allowed"


class Conflict(TournamentError):
    """The request clashes with the tournament as it is now (HTTP 409)."""

    status_code = 409
    code = "conflict"


class WrongStatus(Conflict):
    """The tournament (or round) is not at the stage this needs."""

    code = "wrong_status"


class RoundUnfinished(Conflict):
    """A round still has tables without a confirmed result."""

    code = "round_unfinished"


class ResultExists(Conflict):
    """The table already has a result (confirm it, or ask a director to correct it)."""

    code = "result_exists"


class AlreadyEntered(Conflict):
    """The person is already in another entrant of the tournament."""

    code = "already_entered"
