"""One row by its primary key, with the ORM's work done once: `PreparedLookup`.

Building a query's SQL is most of what the ORM costs for a one-row read: a table read with its
club and creator compiles some eighty column expressions, about half a millisecond of CPU, to
run a statement whose text never changes. `PreparedLookup` compiles the queryset once per thread
and database, then runs the same SQL with the key and builds the instances as the ORM would
(the same converters, `from_db`, and the related objects that `select_related` names). It goes
through Django's cursor, so query counting, logging and execute wrappers see it.

    by_pk = PreparedLookup(lambda: Table.objects.select_related("club", "created_by"))
    table = by_pk.get(17)  # a Table, or None
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import IntegerField, QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# A key no row has, to find where the key goes among the compiled statement's parameters.
_MARK = -7_316_004_219


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple
    key_at: int
    model: type
    start: int
    end: int
    init_list: list[str]
    populators: list
    converters: dict
    compiler: Any
    for_update: bool
    fetch_mode: Any
    key_range: tuple[int | None, int | None]


def _key_range(connection, field) -> tuple[int | None, int | None]:
    """The values an integer key can hold in this database ((None, None) for other keys)."""
    if isinstance(field, IntegerField):
        return connection.ops.integer_field_range(field.get_internal_type())
    return None, None


class PreparedLookup:
    def __init__(self, queryset: Callable[[], QuerySet]):
        """`queryset()` gives the rows to look in (with its select_related, select_for_update,
        only…), without the key's filter: the lookup adds `pk=` and takes at most one row."""
        self._queryset = queryset
        self._local = threading.local()

    def _compile(self, using: str) -> _Compiled:
        queryset = self._queryset().using(using).filter(pk=_MARK).order_by()[:1]
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        at = [n for n, param in enumerate(params) if param == _MARK]
        if len(at) != 1 or compiler.annotation_col_map:
            raise ValueError("PreparedLookup needs a plain lookup with the key its only filter")
        select, klass_info = compiler.select, compiler.klass_info
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        return _Compiled(
            sql=sql,
            params=tuple(params),
            key_at=at[0],
            model=klass_info["model"],
            start=start,
            end=end,
            init_list=[column[0].target.attname for column in select[start:end]],
            populators=get_related_populators(klass_info, select, using, queryset._fetch_mode),
            converters=compiler.get_converters([column[0] for column in select]),
            compiler=compiler,
            for_update=queryset.query.select_for_update,
            fetch_mode=queryset._fetch_mode,
            key_range=_key_range(compiler.connection, queryset.model._meta.pk),
        )

    def get(self, pk, using: str = DEFAULT_DB_ALIAS):
        """The instance whose primary key is `pk` (with its related objects), or None."""
        compiled_by_alias = getattr(self._local, "compiled", None)
        if compiled_by_alias is None:
            compiled_by_alias = self._local.compiled = {}
        compiled = compiled_by_alias.get(using)
        if compiled is None:
            compiled = compiled_by_alias[using] = self._compile(using)
        connection = connections[using]
        if compiled.for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        key = compiled.model._meta.pk.get_prep_value(pk)
        low, high = compiled.key_range
        if (low is not None and key < low) or (high is not None and key > high):
            return None  # no row has it (the ORM doesn't ask the database either)
        params = list(compiled.params)
        params[compiled.key_at] = key
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            row = cursor.fetchone()
        if row is None:
            return None
        if compiled.converters:
            row = next(iter(compiled.compiler.apply_converters([row], compiled.converters)))
        instance = compiled.model.from_db(
            using,
            compiled.init_list,
            row[compiled.start : compiled.end],
            fetch_mode=compiled.fetch_mode,
        )
        if compiled.fetch_mode.track_peers:
            instance._state.peers = [weakref.ref(instance)]
        for populator in compiled.populators:
            populator.populate(row, instance)
        return instance
