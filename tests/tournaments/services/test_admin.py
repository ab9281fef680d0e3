"""The admin lists every tournament model, and results and audits are read-only there."""

import pytest

from accounts.models import User
from tournaments import services

pytestmark = pytest.mark.django_db

MODELS = [
    "tournament",
    "entrant",
    "tournamenttable",
    "bye",
    "tableresult",
    "resultaudit",
    "standing",
]


def test_admin_pages_load(client, make_tournament, director):
    tournament = make_tournament(3, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get()
    services.result_enter(director, table, scores=[500, 100])
    admin = User.objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(admin)
    for model in MODELS:
        assert client.get(f"/admin/tournaments/{model}/").status_code == 200, model
    assert client.get(f"/admin/tournaments/tournament/{tournament.pk}/change/").status_code == 200
    entrant = tournament.entrants.first()
    assert client.get(f"/admin/tournaments/entrant/{entrant.pk}/change/").status_code == 200
    assert client.get(f"/admin/tournaments/tournamenttable/{table.pk}/change/").status_code == 200
    assert client.get("/admin/tournaments/tableresult/add/").status_code == 403
