"""Club nights: scheduling, editing, cancelling, registration, the waitlist and the night itself."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.db import IntegrityError
from django.utils import timezone

from accounts.models import Notice
from clubs import services
from clubs.models import ClubNight, Registration
from clubs.tasks import send_waitlist_promotion_email
from core.choices import Game

Status = Registration.Status


def statuses(night):
    return {r.user.username: r.status for r in night.registrations.select_related("user")}


# Scheduling and editing --------------------------------------------------------------------------


def test_a_director_schedules_a_night_with_sensible_defaults(club, people):
    starts = timezone.now() + timedelta(days=7)
    night = services.night_schedule(
        people.director, club, starts_at=starts, capacity=12, game=Game.PITCH
    )
    assert night.venue == "Wattle Hall"  # the club's venue
    assert night.registration_closes_at == starts
    assert night.registration_opens_at <= timezone.now()
    assert night.members_only and night.name == "Auction Pitch night"
    assert night.created_by == people.director


@pytest.mark.parametrize("who", ["member", "outsider"])
def test_only_directors_schedule_nights(club, people, who):
    with pytest.raises(services.NotAllowed):
        services.night_schedule(
            getattr(people, who), club, starts_at=timezone.now() + timedelta(days=2), capacity=8
        )
    assert not ClubNight.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"starts_at": timezone.now() - timedelta(hours=1)}, "starts_at"),
        ({"capacity": 0}, "capacity"),
        ({"game": "euchre"}, "game"),
        ({"registration_closes_at": timezone.now() + timedelta(days=9)}, "registration_closes_at"),
        (
            {
                "registration_opens_at": timezone.now() + timedelta(days=2),
                "registration_closes_at": timezone.now() + timedelta(days=1),
            },
            "registration_opens_at",
        ),
    ],
)
def test_schedule_rejects_bad_values_with_the_field_named(club, people, changes, field):
    values = {"starts_at": timezone.now() + timedelta(days=3), "capacity": 8, **changes}
    with pytest.raises(services.InvalidInput) as error:
        services.night_schedule(people.owner, club, **values)
    assert error.value.field == field
    assert error.value.message
    assert not ClubNight.objects.exists()


def test_capacity_cannot_go_below_the_number_registered(make_night, people, make_user):
    night = make_night(members_only=False)
    for name in ("ann", "ben", "cat"):
        services.night_register(make_user(name), night)
    with pytest.raises(services.CapacityTooSmall) as error:
        services.night_update(people.director, night, capacity=2, notes="changed")
    assert "3" in error.value.message and error.value.field == "capacity"
    night.refresh_from_db()
    assert night.capacity == 8 and night.notes == ""
    services.night_update(people.director, night, capacity=3)
    night.refresh_from_db()
    assert night.capacity == 3


def test_raising_capacity_promotes_the_waitlist_in_order(
    make_night, people, make_user, django_capture_on_commit_callbacks
):
    night = make_night(capacity=1, members_only=False)
    first, second, third = make_user("ann"), make_user("ben"), make_user("cat")
    for user in (first, second, third):
        services.night_register(user, night)
    with django_capture_on_commit_callbacks(execute=True):
        services.night_update(people.director, night, capacity=2)
    assert statuses(night) == {
        "ann": Status.REGISTERED,
        "ben": Status.REGISTERED,
        "cat": Status.WAITLISTED,
    }
    assert Notice.objects.filter(user=second, text__contains="seat came free").exists()
    assert [m.to for m in mail.outbox] == [[second.email]]


def test_members_cannot_edit_and_cancelled_nights_cannot_be_edited(night, people):
    with pytest.raises(services.NotAllowed):
        services.night_update(people.member, night, capacity=20)
    services.night_cancel(people.owner, night)
    with pytest.raises(services.NightCancelled):
        services.night_update(people.owner, night, capacity=20)
    night.refresh_from_db()
    assert night.capacity == 8


def test_cancelling_a_night_tells_everyone_and_stops_registration(
    night, people, django_capture_on_commit_callbacks
):
    services.night_register(people.member, night)
    with pytest.raises(services.NotAllowed):
        services.night_cancel(people.member, night)
    with django_capture_on_commit_callbacks(execute=True):
        services.night_cancel(people.director, night)
    night.refresh_from_db()
    assert night.is_cancelled and night.cancelled_at
    assert Notice.objects.filter(user=people.member, text__startswith="Cancelled:").exists()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == [people.member.email]
    assert "cancelled" in mail.outbox[0].body
    with pytest.raises(services.NightCancelled):
        services.night_register(people.owner, night)
    with pytest.raises(services.NightCancelled):
        services.night_cancel(people.director, night)


# Registering -------------------------------------------------------------------------------------


def test_a_member_registers_once(night, people):
    registration = services.night_register(people.member, night)
    assert registration.status == Status.REGISTERED
    with pytest.raises(services.AlreadyRegistered) as error:
        services.night_register(people.member, night)
    assert "already registered" in error.value.message
    assert night.registrations.count() == 1


def test_the_database_refuses_a_second_registration_for_the_same_person(night, people):
    Registration.objects.create(night=night, user=people.member, status=Status.REGISTERED)
    with pytest.raises(IntegrityError):
        Registration.objects.create(night=night, user=people.member, status=Status.REGISTERED)


def test_the_database_refuses_two_people_at_one_waitlist_position(night, people):
    Registration.objects.create(
        night=night, user=people.member, status=Status.WAITLISTED, waitlist_position=1
    )
    with pytest.raises(IntegrityError):
        Registration.objects.create(
            night=night, user=people.director, status=Status.WAITLISTED, waitlist_position=1
        )


def test_registration_before_it_opens_is_refused(make_night, people):
    now = timezone.now()
    night = make_night(registration_opens_at=now + timedelta(days=1))
    with pytest.raises(services.RegistrationNotOpen) as error:
        services.night_register(people.member, night)
    assert error.value.message.startswith("Registration opens")
    assert not night.registrations.exists()


def test_registration_after_it_closes_is_refused(make_night, people):
    now = timezone.now()
    night = make_night(
        registration_opens_at=now - timedelta(days=2),
        registration_closes_at=now - timedelta(minutes=5),
    )
    with pytest.raises(services.RegistrationClosed):
        services.night_register(people.member, night)
    assert not night.registrations.exists()


def test_registration_for_a_past_night_is_refused(make_night, people):
    now = timezone.now()
    night = make_night(
        starts_at=now - timedelta(days=1),
        registration_opens_at=now - timedelta(days=5),
        registration_closes_at=now - timedelta(days=1),
    )
    with pytest.raises(services.NightStarted):
        services.night_register(people.member, night)
    assert not night.registrations.exists()


def test_members_only_nights_refuse_non_members(night, people):
    with pytest.raises(services.MembersOnly) as error:
        services.night_register(people.outsider, night)
    assert error.value.status_code == 403
    assert "members of Wattle Card Club only" in error.value.message
    assert not night.registrations.exists()


def test_nights_open_to_guests_take_anyone_signed_in(make_night, people):
    night = make_night(members_only=False)
    assert services.night_register(people.outsider, night).status == Status.REGISTERED
    with pytest.raises(services.NotAllowed):
        services.night_register(AnonymousUser(), night)


def test_a_full_night_waitlists_in_order(make_night, make_user):
    night = make_night(capacity=2, members_only=False)
    users = [make_user(name) for name in ("ann", "ben", "cat", "dot", "eve")]
    registrations = [services.night_register(user, night) for user in users]
    assert [r.status for r in registrations] == [Status.REGISTERED] * 2 + [Status.WAITLISTED] * 3
    assert [r.waitlist_rank() for r in registrations] == [None, None, 1, 2, 3]
    with pytest.raises(services.AlreadyRegistered) as error:
        services.night_register(users[3], night)
    assert "waitlist (number 2)" in error.value.message


def test_waitlist_ranks_of_a_list_come_in_its_one_query(
    make_night, make_user, django_assert_num_queries
):
    night = make_night(capacity=1, members_only=False)
    users = {name: make_user(name) for name in ("ann", "ben", "cat", "dot")}
    for user in users.values():
        services.night_register(user, night)
    services.night_unregister(users["ben"], night)
    with django_assert_num_queries(1):
        ranks = [
            (r.user.username, r.waitlist_rank())
            for r in Registration.objects.active()
            .filter(night=night)
            .select_related("user")
            .with_waitlist_rank()
            .order_by("pk")
        ]
    assert ranks == [("ann", None), ("cat", 1), ("dot", 2)]


def test_cancelling_a_seat_promotes_the_first_waiting_and_tells_them(
    make_night, make_user, django_capture_on_commit_callbacks
):
    night = make_night(capacity=2, members_only=False)
    ann, ben, cat, dot = (make_user(name) for name in ("ann", "ben", "cat", "dot"))
    for user in (ann, ben, cat, dot):
        services.night_register(user, night)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.night_unregister(ann, night)
    assert len(callbacks) == 2  # the email task and the night's live event, on commit
    assert statuses(night) == {
        "ann": Status.CANCELLED,
        "ben": Status.REGISTERED,
        "cat": Status.REGISTERED,
        "dot": Status.WAITLISTED,
    }
    promoted = night.registrations.get(user=cat)
    assert promoted.promoted_at and promoted.promotion_emailed_at
    assert night.registrations.get(user=dot).waitlist_rank() == 1
    notice = Notice.objects.get(user=cat)
    assert "seat came free" in notice.text and notice.url == night.get_absolute_url()
    assert not Notice.objects.filter(user=dot).exists()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [cat.email]
    assert "Wattle Card Club" in mail.outbox[0].subject
    assert night.get_absolute_url() in mail.outbox[0].body


def test_the_promotion_email_is_not_sent_before_the_transaction_commits(make_night, make_user):
    night = make_night(capacity=1, members_only=False)
    ann, ben = make_user("ann"), make_user("ben")
    services.night_register(ann, night)
    services.night_register(ben, night)
    with pytest.raises(RuntimeError):
        from django.db import transaction

        with transaction.atomic():
            services.night_unregister(ann, night)
            raise RuntimeError("roll back")
    assert mail.outbox == []
    assert statuses(night) == {"ann": Status.REGISTERED, "ben": Status.WAITLISTED}


def test_the_promotion_email_task_is_idempotent(make_night, make_user):
    night = make_night(capacity=1, members_only=False)
    ann, ben = make_user("ann"), make_user("ben")
    services.night_register(ann, night)
    services.night_register(ben, night)
    services.night_unregister(ann, night)  # on-commit callbacks are not run in this test
    promoted = night.registrations.get(user=ben)
    assert send_waitlist_promotion_email(promoted.pk) is True
    assert send_waitlist_promotion_email(promoted.pk) is False
    assert len(mail.outbox) == 1
    assert send_waitlist_promotion_email(999_999) is False


def test_no_email_for_someone_without_an_address(make_night, make_user):
    night = make_night(capacity=1, members_only=False)
    ann, ben = make_user("ann"), make_user("ben", email="")
    services.night_register(ann, night)
    services.night_register(ben, night)
    services.night_unregister(ann, night)
    assert send_waitlist_promotion_email(night.registrations.get(user=ben).pk) is False
    assert mail.outbox == []
    assert Notice.objects.filter(user=ben).exists()


def test_leaving_the_waitlist_promotes_nobody(make_night, make_user):
    night = make_night(capacity=1, members_only=False)
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    for user in (ann, ben, cat):
        services.night_register(user, night)
    services.night_unregister(ben, night)
    assert statuses(night) == {
        "ann": Status.REGISTERED,
        "ben": Status.CANCELLED,
        "cat": Status.WAITLISTED,
    }
    assert night.registrations.get(user=cat).waitlist_rank() == 1
    assert not Notice.objects.exists()


def test_registering_again_after_cancelling_reuses_the_row_and_joins_the_back(
    make_night, make_user
):
    night = make_night(capacity=1, members_only=False)
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    for user in (ann, ben, cat):
        services.night_register(user, night)
    services.night_unregister(ann, night)  # ben promoted
    again = services.night_register(ann, night)
    assert again.status == Status.WAITLISTED and again.waitlist_rank() == 2
    assert night.registrations.filter(user=ann).count() == 1


def test_unregister_refuses_people_who_are_not_registered_or_already_started(make_night, people):
    night = make_night()
    with pytest.raises(services.Conflict):
        services.night_unregister(people.member, night)
    services.night_register(people.member, night)
    ClubNight.objects.filter(pk=night.pk).update(starts_at=timezone.now() - timedelta(minutes=1))
    with pytest.raises(services.NightStarted):
        services.night_unregister(people.member, night)
    assert night.registrations.get().status == Status.REGISTERED


# On the night ------------------------------------------------------------------------------------


def test_directors_check_in_mark_no_shows_and_undo(night, people, make_user):
    ann = make_user("ann")
    night.members_only = False
    night.save()
    registration = services.night_register(ann, night)
    with pytest.raises(services.NotAllowed):
        services.registration_check_in(people.member, registration)
    services.registration_check_in(people.director, registration)
    registration.refresh_from_db()
    assert (
        registration.status == Status.CHECKED_IN and registration.checked_in_by == people.director
    )
    with pytest.raises(services.Conflict):
        services.registration_check_in(people.director, registration)
    services.registration_undo(people.director, registration)
    registration.refresh_from_db()
    assert registration.status == Status.REGISTERED and registration.checked_in_at is None
    services.registration_mark_no_show(people.owner, registration)
    assert Registration.objects.get(pk=registration.pk).status == Status.NO_SHOW
    with pytest.raises(services.Conflict):
        services.registration_mark_no_show(people.owner, registration)


def test_walk_ins_by_username_or_guest_name_and_the_checked_in_list(night, people, make_user):
    walter = make_user("walter", display_name="Walter")
    ann = make_user("ann", display_name="Ann")
    night.members_only = False
    night.capacity = 1
    night.save()
    seat = services.night_register(ann, night)
    services.registration_check_in(people.director, seat)
    by_name = services.night_add_walk_in(people.director, night, username="@WALTER")
    guest = services.night_add_walk_in(people.director, night, guest_name="  Gwen   Guest ")
    assert by_name.user == walter and by_name.walk_in and by_name.status == Status.CHECKED_IN
    assert guest.user is None and guest.guest_name == "Gwen Guest"
    # Walk-ins may go past capacity: the director decided there is room.
    assert [r.player_name for r in night.checked_in()] == ["Ann", "Walter", "Gwen Guest"]
    with pytest.raises(services.Conflict):
        services.night_add_walk_in(people.director, night, username="walter")
    with pytest.raises(services.Conflict):
        services.night_add_walk_in(people.director, night, guest_name="gwen guest")
    with pytest.raises(services.InvalidInput) as error:
        services.night_add_walk_in(people.director, night, username="nobody")
    assert error.value.field == "username"
    with pytest.raises(services.InvalidInput):
        services.night_add_walk_in(people.director, night)
    with pytest.raises(services.InvalidInput):
        services.night_add_walk_in(people.director, night, username="ann", guest_name="Ann")
    with pytest.raises(services.NotAllowed):
        services.night_add_walk_in(people.member, night, guest_name="Sneaky")
    # Undoing a walk-in takes them off the list.
    services.registration_undo(people.director, guest)
    assert [r.player_name for r in night.checked_in()] == ["Ann", "Walter"]


def test_a_guest_is_not_checked_in_twice_under_an_invisible_difference(night, people):
    """"ab" and "a\u200bb" (a zero-width space), or a Punjabi name with a trailing zero-width
    joiner, read the same: the second is refused, as a plain duplicate is. A name of invisible
    characters alone is no name."""
    services.night_add_walk_in(people.director, night, guest_name="ab")
    services.night_add_walk_in(people.director, night, guest_name="ਹਰਪ੍ਰੀਤ ਸਿੰਘ")
    for same in ("a\u200bb", "AB", "ਹਰਪ੍ਰੀਤ ਸਿੰਘ\u200d"):
        with pytest.raises(services.Conflict, match="already checked in"):
            services.night_add_walk_in(people.director, night, guest_name=same)
    with pytest.raises(services.InvalidInput, match="Give the guest's name") as error:
        services.night_add_walk_in(people.director, night, guest_name="\u200b\u200d")
    assert error.value.field == "guest_name"
    assert len(night.checked_in()) == 2


def test_a_waitlisted_person_who_turns_up_can_be_checked_in(make_night, people, make_user):
    night = make_night(capacity=1, members_only=False)
    services.night_register(make_user("ann"), night)
    waiting = services.night_register(make_user("ben"), night)
    services.registration_check_in(people.director, waiting)
    waiting.refresh_from_db()
    assert waiting.status == Status.CHECKED_IN and waiting.waitlist_position is None
    with pytest.raises(services.Conflict):
        services.registration_mark_no_show(
            people.director, services.night_register(make_user("cat"), night)
        )


def test_nothing_can_be_checked_in_at_a_cancelled_night(night, people):
    registration = services.night_register(people.member, night)
    services.night_cancel(people.owner, night)
    with pytest.raises(services.NightCancelled):
        services.registration_check_in(people.owner, registration)
    with pytest.raises(services.NightCancelled):
        services.night_add_walk_in(people.owner, night, guest_name="Gwen")
