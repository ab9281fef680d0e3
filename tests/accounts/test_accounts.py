"""Accounts: sign-up, log in and out, password change and reset, profile, notices."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import Notice, User
from clubs.models import Club, Membership

PASSWORD = "correct-horse-9"


@pytest.fixture
def zoe(db):
    return User.objects.create_user(
        "zoe", email="zoe@example.com", password=PASSWORD, display_name="Zoe Z."
    )


def test_sign_up_logs_in_and_goes_on(client, db):
    page = client.get(reverse("accounts:signup")).content.decode()
    assert 'for="id_username"' in page and 'for="id_email"' in page
    response = client.post(
        reverse("accounts:signup") + "?next=/clubs/",
        {
            "username": "newbie",
            "display_name": "New Bie",
            "email": "newbie@example.com",
            "games": ["pitch"],
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
            "next": "/clubs/",
        },
    )
    assert response.status_code == 302 and response.url == "/clubs/"
    user = User.objects.get(username="newbie")
    assert user.display_name == "New Bie" and user.games == ["pitch"]
    assert client.get(reverse("home")).wsgi_request.user == user


def test_sign_up_errors_change_nothing(client, zoe):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "zoe",
            "email": "ZOE@example.com",
            "password1": "short",
            "password2": "different",
        },
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "A user with that username already exists." in page
    assert "An account already uses this email." in page
    assert User.objects.count() == 1


def test_log_in_and_out(client, zoe):
    page = client.get(reverse("login")).content.decode()
    assert "Forgot your password?" in page
    bad = client.post(reverse("login"), {"username": "zoe", "password": "nope"})
    assert "didn't match" in bad.content.decode()
    response = client.post(reverse("login"), {"username": "zoe", "password": PASSWORD})
    assert response.status_code == 302
    assert "Log out" in client.get(reverse("home")).content.decode()
    client.post(reverse("logout"))
    assert "Log in" in client.get(reverse("home")).content.decode()


def test_password_change(client, zoe):
    client.force_login(zoe)
    assert client.get(reverse("password_change")).status_code == 200
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another-long-phrase",
            "new_password2": "another-long-phrase",
        },
    )
    assert response.url == reverse("password_change_done")
    zoe.refresh_from_db()
    assert zoe.check_password("another-long-phrase")


def test_password_reset_by_email(client, zoe):
    assert client.get(reverse("password_reset")).status_code == 200
    client.post(reverse("password_reset"), {"email": "zoe@example.com"})
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Reset your Kookaburra password"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    response = client.get(link, follow=True)
    assert "Choose a new password" in response.content.decode()
    response = client.post(
        response.redirect_chain[-1][0],
        {"new_password1": "fresh-long-phrase", "new_password2": "fresh-long-phrase"},
    )
    assert response.url == reverse("password_reset_complete")
    zoe.refresh_from_db()
    assert zoe.check_password("fresh-long-phrase")


def test_profile_shows_games_clubs_and_nights(client, zoe):
    zoe.games = ["five_hundred"]
    zoe.save()
    club = Club.objects.create(name="Wattle Card Club", slug="wattle")
    Membership.objects.create(club=club, user=zoe, role="director")
    page = client.get(reverse("accounts:profile", args=["zoe"])).content.decode()
    assert "Zoe Z." in page and "Five Hundred" in page and "Wattle Card Club" in page
    assert "Director" in page and "Edit profile" not in page
    client.force_login(zoe)
    assert "Edit profile" in client.get(reverse("accounts:profile", args=["zoe"])).content.decode()
    assert client.get(reverse("accounts:profile", args=["nobody"])).status_code == 404


def test_edit_profile(client, zoe):
    assert client.get(reverse("accounts:profile_edit")).status_code == 302
    client.force_login(zoe)
    page = client.get(reverse("accounts:profile_edit")).content.decode()
    assert 'value="Zoe Z."' in page
    response = client.post(
        reverse("accounts:profile_edit"),
        {"display_name": "Zed", "email": "zed@example.com", "games": ["pitch", "five_hundred"]},
    )
    assert response.url == reverse("accounts:profile", args=["zoe"])
    zoe.refresh_from_db()
    assert zoe.display_name == "Zed" and zoe.games == ["five_hundred", "pitch"]
    response = client.post(reverse("accounts:profile_edit"), {"games": ["euchre"]})
    assert response.status_code == 200 and "not one of the available choices" in (
        response.content.decode()
    )


def test_notices_list_mark_read_and_open(client, zoe):
    first = Notice.objects.create(user=zoe, text="A seat came free", url="/clubs/")
    second = Notice.objects.create(user=zoe, text="Welcome to the club")
    Notice.objects.create(user=User.objects.create_user("other"), text="Not for Zoe")
    client.force_login(zoe)
    page = client.get(reverse("accounts:notices")).content.decode()
    assert "A seat came free" in page and "Not for Zoe" not in page
    assert 'aria-label="2 unread"' in page
    # htmx: the one notice, re-rendered as read.
    response = client.post(
        reverse("accounts:notice_read", args=[second.pk]), headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert "<html" not in body and f'id="notice-{second.pk}"' in body and "unread" not in body
    # Open: marks read and follows the link.
    response = client.post(reverse("accounts:notice_read", args=[first.pk]), {"open": "1"})
    assert response.url == "/clubs/"
    assert not Notice.objects.filter(user=zoe, read_at__isnull=True).exists()
    other = Notice.objects.get(text="Not for Zoe")
    assert client.post(reverse("accounts:notice_read", args=[other.pk])).status_code == 404


def test_mark_all_read_and_empty_state(client, zoe):
    client.force_login(zoe)
    assert "No notices" in client.get(reverse("accounts:notices")).content.decode()
    Notice.objects.create(user=zoe, text="One")
    Notice.objects.create(user=zoe, text="Two")
    client.post(reverse("accounts:notices_read_all"))
    assert Notice.objects.unread().count() == 0
    assert client.get(reverse("accounts:notices")).status_code == 200


def test_a_notice_from_moments_ago_says_just_now(client, zoe, settings):
    """Not "0 minutes ago": under a minute is "just now", in the reader's language."""
    from datetime import timedelta

    from django.utils import timezone

    Notice.objects.create(user=zoe, text="Fresh")
    older = Notice.objects.create(user=zoe, text="Older")
    Notice.objects.filter(pk=older.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    client.force_login(zoe)
    page = client.get(reverse("accounts:notices")).content.decode()
    assert "just now" in page and "5\xa0minutes ago" in page and "0\xa0minutes" not in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "mr"
    page = client.get(reverse("accounts:notices")).content.decode()
    assert "आत्ताच" in page and "just now" not in page
