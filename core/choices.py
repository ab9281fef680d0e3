"""Choices shared by apps that must not import each other (clubs, games, tournaments)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.TextChoices):
    """The two games. The values are the `game` keys of the hand-record format."""

    FIVE_HUNDRED = "five_hundred", _("Five Hundred")
    PITCH = "pitch", _("Auction Pitch")
