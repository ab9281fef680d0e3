"""A session's member comes from the cache after the first request (accounts.backends), and
every change to the account counts at once: a new name, a new password, a deactivation, a
deletion."""

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY
from django.urls import reverse

from accounts.backends import CachedModelBackend

from ..conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_member_is_read_once_then_from_the_cache(make_user, django_assert_num_queries):
    ann = make_user("ann")
    backend = CachedModelBackend()
    with django_assert_num_queries(1):
        assert backend.get_user(ann.pk) == ann
    with django_assert_num_queries(0):
        again = backend.get_user(ann.pk)
    assert again == ann and again.display_name == "Ann"
    assert backend.get_user(ann.pk + 1000) is None


def test_a_saved_change_is_seen_by_the_next_request(make_user):
    ann = make_user("ann")
    backend = CachedModelBackend()
    backend.get_user(ann.pk)
    ann.display_name = "Annie"
    ann.save()
    assert backend.get_user(ann.pk).display_name == "Annie"


def test_a_deactivated_or_deleted_member_is_signed_out(client, make_user):
    ann, bea = make_user("ann"), make_user("bea")
    profile = reverse("accounts:profile", args=["ann"])
    for user in (ann, bea):
        client.login(username=user.username, password=PASSWORD)
        assert client.session[BACKEND_SESSION_KEY] == "accounts.backends.CachedModelBackend"
        assert client.get(profile).wsgi_request.user == user  # now remembered
    # bea is signed in; deactivate her, then sign in ann and delete her.
    bea.is_active = False
    bea.save()
    assert not client.get(profile).wsgi_request.user.is_authenticated
    client.login(username="ann", password=PASSWORD)
    assert client.get(profile).wsgi_request.user == ann
    ann.delete()
    assert not client.get(reverse("clubs:list")).wsgi_request.user.is_authenticated


def test_a_new_password_ends_the_members_other_sessions(client, make_user):
    from django.test import Client

    ann = make_user("ann")
    other = Client()
    for each in (client, other):
        each.login(username="ann", password=PASSWORD)
        assert each.get(reverse("clubs:list")).wsgi_request.user == ann
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "a-new-one-77",
            "new_password2": "a-new-one-77",
        },
    )
    assert response.status_code == 302
    # The session that changed it stays signed in; the other one is signed out at once.
    assert client.get(reverse("clubs:list")).wsgi_request.user == ann
    assert not other.get(reverse("clubs:list")).wsgi_request.user.is_authenticated


def test_a_session_from_before_the_cached_backend_stays_signed_in(client, make_user):
    ann = make_user("ann")
    client.login(username="ann", password=PASSWORD)
    session = client.session
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session.save()
    assert client.get(reverse("clubs:list")).wsgi_request.user == ann


def test_a_wrong_password_is_checked_once_and_counted_once(client, make_user, monkeypatch):
    from axes.models import AccessAttempt

    from accounts.models import User

    make_user("ann")
    checks = []
    check_password = User.check_password
    monkeypatch.setattr(
        User, "check_password", lambda self, raw: checks.append(raw) or check_password(self, raw)
    )
    response = client.post(reverse("login"), {"username": "ann", "password": "not-it"})
    assert response.status_code == 200 and "_auth_user_id" not in client.session
    assert checks == ["not-it"]
    assert AccessAttempt.objects.get(username="ann").failures_since_start == 1
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session[BACKEND_SESSION_KEY] == "accounts.backends.CachedModelBackend"
