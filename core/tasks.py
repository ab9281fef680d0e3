"""Tasks that belong to no app. (Site-wide tasks that use apps would live in `home.tasks`.)"""

from celery import shared_task


@shared_task
def ping() -> str:
    """A no-op the health checks and `make run` use to prove the worker is consuming."""
    return "pong"
