"""Translation lookups that cost a dictionary read.

Django's translation object for a language is one catalogue per app merged together, plus a chain
of fallbacks: Python's `gettext` adds the parent language's catalogue (`en` behind `en_AU`) as a
fallback of every app's, and Django keeps each of them. A message the active language doesn't
translate — every message in English, the site's own language — is looked for in each app's
catalogue (a `KeyError` apiece) and then down the whole chain: about 10 µs a lookup. A table's
live fragment makes ~170 lookups, so that was a quarter of its CPU.

`memoize_translations()` (from `core.apps`) makes each translation object remember what it has
answered. A translation object never changes once built, and Django builds new ones whenever
catalogues can change (the autoreloader, `LOCALE_PATHS` overridden in a test), so a remembered
answer is always the one the chain would give. At most `MEMO_SIZE` messages are remembered per
language; past that, lookups go the long way as before.
"""

from __future__ import annotations

from django.utils.translation import trans_real

MEMO_SIZE = 20_000


def memoize_translations() -> None:
    cls = trans_real.DjangoTranslation
    if getattr(cls, "_kookaburra_memo", False):
        return
    looked_up = cls.gettext

    def gettext(self, message):
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = self.__dict__["_memo"] = {}
        try:
            return memo[message]
        except KeyError:
            pass
        result = looked_up(self, message)
        if len(memo) < MEMO_SIZE:
            memo[message] = result
        return result

    cls.gettext = gettext
    cls._kookaburra_memo = True
