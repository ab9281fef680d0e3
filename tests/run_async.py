"""Run a coroutine from a synchronous test, whatever else the test process is doing."""

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_async(coroutine):
    """Run `coroutine` on an event loop of its own, in a thread of its own: Playwright's browser
    tests leave a running loop in the test's thread, where `asyncio.run` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
