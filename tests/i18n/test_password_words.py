"""The password change form says "password" with the same word as the rest of the site: Django's
own Urdu labels its fields with another ("لفظ اجازت"), and Malay, Marathi and Punjabi need the
labels too."""

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

LABELS = {  # the form's two labels, in the site's word for "password"
    "ur": ("پرانا پاس ورڈ", "نیا پاس ورڈ"),
    "ms": ("Kata laluan lama", "Kata laluan baharu"),
    "mr": ("जुना पासवर्ड", "नवीन पासवर्ड"),
    "pa": ("ਪੁਰਾਣਾ ਪਾਸਵਰਡ", "ਨਵਾਂ ਪਾਸਵਰਡ"),
}


@pytest.mark.parametrize("code", sorted(LABELS))
def test_the_password_change_form_uses_the_sites_word(client, make_user, code):
    client.force_login(make_user("ann"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    page = client.get(reverse("password_change")).content.decode()
    old, new = LABELS[code]
    assert f'lang="{code}"' in page
    assert old in page and new in page
    assert "لفظ اجازت" not in page
