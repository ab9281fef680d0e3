"""PreparedLookup (core/prepared.py) reads the row the ORM reads, with the same related objects
and converted values, in one counted query; it refuses a locking read outside a transaction as
the ORM does."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from core.prepared import PreparedLookup
from games import services
from games.models import Table

pytestmark = pytest.mark.django_db

by_pk = PreparedLookup(lambda: Table.objects.select_related("club", "created_by"))
locked = PreparedLookup(lambda: Table.objects.select_for_update(of=("self",)))


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.fixture
def tables(director, club):
    mine = services.table_create(director, game="pitch", players=4, seat=0)
    at_club = services.table_create(director, game="five_hundred", players=4, seat=0, club=club)
    return mine, at_club


def test_reads_what_the_orm_reads(tables, django_assert_num_queries):
    for table in tables:
        orm = Table.objects.select_related("club", "created_by").get(pk=table.pk)
        with django_assert_num_queries(1):
            prepared = by_pk.get(table.pk)
            # The related rows came with it, as select_related gives them.
            club, creator = prepared.club, prepared.created_by
        assert _fields(prepared) == _fields(orm)
        assert isinstance(prepared.options, dict) and prepared.options == orm.options
        assert prepared.created_at.tzinfo is not None
        assert (club and _fields(club)) == (orm.club and _fields(orm.club))
        assert _fields(creator) == _fields(orm.created_by)
        assert not prepared._state.adding and prepared._state.db == "default"
    assert tables[0].club is None and tables[1].club is not None


def test_no_such_row_is_none_and_a_bad_key_is_refused_as_the_orm_refuses_it(tables):
    assert by_pk.get(max(t.pk for t in tables) + 1000) is None
    assert by_pk.get(str(tables[0].pk)).pk == tables[0].pk
    with pytest.raises(ValueError):
        by_pk.get("seventeen")


def test_a_key_no_integer_column_holds_finds_nothing_without_asking(
    tables, django_assert_num_queries
):
    with django_assert_num_queries(0):
        assert by_pk.get(10**22) is None
        assert by_pk.get(-(10**22)) is None


def test_a_locking_read_locks_the_row(tables):
    with transaction.atomic(), CaptureQueriesContext(connection) as captured:
        assert locked.get(tables[0].pk).pk == tables[0].pk
    if connection.vendor == "postgresql":
        assert any("FOR UPDATE" in q["sql"] for q in captured.captured_queries)


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_a_locking_read_is_refused(four):
    table = services.table_create(four[0], game="pitch", players=4, seat=0)
    with pytest.raises(TransactionManagementError):
        locked.get(table.pk)
    with transaction.atomic():
        assert locked.get(table.pk).pk == table.pk


@pytest.mark.django_db(transaction=True)
def test_each_thread_compiles_for_its_own_connection(four):
    table = services.table_create(four[0], game="pitch", players=4, seat=0)
    found = []

    def read():
        try:
            found.append(by_pk.get(table.pk).pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=read) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [table.pk] * 3
