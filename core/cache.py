"""The shared cache's Redis backend: Django's, holding on to its Redis client.

Django's `RedisCache` builds a new `redis.Redis` object for every cache call. The connection
pool behind it is kept, but building the client sets up some 170 response callbacks: on this
machine about 0.2 ms of CPU, more than the call itself. A table's fragment or an API action makes
several cache calls, so that was a real share of the hot path. A `redis.Redis` object is safe to
share between threads (each command takes a connection from the pool), and the pool notices a
fork, so one client per pool serves the whole process.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
