"""The errors of seated play. Each carries a message for people and the HTTP status the API
answers with; pages show the message. Whatever raised one has changed nothing."""

from __future__ import annotations

from kookaburra.errors import ServiceError


class GameError(ServiceError):
    """A request about a table that can't be done (see kookaburra.errors)."""


class InvalidInput(GameError):
    """The values given don't make sense (HTTP 400)."""


class IllegalMove(GameError):
    """The rules don't allow that action now; the message is the engine's (HTTP 400)."""

    code = "illegal_action"


class NotAllowed(GameError):
    """This person may not do this (HTTP 403)."""

    status_code = 403
    code = "not_allowed"


class NotSeated(NotAllowed):
    code = "not_seated"


class NotYourSeat(NotAllowed):
    code = "not_your_seat"


class NotFound(GameError):
    status_code = 404
    code = "not_found"


class Conflict(GameError):
    """The request clashes with the table as it is now (HTTP 409)."""

    status_code = 409
    code = "conflict"


class StaleAction(Conflict):
    """The action named an action number the game has moved past (or not reached)."""

    code = "stale_action"

    def __init__(self, message: str, *, action_number: int):
        super().__init__(message)
        self.action_number = action_number

    def as_json(self) -> dict:
        out = super().as_json()
        out["action_number"] = self.action_number
        return out


class NotYourTurn(Conflict):
    code = "not_your_turn"


class SeatTaken(Conflict):
    code = "seat_taken"


class TableStarted(Conflict):
    code = "table_started"


class TableNotPlaying(Conflict):
    code = "not_playing"


class HandNotFinished(Conflict):
    code = "hand_not_finished"
