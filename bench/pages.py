"""Page cost with a club's full history: `python bench/pages.py [--repeat N] [--fresh]` from the
repository root.

Builds (once; `--fresh` builds again) a club with 300 members, 100 past club nights, 50 finished
tournaments and 500 rated games (`tests/page_data.py`, bulk inserts, then the ladders rebuilt
the way the rebuild job does) in a scratch database of its own: beside the one DATABASE_URL
names, `<name>_bench_pages` (kept for the next run), or an SQLite file in the system's temporary
folder without DATABASE_URL. Settings are the test suite's (`kookaburra.settings.test`: DEBUG
off, the cache in the process's memory). The test environment is not set up, so templates render as
in a worker, without the test client's per-template signal.

Then asks for each page many times through Django's test client, in this process, and prints per
request the worker's CPU time (thread time around the whole request, middleware and template
included: median and 95th percentile), the wall time's median, and the SQL queries, with each
CPU figure's ratio to a bare Django view (a view that returns "ok", behind the same middleware)
measured beside them. CPU time is what a worker spends, whatever else shares the machine; wall
time also counts the database's time and waits for the CPU. "cold" is the median CPU time with
the cache emptied before each request (the first reader after a change).

`--profile NAME` (a page's name as printed, e.g. "player stats") instead profiles that page's
warm requests with cProfile and prints the functions that take the most time (`--cold`: with the
cache emptied before each request).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kookaburra.settings.test")
os.environ.setdefault("KOOKABURRA_VAR_DIR", tempfile.gettempdir())

SLUG = "bench-pages"


def _bare_urlconf():
    from django.http import HttpResponse
    from django.urls import path

    import kookaburra.urls

    def bare(request):
        return HttpResponse("ok")

    module = types.ModuleType("bench_pages_urls")
    module.urlpatterns = [path("bench-bare/", bare), *kookaburra.urls.urlpatterns]
    module.handler404 = kookaburra.urls.handler404
    sys.modules[module.__name__] = module
    return module.__name__


def _data(fresh: bool):
    from clubs.models import Club

    club = Club.objects.filter(slug=SLUG).first()
    if club is not None and not fresh:
        return club, False
    if club is not None:
        from django.core.management import call_command

        call_command("flush", interactive=False, verbosity=0)
    from tests.page_data import build_club

    return build_club(300, 100, 50, 500, slug=SLUG).club, True


def _measure(client, url: str, repeat: int, cold: bool = False) -> dict:
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    response = client.get(url)  # warm up (and fill the caches)
    assert response.status_code == 200, (url, response.status_code)
    cache_was = None
    if cold:
        cache.clear()
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    cache_was = len(queries)
    cpu, wall = [], []
    gc.collect()
    for _ in range(repeat):
        if cold:
            cache.clear()
        c0, w0 = time.thread_time(), time.perf_counter()
        status = client.get(url).status_code
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
        assert status == 200, (url, status)
    cpu.sort()
    return {
        "cpu": statistics.median(cpu) * 1000,
        "p95": cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))] * 1000,
        "wall": statistics.median(wall) * 1000,
        "queries": cache_was,
    }


def _profile(client, url: str, repeat: int, cold: bool, limit: int = 45) -> None:
    import cProfile
    import pstats

    from django.core.cache import cache

    client.get(url)
    profile = cProfile.Profile()
    for _ in range(repeat):
        if cold:
            cache.clear()
        profile.enable()
        client.get(url)
        profile.disable()
    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(limit)
    stats.sort_stats("cumulative").print_stats(limit)
    # What the project's own code spends, by function (the views, selectors and template tags).
    root = re.escape(str(Path(__file__).resolve().parents[1]))
    stats.sort_stats("cumulative").print_stats(rf"{root}/(?!\.venv)", limit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="requests per page")
    parser.add_argument("--fresh", action="store_true", help="build the data again")
    parser.add_argument("--profile", metavar="PAGE", help="profile one page (its name as printed)")
    parser.add_argument("--cold", action="store_true", help="profile with the cache emptied")
    args = parser.parse_args()

    import django
    from django.conf import settings

    django.setup()
    from django.db import connection
    from django.test import Client

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        db.setdefault("TEST", {})["NAME"] = str(Path(tempfile.gettempdir()) / "kb-bench-pages.db")
    else:
        db.setdefault("TEST", {})["NAME"] = f"{db['NAME']}_bench_pages"
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=True)
    # The API's throttles would refuse the repeated requests (before the views are imported).
    from rest_framework.settings import api_settings

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_CLASSES": []}
    api_settings.reload()
    settings.ROOT_URLCONF = _bare_urlconf()
    settings.ALLOWED_HOSTS = ["*"]
    started = time.perf_counter()
    club, built = _data(args.fresh)
    how = "built in" if built else "reused, found in"
    print(f"Data: {how} {time.perf_counter() - started:.1f} s on {connection.vendor}")

    from accounts.models import User
    from ladders.models import GamePlayer, PlayerRating
    from tournaments.models import Tournament

    player = User.objects.get(username=f"{SLUG}-p1")
    tournament = Tournament.objects.filter(club=club).order_by("-finished_at").first()
    print(
        f"  {club.memberships.count()} members, {club.nights.count()} nights, "
        f"{Tournament.objects.filter(club=club).count()} tournaments, "
        f"{GamePlayer.objects.filter(rated_game__club=club).values('rated_game').distinct().count()}"
        f" games, {PlayerRating.objects.filter(ladder__club=club).count()} club ratings"
    )
    pages = [
        ("bare Django view", "/bench-bare/", False),
        ("club ladder", f"/ladders/clubs/{club.slug}/", True),
        ("club ladder, Pitch", f"/ladders/clubs/{club.slug}/?game=pitch", True),
        ("site-wide ladder", "/ladders/", True),
        ("player stats", f"/ladders/players/{player.username}/", True),
        ("club page", f"/clubs/{club.slug}/", True),
        ("standings", f"/tournaments/{tournament.pk}/standings/", True),
        ("API club ladder", f"/api/ladders/clubs/{club.slug}/five_hundred/", True),
        ("API player ratings", f"/api/players/{player.username}/ratings/", True),
    ]
    client = Client()
    if args.profile:
        url = next(url for name, url, _ in pages if name == args.profile)
        _profile(client, url, args.repeat, args.cold)
        return
    print(f"Per request, {args.repeat} requests each (anonymous reader); CPU = thread time")
    print(
        f"  {'page':<20} {'CPU ms':>7} {'p95':>7} {'ratio':>6} {'cold':>7} {'wall ms':>8} {'SQL':>4}"
    )
    base = None
    for name, url, cold in pages:
        figures = _measure(client, url, args.repeat)
        cold_cpu = _measure(client, url, max(20, args.repeat // 5), cold=True)["cpu"] if cold else 0
        base = base or figures["cpu"]
        print(
            f"  {name:<20} {figures['cpu']:7.2f} {figures['p95']:7.2f} "
            f"{figures['cpu'] / base:5.0f}× {cold_cpu:7.2f} {figures['wall']:8.2f} "
            f"{figures['queries']:4d}"
        )
    print("Goal: club ladder, player stats, club page, standings ≤ 10 ms of worker CPU each.")


if __name__ == "__main__":
    main()
