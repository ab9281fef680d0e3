"""The table's hot path, request by request: `python bench/hot_path.py [--steps 120]`.

Runs the whole site in this process (every middleware, DRF, the real templates) against
PostgreSQL, with the shared cache in Redis as production has it, and four people playing a
four-player table through the page and the API. For each kind of request it prints the worker
CPU spent inside Django's handler (the middleware stack and the view: `time.thread_time`, so
other processes on the machine don't count) and the SQL queries it made, as p50 / p95, and the
CPU p50 as a ratio to a bare Django view (`HttpResponse("ok")`) served by the same stack beside
them. CPU is the measure to trust on a shared machine: wall time is printed for reference.

    bare           a bare Django view (the floor)
    poll           the page's "anything new?" poll, nothing new (session)
    version        the API's version read (token)
    fragment       a seat's live fragment after a change (htmx GET /tables/<id>/live/)
    state          a seat's state through the API (token)
    act-api        a play action through the API (token), answer included
    act-page       a play action through the page form (htmx post), fragment answer included

Goals (issue 14): act <= 5 queries and <= 8 ms CPU p50; fragment <= 3 queries and <= 4 ms;
poll and version read <= 1.5x the bare view's CPU.

Needs PostgreSQL and Redis: DATABASE_URL (default: a database `kb_hotpath_bench` on the local
server, dropped and created afresh) and CACHE_URL (default Redis db 10).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import types
from collections import defaultdict
from pathlib import Path

# HOT_PATH_ROOT: measure another checkout's code with this script (e.g. main, for "before").
ROOT = Path(os.environ.get("HOT_PATH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/kb_hotpath_bench"
DEFAULT_CACHE = "redis://127.0.0.1:6379/10"
SHOW_SQL = os.environ.get("HOT_PATH_SQL", "")  # print the SQL of this kind of request


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def fresh_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def install_bare_view() -> None:
    """A URLconf of the site's routes plus /bench/bare/, the floor the figures are divided by."""
    from django.conf import settings
    from django.http import HttpResponse
    from django.urls import clear_url_caches, path

    import kookaburra.urls

    def bare(request):
        return HttpResponse("ok", content_type="text/plain")

    module = types.ModuleType("bench_hot_path_urls")
    module.urlpatterns = [path("bench/bare/", bare), *kookaburra.urls.urlpatterns]
    module.handler404 = kookaburra.urls.handler404
    sys.modules[module.__name__] = module
    settings.ROOT_URLCONF = module.__name__
    clear_url_caches()


class Meter:
    """Wraps a test client's handler: CPU, wall time and queries of each request it serves."""

    def __init__(self, client, samples, profile=None):
        from django.db import connection

        self.samples = samples
        self.kind = None
        inner = client.handler.get_response

        def measured(request):
            count = 0

            def counter(execute, sql, params, many, context):
                nonlocal count
                count += 1
                if SHOW_SQL and self.kind == SHOW_SQL:
                    print(f"    [{self.kind}] {sql[:150]}")
                return execute(sql, params, many, context)

            profiling = profile is not None and self.kind == profile[0]
            if profiling:
                profile[1].enable()
            cpu, wall = time.thread_time(), time.perf_counter()
            with connection.execute_wrapper(counter):
                response = inner(request)
            if profiling:
                profile[1].disable()
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
            if self.kind:
                self.samples[self.kind].append((cpu * 1000, wall * 1000, count))
            return response

        client.handler.get_response = measured


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=120, help="actions to play")
    parser.add_argument("--game", default="five_hundred", choices=["five_hundred", "pitch"])
    parser.add_argument("--profile", default="", help="profile this kind of request (cProfile)")
    args = parser.parse_args()

    env = {
        "DJANGO_SETTINGS_MODULE": "kookaburra.settings.local",
        "DJANGO_DEBUG": "false",
        "DATABASE_URL": os.environ.get("DATABASE_URL", DEFAULT_DB),
        "DATABASE_CONN_MAX_AGE": "60",
        "CACHE_URL": os.environ.get("CACHE_URL", DEFAULT_CACHE),
        "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/9"),
        "LOG_LEVEL": "WARNING",
    }
    if env["DATABASE_URL"] == DEFAULT_DB:
        fresh_database(DEFAULT_DB)
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client
    from knox.models import AuthToken

    from accounts.models import User
    from games import services, state
    from games.models import Table

    settings.ALLOWED_HOSTS = ["*"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_CLASSES": []}
    install_bare_view()
    call_command("migrate", verbosity=0)
    cache.clear()

    people = [User.objects.create_user(f"p{n}", password="x") for n in range(4)]

    def new_table() -> int:
        table = services.table_create(people[0], game=args.game, players=4, seat=0, name="Hot")
        for n in (1, 2, 3):
            services.table_sit(people[n], table.pk, n)
        return table.pk

    pk = new_table()
    games = 1

    samples: dict[str, list] = defaultdict(list)
    profile = None
    if args.profile:
        import cProfile

        profile = (args.profile, cProfile.Profile())
    pages, apis, meters = [], [], []
    for user in people:
        page = Client(HTTP_HX_REQUEST="true")
        page.force_login(user)
        api = Client(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
        pages.append(page)
        apis.append(api)
        meters.append((Meter(page, samples, profile), Meter(api, samples, profile)))

    def run(seat, kind, method, url, **extra):
        page_meter, api_meter = meters[seat]
        client = apis[seat] if url.startswith("/api/") else pages[seat]
        meter = api_meter if url.startswith("/api/") else page_meter
        meter.kind = kind
        response = getattr(client, method)(url, **extra)
        meter.kind = None
        assert response.status_code < 400, (kind, response.status_code, response.content[:300])
        return response

    # Warm every code path once (imports, template compilation) before measuring.
    for seat in range(4):
        for url in ("/bench/bare/", f"/tables/{pk}/live/", f"/api/tables/{pk}/state/"):
            run(seat, None, "get", url)
    rng = random.Random(500)
    played = 0
    while played < args.steps:
        table = Table.objects.get(pk=pk)
        if not table.is_playing:  # random bidding ends games quickly: open another table
            pk = new_table()
            games += 1
            continue
        seat = table.to_act
        hand = state.current_hand(table)
        view = hand.view_for(seat)
        if view.get("hand_hidden"):
            services.table_look(people[seat], pk)
            continue
        for viewer in range(4):
            run(viewer, "bare", "get", "/bench/bare/")
            run(viewer, "poll", "get", f"/tables/{pk}/poll/?v={table.version}")
            run(viewer, "version", "get", f"/api/tables/{pk}/version/")
            run(
                viewer,
                "fragment" if viewer % 2 else "state",
                "get",
                f"/tables/{pk}/live/" if viewer % 2 else f"/api/tables/{pk}/state/",
            )
        choice = dict(rng.choice(view["legal"]))
        if "from" in choice:
            choice = {"seat": choice["seat"], "discard": rng.sample(choice["from"], 3)}
        if played % 2 == 0:
            run(
                seat,
                "act-api",
                "post",
                f"/api/tables/{pk}/act/",
                data={"expected_action": table.action_number, "action": choice},
                content_type="application/json",
            )
        else:
            data = {"expected": str(table.action_number)}
            for key, value in choice.items():
                if key != "seat":
                    data[key] = "1" if value is True else value
            if "play" in data and choice.get("suit"):
                data["suit"] = choice["suit"]
            run(seat, "act-page", "post", f"/tables/{pk}/act/", data=data)
        played += 1

    bare = statistics.median(cpu for cpu, _w, _q in samples["bare"])
    print(
        f"\nTable hot path ({args.game}, {played} actions in {games} games; in-process, PostgreSQL + Redis cache)"
    )
    print(
        f"  {'request':<10} {'n':>5} {'CPU p50':>9} {'CPU p95':>9} {'x bare':>7} "
        f"{'wall p50':>9} {'queries p50/max':>16}"
    )
    for kind in ("bare", "poll", "version", "fragment", "state", "act-api", "act-page"):
        rows = samples[kind]
        cpu = [c for c, _w, _q in rows]
        wall = [w for _c, w, _q in rows]
        queries = [q for _c, _w, q in rows]
        print(
            f"  {kind:<10} {len(rows):>5} {percentile(cpu, 50):7.2f}ms {percentile(cpu, 95):7.2f}ms "
            f"{percentile(cpu, 50) / bare:6.1f}x {percentile(wall, 50):7.2f}ms "
            f"{statistics.median(queries):>9.0f} / {max(queries)}"
        )
    print(
        "  goals: act <= 5 queries, <= 8 ms CPU p50; fragment <= 3 queries, <= 4 ms;"
        " poll/version <= 1.5x bare"
    )
    if profile is not None:
        import pstats

        stats = pstats.Stats(profile[1]).sort_stats(os.environ.get("HOT_PATH_SORT", "cumulative"))
        if os.environ.get("HOT_PATH_PROFILE_FILE"):  # keep it to look at with pstats
            stats.dump_stats(os.environ["HOT_PATH_PROFILE_FILE"])
        stats.print_stats(50)
    return 0


if __name__ == "__main__":
    sys.exit(main())
