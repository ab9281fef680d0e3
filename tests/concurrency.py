"""Running calls at the same moment in real threads, for the PostgreSQL race tests."""

import threading

from django.db import connection


def race(calls):
    """Run the callables in threads released together; return what each returned or raised.

    Each thread closes its own database connection when it is done.
    """
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the tests compare
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results
