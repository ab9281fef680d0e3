"""Gunicorn's settings in production:
`gunicorn -c kookaburra/gunicorn.py kookaburra.asgi:application` (from the project folder). Each worker is a uvicorn event loop serving the ASGI application,
so one process holds thousands of idle live-page streams; sync views run in its threads.

Environment: BIND (default 0.0.0.0:8000), WEB_CONCURRENCY (worker processes; default one per
core), GUNICORN_TIMEOUT (seconds a worker may go silent before it is restarted).
"""

import multiprocessing
import os

bind = os.environ.get("BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_class = "uvicorn_worker.UvicornWorker"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# Open event streams end on their own within minutes; a restart doesn't wait for them.
graceful_timeout = 10
keepalive = 5
accesslog = "-"
