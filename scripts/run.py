"""`make run`: migrate, load the demo, then serve the site and a Celery worker until Ctrl-C.

The web server (uvicorn, serving the ASGI application, so the live pages' event streams are held
without tying up a thread each) and the worker (with its beat scheduler) run as child processes;
Ctrl-C (or SIGTERM) stops both. With no DATABASE_URL / CELERY_BROKER_URL this uses SQLite and the
embedded filesystem broker, so nothing else needs to be installed (live pages then re-read the
versions they watch every half second instead of hearing from Redis).

HOST and PORT (default 127.0.0.1 and 8000) say where the web server listens; SITE_URL, the address
links in emails use, follows them unless it is set.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HOST = os.environ.get("HOST", "127.0.0.1")
PORT = os.environ.get("PORT", "8000")
# Addresses that mean "every interface": fine to listen on, no good in a link.
WILDCARD_HOSTS = {"0.0.0.0", "::", "[::]", ""}


def site_url(host: str, port: str, environ=os.environ) -> str:
    """The address links in emails should use: SITE_URL when it is set, else the address this
    script serves on (so emails from a site on port 8111 link to port 8111)."""
    if environ.get("SITE_URL"):
        return environ["SITE_URL"]
    if host in WILDCARD_HOSTS:
        host = "127.0.0.1"
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    return f"http://{host}:{port}"


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, check=True)


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kookaburra.settings.local")
    # The web server and the worker (which sends the emails) both read it from here.
    os.environ["SITE_URL"] = site_url(HOST, PORT)
    manage("migrate", "--noinput", "-v", "0")
    demo = subprocess.run(
        [sys.executable, "manage.py", "load_demo"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )

    children = [
        subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "kookaburra",
                "worker",
                "--beat",
                "-l",
                "warning",
                "--concurrency",
                "2",
            ],
            cwd=ROOT,
            env={**os.environ, "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING")},
        ),
        subprocess.Popen(
            [
                str(BIN / "uvicorn"),
                "kookaburra.asgi:application",
                "--host",
                HOST.strip("[]"),
                "--port",
                PORT,
                "--timeout-graceful-shutdown",
                "3",
            ],
            cwd=ROOT,
        ),
    ]

    def stop(*_args) -> None:
        for child in children:
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + 10
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()

    signal.signal(signal.SIGTERM, lambda *a: (stop(), sys.exit(0)))
    time.sleep(4)  # let both print their start-up lines first
    local = site_url(HOST, PORT, environ={})
    banner = "\n".join(
        [
            "",
            "=" * 72,
            f"  Kookaburra is running at {local}/",
            f"  Links in emails point to {os.environ['SITE_URL']}/ (SITE_URL).",
            "  Ctrl-C stops the web server and the Celery worker.",
            "",
            *(
                "  " + line.replace(" /", f" {local}/", 1)
                for line in demo.stdout.strip().splitlines()
            ),
            "=" * 72,
            "",
        ]
    )
    print(banner, flush=True)
    try:
        while all(child.poll() is None for child in children):
            time.sleep(0.5)
        print("A process stopped; stopping the rest.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nStopping the web server and the worker...", flush=True)
        return 0
    finally:
        stop()


if __name__ == "__main__":
    sys.exit(main())
