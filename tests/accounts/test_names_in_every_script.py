"""Usernames and display names in every script (issue 13): letters with their combining marks
(Gurmukhi and Devanagari vowel signs, Urdu diacritics) sign up and log in; invisible characters
and look-alike mixes of scripts are refused; two spellings that read the same can't both be
taken."""

import unicodedata

import pytest
from django.urls import reverse

from accounts.models import User
from accounts.names import display_name_problem, name_key, username_problem

NAMES = ["ਗੁਰਪ੍ਰੀਤ", "सुमेधा", "عائشہ", "عَائِشہ", "maría.o-brien_2", "山田たろう"]


def test_the_names_hold_combining_marks():
    for name in (NAMES[0], NAMES[1], NAMES[3]):  # عائشہ is written with precomposed letters
        assert any(unicodedata.category(c).startswith("M") for c in name), name


@pytest.mark.parametrize("name", NAMES)
def test_names_with_combining_marks_are_accepted(name):
    assert username_problem(name) is None
    assert display_name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("gur\u200bpreet", "invisible"),  # zero-width space
        ("ab\u202ecd", "invisible"),  # right-to-left override
        ("tab\there", "invisible"),
        ("\u0941sumedha", "must follow a letter"),  # a vowel sign with nothing to sit on
        ("pаypal", "one script"),  # Cyrillic а among Latin letters
        ("ΑΡΡLE", "one script"),  # Greek capitals that look Latin, mixed with Latin
        ("bob smith", "letters, vowel signs"),  # usernames take no spaces
        ("bob/smith", "letters, vowel signs"),
    ],
)
def test_usernames_that_hide_or_dress_up_a_name_are_refused(name, why):
    assert why in username_problem(name)


def test_display_names_take_spaces_and_punctuation_but_not_look_alikes():
    assert display_name_problem("Marg T.") is None
    assert display_name_problem("Gurpreet ਗੁਰਪ੍ਰੀਤ") is None  # each word in one script
    assert "one script" in display_name_problem("Dаna")
    assert "invisible" in display_name_problem("Da\u200dna")


def _signup(client, username, display_name="", email=None):
    return client.post(
        reverse("accounts:signup"),
        {
            "username": username,
            "display_name": display_name,
            "email": email or f"u{abs(hash(username))}@example.com",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )


@pytest.mark.django_db
@pytest.mark.parametrize("username", ["ਗੁਰਪ੍ਰੀਤ", "सुमेधा", "عائشہ"])
def test_sign_up_and_log_in_in_any_script(client, username):
    response = _signup(client, username, display_name=username)
    assert response.status_code == 302, response.content.decode()[:3000]
    user = User.objects.get(username=username)
    assert user.shown_name == username
    client.logout()

    response = client.post(
        reverse("login"), {"username": username, "password": "a-long-pass-phrase"}
    )
    assert response.status_code == 302
    assert client.get(reverse("accounts:profile_edit")).status_code == 200
    # The profile's address is the name, percent-encoded, and it opens.
    url = reverse("accounts:profile", args=[username])
    assert "%E0" in url or "%D8" in url or "%D9" in url
    assert username in client.get(url).content.decode()


@pytest.mark.django_db
def test_a_name_typed_in_another_normal_form_logs_in(client):
    composed = "José"
    _signup(client, unicodedata.normalize("NFC", composed))
    client.logout()
    decomposed = unicodedata.normalize("NFD", composed)
    assert decomposed != composed
    response = client.post(
        reverse("login"), {"username": decomposed, "password": "a-long-pass-phrase"}
    )
    assert response.status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("jose", "José"),  # accents on Latin letters read the same
        ("gurpreet", "ｇｕｒｐｒｅｅｔ"),  # full-width forms
        ("ਗੁਰਪ੍ਰੀਤ", "ਗੁਰਪ੍ਰੀਤ\u200c"),  # a trailing invisible joiner is refused outright
        ("क़मर", "क\u093cमर"),  # precomposed qa and ka + nukta
    ],
)
def test_two_spellings_that_read_the_same_cant_both_be_taken(client, first, second):
    assert _signup(client, first).status_code == 302
    client.logout()
    response = _signup(client, second)
    assert response.status_code == 200
    assert User.objects.count() == 1
    assert name_key(first) == name_key(second) or "invisible" in response.content.decode()


@pytest.mark.django_db
def test_sign_up_refuses_a_control_character_with_a_clear_message(client):
    response = _signup(client, "bad\u200bname")
    assert response.status_code == 200
    assert "invisible or control characters" in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.django_db
def test_username_keys_are_kept(make_user):
    user = make_user("ＡＢＣ")
    assert user.username_key == "abc"
    user.username = "Dé"
    user.save(update_fields=["username"])
    user.refresh_from_db()
    assert user.username_key == "de"
