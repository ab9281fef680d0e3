"""Issue 11, accounts: guessing passwords and flooding resets.

The probe found that 40 wrong passwords followed by the right one logged in on the site's login
form, the admin's and `POST /api/token/`, and that 22 reset requests for one address sent 22
emails. Each login form now locks a username at one address out for a while (django-axes), the
API is throttled (anonymous, per user, and more strictly on the token endpoint), and reset emails
are limited per address, the page answering the same either way.
"""

import re

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from tests.conftest import PASSWORD

LIMIT = 5  # AXES_FAILURE_LIMIT
COOL_OFF_MINUTES = 15  # AXES_COOLOFF_TIME


@pytest.fixture
def zoe(make_user):
    return make_user("zoe")


def wrong_logins(client, url, username, times):
    return [
        client.post(url, {"username": username, "password": "not-my-password"})
        for _ in range(times)
    ]


def assert_retry_after_about(response, minutes):
    seconds = int(response["Retry-After"])
    assert (minutes - 1) * 60 < seconds <= minutes * 60


# The login forms --------------------------------------------------------------------------------


def test_the_settings_name_the_limits():
    assert settings.AXES_FAILURE_LIMIT == LIMIT
    assert settings.AXES_COOLOFF_TIME.total_seconds() == COOL_OFF_MINUTES * 60


def test_forty_wrong_passwords_then_the_right_one_does_not_log_in(client, zoe):
    answers = wrong_logins(client, reverse("login"), "zoe", 40)
    # The first failures are ordinary form errors; then the lockout page.
    assert [a.status_code for a in answers[: LIMIT - 1]] == [200] * (LIMIT - 1)
    assert all(a.status_code == 429 for a in answers[LIMIT - 1 :])
    response = client.post(reverse("login"), {"username": "zoe", "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    page = response.content.decode()
    assert "Too many failed log-ins" in page
    assert f"try again in {COOL_OFF_MINUTES} minutes" in page
    # The time is the site's own (Sydney) time, and a reset link is offered.
    retry_at = timezone.localtime(timezone.now() + timezone.timedelta(minutes=COOL_OFF_MINUTES))
    assert re.search(r"\(at \d{1,2}:\d\d\s?[ap]\.?m\.?( [A-Z+0-9]+)?\)", page), page
    assert retry_at.strftime("%M") in page
    assert reverse("password_reset") in page
    assert_retry_after_about(response, COOL_OFF_MINUTES)


def test_a_lockout_ends_after_the_cool_off(client, zoe):
    from axes.models import AccessAttempt

    wrong_logins(client, reverse("login"), "zoe", LIMIT)
    assert (
        client.post(reverse("login"), {"username": "zoe", "password": PASSWORD}).status_code == 429
    )
    # Sixteen minutes later (every failure, even during the lockout, restarts the clock).
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - timezone.timedelta(minutes=COOL_OFF_MINUTES + 1)
    )
    response = client.post(reverse("login"), {"username": "zoe", "password": PASSWORD})
    assert response.status_code == 302
    # A success clears the slate: LIMIT - 1 new failures don't lock the account.
    client.post(reverse("logout"))
    answers = wrong_logins(client, reverse("login"), "zoe", LIMIT - 1)
    assert {a.status_code for a in answers} == {200}


def test_a_lockout_is_for_that_username_at_that_address(client, zoe, make_user):
    make_user("yan")
    wrong_logins(client, reverse("login"), "zoe", LIMIT)
    # Someone else at the same club's wifi still logs in…
    assert (
        client.post(reverse("login"), {"username": "yan", "password": PASSWORD}).status_code == 302
    )
    # …and Zoe from her own phone's address.
    other = client.__class__(REMOTE_ADDR="10.9.8.7")
    assert (
        other.post(reverse("login"), {"username": "zoe", "password": PASSWORD}).status_code == 302
    )


def test_unknown_usernames_are_locked_out_the_same_way(client, db):
    answers = wrong_logins(client, reverse("login"), "nobody-here", LIMIT + 1)
    assert answers[-1].status_code == 429
    assert "Too many failed log-ins" in answers[-1].content.decode()


def test_admin_login_locks_out_too(client, db):
    User.objects.create_superuser("boss", "boss@example.com", PASSWORD)
    answers = wrong_logins(client, "/admin/login/", "boss", 40)
    assert answers[-1].status_code == 429
    response = client.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed log-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302  # still sent to the login page


# The token endpoint -----------------------------------------------------------------------------


def test_token_endpoint_after_forty_wrong_passwords_gives_no_token(zoe):
    api = APIClient()
    answers = [api.post("/api/token/", {"username": "zoe", "password": "nope"}) for _ in range(40)]
    assert [a.status_code for a in answers[: LIMIT - 1]] == [400] * (LIMIT - 1)
    assert all(a.status_code == 429 for a in answers[LIMIT - 1 :])
    response = api.post("/api/token/", {"username": "zoe", "password": PASSWORD})
    assert response.status_code == 429
    body = response.json()
    assert "token" not in body and body["code"] in {"locked_out", "throttled"}
    assert "try again" in body["detail"]
    assert int(response["Retry-After"]) > 0


def test_token_endpoint_lockout_answers_with_detail_code_and_retry_after(zoe):
    api = APIClient()
    bad = api.post("/api/token/", {"username": "zoe", "password": "nope"})
    assert bad.status_code == 400
    assert bad.json() == {
        "detail": "Unable to log in with that username and password.",
        "code": "invalid_credentials",
    }
    for _ in range(LIMIT - 1):
        response = api.post("/api/token/", {"username": "zoe", "password": "nope"})
    assert response.status_code == 429
    response = api.post("/api/token/", {"username": "zoe", "password": PASSWORD}, format="json")
    assert response.status_code == 429
    assert response.json() == {
        "detail": f"Too many failed log-ins for this account: try again in {COOL_OFF_MINUTES} minutes.",
        "code": "locked_out",
    }
    assert_retry_after_about(response, COOL_OFF_MINUTES)


# Password reset ---------------------------------------------------------------------------------


def test_twenty_two_reset_requests_for_one_address_send_a_few_emails(client, zoe):
    per_hour = settings.KOOKABURRA_PASSWORD_RESETS_PER_HOUR
    assert 1 <= per_hour <= 5
    answers = [
        client.post(
            reverse("password_reset"), {"email": "ZOE@example.com" if i % 2 else "zoe@example.com"}
        )
        for i in range(22)
    ]
    # Every request gets the same answer, so addresses can't be probed…
    assert {(a.status_code, a.url) for a in answers} == {(302, reverse("password_reset_done"))}
    # …but only the first few send an email.
    assert len(mail.outbox) == per_hour
    assert {m.to[0] for m in mail.outbox} == {"zoe@example.com"}


def test_reset_limit_is_per_address_and_forgets_after_an_hour(client, zoe, make_user, monkeypatch):
    from accounts import limits

    make_user("yan")
    per_hour = settings.KOOKABURRA_PASSWORD_RESETS_PER_HOUR
    for _ in range(per_hour + 2):
        client.post(reverse("password_reset"), {"email": "zoe@example.com"})
    client.post(reverse("password_reset"), {"email": "yan@example.com"})
    assert [m.to[0] for m in mail.outbox].count("zoe@example.com") == per_hour
    assert [m.to[0] for m in mail.outbox].count("yan@example.com") == 1
    later = limits.time.time() + 3601
    monkeypatch.setattr(limits.time, "time", lambda: later)
    client.post(reverse("password_reset"), {"email": "zoe@example.com"})
    assert [m.to[0] for m in mail.outbox].count("zoe@example.com") == per_hour + 1


# API throttles ----------------------------------------------------------------------------------


def with_rates(settings, **rates):
    current = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**current, **rates},
    }


def test_api_has_anonymous_user_and_token_rates():
    rf = settings.REST_FRAMEWORK
    assert set(rf["DEFAULT_THROTTLE_RATES"]) >= {"anon", "user", "token"}
    assert len(rf["DEFAULT_THROTTLE_CLASSES"]) == 2


def assert_throttled(response):
    assert response.status_code == 429
    body = response.json()
    assert body["code"] == "throttled"
    assert re.fullmatch(r"Too many requests: try again in \d+ seconds?\.", body["detail"])
    assert 0 < int(response["Retry-After"]) <= 60


@pytest.mark.parametrize(
    "cache",
    [
        "django.core.cache.backends.locmem.LocMemCache",
        # What production uses without Redis: shared by every process, on SQLite or PostgreSQL.
        "django.core.cache.backends.db.DatabaseCache",
    ],
)
def test_anonymous_requests_are_throttled(db, settings, cache):
    settings.CACHES = {"default": {"BACKEND": cache, "LOCATION": "kookaburra_cache"}}
    with_rates(settings, anon="3/minute")
    api = APIClient()
    for _ in range(3):
        assert api.get("/api/clubs/").status_code == 200
    assert_throttled(api.get("/api/clubs/"))
    # Another address is not affected.
    assert APIClient(REMOTE_ADDR="10.1.2.3").get("/api/clubs/").status_code == 200


def test_signed_in_requests_are_throttled_per_user(settings, zoe, make_user):
    with_rates(settings, user="4/minute")
    api = APIClient()
    api.force_authenticate(zoe)
    for _ in range(4):
        assert api.get("/api/clubs/").status_code == 200
    assert_throttled(api.get("/api/clubs/"))
    other = APIClient()
    other.force_authenticate(make_user("yan"))
    assert other.get("/api/clubs/").status_code == 200


def test_token_endpoint_has_a_stricter_rate(settings, zoe):
    with_rates(settings, token="2/minute")
    api = APIClient()
    for _ in range(2):
        assert api.post("/api/token/", {"username": "zoe", "password": PASSWORD}).status_code == 200
    response = api.post("/api/token/", {"username": "zoe", "password": PASSWORD})
    assert_throttled(response)
    assert "token" not in response.json()


def test_behind_a_proxy_lockouts_are_per_client_address(client, zoe, settings):
    settings.PROXY_COUNT = 1
    # Behind one proxy, REMOTE_ADDR is the proxy's; the client is the last X-Forwarded-For entry.
    attacker = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "1.2.3.4, 203.0.113.9"}
    for _ in range(LIMIT):
        client.post(reverse("login"), {"username": "zoe", "password": "nope"}, **attacker)
    locked = client.post(reverse("login"), {"username": "zoe", "password": PASSWORD}, **attacker)
    assert locked.status_code == 429
    # Zoe, through the same proxy from her own address, is not locked out.
    zoes = client.__class__(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert zoes.post(reverse("login"), {"username": "zoe", "password": PASSWORD}).status_code == 302
