"""The demo club: a few members with known passwords and some club nights to try things with.

`build_demo()` is idempotent: running it again finds what is there and creates nothing new.
It returns the logins so a command (or a test) can print or use them.
"""

from dataclasses import dataclass, field
from datetime import datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.choices import Game

from . import services
from .models import Club, ClubNight, Membership, Registration

CLUB_NAME = "Kookaburra Card Club"
CLUB_SLUG = "kookaburra-card-club"
OWNER_PASSWORD = "kookaburra500"
MEMBER_PASSWORD = "cardnight500"

# username, display name, role, password
PEOPLE = [
    ("demo", "Dana (director)", Membership.Role.OWNER, OWNER_PASSWORD),
    ("alice", "Alice Nguyen", Membership.Role.DIRECTOR, MEMBER_PASSWORD),
    ("bob", "Bob Fraser", Membership.Role.MEMBER, MEMBER_PASSWORD),
    ("carol", "Carol Papadopoulos", Membership.Role.MEMBER, MEMBER_PASSWORD),
    ("dave", "Dave O'Brien", Membership.Role.MEMBER, MEMBER_PASSWORD),
    ("erin", "Erin Walsh", Membership.Role.MEMBER, MEMBER_PASSWORD),
    ("frank", "Frank Russo", Membership.Role.MEMBER, MEMBER_PASSWORD),
    ("grace", "Grace Kim", Membership.Role.MEMBER, MEMBER_PASSWORD),
]

FIVE_HUNDRED_TITLE = "Thursday Five Hundred"
PITCH_TITLE = "Pitch and supper"
PAST_TITLE = "Last week's Five Hundred"


@dataclass(frozen=True)
class Login:
    username: str
    password: str
    role: str
    display_name: str


@dataclass
class DemoResult:
    club: Club
    logins: list[Login]
    five_hundred_night: ClubNight
    pitch_night: ClubNight
    created: list[str] = field(default_factory=list)


def _local_at(day, hour: int, minute: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


def _next_weekday(weekday: int, at_least_days: int) -> datetime.date:
    today = timezone.localdate()
    day = today + timedelta(days=at_least_days)
    while day.weekday() != weekday:
        day += timedelta(days=1)
    return day


@transaction.atomic
def build_demo() -> DemoResult:
    created: list[str] = []
    users = {}
    for username, display_name, _role, password in PEOPLE:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(
                username=username,
                password=password,
                email=f"{username}@example.com",
                display_name=display_name,
                games=[Game.FIVE_HUNDRED, Game.PITCH]
                if username in ("demo", "alice")
                else [Game.FIVE_HUNDRED],
            )
            created.append(f"user {username}")
        users[username] = user
    owner = users["demo"]

    club = Club.objects.filter(slug=CLUB_SLUG).first()
    if club is None:
        club = services.club_create(
            owner,
            name=CLUB_NAME,
            venue="Scout Hall, 12 Gum Street, Castlemaine",
            games=[Game.FIVE_HUNDRED, Game.PITCH],
            is_open=True,
            about=(
                "A friendly club for Five Hundred and Auction Pitch. We play Thursday nights "
                "from 7 pm: beginners welcome, we'll teach you the bowers.\n\n"
                "Table fee $5 includes supper."
            ),
        )
        if club.slug != CLUB_SLUG:
            club.slug = CLUB_SLUG
            club.save(update_fields=["slug"])
        created.append("club")
    for username, _display_name, role, _password in PEOPLE:
        membership, made = Membership.objects.get_or_create(
            club=club, user=users[username], defaults={"role": role}
        )
        if made:
            created.append(f"membership {username}")

    five_hundred = club.nights.filter(title=FIVE_HUNDRED_TITLE).first()
    if five_hundred is None:
        day = _next_weekday(3, at_least_days=2)  # a Thursday at least two days away
        five_hundred = services.night_schedule(
            owner,
            club,
            title=FIVE_HUNDRED_TITLE,
            starts_at=_local_at(day, 19),
            game=Game.FIVE_HUNDRED,
            capacity=8,
            members_only=False,
            notes="Two tables of four. Partners drawn at random each round.",
        )
        created.append("Five Hundred night")
        for username in ("alice", "bob", "carol", "dave", "erin", "frank"):
            services.night_register(users[username], five_hundred)

    pitch = club.nights.filter(title=PITCH_TITLE).first()
    if pitch is None:
        day = _next_weekday(5, at_least_days=4)  # a Saturday at least four days away
        pitch = services.night_schedule(
            owner,
            club,
            title=PITCH_TITLE,
            starts_at=_local_at(day, 18, 30),
            game=Game.PITCH,
            capacity=4,
            members_only=True,
            notes="One table of Auction Pitch, then supper. Small night: the waitlist is open.",
        )
        created.append("Pitch night")
        for username in ("bob", "carol", "dave", "erin", "grace"):
            services.night_register(users[username], pitch)  # grace goes on the waitlist

    if not club.nights.filter(title=PAST_TITLE).exists():
        starts = _local_at(timezone.localdate() - timedelta(days=7), 19)
        past = ClubNight.objects.create(
            club=club,
            title=PAST_TITLE,
            starts_at=starts,
            venue=club.venue,
            game=Game.FIVE_HUNDRED,
            capacity=8,
            registration_opens_at=starts - timedelta(days=7),
            registration_closes_at=starts,
            members_only=False,
            created_by=owner,
        )
        for username in ("alice", "bob", "carol", "dave"):
            Registration.objects.create(
                night=past,
                user=users[username],
                status=Registration.Status.CHECKED_IN,
                checked_in_at=starts,
                checked_in_by=owner,
            )
        Registration.objects.create(
            night=past, user=users["erin"], status=Registration.Status.NO_SHOW
        )
        created.append("past night")

    logins = [
        Login(username, password, Membership.Role(role).label, display_name)
        for username, display_name, role, password in PEOPLE
    ]
    return DemoResult(
        club=club,
        logins=logins,
        five_hundred_night=five_hundred,
        pitch_night=pitch,
        created=created,
    )


# Clubs in their own script and zone --------------------------------------------------------------
#
# A Marathi club in Pune (Asia/Kolkata, +5:30) and an Urdu club in Lahore (Asia/Karachi, +5:00),
# their members named in Devanagari and Urdu script, each with a Five Hundred night next week at
# 7 pm by the club's own clocks. `tournaments.demo.build_finished_knockout` gives each a finished
# tournament. Every login's password is MEMBER_PASSWORD.


@dataclass(frozen=True)
class WorldClubSpec:
    name: str
    time_zone: str
    language: str  # the club pages' language for visitors who chose none
    venue: str
    about: str
    games: tuple[str, ...]
    night_title: str
    night_notes: str
    tournament_name: str
    email_prefix: str  # members' demo addresses: <prefix>1@example.com, …
    # (username, display name); the first owns the club and directs its tournament.
    people: tuple[tuple[str, str], ...]


WORLD_CLUBS = (
    WorldClubSpec(
        name="पुणे पत्ते मंडळ",
        time_zone="Asia/Kolkata",
        language="mr",
        venue="सदाशिव पेठ, पुणे",
        about="दर शुक्रवारी संध्याकाळी पाचशे आणि पिच. नवीन खेळाडूंचे स्वागत आहे.",
        games=(Game.FIVE_HUNDRED, Game.PITCH),
        night_title="शुक्रवारची पाचशे",
        night_notes="चहा आणि नाश्ता मंडळाकडून.",
        tournament_name="दिवाळी पाचशे स्पर्धा",
        email_prefix="pune",
        people=(
            ("सुमेधा", "सुमेधा कुलकर्णी"),
            ("अनिकेत", "अनिकेत जोशी"),
            ("प्राजक्ता", "प्राजक्ता देशपांडे"),
            ("विनायक", "विनायक पाटील"),
            ("मधुरा", "मधुरा गोखले"),
            ("श्रीकांत", "श्रीकांत भोसले"),
            ("गौरी", "गौरी साठे"),
            ("रोहन", "रोहन केळकर"),
            ("स्वाती", "स्वाती आपटे"),
        ),
    ),
    WorldClubSpec(
        name="لاہور کارڈ کلب",
        time_zone="Asia/Karachi",
        language="ur",
        venue="ماڈل ٹاؤن، لاہور",
        about="ہر جمعہ کی شام پانچ سو۔ نئے کھلاڑیوں کو خوش آمدید۔",
        games=(Game.FIVE_HUNDRED,),
        night_title="جمعہ کی پانچ سو",
        night_notes="چائے اور سموسے کلب کی طرف سے۔",
        tournament_name="بہار پانچ سو ٹورنامنٹ",
        email_prefix="lahore",
        people=(
            ("عائشہ", "عائشہ خان"),
            ("عمران", "عمران قریشی"),
            ("فاطمہ", "فاطمہ ملک"),
            ("بلال", "بلال احمد"),
            ("زینب", "زینب چودھری"),
            ("حمزہ", "حمزہ بٹ"),
            ("مریم", "مریم شیخ"),
            ("عثمان", "عثمان رانا"),
            ("صائمہ", "صائمہ اقبال"),
        ),
    ),
)


@dataclass
class WorldClub:
    spec: WorldClubSpec
    club: Club
    owner: User
    players: list[User]  # everyone but the owner, in the spec's order
    night: ClubNight
    tournament: object = None  # set by load_demo (tournaments.demo.build_finished_knockout)


def _world_user(username: str, display_name: str, email: str, spec) -> User:
    """A member of a world club, who lives by the club's clock (as a member signing up there
    would: the sign-up form takes the device's zone). They choose no language: the club's
    speaks to them."""
    user = User.objects.filter(username=username).first()
    if user is None:
        user = User.objects.create_user(
            username=username,
            password=MEMBER_PASSWORD,
            email=email,
            display_name=display_name,
            games=[Game.FIVE_HUNDRED],
            time_zone=spec.time_zone,
        )
    return user


@transaction.atomic
def build_world_club(spec: WorldClubSpec) -> WorldClub:
    """One of WORLD_CLUBS with its members and next week's night (idempotent)."""
    from .times import club_moment

    people = [
        _world_user(username, display, f"{spec.email_prefix}{number}@example.com", spec)
        for number, (username, display) in enumerate(spec.people, 1)
    ]
    owner = people[0]
    club = Club.objects.filter(name=spec.name).first()
    if club is None:
        club = services.club_create(
            owner,
            name=spec.name,
            venue=spec.venue,
            about=spec.about,
            games=list(spec.games),
            time_zone=spec.time_zone,
            language=spec.language,
        )
    elif club.language != spec.language:
        club.language = spec.language
        club.save(update_fields=["language"])
    for person in people[1:]:
        Membership.objects.get_or_create(club=club, user=person)
    night = club.nights.filter(title=spec.night_title).first()
    if night is None:
        # The night is the club's "Friday" night: the first Friday at least two days away, by
        # the club's own calendar.
        day = timezone.localtime(timezone.now(), club.zoneinfo).date() + timedelta(days=2)
        day += timedelta(days=(4 - day.weekday()) % 7)
        night = services.night_schedule(
            owner,
            club,
            title=spec.night_title,
            starts_at=club_moment(day, time(19), club),
            game=Game.FIVE_HUNDRED,
            capacity=12,
            notes=spec.night_notes,
        )
        for person in people[1:5]:
            services.night_register(person, night)
    return WorldClub(spec=spec, club=club, owner=owner, players=people[1:], night=night)


def build_world_clubs() -> list[WorldClub]:
    return [build_world_club(spec) for spec in WORLD_CLUBS]
