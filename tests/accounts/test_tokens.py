"""Issue 11, accounts: API tokens (django-rest-knox).

The probe found that a token outlived a password change and a reset, and never expired. Now a
password change or reset revokes every token of the account, an unused token dies after
`REST_KNOX["TOKEN_TTL"]` (each use pushes that back), tokens are stored hashed, and a person can
list and revoke their tokens on the account page and through the API.
"""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

TTL = timedelta(days=30)


@pytest.fixture
def zoe(make_user):
    return make_user("zoe")


def new_token(username="zoe", password=PASSWORD):
    response = APIClient().post("/api/token/", {"username": username, "password": password})
    assert response.status_code == 200, response.content
    return response.json()["token"]


def with_token(token):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


def works(token) -> bool:
    status = with_token(token).get("/api/tokens/").status_code
    assert status in (200, 401, 403), status
    return status == 200


REAL_NOW = timezone.now


def later(monkeypatch, delta):
    """Pretend it is `delta` from now (from the real now, however often it's called)."""
    now = REAL_NOW()
    monkeypatch.setattr(timezone, "now", lambda: now + delta)


# Lifetime ---------------------------------------------------------------------------------------


def test_tokens_are_stored_hashed_and_live_thirty_days_unused(zoe):
    from knox.models import AuthToken

    assert settings.REST_KNOX["TOKEN_TTL"] == TTL and settings.REST_KNOX["AUTO_REFRESH"]
    response = APIClient().post("/api/token/", {"username": "zoe", "password": PASSWORD})
    body = response.json()
    token = body["token"]
    stored = AuthToken.objects.get(user=zoe)
    assert token not in (stored.digest, stored.token_key) and token.startswith(stored.token_key)
    assert body["prefix"] == stored.token_key
    assert abs(stored.expiry - (timezone.now() + TTL)) < timedelta(minutes=1)
    assert works(token)


def test_an_unused_token_expires(zoe, monkeypatch):
    token = new_token()
    later(monkeypatch, TTL + timedelta(hours=1))
    assert not works(token)


def test_a_token_in_use_lives_on(zoe, monkeypatch):
    from knox.models import AuthToken

    token = new_token()
    for days in (20, 40, 60):
        later(monkeypatch, timedelta(days=days))
        assert works(token)
    assert AuthToken.objects.get().expiry > timezone.now() + TTL - timedelta(minutes=1)


# Revoked by a password change or reset ----------------------------------------------------------


def test_a_password_change_revokes_every_token(client, zoe):
    first, second = new_token(), new_token()
    client.force_login(zoe)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another-long-phrase",
            "new_password2": "another-long-phrase",
        },
    )
    assert response.url == reverse("password_change_done")
    assert not works(first) and not works(second)
    # The session that changed it stays signed in; a new token can be had with the new password.
    assert client.get(reverse("accounts:profile_edit")).status_code == 200
    assert works(new_token(password="another-long-phrase"))


def test_a_password_reset_revokes_every_token(client, zoe, make_user):
    token = new_token()
    make_user("yan")
    others = new_token("yan")
    client.post(reverse("password_reset"), {"email": "zoe@example.com"})
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True).redirect_chain[-1][0]
    response = client.post(
        form, {"new_password1": "fresh-long-phrase", "new_password2": "fresh-long-phrase"}
    )
    assert response.url == reverse("password_reset_complete")
    assert not works(token)
    assert works(others)


def test_set_password_anywhere_revokes_tokens(zoe):
    """The admin's password form and `manage.py changepassword` save through set_password too."""
    token = new_token()
    zoe.set_password("admin-chose-this-1")
    zoe.save()
    assert not works(token)
    zoe.display_name = "Zed"
    zoe.save()  # an ordinary save leaves tokens alone
    assert works(new_token(password="admin-chose-this-1"))


# The account page -------------------------------------------------------------------------------


def test_account_page_lists_tokens_without_their_secrets(client, zoe, make_user):
    from knox.models import AuthToken

    token = new_token()
    make_user("yan")
    new_token("yan")
    stored = AuthToken.objects.get(user=zoe)
    client.force_login(zoe)
    page = client.get(reverse("accounts:profile_edit")).content.decode()
    assert 'id="tokens"' in page
    assert stored.token_key in page and token not in page
    assert page.count('class="token-row"') == 1  # not Yan's
    assert "Not used yet" in page
    assert "Expires" in page
    assert f'action="{reverse("accounts:token_revoke", args=[stored.token_key])}"' in page


def test_account_page_shows_when_a_token_was_last_used(client, zoe, monkeypatch):
    token = new_token()
    later(monkeypatch, timedelta(days=3))
    assert works(token)
    monkeypatch.setattr(timezone, "now", REAL_NOW)
    used = timezone.localtime(REAL_NOW() + timedelta(days=3))
    client.force_login(zoe)
    page = client.get(reverse("accounts:profile_edit")).content.decode()
    assert "Not used yet" not in page
    assert f"{used.day} {used:%b} {used.year}, " in page


def test_token_times_are_on_the_readers_own_clock(client, make_user):
    """A Perth reader sees when their token was made on Perth's clock, with AM/PM in their
    language (it was the site's Sydney clock for everyone, and "a.m." untranslated)."""
    from zoneinfo import ZoneInfo

    from knox.models import AuthToken

    perth = make_user("pete", time_zone="Australia/Perth")
    new_token("pete")
    made = AuthToken.objects.get(user=perth).created.astimezone(ZoneInfo("Australia/Perth"))
    client.force_login(perth)
    page = client.get(reverse("accounts:profile_edit")).content.decode()
    hour = made.hour % 12 or 12
    assert f"{made.day} {made:%b} {made.year}, {hour}:{made:%M} {made:%p}" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pa"
    page = client.get(reverse("accounts:profile_edit")).content.decode()
    assert "a.m." not in page and "p.m." not in page


def test_revoke_a_token_by_plain_post_and_by_htmx(client, zoe):
    from knox.models import AuthToken

    first, second = new_token(), new_token()
    first_key, second_key = first[:15], second[:15]
    client.force_login(zoe)
    response = client.post(reverse("accounts:token_revoke", args=[first_key]))
    assert response.status_code == 302 and response.url.endswith("#tokens")
    assert not works(first) and works(second)
    response = client.post(
        reverse("accounts:token_revoke", args=[second_key]), headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body and 'id="tokens"' in body
    assert "No API tokens" in body
    assert not AuthToken.objects.exists()


def test_revoke_all_tokens_and_nobody_elses(client, zoe, make_user):
    tokens = [new_token(), new_token()]
    make_user("yan")
    others = new_token("yan")
    client.force_login(zoe)
    # Someone else's token can't be revoked from Zoe's page.
    assert client.post(reverse("accounts:token_revoke", args=[others[:15]])).status_code == 404
    client.post(reverse("accounts:tokens_revoke_all"))
    assert not any(works(t) for t in tokens) and works(others)


def test_token_pages_need_a_login_and_a_post(client, zoe):
    assert client.post(reverse("accounts:tokens_revoke_all")).status_code == 302
    client.force_login(zoe)
    assert client.get(reverse("accounts:tokens_revoke_all")).status_code == 405


# The API ----------------------------------------------------------------------------------------


def test_api_lists_own_tokens(zoe, make_user):
    token = new_token()
    new_token()
    make_user("yan")
    new_token("yan")
    response = with_token(token).get("/api/tokens/")
    rows = response.json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    assert len(rows) == 2
    assert set(rows[0]) == {"prefix", "created", "expiry", "last_used", "current"}
    assert [r["current"] for r in rows].count(True) == 1
    assert all(token != r["prefix"] for r in rows)


def test_api_revokes_one_token_logs_out_and_logs_out_everywhere(zoe, make_user):
    a, b, c, d = (new_token() for _ in range(4))
    make_user("yan")
    others = new_token("yan")
    api = with_token(a)
    assert api.delete(f"/api/tokens/{b[:15]}/").status_code == 204
    assert not works(b)
    missing = api.delete(f"/api/tokens/{others[:15]}/")
    assert missing.status_code == 404 and works(others)
    assert with_token(c).post("/api/token/logout/").status_code == 204
    assert not works(c) and works(a)
    assert api.post("/api/token/logout-all/").status_code == 204
    assert not works(a) and not works(d) and works(others)


def test_logout_needs_a_token(zoe):
    api = APIClient()
    api.force_login(zoe)
    assert api.post("/api/token/logout/").status_code in (401, 403)


# Tokens from before knox ------------------------------------------------------------------------


def test_migration_keeps_old_drf_tokens_working_and_hashed(zoe):
    import importlib

    from django.apps import apps
    from django.db import connection
    from knox.models import AuthToken

    migration = importlib.import_module("accounts.migrations.0004_cache_table_and_knox_tokens")
    old_key = "0123456789abcdef0123456789abcdef01234567"  # DRF's tokens: 40 hex characters
    made = timezone.now() - timedelta(days=400)

    class Editor:
        def __init__(self):
            self.connection = connection
            self.quote_name = connection.ops.quote_name

        def execute(self, sql):
            with connection.cursor() as cursor:
                cursor.execute(sql)

    with connection.cursor() as cursor:
        cursor.execute(
            'CREATE TABLE authtoken_token ("key" varchar(40) PRIMARY KEY, '
            "user_id bigint NOT NULL, created timestamp NOT NULL)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token VALUES (%s, %s, %s)",
            [old_key, zoe.pk, made.replace(tzinfo=None)],
        )
    migration.move_drf_tokens_to_knox(apps, Editor())
    assert "authtoken_token" not in connection.introspection.table_names()
    stored = AuthToken.objects.get(user=zoe)
    assert old_key not in (stored.digest, stored.token_key)
    assert abs(stored.expiry - (timezone.now() + TTL)) < timedelta(minutes=1)
    assert works(old_key)


def test_asking_for_a_token_sets_no_language_cookie(make_user):
    """A token is for a program: its answer sets no language cookie, which would outrank the
    Accept-Language of that program's later requests (a cookie-keeping client got its answers
    in the token owner's language, whatever it asked for)."""
    make_user("urdu_reader", language="ur")
    client = APIClient()
    response = client.post("/api/token/", {"username": "urdu_reader", "password": PASSWORD})
    assert response.status_code == 200
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    secret = response.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    answer = client.get("/api/tables/?mine=banana", HTTP_ACCEPT_LANGUAGE="ms")
    assert answer.status_code == 400 and answer["Content-Language"] == "ms"
