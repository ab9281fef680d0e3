"""Between tricks the trick just won stays on the felt, with who won it, until the next card is
led (it used to vanish the moment its last card was played, so nobody saw the last card)."""

import pytest

from tests.layout.conftest import drive
from tests.layout.test_browser_table import people_table


def _between_tricks(hand):
    view = hand.public_view()
    return (
        view["phase"] == "play"
        and not (view.get("trick") or {}).get("cards")
        and view.get("last_trick") is not None
    )


def _led(hand):
    return len((hand.public_view().get("trick") or {}).get("cards") or []) == 1


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "players"), [("pitch", 4), ("five_hundred", 3)])
def test_the_trick_just_won_stays_on_the_felt_until_the_next_lead(client, make_user, game, players):
    table, users = people_table(make_user, game, players)
    hand = drive(table, _between_tricks)
    winner = hand.public_view()["last_trick"]["winner"]
    client.force_login(users[0])
    for address in (f"/tables/{table.pk}/", f"/tables/{table.pk}/live/"):
        page = client.get(address).content.decode()
        assert page.count('class="trick-card done') == players, address
        assert "Trick won by" in page
        won = page.split("Trick won by", 1)[1].split("</span>", 1)[0].strip()
        assert won == (f"Player {winner}" if winner else "You"), won
    drive(table, _led)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "trick-card done" not in page
    assert page.count('class="trick-card at-') == 1
    assert "Trick won by" not in page
