"""The errors of seated play. Each carries a message for people and the HTTP status the API
answers with; pages show the message. Whatever raised one has changed nothing."""

from __future__ import annotations

from kookaburra.errors import ServiceError


class GameError(ServiceError):
    """A request about a table that can't be done (see kookaburra.errors)."""


class InvalidInput(GameError):
    """The values given don't make sense (HTTP 400)."""


class IllegalMove(GameError):
    """The rules don't allow that action now (HTTP 400). Its `code` is the engine's refusal
    code (games.engines.base.REFUSAL_CODES: `must_follow`, `bid_too_low`, …), its message the
    refusal in words (games.refusals, in the active language); `message_id` and `params` are
    the engine's, what the words were built from."""

    code = "illegal_action"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        message_id: str = "",
        params: dict | None = None,
    ):
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message_id = message_id or self.code
        self.params = dict(params or {})

    @classmethod
    def from_engine(cls, exc) -> IllegalMove:
        """The engine's IllegalAction, with its code, as the site's refusal in words."""
        from .refusals import refusal_text

        return cls(refusal_text(exc), code=exc.code, message_id=exc.message_id, params=exc.params)


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
