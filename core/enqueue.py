"""Follow-up work, enqueued once the change that calls for it is committed.

Every app sends its Celery tasks through `enqueue_on_commit`. The change the person asked for is
what matters: if the broker can't be reached (or anything else goes wrong sending the task), the
change still stands, the failure is logged, the request answers as usual and the other
after-commit callbacks still run. The periodic sweeps in `CELERY_BEAT_SCHEDULE` (stalled bots,
unrecorded games, online tournament results) later do the work whose task was lost.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from django.db import transaction

logger = logging.getLogger(__name__)


def enqueue_on_commit(task, *args: Any, countdown: float | None = None, using=None) -> None:
    """Send `task(*args)` to the workers after the current transaction commits (at once when
    there is none); with `countdown`, to be run that many seconds later. Never raises."""
    send = functools.partial(_send, task, args, countdown)
    transaction.on_commit(send, using=using, robust=True)


def _send(task, args: tuple, countdown: float | None) -> None:
    options = {} if countdown is None else {"countdown": countdown}
    try:
        task.apply_async(args=args, **options)
    except Exception:
        logger.exception(
            "Could not enqueue %s%r: the change stands, and a periodic sweep will do the work.",
            getattr(task, "name", task),
            args,
        )
