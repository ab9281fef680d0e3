"""The password change form says "password" with the same word as the rest of the site: Django's
own Urdu labels its fields with another ("لفظ اجازت"), and Malay, Marathi and Punjabi need the
labels too."""

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

WORDS = {  # the site's word for "password", and the form's two labels
    "ur": ("پاس ورڈ", "پرانا پاس ورڈ", "نیا پاس ورڈ"),
    "ms": ("Kata laluan", "Kata laluan lama", "Kata laluan baharu"),
    "mr": ("पासवर्ड", "जुना पासवर्ड", "नवीन पासवर्ड"),
    "pa": ("ਪਾਸਵਰਡ", "ਪੁਰਾਣਾ ਪਾਸਵਰਡ", "ਨਵਾਂ ਪਾਸਵਰਡ"),
}


@pytest.mark.parametrize("code", sorted(WORDS))
def test_the_password_change_form_uses_the_sites_word(client, make_user, code):
    user = make_user("ann")
    user.language = code
    user.save()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    page = client.get(reverse("password_change")).content.decode()
    word, old, new = WORDS[code]
    assert f'lang="{code}"' in page
    assert old in page and new in page
    assert "لفظ اجازت" not in page
    assert word in old and word.lower() in new.lower()
