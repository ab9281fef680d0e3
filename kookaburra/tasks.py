"""Site-wide tasks."""

from celery import shared_task


@shared_task
def ping() -> str:
    """A no-op the health checks and `make run` use to prove the worker is consuming."""
    return "pong"
