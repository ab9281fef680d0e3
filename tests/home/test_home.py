"""The home page: a welcome for visitors, a dashboard for members."""

import pytest
from django.urls import reverse

from accounts.models import User
from clubs.demo import build_demo
from games.demo import demo_table
from games.models import Table


@pytest.mark.django_db
def test_visitors_get_the_welcome_and_a_sign_up_button(client):
    page = client.get(reverse("home")).content.decode()
    assert "Sign up" in page and "Your tables" not in page


@pytest.mark.django_db
def test_members_see_their_tables_nights_and_clubs(client, django_capture_on_commit_callbacks):
    demo = build_demo()
    client.login(username="demo", password="kookaburra500")
    owner = User.objects.get(username="demo")
    with django_capture_on_commit_callbacks(execute=True):
        table = demo_table(owner)
    page = client.get(reverse("home")).content.decode()
    assert "Your tables" in page and table.get_absolute_url() in page
    assert demo.club.name in page
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


@pytest.mark.django_db
def test_a_new_member_gets_pointers_instead_of_empty_lists(client, make_user):
    client.force_login(make_user("newbie"))
    page = client.get(reverse("home")).content.decode()
    assert "Find one in the lobby" in page and "Find a club" in page
