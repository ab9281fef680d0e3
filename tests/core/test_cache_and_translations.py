"""The shared cache's Redis backend keeps one client, and translation lookups are remembered
without changing a single answer."""

from __future__ import annotations

import uuid

from django.utils import translation
from django.utils.translation import trans_real

from core.cache import RedisCache
from tests.core.test_live import redis_or_skip


def test_the_redis_cache_reuses_one_client_and_still_works():
    cache = RedisCache(redis_or_skip(), {})
    key = f"test:{uuid.uuid4().hex}"
    assert cache.get(key) is None
    cache.set(key, {"version": 3}, 30)
    assert cache.get(key) == {"version": 3}
    assert cache.get_many([key, key + "x"]) == {key: {"version": 3}}
    assert cache.add(key, 4, 30) is False
    cache.delete(key)
    assert cache.get(key, "gone") == "gone"
    client = cache._cache
    assert client.get_client(key) is client.get_client(key)
    assert client.get_client(key, write=True) is client.get_client(key)  # one server, one pool


def uncached(language: str, message: str) -> str:
    """What the translation chain answers, asked the long way."""
    translation_object = trans_real.translation(language)
    looked_up = super(trans_real.DjangoTranslation, translation_object).gettext
    return looked_up(message)


MESSAGES = [
    "Pass",  # ours, translated in every language
    "Your lead",
    "This field is required.",  # Django's
    "sans kitty",
    "deal\x04Seed",  # with a context, as pgettext asks
    "A message nobody translates",
]


def test_remembered_translations_are_the_chains_answers_in_every_language():
    for language in ("en-au", "mr", "ms", "pa", "ur"):
        with translation.override(language):
            for message in MESSAGES:
                active = trans_real.translation(language)
                first = active.gettext(message)
                again = active.gettext(message)  # from the memo
                assert first == again == uncached(language, message)
    with translation.override("mr"):
        assert translation.gettext("Pass") != "Pass"  # a real translation came back
        assert translation.pgettext("deal", "Seed") != "Seed"


def test_a_new_catalogue_gets_a_new_memo():
    with translation.override("ms"):
        translation.gettext("Pass")
        before = trans_real.translation("ms")
        assert before.__dict__.get("_memo")
    trans_real._translations = {}  # what Django does when a catalogue changes
    try:
        with translation.override("ms"):
            after = trans_real.translation("ms")
            assert after is not before
            assert not after.__dict__.get("_memo")
            assert translation.gettext("Pass") == before.gettext("Pass")
    finally:
        trans_real._translations = {}
