"""Capacity under concurrency, against PostgreSQL: the service locks the night row, so two people
taking the last seat at once leave exactly one registered and one waitlisted.

Counting the seats is slowed down so that, without the lock, both requests would count the same
free seat (and both would get it): the lock is what makes these tests pass.
"""

import time

import pytest

from clubs import services
from clubs.models import ClubNight, Registration
from tests.concurrency import race

Status = Registration.Status

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def slow_seat_count(monkeypatch):
    original = ClubNight.seats_taken_count

    def slow(self):
        count = original(self)
        time.sleep(0.3)
        return count

    monkeypatch.setattr(ClubNight, "seats_taken_count", slow)


def test_two_people_taking_the_last_seat(make_night, make_user, slow_seat_count):
    night = make_night(capacity=2, members_only=False)
    services.night_register(make_user("first"), night)
    ann, ben = make_user("ann"), make_user("ben")
    results = race(
        [lambda: services.night_register(ann, night), lambda: services.night_register(ben, night)]
    )
    assert sorted(r.status for r in results) == [Status.REGISTERED, Status.WAITLISTED]
    assert night.seats_taken_count() == 2
    assert night.waitlist().count() == 1


def test_one_person_double_clicking_gets_one_registration(make_night, make_user, slow_seat_count):
    night = make_night(capacity=5, members_only=False)
    ann = make_user("ann")
    results = race([lambda: services.night_register(ann, night)] * 2)
    assert sum(isinstance(r, services.AlreadyRegistered) for r in results) == 1
    assert night.registrations.filter(user=ann).count() == 1


def test_a_crowd_at_a_full_night_queues_in_distinct_places(make_night, make_user):
    night = make_night(capacity=1, members_only=False)
    services.night_register(make_user("first"), night)
    people = [make_user(f"p{i}") for i in range(4)]
    results = race([lambda user=user: services.night_register(user, night) for user in people])
    assert all(r.status == Status.WAITLISTED for r in results)
    assert sorted(r.waitlist_rank() for r in results) == [1, 2, 3, 4]
    assert night.seats_taken_count() == 1


def test_a_cancellation_racing_a_registration_never_overfills(
    make_night, make_user, slow_seat_count
):
    night = make_night(capacity=1, members_only=False)
    holder, waiting, late = make_user("holder"), make_user("waiting"), make_user("late")
    services.night_register(holder, night)
    services.night_register(waiting, night)
    race(
        [
            lambda: services.night_unregister(holder, night),
            lambda: services.night_register(late, night),
        ]
    )
    assert night.seats_taken_count() == 1
    # The freed seat went to the person who was already waiting, not to the newcomer.
    assert night.registrations.get(user=waiting).status == Status.REGISTERED
    assert night.registrations.get(user=late).status == Status.WAITLISTED


def test_two_clubs_named_alike_at_the_same_moment(make_user, monkeypatch):
    """Both requests pass the service's check before either saves (the check is slowed down);
    the unique name key in the database refuses the second, and the service says so."""
    from clubs.models import Club

    original = Club.named_like

    def slow(name, **kwargs):
        found = original(name, **kwargs)
        time.sleep(0.3)
        return found

    monkeypatch.setattr(Club, "named_like", staticmethod(slow))
    ann, ben = make_user("ann"), make_user("ben")
    results = race(
        [
            lambda: services.club_create(ann, name="Kookaburra Card Club"),
            lambda: services.club_create(ben, name="kookaburra card CLUB"),
        ]
    )
    assert sum(isinstance(r, Club) for r in results) == 1
    assert sum(isinstance(r, services.NameTaken) for r in results) == 1
    assert Club.objects.count() == 1
