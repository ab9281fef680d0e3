"""The admin lists and edits every accounts and clubs model."""

import pytest
from django.urls import reverse

from accounts.models import Notice, User
from clubs.models import Registration


@pytest.fixture
def admin_client(client, people):
    boss = User.objects.create_superuser("boss", "boss@example.com", "pw")
    client.force_login(boss)
    return client


MODELS = [
    ("accounts", "user"),
    ("accounts", "notice"),
    ("clubs", "club"),
    ("clubs", "membership"),
    ("clubs", "joinrequest"),
    ("clubs", "clubnight"),
    ("clubs", "registration"),
]


@pytest.mark.parametrize(("app", "model"), MODELS)
def test_admin_changelist_search_and_change_pages_load(admin_client, people, night, app, model):
    Notice.objects.create(user=people.member, text="Hello")
    Registration.objects.create(night=night, user=people.member, status="registered")
    from django.apps import apps

    model_class = apps.get_model(app, model)
    changelist = reverse(f"admin:{app}_{model}_changelist")
    response = admin_client.get(changelist)
    assert response.status_code == 200
    assert admin_client.get(changelist, {"q": "mia"}).status_code == 200
    obj = model_class.objects.first()
    if obj is not None:
        assert (
            admin_client.get(reverse(f"admin:{app}_{model}_change", args=[obj.pk])).status_code
            == 200
        )
    assert admin_client.get(reverse(f"admin:{app}_{model}_add")).status_code == 200


def test_admin_night_list_shows_counts(admin_client, night, people):
    Registration.objects.create(night=night, user=people.member, status="registered")
    page = admin_client.get(reverse("admin:clubs_clubnight_changelist")).content.decode()
    assert "Seats taken" in page and "Wattle Card Club" in page
