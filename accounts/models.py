from django.contrib.auth.models import AbstractUser
from django.db import models

from kookaburra.choices import Game


class User(AbstractUser):
    """A member of the site. `display_name` is what other players see."""

    display_name = models.CharField(max_length=60, blank=True)
    games = models.JSONField(
        default=list, blank=True, help_text=f"Games this player plays: {', '.join(Game.values)}."
    )

    def __str__(self):
        return self.display_name or self.username

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username


class Notice(models.Model):
    """An in-site notice for one user (promoted from a waitlist, a request approved, …)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notices")
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self):
        return f"{self.user}: {self.text}"
