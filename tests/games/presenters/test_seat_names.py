"""Seats are named as people count them: compass points at four, otherwise "Seat 1" to "Seat n"
(records and the API count from 0; a six-player table named its bots "Seat 1 bot" to "Seat 5 bot"
beside a player in the unnamed seat 0)."""

from django.utils import translation

from games.presenters.cards import seat_labels, seat_place


def test_seats_are_counted_from_one_and_compass_points_at_four():
    info = {
        "players": 6,
        "seats": [{"number": 0, "is_bot": False, "empty": False, "name": "Ann"}]
        + [{"number": n, "is_bot": True, "empty": False, "name": ""} for n in range(1, 6)],
    }
    assert seat_labels(info) == ["Ann"] + [f"Seat {n} bot" for n in range(2, 7)]
    assert [seat_place(n, 4) for n in range(4)] == ["North", "East", "South", "West"]
    assert seat_place(2, 3) == "Seat 3"
    with translation.override("ms"):
        assert seat_place(0, 5) != "Seat 1" and "1" in seat_place(0, 5)
