"""Issue 13, "Done when": rendered as a member, every main page has no English left in mr, ms, pa
and ur except names, card codes and numbers.

One club world is built once for the module (through the services, fixed seeds): a club with its
owner and members, a night with registrations, Five Hundred tables in bidding, discard, play, after
a hand and after the game, Pitch tables in the auction, in play and after a hand, a knockout with a
result in, a draft tournament, a rated club game (the ladder) and notices. Every page is rendered
in English once, then, in each test, in one language (the language cookie plus Accept-Language);
the text segments people read that are identical in both (or, for mr/pa/ur, that hold English
words) are English left — see tests/i18n/visible_text.py for what is allowed.

A failure lists the English left page by page, and the same list is written to
test-results/i18n/english-left-<lang>.txt for the translators (also when nothing is left).
Languages the site doesn't have yet (tests/i18n/site_languages.py) are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.test import TestCase as DjangoTestCase
from django.utils import timezone, translation

from tests.i18n.site_languages import configured, skip_unless_configured
from tests.i18n.visible_text import AllowList, english_left, segments
from tests.layout.conftest import four_pair_knockout

LANGUAGES = ("mr", "ms", "pa", "ur")
LATIN = {"ms"}  # Malay is written in Latin letters: only the comparison with English holds
REPORTS = Path(settings.BASE_DIR) / "test-results" / "i18n"
OPTIONAL = {"rules five hundred", "rules pitch"}  # pages that may not exist yet: 404 skips them

MEMBERS = [
    # username, display name (the names are allowed to stay as they are)
    ("milo", "Milo Banks"),
    ("dora", "Dora Quill"),
    ("wren", "Wren Ahmed"),
    ("kai", "Kai Tan"),
    ("ivy", "Ivy Lowe"),
    ("jo", "Jo Park"),
    ("lou", "Lou Grant"),
    ("max", "Max Rudd"),
]
CLUB_NAME = "Wattle Card Club"
NAMES = [
    CLUB_NAME,
    "wattle",
    "Wattle Hall",
    "Wattle Cards Evening",
    "Spring Knockout",
    "Autumn Pairs",
    "Bidding Table",
    "Kitty Table",
    "Trick Table",
    "Second Hand Table",
    "Final Table",
    "Pitch Auction Table",
    "Pitch Play Table",
    "Pitch Second Hand Table",
]


@dataclass
class Page:
    key: str  # how the report names it
    path: str
    user: object | None  # who reads it (None: signed out)


# Building the world ------------------------------------------------------------------------------


def _view(user, table):
    from games import selectors

    table.refresh_from_db()
    return selectors.table_view_for(user, table)["hand"]


def _first_legal(view):
    choice = dict(view["legal"][0])
    if isinstance(choice.get("discard"), int):
        choice = {"discard": choice["from"][:3]}
    choice.pop("seat", None)
    return choice


class Tables:
    """Club tables of four people (seats 0-3), driven through games.services."""

    def __init__(self, people, club):
        self.people, self.club = people, club

    def open(self, game: str, name: str, *, seed: int = 12, hand_limit=None):
        from games import services

        table = services.table_create(
            self.people[0],
            game=game,
            players=4,
            club=self.club,
            name=name,
            seed=seed,
            hand_limit=hand_limit,
        )
        for n in (1, 2, 3):
            services.table_sit(self.people[n], table, n, token=table.invite_token)
        table.refresh_from_db()
        assert table.is_playing
        if game == "five_hundred":
            for person in self.people:
                services.table_look(person, table)
        return table

    def to_act(self, table):
        table.refresh_from_db()
        return self.people[table.to_act]

    def act(self, table, record):
        from games import services

        table.refresh_from_db()
        services.table_act(self.to_act(table), table.pk, table.action_number, record)

    def phase(self, table) -> str:
        return _view(self.to_act(table), table)["phase"]

    def win_auction(self, table, call: str) -> None:
        """The first bidder calls `call`, everyone else passes."""
        self.act(table, {"call": call})
        while self.phase(table) == "auction":
            self.act(table, {"call": "pass"})

    def play_legal(self, table, times: int) -> None:
        for _ in range(times):
            self.act(table, _first_legal(_view(self.to_act(table), table)))

    def finish_hand(self, table) -> None:
        table.refresh_from_db()
        number = table.hand_number
        while table.is_playing and table.hand_number == number:
            self.play_legal(table, 1)
            table.refresh_from_db()

    def after_first_hand(self, game: str, name: str, call: str):
        """A table whose first hand (won by `call`) is over: the second is being bid."""
        table = self.open(game, name)
        self.win_auction(table, call)
        self.finish_hand(table)
        table.refresh_from_db()
        assert table.hand_number == 2
        return table


def build_world():
    """Everything the pages show; returns (pages, allowed names)."""
    from accounts.models import User
    from clubs import services as club_services
    from clubs.models import Club, Membership, Registration
    from ladders import tasks as ladder_tasks
    from tournaments import services as tournament_services

    people = [
        User.objects.create_user(
            username=username,
            password="correct-horse-9",
            email=f"{username}@example.com",
            display_name=display,
        )
        for username, display in MEMBERS
    ]
    milo, dora = people[0], people[1]
    club = Club.objects.create(
        name=CLUB_NAME, slug="wattle", games=["five_hundred", "pitch"], created_by=dora
    )
    Membership.objects.create(club=club, user=dora, role=Membership.Role.OWNER)
    for person in people:
        if person != dora:
            Membership.objects.create(club=club, user=person, role=Membership.Role.MEMBER)

    now = timezone.now()
    night = club_services.night_schedule(
        dora,
        club,
        starts_at=now + timedelta(days=2),
        capacity=24,
        venue="Wattle Hall",
        title="Wattle Cards Evening",
        notes="",
    )
    for person in people[:6]:
        club_services.night_register(person, night)
    club_services.registration_check_in(dora, Registration.objects.get(night=night, user=people[2]))

    seated = [milo, dora, people[2], people[3]]
    tables = Tables(seated, club)
    reader: dict[str, object] = {}
    # Five Hundred: the auction; the kitty (discard); play; a hand over; the game over.
    bidding = tables.open("five_hundred", "Bidding Table")
    reader["500 bidding"] = (bidding, tables.to_act(bidding))
    kitty = tables.open("five_hundred", "Kitty Table")
    tables.win_auction(kitty, "7H")
    assert tables.phase(kitty) == "discard"
    reader["500 discard (kitty)"] = (kitty, tables.to_act(kitty))
    trick = tables.open("five_hundred", "Trick Table")
    tables.win_auction(trick, "7H")
    tables.play_legal(trick, 3)  # the discard, then two cards of the first trick
    assert tables.phase(trick) == "play"
    reader["500 play"] = (trick, tables.to_act(trick))
    second = tables.after_first_hand("five_hundred", "Second Hand Table", "7H")
    reader["500 hand over"] = (second, tables.to_act(second))
    final = tables.open("five_hundred", "Final Table", hand_limit=1)
    tables.win_auction(final, "7H")
    with DjangoTestCase.captureOnCommitCallbacks(execute=True):
        tables.finish_hand(final)
    final.refresh_from_db()
    assert final.is_finished
    ladder_tasks.record_table_game(final.pk)  # the club ladder rates it
    reader["500 game over"] = (final, milo)
    # Pitch: the auction; play; a hand over.
    auction = tables.open("pitch", "Pitch Auction Table")
    reader["pitch auction"] = (auction, tables.to_act(auction))
    pitch_play = tables.open("pitch", "Pitch Play Table")
    tables.win_auction(pitch_play, "2")
    tables.play_legal(pitch_play, 2)
    assert tables.phase(pitch_play) == "play"
    reader["pitch play"] = (pitch_play, tables.to_act(pitch_play))
    pitch_over = tables.after_first_hand("pitch", "Pitch Second Hand Table", "2")
    reader["pitch hand over"] = (pitch_over, tables.to_act(pitch_over))

    # A knockout of four pairs, round 1 published, one result in; a draft being set up.
    knockout, round_ = four_pair_knockout(dora, club, people, "Spring Knockout")
    first = round_.tables.order_by("number").first()
    tournament_services.result_enter(dora, first, scores=[500, 120])
    tournament_services.standings_recalculate(knockout.pk)
    draft = tournament_services.tournament_create(
        dora, club, name="Autumn Pairs", game="pitch", format="round_robin"
    )
    for i in range(2):
        tournament_services.entrant_add(dora, draft, members=people[2 * i : 2 * i + 2])

    pages = [
        Page("home (dashboard)", "/", milo),
        Page("club", f"/clubs/{club.slug}/", milo),
        Page("clubs list", "/clubs/", milo),
        Page("my nights", "/clubs/my-nights/", milo),
        Page("night", f"/clubs/{club.slug}/nights/{night.pk}/", milo),
        Page("check-in (director)", f"/clubs/{club.slug}/nights/{night.pk}/check-in/", dora),
        Page("club members", f"/clubs/{club.slug}/members/", milo),
        Page("club edit (owner)", f"/clubs/{club.slug}/edit/", dora),
        Page("night create (director)", f"/clubs/{club.slug}/nights/new/", dora),
        Page("lobby", "/tables/", milo),
        Page("create table", "/tables/new/", milo),
        *(Page(f"table: {key}", f"/tables/{t.pk}/", who) for key, (t, who) in reader.items()),
        Page("replay: 500 hand", f"/tables/{second.pk}/hands/1/", tables.to_act(second)),
        Page("replay: 500 hand, end", f"/tables/{final.pk}/hands/1/?step=999", milo),
        Page("replay: pitch hand", f"/tables/{pitch_over.pk}/hands/1/?step=3", milo),
        Page("record upload", "/tables/records/", milo),
        Page("tournament create (director)", f"/tournaments/club/{club.slug}/new/", dora),
        Page("tournament setup (director)", f"/tournaments/{draft.pk}/", dora),
        Page("tournament entrants (director)", f"/tournaments/{draft.pk}/entrants/", dora),
        Page("club tournaments", f"/tournaments/club/{club.slug}/", milo),
        Page("every club's tournaments", "/tournaments/", milo),
        Page("knockout", f"/tournaments/{knockout.pk}/", milo),
        Page("standings", f"/tournaments/{knockout.pk}/standings/", milo),
        Page("bracket", f"/tournaments/{knockout.pk}/bracket/", milo),
        Page("club ladder", f"/ladders/clubs/{club.slug}/", milo),
        Page("site ladder", "/ladders/", milo),
        Page("player (ladder)", f"/ladders/players/{milo.username}/", milo),
        Page("player (profile)", f"/accounts/people/{milo.username}/", milo),
        Page("notices", "/accounts/notices/", milo),
        Page("profile edit", "/accounts/profile/", milo),
        Page("password change", "/accounts/password_change/", milo),
        Page("sign-in", "/accounts/login/", None),
        Page("sign-up", "/accounts/signup/", None),
        Page("rules five hundred", "/rules/five-hundred/", milo),
        Page("rules pitch", "/rules/pitch/", milo),
    ]
    names = [*NAMES, *(u for pair in MEMBERS for u in pair)]
    names += [e.name for t in (knockout, draft) for e in t.entrants.all()]
    return pages, names


def render(page: Page, language: str) -> tuple[int, str]:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if page.user is not None:
        client.force_login(page.user)
    response = client.get(page.path)
    return response.status_code, response.content.decode()


@dataclass
class World:
    pages: list[Page]
    allow: AllowList
    english: dict[str, list]  # page key -> its English segments


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module inside a transaction rolled back at its end; each test's own
    transaction nests inside it."""
    if not any(configured(code) for code in LANGUAGES):
        pytest.skip(f"none of {', '.join(LANGUAGES)} is one of the site's languages yet")
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            pages, names = build_world()
            english: dict[str, list] = {}
            kept: list[Page] = []
            for page in pages:
                status, html = render(page, settings.LANGUAGE_CODE)
                if status == 404 and page.key in OPTIONAL:
                    continue
                assert status == 200, f"{page.key} ({page.path}) answered {status} in English"
                english[page.key] = segments(html)
                kept.append(page)
            allow = AllowList(names=names, language_names=[n for _c, n in settings.LANGUAGES])
            yield World(kept, allow, english)
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def kept_on_purpose(language: str):
    """Whether the language's catalogue translates this very message to itself (a word the
    language writes the same, like Malay "Status"): then it is no English left."""
    # Django's merged catalogue of the language (ours over Django's own); no public API has it.
    catalog = getattr(translation.trans_real.translation(language), "_catalog", None) or {}

    # Messages with a context ("pitch point" → "High") are keyed "context\x04message".
    in_context = {
        key.split("\x04", 1)[1]
        for key, value in catalog.items()
        if isinstance(key, str) and "\x04" in key and key.split("\x04", 1)[1] == value
    }

    def kept(text: str) -> bool:
        return catalog.get(text) == text or text in in_context

    return kept


def report(language: str, found: dict[str, list], pages: list[Page]) -> str:
    count = sum(len(v) for v in found.values())
    lines = [
        f"{language}: {count} English segment(s) left on {len(found)} of {len(pages)} pages",
    ]
    for page in pages:
        if page.key in found:
            lines.append(f"  {page.key} ({page.path}):")
            lines.extend(f"    {segment}" for segment in found[page.key])
    return "\n".join(lines)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_main_page_has_no_english_left(world, language):
    skip_unless_configured(language)
    kept = kept_on_purpose(language)
    found: dict[str, list] = {}
    for page in world.pages:
        status, html = render(page, language)
        assert status == 200, f"{page.key} ({page.path}) answered {status} in {language}"
        assert re.search(rf'<html[^>]*\slang="{language}"', html), (
            f"{page.key} is not rendered in {language}"
        )
        left = english_left(
            world.english[page.key],
            segments(html),
            world.allow,
            latin=language in LATIN,
            kept_on_purpose=kept,
        )
        if left:
            found[page.key] = left
    text = report(language, found, world.pages)
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"english-left-{language}.txt").write_text(text + "\n", encoding="utf-8")
    assert not found, text
