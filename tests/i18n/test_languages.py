"""Choosing a language and being spoken to in it: the header's menu (Django's set_language),
the account's language, the cookie and Accept-Language, a club's default language, right to left
for Urdu with its font, notices and emails in the reader's language, and the rules pages."""

import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core import mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_noop

from accounts import notices
from accounts.languages import UnknownLanguage, user_language_set
from accounts.models import Notice
from clubs import services as club_services
from clubs.models import Club
from tests.conftest import PASSWORD

COOKIE = settings.LANGUAGE_COOKIE_NAME


def html_tag(page: str) -> str:
    return re.search(r"<html[^>]*>", page).group(0)


def set_language(client, code, next_url="/"):
    return client.post(reverse("set_language"), {"language": code, "next": next_url})


@pytest.mark.django_db
def test_the_header_menu_lists_every_language_by_its_own_name_and_works_without_javascript(
    client,
):
    page = client.get("/").content.decode()
    form = re.search(r'<form class="language-menu".*?</form>', page, re.S).group(0)
    assert f'action="{reverse("set_language")}"' in form and 'method="post"' in form
    assert 'name="next" value="/"' in form and 'type="submit"' in form
    for code, name in [
        ("en-au", "English"),
        ("mr", "मराठी"),
        ("ms", "Bahasa Melayu"),
        ("pa", "ਪੰਜਾਬੀ"),
        ("ur", "اردو"),
    ]:
        assert f'value="{code}" lang="{code}"' in form and name in form
    assert html_tag(page) == '<html lang="en-au" dir="ltr">'
    assert "css/lang/" not in page  # English loads no script font


@pytest.mark.django_db
@pytest.mark.parametrize("reading", ["mr", "ms", "pa", "ur"])
def test_the_header_menu_names_english_in_english_on_every_page(client, reading):
    """On a Marathi page English is "English", as each other language is named in itself (it
    read "इंग्रजी", "Bahasa Inggeris", "ਅੰਗਰੇਜ਼ੀ", "انگلش")."""
    set_language(client, reading, "/")
    page = client.get("/").content.decode()
    form = re.search(r'<form class="language-menu".*?</form>', page, re.S).group(0)
    option = re.search(r'<option value="en-au" lang="en-au"[^>]*>([^<]*)</option>', form)
    assert option.group(1) == "English"


@pytest.mark.django_db
def test_choosing_urdu_sets_the_cookie_and_turns_the_page_right_to_left_with_its_font(client):
    response = set_language(client, "ur", "/rules/pitch/")
    assert response.status_code == 302 and response.url == "/rules/pitch/"
    assert response.cookies[COOKIE].value == "ur"
    page = client.get("/rules/pitch/").content.decode()
    assert html_tag(page) == '<html lang="ur" dir="rtl">'
    assert "css/lang/ur.css" in page
    assert "نیلامی پچ کے قواعد" in page and "لاگ اِن" in page
    assert "Log in" not in page


@pytest.mark.django_db
def test_accept_language_decides_before_any_choice_and_the_cookie_after_it(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="mr,en;q=0.5").content.decode()
    assert html_tag(page) == '<html lang="mr" dir="ltr">' and "css/lang/mr.css" in page
    assert "लॉग इन" in page
    set_language(client, "pa")
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="mr,en;q=0.5").content.decode()
    assert html_tag(page).startswith('<html lang="pa"') and "ਲੌਗ ਇਨ" in page


@pytest.mark.django_db
def test_a_members_choice_is_kept_on_the_account_and_applied_at_the_next_login(client, make_user):
    ann = make_user("ann")
    client.force_login(ann)
    set_language(client, "ms")
    ann.refresh_from_db()
    assert ann.language == "ms"
    client.logout()
    # Another browser, which asks for English: logging in brings back Malay, cookie included.
    other = client.__class__()
    other.cookies[COOKIE] = "en-au"
    response = other.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "ms"
    page = other.get("/").content.decode()
    assert html_tag(page).startswith('<html lang="ms"') and "Log keluar" in page


@pytest.mark.django_db
def test_a_member_without_a_language_keeps_the_one_chosen_before_login(client, make_user):
    bea = make_user("bea")
    set_language(client, "ur")
    client.post(reverse("login"), {"username": "bea", "password": PASSWORD})
    bea.refresh_from_db()
    assert bea.language == "ur"


@pytest.mark.django_db
def test_the_profile_form_sets_the_language_and_refuses_an_unknown_one(client, make_user):
    cat = make_user("cat")
    client.force_login(cat)
    response = client.post(
        reverse("accounts:profile_edit"),
        {"display_name": "Cat", "email": "cat@example.com", "language": "pa"},
    )
    assert response.status_code == 302
    cat.refresh_from_db()
    assert cat.language == "pa"
    page = client.get(reverse("accounts:profile_edit")).content.decode()
    assert html_tag(page).startswith('<html lang="pa"')
    response = client.post(
        reverse("accounts:profile_edit"),
        {"display_name": "Cat", "email": "cat@example.com", "language": "fr"},
    )
    assert response.status_code == 200 and 'name="language"' in response.content.decode()
    cat.refresh_from_db()
    assert cat.language == "pa"
    with pytest.raises(UnknownLanguage):
        user_language_set(cat, "xx")


@pytest.mark.django_db
def test_a_clubs_public_pages_speak_its_language_to_visitors_who_chose_none(client, make_user):
    owner = make_user("olive")
    club = club_services.club_create(owner, name="لاہور کارڈ کلب", language="ur")
    assert club.language == "ur"
    url = club.get_absolute_url()
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html_tag(page) == '<html lang="ur" dir="rtl">'
    # Other pages keep the visitor's own language.
    assert html_tag(client.get("/").content.decode()).startswith('<html lang="en-au"')
    # A visitor who chose a language keeps it there too.
    set_language(client, "ms")
    assert html_tag(client.get(url).content.decode()).startswith('<html lang="ms"')
    # So does a member with a language of their own.
    member = make_user("mo", language="mr")
    browser = client.__class__()
    browser.force_login(member)
    assert html_tag(browser.get(url).content.decode()).startswith('<html lang="mr"')


@pytest.mark.django_db
def test_the_owner_changes_the_clubs_language_in_the_club_form(client, make_user):
    owner = make_user("olive")
    club = club_services.club_create(owner, name="Perth Five Hundred")
    client.force_login(owner)
    form = client.get(reverse("clubs:edit", args=[club.slug])).content.decode()
    assert 'name="language"' in form
    response = client.post(
        reverse("clubs:edit", args=[club.slug]),
        {"name": club.name, "is_open": "1", "language": "ms"},
    )
    assert response.status_code == 302
    assert Club.objects.get(pk=club.pk).language == "ms"
    with pytest.raises(club_services.ServiceError):
        club_services.club_update(owner, club, language="klingon")


@pytest.mark.django_db
def test_notices_are_stored_as_a_key_and_read_in_the_readers_language(client, make_user):
    notices.register({"tests.welcome": gettext_noop("Welcome to Kookaburra, %(name)s!")})
    dev = make_user("dev", language="ur")
    notice = notices.notice_send(dev, "tests.welcome", {"name": "Dev"}, url="/")
    assert notice.key == "tests.welcome" and notice.params == {"name": "Dev"}
    assert notice.text == "Welcome to Kookaburra, Dev!"  # the English, for the admin
    old = Notice.objects.create(user=dev, text="Written before keys existed.")
    client.post(reverse("login"), {"username": "dev", "password": PASSWORD})  # Urdu from here
    page = client.get(reverse("accounts:notices")).content.decode()
    assert "Kookaburra میں خوش آمدید، Dev!" in page
    assert "Written before keys existed." in page
    with translation.override("mr"):
        assert notice.message == "Kookaburra मध्ये स्वागत आहे, Dev!"
        assert old.message == "Written before keys existed."
    notices.notices_send([dev.pk, dev.pk], "tests.welcome", {"name": "Dev"})
    assert Notice.objects.filter(user=dev, key="tests.welcome").count() == 2
    with pytest.raises(notices.UnknownNotice):
        notices.notice_send(dev, "tests.nobody_registered_this")


@pytest.mark.django_db
def test_the_password_reset_email_goes_out_in_the_recipients_language(client, make_user):
    make_user("eve", language="pa")
    client.post(reverse("password_reset"), {"email": "eve@example.com"})
    (message,) = mail.outbox
    assert message.subject == "ਆਪਣਾ Kookaburra ਪਾਸਵਰਡ ਮੁੜ ਬਣਾਓ"
    assert "ਸਤਿ ਸ੍ਰੀ ਅਕਾਲ Eve," in message.body


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["en-au", "mr", "ms", "pa", "ur"])
def test_the_rules_pages_in_every_language(client, code):
    client.cookies[COOKIE] = code
    for game in ("five-hundred", "pitch"):
        response = client.get(reverse("rules", args=[game]))
        assert response.status_code == 200
        page = response.content.decode()
        assert html_tag(page).startswith(f'<html lang="{code}"')
        if code != "en-au":
            assert "the rules Kookaburra plays" not in page
    assert client.get("/rules/euchre/").status_code == 404


@pytest.mark.django_db
def test_api_details_follow_accept_language_and_codes_never_change(client):
    body = client.get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE="ur").json()
    assert body == {"detail": "یہاں ایسی کوئی چیز نہیں۔", "code": "not_found"}


def test_the_script_fonts_are_our_own_static_files():
    for code, family in [
        ("mr", "Noto Sans Devanagari"),
        ("pa", "Noto Sans Gurmukhi"),
        ("ur", "Noto Nastaliq Urdu"),
    ]:
        sheet = open(finders.find(f"css/lang/{code}.css")).read()
        assert f'--font: "{family}"' in sheet and "http" not in sheet
        faces = open(finders.find("css/fonts.css")).read()
        assert f'font-family: "{family}"' in faces and "http" not in faces
    fonts = re.findall(r'url\("\.\./(vendor/fonts/[^"]+)"\)', faces)
    assert len(fonts) == 6
    for font in fonts:
        assert finders.find(font), font
    assert settings.KOOKABURRA_FONT_LANGUAGES == ["mr", "pa", "ur"]


def test_django_knows_every_language_and_names_each_in_itself():
    for code, name in settings.LANGUAGES[1:]:
        info = translation.get_language_info(code)
        assert info["name_local"] == name
        assert info["bidi"] is (code in settings.LANGUAGES_BIDI)
    assert settings.LANGUAGES_BIDI == ["ur"]


@pytest.mark.django_db
def test_the_apis_own_framework_texts_come_in_the_asked_language(client):
    """DRF and knox ship no catalogue for our languages: ours words their details."""
    answer = client.get("/api/tokens/", HTTP_ACCEPT_LANGUAGE="ur")
    assert answer.status_code == 401
    assert answer.json()["detail"] == "شناخت کی معلومات نہیں دی گئیں۔"
    bad = client.get("/api/tokens/", HTTP_AUTHORIZATION="Token nope", HTTP_ACCEPT_LANGUAGE="mr")
    assert bad.status_code == 401 and bad.json()["detail"] == "टोकन चुकीचे आहे."
