"""Auditable deals: every deal comes from a secret seed by a published algorithm.

Before a hand (or a duplicate board) is played, the site publishes a *commitment* to its seed;
once it may be known, the site reveals the seed. Anyone can then recompute the deal from the seed
with the steps below, without our code, and check that it matches both the cards that were dealt
and the commitment published before play. `DEALS.md` beside this module tells the same steps
with a worked example.

Algorithm "sha256-fy-1"
-----------------------

1. The seed is a byte string (the site uses 32 random bytes, written as 64 lower-case hex
   digits).
2. The commitment is the lower-case hex SHA-256 of the ASCII bytes `kookaburra-commitment`
   followed by the seed bytes: `SHA-256(b"kookaburra-commitment" || seed)`.
3. The random stream is the concatenation of blocks B0, B1, B2, ... where
   `Bi = HMAC-SHA256(key=seed, message=b"kookaburra-deal" || i)` and `i` is an 8-byte big-endian
   unsigned integer. Bytes are taken from the stream in order, never reused.
4. A uniform whole number below n (n >= 1) is drawn by taking the next 4 bytes as a big-endian
   unsigned integer x (0 <= x < 2**32). With `limit = 2**32 - (2**32 % n)`, if x < limit the
   number is `x % n`; otherwise x is thrown away and the next 4 bytes are tried (rejection
   sampling, so no number is more likely than another).
5. The pack starts in its fixed order (the game's pack, suit by suit in the order spades,
   clubs, diamonds, hearts, each suit from its lowest rank to the Ace, and Five Hundred's Joker
   last). Fisher-Yates: for i from len(pack) - 1 down to 1, draw j uniformly below i + 1 and
   swap the cards at positions i and j (0-based). The result is the shuffled pack, position 0
   first.
6. The shuffled pack is dealt from position 0 by the game's rule of dealing (seats are
   numbered 0.. clockwise; the deal starts at the dealer's left, seat (dealer + 1) % players):
   - Five Hundred: rounds of 3, then 4, then 3 cards to each position in turn, with one card
     to the kitty after each round (3-1-4-1-3-1). With two players the dead hand is dealt as a
     third position after the dealer.
   - Pitch: the first 3 × players cards give each seat three cards in turn, the next
     3 × players cards three more each in the same order; the rest of the pack is not dealt.

The engines' `Hand.new(players, options, dealer, rng)` shuffle with `rng.shuffle(pack)` (Five
Hundred) or take `rng.sample(pack, k)` (Pitch); `SeededShuffle` is an rng whose `shuffle` is step
5 and whose `sample(pack, k)` is the first k cards of step 5's shuffled pack, so the engines deal
exactly as above. The algorithm's name is `ALGORITHM`; deals made before it ("legacy") came from
Python's `random.Random` and can't be audited this way.

    seed = new_seed()
    hand = deal_from_seed("pitch", 4, options, dealer=0, seed=seed)
    verify("pitch", 4, options, 0, seed, commitment(seed), hand.deal_record())  -> []
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Any

from .cards import parse_card

ALGORITHM = "sha256-fy-1"
LEGACY = "legacy"
STREAM_LABEL = b"kookaburra-deal"
COMMITMENT_LABEL = b"kookaburra-commitment"
SEED_BYTES = 32

__all__ = [
    "ALGORITHM",
    "LEGACY",
    "Problem",
    "SeededShuffle",
    "commitment",
    "deal_from_seed",
    "new_seed",
    "seed_from_hex",
    "shuffle",
    "verify",
    "verify_record",
]


class Problem(str):
    """One problem an audit found. It reads as a plain English sentence (`str`), for programs,
    logs and `manage.py verify_deal`; its `message_id` and language-neutral `params` (seats,
    numbers, card codes as given, a nested problem as `{"message_id", "params"}`) let the site
    word it in the reader's language (games/refusals.py), as it words a record's faults."""

    message_id: str
    params: dict[str, Any]

    def __new__(cls, message_id: str, text: str, **params: Any) -> Problem:
        problem = super().__new__(cls, text)
        problem.message_id = message_id
        problem.params = params
        return problem

    def as_param(self) -> dict[str, Any]:
        """This problem as a param of another message (a record's audit, a game's hand)."""
        return {"message_id": self.message_id, "params": self.params}


def _problem_of(exc: Exception) -> Problem:
    """An engine's complaint (a cards.Malformed carries its message id) as a problem."""
    message_id = getattr(exc, "message_id", None)
    if message_id is None:
        return Problem("malformed.audit_unreadable", str(exc))
    return Problem(message_id, str(exc), **getattr(exc, "params", {}))


def new_seed() -> bytes:
    """A fresh secret seed: 32 random bytes from the operating system."""
    return secrets.token_bytes(SEED_BYTES)


def seed_from_hex(text: Any) -> bytes:
    """The seed bytes of a hex string; ValueError for anything else (or an empty seed)."""
    if isinstance(text, bytes):
        if not text:
            raise _SeedError("malformed.audit_seed_empty", "the seed is empty")
        return text
    if not isinstance(text, str):
        raise _SeedError("malformed.audit_seed_hex", "the seed must be hex digits")
    text = text.strip().lower()
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raise _SeedError("malformed.audit_seed_hex", "the seed must be hex digits") from None
    if not raw:
        raise _SeedError("malformed.audit_seed_empty", "the seed is empty")
    return raw


class _SeedError(ValueError):
    """A seed that isn't one: a ValueError with the message id of its problem."""

    def __init__(self, message_id: str, reason: str):
        super().__init__(reason)
        self.message_id = message_id
        self.params: dict[str, Any] = {}


def commitment(seed: bytes) -> str:
    """The public commitment to `seed`: hex SHA-256 of b"kookaburra-commitment" || seed."""
    return hashlib.sha256(COMMITMENT_LABEL + bytes(seed)).hexdigest()


class _Stream:
    """The keyed byte stream of step 3 and the uniform draws of step 4."""

    def __init__(self, seed: bytes):
        self._key = bytes(seed)
        self._counter = 0
        self._buffer = b""

    def _block(self) -> bytes:
        message = STREAM_LABEL + self._counter.to_bytes(8, "big")
        self._counter += 1
        return hmac.new(self._key, message, hashlib.sha256).digest()

    def take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            self._buffer += self._block()
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def below(self, n: int) -> int:
        """A uniform whole number from 0 to n - 1."""
        if not 1 <= n <= 2**32:
            raise ValueError("n must be from 1 to 2**32")
        limit = 2**32 - (2**32 % n)
        while True:
            x = int.from_bytes(self.take(4), "big")
            if x < limit:
                return x % n


def shuffle(pack: Sequence, seed: bytes) -> list:
    """The pack shuffled by `seed` (steps 3-5): a new list; `pack` is not changed."""
    out = list(pack)
    stream = _Stream(seed)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


class SeededShuffle:
    """An rng for the engines' `Hand.new`: `shuffle` shuffles in place by the seed,
    `sample(pack, k)` is the first k cards of the shuffled pack. One deal per object: a second
    call shuffles afresh from the same seed (the same order again)."""

    def __init__(self, seed: bytes):
        self.seed = bytes(seed)

    def shuffle(self, items: list) -> None:
        items[:] = shuffle(items, self.seed)

    def sample(self, population: Sequence, k: int) -> list:
        if not 0 <= k <= len(population):
            raise ValueError("sample larger than population")
        return shuffle(population, self.seed)[:k]


def deal_from_seed(game: str, players: int, options, dealer: int, seed: bytes):
    """The engine hand `game` deals from `seed` (before any action)."""
    from .registry import engine_for  # the registry imports the engines, which import nothing here

    engine = engine_for(game)
    if options is None:
        options = engine.Options()
    elif isinstance(options, dict):
        options = engine.Options.from_dict(dict(options), players=players)
    return engine.Hand.new(players, options, dealer, SeededShuffle(seed))


def _deal_keys(deal: Any) -> dict[str, Any]:
    if not isinstance(deal, dict):
        return {}
    return {k: deal[k] for k in ("hands", "kitty", "dead") if k in deal}


def verify(
    game: str,
    players: int,
    options,
    dealer: int,
    seed: Any,
    commitment_hex: Any,
    deal_record: Any,
) -> list[str]:
    """Check a revealed deal: the seed matches the commitment and gives exactly the dealt cards.

    `seed` is bytes or hex; `deal_record` holds the record's deal keys (hands, kitty, dead; a
    `dealer` key in it must be `dealer`). Returns the problems found (`Problem`s: plain English
    sentences for programs and logs, with message ids for the site; empty: the deal is good)."""
    problems: list[Problem] = []
    try:
        raw = seed_from_hex(seed)
    except ValueError as exc:
        return [_problem_of(exc)]
    if commitment_hex is not None:
        given = commitment_hex.strip().lower() if isinstance(commitment_hex, str) else None
        if given != commitment(raw):
            problems.append(
                Problem("malformed.audit_commitment", "the seed does not match the commitment")
            )
    if (
        isinstance(deal_record, dict)
        and "dealer" in deal_record
        and deal_record["dealer"] != dealer
    ):
        named = deal_record["dealer"]
        problems.append(
            Problem(
                "malformed.audit_dealer",
                f"the record names dealer {named!r}, not {dealer}",
                named=named,
                dealer=dealer,
            )
        )
    try:
        expected = deal_from_seed(game, players, options, dealer, raw).deal_record()
    except (ValueError, TypeError) as exc:
        why = _problem_of(exc)
        problems.append(
            Problem(
                "malformed.audit_seed_no_deal",
                f"the seed gives no deal: {why}",
                problem=why.as_param(),
            )
        )
        return problems
    dealt = _deal_keys(deal_record)
    want = _deal_keys(expected)
    if not dealt:
        problems.append(Problem("malformed.audit_no_deal", "the record holds no deal"))
        return problems
    for key in sorted(set(want) | set(dealt)):
        if key not in dealt:
            problems.append(Problem(f"malformed.audit_no_{key}", f"the record has no {key}"))
        elif key not in want:
            problems.append(Problem(f"malformed.audit_extra_{key}", f"the game deals no {key}"))
        elif key == "hands":
            got = dealt[key]
            if not isinstance(got, list) or len(got) != len(want[key]):
                count = len(want[key])
                problems.append(
                    Problem(
                        "malformed.audit_hand_count",
                        f"the record's hands are not {count} hands",
                        count=count,
                    )
                )
                continue
            for seat, (a, b) in enumerate(zip(got, want[key], strict=True)):
                if _cards(a) != _cards(b):
                    problems.append(
                        Problem(
                            "malformed.audit_seat",
                            f"seat {seat} was dealt {a!r}; the seed deals {b!r}",
                            seat=seat,
                            dealt=a,
                            deals=b,
                        )
                    )
        elif _cards(dealt[key]) != _cards(want[key]):
            problems.append(
                Problem(
                    f"malformed.audit_{key}",
                    f"the {key} is {dealt[key]!r}; the seed deals {want[key]!r}",
                    dealt=dealt[key],
                    deals=want[key],
                )
            )
    return problems


def _cards(cards: Any) -> Any:
    """A list of card codes as a comparable whole: each card in its standard form, as records
    may write it otherwise (`td` or `TD` for `10D`: shared/hand-records.md), and the order
    within a hand means nothing. Text that is no card is compared as written."""
    if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
        return sorted(_standard(c) for c in cards)
    return cards


def _standard(code: str) -> str:
    try:
        return str(parse_card(code))
    except ValueError:
        return code.strip().upper()


def verify_record(record: Any, seed: Any = None, commitment_hex: Any = None) -> list[Problem]:
    """Check every hand of a hand or game record (shared/hand-records.md) that carries a
    revealed `seed` (DEALS.md); `seed` / `commitment_hex` given here stand for a single hand's
    own. Returns the problems (`Problem`s; empty: every deal is good); a record with no seed to
    check is a problem too."""
    from .registry import ENGINES  # the registry imports the engines, which import nothing here

    if not isinstance(record, dict):
        return [Problem("malformed.record_object", "a record must be a JSON object")]
    game, players = record.get("game"), record.get("players")
    if game not in ENGINES:
        return [Problem("malformed.audit_game", "the record names no game we play")]
    engine = ENGINES[game]
    if isinstance(players, bool) or not isinstance(players, int):
        return [Problem("malformed.players", "players must be a whole number")]
    if players not in engine.PLAYER_COUNTS:
        counts = list(engine.PLAYER_COUNTS)
        return [
            Problem(
                "malformed.player_count",
                f"{game} is played by {', '.join(map(str, counts))} players, not {players}",
                game=game,
                counts=counts,
                players=players,
            )
        ]
    options = record.get("options") or {}
    if not isinstance(options, dict):
        return [Problem("malformed.options", "options must be an object")]
    try:
        engine.Options.from_dict(dict(options), players=players)
    except (ValueError, TypeError) as exc:
        return [_problem_of(exc)]
    if isinstance(record.get("hands"), list) and all(isinstance(h, dict) for h in record["hands"]):
        hands = record["hands"]  # a game record
    else:
        hands = [record]
    if (seed is not None or commitment_hex is not None) and len(hands) != 1:
        return [
            Problem(
                "malformed.audit_seed_outside",
                "give the seed and commitment inside each hand of a game record",
            )
        ]
    problems: list[Problem] = []
    checked = 0
    for number, hand in enumerate(hands, start=1):
        hand_seed = seed if seed is not None else hand.get("seed")
        hand_commitment = commitment_hex if commitment_hex is not None else hand.get("commitment")
        if hand_seed is None:
            if len(hands) == 1:
                problems.append(
                    Problem("malformed.audit_no_seed", "the record has no seed to check")
                )
            continue
        dealer = hand.get("dealer")
        found: list[Problem]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            last = players - 1
            found = [
                Problem("malformed.dealer", f"dealer must be a seat from 0 to {last}", last=last)
            ]
        else:
            try:
                found = verify(game, players, options, dealer, hand_seed, hand_commitment, hand)
            except (ValueError, TypeError) as exc:
                found = [_problem_of(exc)]
            if hand_commitment is None:
                found.append(
                    Problem(
                        "malformed.audit_no_commitment",
                        "the record has no commitment to check the seed against",
                    )
                )
            checked += 1
        if len(hands) > 1:
            found = [
                Problem(
                    "malformed.audit_in_hand",
                    f"hand {number}: {p}",
                    number=number,
                    problem=p.as_param(),
                )
                for p in found
            ]
        problems += found
    if not checked and not problems:
        problems.append(Problem("malformed.audit_no_seed", "the record has no seed to check"))
    return problems
