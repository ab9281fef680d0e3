"""Names that read the same count as the same: no two clubs share a name, and no two members of
one club go by one name (accounts.names.name_key compares them)."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from accounts.forms import ProfileForm
from accounts.names import name_key
from clubs import services
from clubs.models import Club, JoinRequest, Membership

# The comparison ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Kookaburra Card Club", "Kookaburra Card Club"),
        ("Kookaburra Card Club", "kookaburra card CLUB"),
        ("Kookaburra Card Club", "  Kookaburra   Card Club "),
        ("Kookaburra Card Club", "ＫＯＯＫＡＢＵＲＲＡ Card Club"),  # full-width letters (NFKC)
        ("Kookaburra Card Club", "Kookaburra\u200b Card Club"),  # a zero-width space
        ("Café Five Hundred", "Cafe Five Hundred"),
        ("Cafe\u0301", "Café"),  # decomposed and composed accents
        ("Straße", "STRASSE"),
        ("Ёлка", "Елка"),
        ("Dana (director)", "DANA (Director)"),
    ],
)
def test_names_that_read_the_same_have_one_key(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Kookaburra Card Club", "Kookaburra Card Club 2"),
        ("कार्ड क्लब", "कर्ड क्लब"),  # a Devanagari vowel sign is part of the word, not an accent
        ("ไพ่", "ไพ"),  # so is a Thai tone mark
        ("東京カードクラブ", "大阪カードクラブ"),
    ],
)
def test_different_names_keep_different_keys(one, other):
    assert name_key(one) != name_key(other)


@given(st.text())
def test_the_key_is_its_own_key(text):
    assert name_key(name_key(text)) == name_key(text)


@given(st.text(alphabet=st.characters(codec="ascii", categories=["Lu", "Ll"]), min_size=1))
def test_accents_capitals_and_spacing_on_latin_letters_never_matter(word):
    accented = "\u00a0".join("\u0301".join(word.upper()) for _ in range(2))
    assert name_key(accented) == name_key(f"{word} {word}")


# Clubs -------------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["Wattle Card Club", "wattle card club", "Wättle  Card Club", "ＷＡＴＴＬＥ Card Club"]
)
def test_a_club_name_another_club_has_is_refused(club, people, name):
    with pytest.raises(services.NameTaken) as refused:
        services.club_create(people.outsider, name=name)
    assert refused.value.field == "name" and refused.value.code == "name_taken"
    assert "Wattle Card Club" in refused.value.message
    assert Club.objects.count() == 1


@pytest.mark.django_db
def test_names_in_any_script_work_and_stay_distinct(people):
    names = ["कार्ड क्लब", "कर्ड क्लब", "東京カードクラブ", "Клуб «Пятьсот»", "نادي الورق"]
    for name in names:
        services.club_create(people.outsider, name=name)
    assert sorted(Club.objects.values_list("name", flat=True)) == sorted(names)
    with pytest.raises(services.NameTaken):
        services.club_create(people.member, name="東京カードクラブ")


@pytest.mark.django_db
def test_renaming_a_club_to_another_clubs_name_is_refused(club, people):
    other = services.club_create(people.owner, name="Bellbird Pitch")
    with pytest.raises(services.NameTaken):
        services.club_update(people.owner, other, name="WATTLE card club")
    # Its own name, in other capitals, is fine.
    services.club_update(people.owner, other, name="BELLBIRD Pitch")
    assert Club.objects.get(pk=other.pk).name == "BELLBIRD Pitch"


@pytest.mark.django_db
def test_the_database_refuses_a_second_club_with_the_same_name(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="wattle CARD club", slug="wattle-2")
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.bulk_create([Club(name="Wattle Card Club", slug="wattle-3")])
    # The admin's forms say so instead.
    with pytest.raises(ValidationError) as refused:
        Club(name="Wattle  card club", slug="wattle-4").full_clean()
    assert "name" in refused.value.message_dict


@pytest.mark.django_db
def test_the_api_refuses_a_taken_club_name_with_400(club, people):
    api = APIClient()
    api.force_authenticate(people.outsider)
    response = api.post("/api/clubs/", {"name": "wattle card club"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "name_taken" and "Wattle Card Club" in body["detail"]
    assert api.post("/api/clubs/", {"name": "Ĉlub Ŝpeciala"}, format="json").status_code == 201


@pytest.mark.django_db
def test_the_form_says_the_name_is_taken(client, club, people):
    client.force_login(people.outsider)
    response = client.post(reverse("clubs:create"), {"name": "Wattle Card Club", "is_open": "1"})
    assert response.status_code == 200
    assert "There is already a club called" in response.content.decode()
    assert Club.objects.count() == 1


# Display names within a club ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_member_cannot_take_the_name_another_member_goes_by(club, people):
    # Mia tries to pass for Dan, a director of the same club (make_user gives "Dan").
    form = ProfileForm({"display_name": "DAN", "email": "mia@example.com"}, instance=people.member)
    assert not form.is_valid()
    assert "Wattle Card Club already goes by “Dan”" in form.errors["display_name"][0]
    # An unused name, or her own name in other capitals, is fine.
    ok = ProfileForm({"display_name": "Mia R.", "email": "mia@example.com"}, instance=people.member)
    assert ok.is_valid()
    assert ProfileForm({"display_name": "MIA"}, instance=people.member).is_valid()


@pytest.mark.django_db
def test_a_blank_display_name_shows_the_username_which_may_be_taken(club, people, make_user):
    dana = make_user("dana", display_name="Dana")
    Membership.objects.create(club=club, user=dana)
    # A user called "mia" without a display name would be "mia": Mia goes by "Mia".
    ringer = make_user("Mia", display_name="Someone")
    Membership.objects.create(club=club, user=ringer)
    form = ProfileForm({"display_name": ""}, instance=ringer)
    assert not form.is_valid() and "Choose a display name" in form.errors["display_name"][0]


@pytest.mark.django_db
def test_the_profile_page_refuses_it_too(client, club, people):
    client.force_login(people.member)
    response = client.post(
        reverse("accounts:profile_edit"), {"display_name": "Olive", "email": "mia@example.com"}
    )
    assert response.status_code == 200 and "already goes by" in response.content.decode()
    people.member.refresh_from_db()
    assert people.member.display_name == "Mia"


@pytest.mark.django_db
def test_joining_a_club_where_your_name_is_taken_is_refused(club, people, make_user):
    other_dan = make_user("dan2", display_name="Dán")
    with pytest.raises(services.DisplayNameTaken) as refused:
        services.club_join(other_dan, club)
    assert refused.value.status_code == 409 and "Change your display name" in refused.value.message
    assert not Membership.objects.filter(user=other_dan).exists()
    other_dan.display_name = "Dan from Bendigo"
    other_dan.save()
    assert services.club_join(other_dan, club).joined


@pytest.mark.django_db
def test_a_request_is_not_approved_while_the_name_is_taken(club, people, make_user):
    club.is_open = False
    club.save()
    newcomer = make_user("newcomer", display_name="Newcomer")
    request = services.club_join(newcomer, club).request
    # Meanwhile a member takes the newcomer's name.
    people.member.display_name = "NEWCOMER"
    people.member.save(update_fields=["display_name"])
    with pytest.raises(services.DisplayNameTaken) as refused:
        services.join_request_approve(people.director, request)
    assert "@newcomer" in refused.value.message
    assert JoinRequest.objects.get(pk=request.pk).status == JoinRequest.Status.PENDING


@pytest.mark.django_db
def test_the_api_refuses_the_join_with_a_reason(club, people, make_user):
    api = APIClient()
    api.force_authenticate(make_user("olive2", display_name="olive"))
    response = api.post(f"/api/clubs/{club.slug}/join/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "display_name_taken"
