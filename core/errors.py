"""The errors services raise when a request can't be done.

Each carries a message for people, the form field it belongs to (if any), a stable `code` and the
HTTP status the API answers with (see `core.api.exception_handler`); pages show the
message. Whatever raised one has changed nothing. Each app subclasses these for its own cases
(`clubs.services.ClubError`, `games.errors.GameError`, …).
"""

from __future__ import annotations


class ServiceError(Exception):
    status_code = 400
    code = "invalid"

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def as_json(self) -> dict:
        out = {"detail": self.message, "code": self.code}
        if self.field:
            out["field"] = self.field
        return out
