"""Settings shared by every environment. Every value that differs between machines comes from the
environment; with nothing set the site runs on SQLite with an embedded Celery broker."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("KOOKABURRA_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)  # the SQLite file, the embedded broker, beat's schedule


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-do-not-use-in-production")
DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and ReDoc served from our static files
    "django_htmx",
    "core",
    "accounts",
    "clubs",
    "games",
    "tournaments",
    "ladders",
    "home",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.RefuseNulMiddleware",
    # A table's "anything new?" poll answered from the cache when it can be (games.polling).
    "games.polling.FastPollMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the cookie (set_language), then Accept-Language; after the session, before
    # CommonMiddleware (Django's documented place).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Logging in brings the account's own language (User.language) to this browser's cookie.
    "accounts.middleware.AccountLanguageMiddleware",
    # A club's public pages speak the club's language to visitors who chose none.
    "clubs.middleware.ClubLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: turns a login refused for too many failures into the lockout answer.
    "axes.middleware.AxesMiddleware",
]

if env_bool("KOOKABURRA_QUERY_COUNT_HEADER", False):
    MIDDLEWARE.insert(0, "core.middleware.QueryCountMiddleware")

# Content Security Policy: scripts and styles only from our own static files. No inline script
# at all (the pages' few handlers live in static/js/site.js); htmx is told not to inject its
# indicator <style> (templates/base.html) and never to eval. `style="…"` attributes are allowed
# (the night page's seat meter, Swagger UI's layout): they can't run code.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

ROOT_URLCONF = "kookaburra.urls"
WSGI_APPLICATION = "kookaburra.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # The `date` filter with the reader's own comma (core.dates).
            "builtins": ["core.templatetags.dates"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.notices",
                "core.context_processors.language",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{VAR_DIR / 'kookaburra.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}
# Production draws connections from a pool (DATABASE_POOL=true: psycopg's, PostgreSQL only),
# whose size caps how many a web process holds (DATABASE_POOL_MAX, default 10). Without it, each
# of an ASGI process's threads (up to KOOKABURRA_SYNC_THREADS) keeps a connection of its own for
# DATABASE_CONN_MAX_AGE seconds: faster under load (bench/table_load.py), but with no cap.
if env_bool("DATABASE_POOL", False) and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DATABASE_POOL_MAX", "10")),
        "timeout": 10,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a lock rather than fail at once; the web server and the worker share the file.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
# Axes first: it refuses a locked-out login before the password is even checked.
AUTHENTICATION_BACKENDS = [
    "accounts.backends.LockoutBackend",
    # Django's ModelBackend, with a session's member read from the cache (accounts.backends).
    "accounts.backends.CachedModelBackend",
    # Only for sessions signed in before the cached backend came (they name this one): the
    # cached backend refuses wrong credentials itself, so no login ever reaches it.
    "django.contrib.auth.backends.ModelBackend",
]

# The cache holds the API's throttle counts and the password-reset limits, so every process (web
# workers, Celery) must share it: Redis when CACHE_URL names one (do, on a busy site), otherwise a
# table in the database (SQLite or PostgreSQL; accounts' migration 0003 creates it), which costs
# each API request about four small queries.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {"default": {"BACKEND": "core.cache.RedisCache", "LOCATION": CACHE_URL}}
    # Sessions are read from Redis (and written through to the database, which keeps them if
    # the cache is lost): a signed-in page or poll costs one query fewer.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "kookaburra_cache",
            # Culling past MAX_ENTRIES would forget throttle counts; keep plenty.
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }

# Rendered pieces of pages that only ever grow by appending (a table's score sheet, keyed on its
# finished hands): kept in each process's memory, since any process can rebuild them and a shared
# cache would cost a round trip (or, with no Redis, a query) to save little.
CACHES["fragments"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "kookaburra-fragments",
    "TIMEOUT": 3600,
    "OPTIONS": {"MAX_ENTRIES": 2000},
}

# Live pages (core/live.py): events ("table 17 is at version 212") travel through Redis pub/sub
# when a Redis server is named here, so any web process can serve any viewer's stream. Default: the
# cache's Redis, else the broker's; with neither, streams re-read versions every
# KOOKABURRA_LIVE_POLL seconds (fine for `make run`).
KOOKABURRA_LIVE_URL = os.environ.get("KOOKABURRA_LIVE_URL") or next(
    (
        url
        for url in (CACHE_URL, os.environ.get("CELERY_BROKER_URL", ""))
        if url.startswith(("redis://", "rediss://"))
    ),
    "",
)
KOOKABURRA_LIVE_POLL = float(os.environ.get("KOOKABURRA_LIVE_POLL", "0.5"))
KOOKABURRA_LIVE_HEARTBEAT = 15.0  # seconds between heartbeat comments on a stream
KOOKABURRA_LIVE_LIFETIME = float(os.environ.get("KOOKABURRA_LIVE_LIFETIME", "300"))

# How many reverse proxies stand in front of the site (each adds itself to X-Forwarded-For). With
# none, a client's address is REMOTE_ADDR; lockouts and throttles are per address.
PROXY_COUNT = int(os.environ.get("KOOKABURRA_PROXY_COUNT", "0"))

# Lockouts (django-axes) on every login form (the site's, the admin's) and on POST /api/token/:
# after AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is
# refused for AXES_COOLOFF_TIME; every further failure restarts the wait, a success clears it.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"  # as DRF's throttles see it

# At most this many password-reset emails per address per hour; further requests get the same
# page but send nothing.
KOOKABURRA_PASSWORD_RESETS_PER_HOUR = 3

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Languages. English is the source language (Australian English: dates read "1 December 2026");
# each other language has locale/<code>/LC_MESSAGES/django.po, a GLOSSARY.md beside it, and its
# script's font (static/css/lang/<code>.css). The names are each language's own name for itself,
# as the header's language menu shows them; they are not translated. See README "Languages".
LANGUAGE_CODE = "en-au"
LANGUAGES = [
    ("en-au", "English"),
    ("mr", "मराठी"),
    ("ms", "Bahasa Melayu"),
    ("pa", "ਪੰਜਾਬੀ"),
    ("ur", "اردو"),
]
# Languages written right to left (Django's LANG_INFO says the same; <html dir> comes from it).
LANGUAGES_BIDI = ["ur"]
# Languages whose script needs a web font of ours (static/css/lang/<code>.css loads it).
KOOKABURRA_FONT_LANGUAGES = ["mr", "pa", "ur"]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language chosen before sign-in lives in this cookie for a year (set_language sets it).
LANGUAGE_COOKIE_NAME = "kookaburra_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = os.environ.get("KOOKABURRA_TIME_ZONE", "Australia/Sydney")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Email (Django 6.1's MAILERS). Console output unless EMAIL_HOST names an SMTP server.
if os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": int(os.environ.get("EMAIL_PORT", "587")),
                "username": os.environ.get("EMAIL_HOST_USER") or None,
                "password": os.environ.get("EMAIL_HOST_PASSWORD") or None,
                "use_tls": env_bool("EMAIL_USE_TLS", True),
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Kookaburra <noreply@kookaburra.local>")
SITE_NAME = "Kookaburra"
# The site's public address, for links in emails and calendar feeds.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Seconds a bot waits before its move, so play looks human (0 runs bots at once).
KOOKABURRA_BOT_DELAY = float(os.environ.get("KOOKABURRA_BOT_DELAY", "0.8"))
# Added to a bot's pause when a trick has just been won, so that the players see the trick (it
# stays on the felt until the next card is led).
KOOKABURRA_TRICK_PAUSE = float(os.environ.get("KOOKABURRA_TRICK_PAUSE", "1.2"))
# The expert bot's thinking allowance a decision, counted in engine actions its play-outs apply
# (see bench/bots.py for what it costs in time). Blank: each game's default (16000 for Five
# Hundred, 32000 for Pitch; games.bots.EXPERT_BUDGETS).
KOOKABURRA_EXPERT_BUDGET = (
    int(os.environ["KOOKABURRA_EXPERT_BUDGET"])
    if os.environ.get("KOOKABURRA_EXPERT_BUDGET")
    else None
)

# Celery. With no CELERY_BROKER_URL the broker is a folder on disk (kombu's filesystem transport):
# a real worker process consumes from it and no server is needed.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://localhost/")
if CELERY_BROKER_URL.startswith("filesystem://"):
    # kombu's filesystem transport, with messages written whole before a worker sees them.
    CELERY_BROKER_TRANSPORT = "kookaburra.broker:Transport"
    _broker_dir = VAR_DIR / "celery-broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
        "polling_interval": 0.2,  # seconds; bots' moves should appear promptly
    }
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # Django's LOGGING (LOG_LEVEL) governs the worker too
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE: dict = {
    # A lost bot task or a restarted worker never stalls a game.
    "games-nudge-stalled-bots": {"task": "games.tasks.nudge_stalled_bots", "schedule": 5.0},
    # Physical tournament results reach the ladders at once (tournaments.signals.result_confirmed);
    # this sweep catches any whose task was lost.
    "ladders-sync-tournament-results": {
        "task": "ladders.tasks.sync_tournament_results",
        "schedule": 60.0,
    },
    # Follow-up work is enqueued on commit without ever failing the request
    # (core.enqueue); these sweeps redo what a broker outage lost.
    "ladders-record-lost-table-games": {
        "task": "ladders.tasks.record_lost_table_games",
        "schedule": 60.0,
    },
    "tournaments-record-lost-online-results": {
        "task": "tournaments.tasks.record_lost_online_results",
        "schedule": 60.0,
    },
    # Robot duplicate: close events whose window has passed (revealing their boards), and make
    # the site's daily event ahead of its day.
    "tournaments-robot-close-events": {
        "task": "tournaments.tasks.robot_close_events",
        "schedule": 60.0,
    },
    "tournaments-robot-daily-event": {
        "task": "tournaments.tasks.robot_daily_event",
        "schedule": 3600.0,
    },
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's session authentication, but an anonymous call gets 401 and the token's header.
        "core.authentication.SessionAuthentication",
        "accounts.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "core.api_schema.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "core.parsers.JSONParser",  # a body nested too deeply is a 400 (DRF's own gives a 500)
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "core.api.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_METADATA_CLASS": "core.api.Metadata",
    # Too many requests: 429 with `detail`, `code` ("throttled") and Retry-After.
    "DEFAULT_THROTTLE_CLASSES": [
        "accounts.throttling.AnonThrottle",
        "accounts.throttling.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": "120/minute",  # per address
        "user": "600/minute",  # per signed-in person
        "token": "30/hour",  # POST /api/token/, per address
    },
    "NUM_PROXIES": PROXY_COUNT or None,
}
# API tokens (django-rest-knox): stored hashed; each use pushes the expiry back, so a token
# unused for TOKEN_TTL dies. A password change or reset revokes all of an account's tokens.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=30),
    "AUTO_REFRESH": True,
    "MIN_REFRESH_INTERVAL": 60,  # seconds: at most one write per token a minute
    "AUTH_HEADER_PREFIX": "Token",
    "TOKEN_PREFIX": "kb_",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Kookaburra API",
    "DESCRIPTION": "Clubs, club nights, tables, tournaments and ladders for Five Hundred and Pitch.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs pages load Swagger UI and ReDoc from our static files (drf-spectacular-sidecar).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "core.choices.Game",
        "MembershipRoleEnum": "clubs.models.Membership.Role",
        "RegistrationStatusEnum": "clubs.models.Registration.Status",
        "JoinRequestStatusEnum": "clubs.models.JoinRequest.Status",
        "NightStatusEnum": "clubs.models.ClubNight.Status",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "TournamentRoundStatusEnum": "tournaments.models.Round.Status",
        "TournamentResultStatusEnum": "tournaments.models.TableResult.Status",
        "DuplicateScoringEnum": "tournaments.models.Tournament.Scoring",
        "RobotEventScoringEnum": "tournaments.robot_models.RobotEvent.Scoring",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # Celery sets its own loggers' levels; follow LOG_LEVEL here too.
    "loggers": {
        "celery": {"level": os.environ.get("LOG_LEVEL", "INFO")},
        # Axes logs every login at INFO; failures and lockouts (WARNING) are what matter.
        "axes": {"level": "WARNING"},
    },
}
