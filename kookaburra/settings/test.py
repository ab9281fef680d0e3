"""The test suite. DATABASE_URL still selects PostgreSQL (as CI does); tasks run eagerly unless a
test starts a real worker."""

from .base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
CELERY_TASK_ALWAYS_EAGER = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files from the app folders (no collectstatic before tests).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
KOOKABURRA_BOT_DELAY = 0
KOOKABURRA_TRICK_PAUSE = 0
# Throttle counts and reset limits in each test process's memory (so xdist workers never share
# them); tests/conftest.py empties it before every test. Lockouts (axes) live in the test database
# and so vanish with each test's transaction. Production's database cache is tested on its own.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kookaburra-tests",
    },
    # As in production (settings/base.py); emptied before every test like the default.
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kookaburra-test-fragments",
    },
}
# Live events: in process only (parallel test workers' tables share ids), unless a test names
# a Redis server (tests/core/test_live.py uses db 8 of KOOKABURRA_TEST_REDIS_URL).
KOOKABURRA_LIVE_URL = ""
# The API's long poll waits at most this long here (a fuzzed `wait` must not stall the suite);
# tests of the long poll raise it.
KOOKABURRA_LIVE_LONG_POLL_MAX = 0.2
