"""Settings from the environment, the production checks, and a real Celery worker round trip."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)


def _env(**extra):
    unwanted = {"DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in unwanted}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(extra)
    return env


def _python(code: str, env: dict) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_with_nothing_set_the_site_uses_sqlite_and_the_embedded_broker(tmp_path):
    out = _python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE']); print(s.CELERY_BROKER_URL)",
        _env(KOOKABURRA_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="kookaburra.settings.local"),
    )
    assert out.splitlines() == ["django.db.backends.sqlite3", "filesystem://localhost/"]


def test_database_and_broker_urls_switch_to_postgresql_and_redis(tmp_path):
    out = _python(
        "import django; django.setup(); from django.conf import settings as s; "
        "d = s.DATABASES['default']; print(d['ENGINE'], d['NAME'], d['HOST']); "
        "print(s.CELERY_BROKER_URL)",
        _env(
            KOOKABURRA_VAR_DIR=str(tmp_path),
            DJANGO_SETTINGS_MODULE="kookaburra.settings.local",
            DATABASE_URL="postgres://kb@db.example:5432/clubdb",
            CELERY_BROKER_URL="redis://cache.example:6379/1",
        ),
    )
    assert out.splitlines() == [
        "django.db.backends.postgresql clubdb db.example",
        "redis://cache.example:6379/1",
    ]


def test_production_settings_pass_check_deploy(tmp_path):
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_env(
            KOOKABURRA_VAR_DIR=str(tmp_path),
            DJANGO_SETTINGS_MODULE="kookaburra.settings.production",
            DJANGO_SECRET_KEY="x" * 20 + "a-long-random-production-secret-key-for-the-check",
            DJANGO_ALLOWED_HOSTS="cards.example.org",
            EMAIL_HOST="smtp.example.org",
        ),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout


def test_production_settings_refuse_to_start_without_a_secret_key(tmp_path):
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=_env(
            KOOKABURRA_VAR_DIR=str(tmp_path),
            DJANGO_SETTINGS_MODULE="kookaburra.settings.production",
        ),
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY" in done.stderr


def _round_trip(env: dict, tmp_path: Path) -> str:
    """Start a real worker, send it a task from another process, and return the worker's log."""
    log = tmp_path / "worker.log"
    with open(log, "w") as sink:
        worker = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "celery"),
                "-A",
                "kookaburra",
                "worker",
                "--pool",
                "solo",
                "--without-mingle",
                "--without-gossip",
            ],
            cwd=ROOT,
            env={**env, "LOG_LEVEL": "INFO"},
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "ready" not in (
            log.read_text() if log.exists() else ""
        ):
            time.sleep(0.2)
        _python("import django; django.setup(); from core.tasks import ping; ping.delay()", env)
        while time.monotonic() < deadline:
            text = log.read_text()
            if "core.tasks.ping" in text and "succeeded" in text:
                return text
            time.sleep(0.2)
        return log.read_text()
    finally:
        worker.terminate()
        worker.wait(timeout=10)


def test_a_real_worker_consumes_from_the_embedded_broker(tmp_path):
    env = _env(KOOKABURRA_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="kookaburra.settings.local")
    text = _round_trip(env, tmp_path)
    assert "succeeded" in text, text


@pytest.mark.skipif(
    not os.environ.get("CELERY_BROKER_URL", "").startswith("redis://"),
    reason="CELERY_BROKER_URL does not name a Redis server",
)
def test_a_real_worker_consumes_from_redis(tmp_path):
    env = _env(
        KOOKABURRA_VAR_DIR=str(tmp_path),
        DJANGO_SETTINGS_MODULE="kookaburra.settings.local",
        CELERY_BROKER_URL=os.environ["CELERY_BROKER_URL"],
    )
    text = _round_trip(env, tmp_path)
    assert "succeeded" in text, text
