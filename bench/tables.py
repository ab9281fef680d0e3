"""Seated-play speed: `python bench/tables.py [--hands N]` from the repo root.

Runs on a throw-away in-memory SQLite database (the code paths are the same on PostgreSQL) and
prints, for four people playing four-player Five Hundred and Pitch through the services:

- `table_act`: milliseconds per action (lock, rebuild the hand from the log, check, append);
- `table_view_for`: milliseconds per read, from the state cache and rebuilt from the log;
- `table_version`: SQL queries and microseconds per poll (the API adds the session's two).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kookaburra.settings.test")
os.environ["DATABASE_URL"] = "sqlite://:memory:"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6, help="hands to play per game")
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User
    from games import selectors, services, state

    call_command("migrate", verbosity=0)
    users = [User.objects.create_user(f"bench{i}", password="x") for i in range(4)]
    rng = random.Random(1)
    print(f"Seated play on {connection.vendor}, {args.hands} hands a game")
    for game in ("five_hundred", "pitch"):
        table = services.table_create(users[0], game=game, players=4, seed=7)
        for n in (1, 2, 3):
            services.table_sit(users[n], table, n)
        acts = act_time = 0.0
        reads = read_time = cold_time = 0.0
        table.refresh_from_db()
        while table.hand_number <= args.hands and table.is_playing:
            user = users[table.to_act]
            start = time.perf_counter()
            view = selectors.table_view_for(user, table)["hand"]
            read_time += time.perf_counter() - start
            reads += 1
            state.forget_all()
            start = time.perf_counter()
            selectors.table_view_for(user, table)
            cold_time += time.perf_counter() - start
            legal = view["legal"]
            if "call" in legal[0]:
                # Pass or bid low (6 or 7 tricks; 1 or 2 in Pitch), so that random play does not
                # end the game at once out the back door.
                low = ("pass", "1", "2")
                legal = [
                    a for a in legal if a.get("call", "x") in low or a.get("call", "x")[0] in "67"
                ]
                legal = [legal[0]] if rng.random() < 0.6 else legal
            choice = dict(rng.choice(legal))
            if isinstance(choice.get("discard"), int):
                choice = {"seat": choice["seat"], "discard": rng.sample(choice["from"], 3)}
            start = time.perf_counter()
            services.table_act(user, table.pk, table.action_number, choice)
            act_time += time.perf_counter() - start
            acts += 1
            table.refresh_from_db()
        print(f"  {game}: {int(acts)} actions")
        print(f"    table_act          {1000 * act_time / acts:7.2f} ms an action")
        print(f"    table_view_for     {1000 * read_time / reads:7.2f} ms a read (first read)")
        print(f"    rebuilt from log   {1000 * cold_time / reads:7.2f} ms a read (cache emptied)")
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            for _ in range(200):
                selectors.table_version(table.pk)
            poll = (time.perf_counter() - start) / 200
        print(
            f"    table_version      {1e6 * poll:7.0f} µs a poll, "
            f"{len(queries.captured_queries) // 200} query"
        )


if __name__ == "__main__":
    main()
