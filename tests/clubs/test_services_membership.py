"""Clubs and memberships: creating, joining, requests, roles, leaving and removal."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError

from accounts.models import Notice
from clubs import services
from clubs.models import Club, JoinRequest, Membership, Registration
from core.choices import Game

Role = Membership.Role


def role_of(club, user):
    membership = Membership.objects.filter(club=club, user=user).first()
    return membership.role if membership else None


def test_anyone_signed_in_creates_a_club_and_owns_it(make_user):
    zoe = make_user("zoe")
    club = services.club_create(
        zoe, name="  Gum Tree Pitch  ", venue="Hall", games=[Game.PITCH, Game.PITCH]
    )
    assert club.name == "Gum Tree Pitch"
    assert club.slug == "gum-tree-pitch"
    assert club.games == [Game.PITCH]
    assert role_of(club, zoe) == Role.OWNER
    # Another name (no two clubs share one) whose slug would be the same gets its own slug.
    second = services.club_create(zoe, name="Gum Tree Pitch!")
    assert second.slug == "gum-tree-pitch-2"


def test_club_create_refuses_anonymous_and_blank_names(make_user):
    with pytest.raises(services.NotAllowed):
        services.club_create(AnonymousUser(), name="Ghost Club")
    with pytest.raises(services.InvalidInput) as error:
        services.club_create(make_user("zoe"), name="   ")
    assert error.value.field == "name"
    with pytest.raises(services.InvalidInput):
        services.club_create(make_user("yan"), name="Odd", games=["euchre"])
    assert not Club.objects.exists()


def test_directors_edit_the_club_members_cannot(club, people):
    services.club_update(people.director, club, about="Now on Wednesdays too.", is_open=False)
    club.refresh_from_db()
    assert club.about == "Now on Wednesdays too." and club.is_open is False
    with pytest.raises(services.NotAllowed):
        services.club_update(people.member, club, name="Mia's Club")
    club.refresh_from_db()
    assert club.name == "Wattle Card Club"


def test_joining_an_open_club_is_immediate(club, people):
    result = services.club_join(people.outsider, club)
    assert result.joined and result.membership.role == Role.MEMBER
    with pytest.raises(services.AlreadyMember):
        services.club_join(people.outsider, club)
    assert Membership.objects.filter(club=club, user=people.outsider).count() == 1


def test_closed_club_takes_a_request_that_a_director_approves(club, people):
    club.is_open = False
    club.save()
    result = services.club_join(people.outsider, club, message="I play most Tuesdays")
    assert not result.joined and result.request.status == JoinRequest.Status.PENDING
    assert role_of(club, people.outsider) is None
    # Every director (owners too) hears about it.
    for director in (people.owner, people.director):
        assert Notice.objects.filter(user=director, text__contains="asked to join").exists()
    with pytest.raises(services.RequestPending):
        services.club_join(people.outsider, club)
    with pytest.raises(services.NotAllowed):
        services.join_request_approve(people.member, result.request)
    services.join_request_approve(people.director, result.request)
    assert role_of(club, people.outsider) == Role.MEMBER
    assert Notice.objects.filter(user=people.outsider, text__contains="approved").exists()
    with pytest.raises(services.Conflict):
        services.join_request_decline(people.director, result.request)


def test_declined_request_adds_no_member_and_says_so(club, people):
    club.is_open = False
    club.save()
    request = services.club_join(people.outsider, club).request
    services.join_request_decline(people.owner, request)
    request.refresh_from_db()
    assert request.status == JoinRequest.Status.DECLINED and request.decided_by == people.owner
    assert role_of(club, people.outsider) is None
    assert Notice.objects.filter(user=people.outsider, text__contains="declined").exists()
    # They may ask again later.
    assert services.club_join(people.outsider, club).request is not None


def test_a_pending_request_can_be_withdrawn(club, people):
    club.is_open = False
    club.save()
    services.club_join(people.outsider, club)
    services.join_request_withdraw(people.outsider, club)
    assert not JoinRequest.objects.filter(user=people.outsider).exists()
    with pytest.raises(services.Conflict):
        services.join_request_withdraw(people.outsider, club)


def test_the_database_allows_one_pending_request_per_person(club, people):
    JoinRequest.objects.create(club=club, user=people.outsider)
    with pytest.raises(IntegrityError):
        JoinRequest.objects.create(club=club, user=people.outsider)


def test_members_leave_but_the_last_owner_cannot(club, people):
    services.club_leave(people.member, club)
    assert role_of(club, people.member) is None
    with pytest.raises(services.Conflict):
        services.club_leave(people.member, club)
    with pytest.raises(services.LastOwner):
        services.club_leave(people.owner, club)
    assert role_of(club, people.owner) == Role.OWNER
    services.membership_set_role(
        people.owner, Membership.objects.get(club=club, user=people.director), Role.OWNER
    )
    services.club_leave(people.owner, club)
    assert role_of(club, people.owner) is None


def test_leaving_gives_up_members_only_seats_to_the_waitlist(club, people, make_user, make_night):
    night = make_night(capacity=1)
    services.night_register(people.member, night)
    services.night_register(people.director, night)
    services.club_leave(people.member, club)
    assert night.registrations.get(user=people.member).status == Registration.Status.CANCELLED
    assert night.registrations.get(user=people.director).status == Registration.Status.REGISTERED


def test_owner_promotes_and_demotes_directors(club, people):
    mia = Membership.objects.get(club=club, user=people.member)
    services.membership_set_role(people.owner, mia, Role.DIRECTOR)
    assert role_of(club, people.member) == Role.DIRECTOR
    assert Notice.objects.filter(user=people.member, text__contains="made you director").exists()
    services.membership_set_role(people.owner, mia, Role.MEMBER)
    assert role_of(club, people.member) == Role.MEMBER
    with pytest.raises(services.Conflict):
        services.membership_set_role(people.owner, mia, Role.MEMBER)
    with pytest.raises(services.InvalidInput):
        services.membership_set_role(people.owner, mia, "president")


@pytest.mark.parametrize("who", ["director", "member", "outsider"])
def test_only_owners_change_roles(club, people, who):
    mia = Membership.objects.get(club=club, user=people.member)
    with pytest.raises(services.NotAllowed):
        services.membership_set_role(getattr(people, who), mia, Role.DIRECTOR)
    assert role_of(club, people.member) == Role.MEMBER


def test_the_last_owner_cannot_be_demoted(club, people):
    olive = Membership.objects.get(club=club, user=people.owner)
    with pytest.raises(services.LastOwner):
        services.membership_set_role(people.owner, olive, Role.DIRECTOR)
    assert role_of(club, people.owner) == Role.OWNER


def test_directors_remove_members_but_not_directors(club, people, make_user):
    services.membership_remove(people.director, Membership.objects.get(user=people.member))
    assert role_of(club, people.member) is None
    assert Notice.objects.filter(user=people.member, text__contains="no longer a member").exists()
    other = make_user("dora")
    dora = Membership.objects.create(club=club, user=other, role=Role.DIRECTOR)
    with pytest.raises(services.NotAllowed):
        services.membership_remove(people.director, dora)
    services.membership_remove(people.owner, dora)
    assert role_of(club, other) is None


def test_members_cannot_remove_anyone_and_nobody_removes_themselves(club, people):
    with pytest.raises(services.NotAllowed):
        services.membership_remove(people.member, Membership.objects.get(user=people.director))
    with pytest.raises(services.Conflict):
        services.membership_remove(people.owner, Membership.objects.get(user=people.owner))
    assert Membership.objects.filter(club=club).count() == 3
