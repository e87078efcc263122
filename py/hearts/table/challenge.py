"""Challenge links: the same deals against the same bots, and who took fewer points on them.

A challenge is a :class:`~hearts.table.setmatch.SetTable` (rules, bot levels, the match seed
the bots' seeds follow from, the deals) and the players who played it, each with every choice
of each hand (every seat's pass, then every card played in order) and the points they scored.
The link is ``?challenge=<code>``, coded as shared links are (:func:`hearts.table.share.encode`:
base64url JSON and ten hex digits of its SHA-256), with its own version ``v``.

Reading a link replays every hand of every player with the engine: each pass and card must be
legal, each hand complete, and each claimed score must be what the cards make. Anything else
is ``HeartsError("bad_challenge")`` with ``params.problem`` and nothing changes. The link is
not a signature: it proves the hands are real hands of Hearts on those deals, not who played
them (see ``docs/rewards.md``).

In the link a card is one character of :data:`CARD_CHARS` (its index 0..51), and a hand is one
string: the passes seat by seat (none without passing), then every play. A hand is scored as
the player's own match scores it, from totals 0 before the challenge's first hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import LEVELS
from ..cards import cards_of, mask_of
from ..deal import deal
from ..errors import HeartsError
from ..game import Hand
from ..rules import Rules
from .protocol import ChallengeRow, ChallengeView
from .seats import clean_name
from .setmatch import SetDeal, SetTable
from .share import decode, encode

__all__ = ["CHALLENGE_VERSION", "MAX_HANDS", "MAX_PLAYERS", "Challenge", "ChallengePlayer", "challenge_code",
           "read_challenge", "clean_name", "hand_choices", "challenge_view", "compact_rules", "replayed_player"]

CHALLENGE_VERSION = 1
MAX_HANDS = 16                  # a long match's first hands: the link stays a link
MAX_PLAYERS = 4                 # the sender, the one who answered, and two more in a chain of replies
CARD_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_MAX_LENGTH = 16_000
_KEYS = {"v", "rules", "bots", "seed", "deals", "players"}
_PLAYER_KEYS = {"name", "hands", "scores"}


@dataclass(frozen=True)
class ChallengePlayer:
    name: str                   # "" when the player gave none (the page shows its own word)
    hands: tuple[Hand, ...]     # each finished hand, replayed by the engine

    @property
    def scores(self) -> list[int]:
        """The player's score (seat 0) of each hand."""
        return [_seat_score(hand) for hand in self.hands]


@dataclass(frozen=True)
class Challenge:
    table: SetTable
    players: tuple[ChallengePlayer, ...]


def _seat_score(hand: Hand) -> int:
    score = hand.score()
    assert score is not None, "a challenge's hands are finished"
    return score[0]


def _bad(problem: str, why: str, **params: str | int) -> HeartsError:
    return HeartsError("bad_challenge", f"this challenge link cannot be opened: {why}", {"problem": problem, **params})


def compact_rules(rules: Rules) -> dict[str, Any]:
    """``rules`` as the keys that differ from the defaults (a link stays short); the full form if that
    does not read back the same."""
    defaults = Rules().to_json()
    full = rules.to_json()
    short = {k: v for k, v in full.items() if defaults.get(k, object()) != v}
    return short if Rules.from_json(short) == rules else full


# -- a hand as one string ---------------------------------------------------------------------

def hand_choices(hand: Hand) -> str:
    """Every choice of a finished hand: each seat's pass in seat order, then every card played."""
    passes = [c for p in hand.passes if p is not None for c in cards_of(p)] if hand.pass_offset else []
    return "".join(CARD_CHARS[c] for c in [*passes, *(card for _, card in hand.plays)])


def _replay(rules: Rules, chosen: SetDeal, text: object, totals: list[int], where: dict[str, int]) -> Hand:
    """The hand ``text`` describes, every choice checked by the engine."""
    if not isinstance(text, str) or any(ch not in CARD_CHARS for ch in text):
        raise _bad("plays", "a hand's choices are not cards", **where)
    cards = [CARD_CHARS.index(ch) for ch in text]
    hand = Hand(rules, deal(rules, chosen.number), chosen.pass_offset, totals)
    passed = rules.players * rules.pass_count if chosen.pass_offset else 0
    if len(cards) != passed + rules.hand_size * rules.players:
        raise _bad("plays", "a hand is not complete", **where)
    try:
        for seat in range(rules.players if chosen.pass_offset else 0):
            hand.choose_pass(seat, mask_of(cards[seat * rules.pass_count:(seat + 1) * rules.pass_count]))
        for card in cards[passed:]:
            hand.play(card)
    except HeartsError as exc:
        raise _bad("plays", f"a choice is not legal: {exc.message}", **where) from None
    return hand


# -- the code ----------------------------------------------------------------------------------

def challenge_code(challenge: Challenge) -> str:
    """The ``?challenge=`` value of ``challenge``."""
    table = challenge.table
    return encode({
        "v": CHALLENGE_VERSION, "rules": compact_rules(table.rules), "bots": list(table.bots), "seed": table.seed,
        "deals": [[d.number, d.pass_offset] for d in table.deals],
        "players": [{"name": p.name, "hands": [hand_choices(h) for h in p.hands], "scores": p.scores}
                    for p in challenge.players]})


def read_challenge(code: Any) -> Challenge:
    """The challenge a ``?challenge=`` value holds, every hand replayed; ``bad_challenge`` otherwise."""
    fields = decode(code, _MAX_LENGTH, lambda problem, why: _bad(problem, why))
    if not isinstance(fields, dict) or set(fields) != _KEYS or fields["v"] != CHALLENGE_VERSION:
        raise _bad("format", "unknown format")
    table = _table(fields)
    players = fields["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        raise _bad("players", f"a challenge has 1..{MAX_PLAYERS} players")
    return Challenge(table, tuple(_player(table, p, i) for i, p in enumerate(players)))


def _whole(value: Any, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value < high


def _table(fields: dict[str, Any]) -> SetTable:
    try:
        rules = Rules.from_json(fields["rules"])
    except HeartsError as exc:
        raise _bad("rules", exc.message) from None
    bots, seed, deals = fields["bots"], fields["seed"], fields["deals"]
    if not isinstance(bots, list) or len(bots) != rules.players - 1 or any(b not in LEVELS for b in bots):
        raise _bad("bots", f"bots must be {rules.players - 1} of {list(LEVELS)}")
    if not _whole(seed, 0, 1 << 64):
        raise _bad("seed", "the seed must be 0..2^64-1")
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_HANDS or not all(
            isinstance(d, list) and len(d) == 2 and _whole(d[0], 0, 1 << 64) and _whole(d[1], 0, rules.players)
            for d in deals):
        raise _bad("deals", f"deals must be 1..{MAX_HANDS} pairs of a deal number and a pass offset")
    return SetTable(rules, tuple(bots), seed, tuple(SetDeal(n, o) for n, o in deals))


def _player(table: SetTable, value: Any, index: int) -> ChallengePlayer:
    if not isinstance(value, dict) or set(value) != _PLAYER_KEYS:
        raise _bad("players", "a player is a name, hands and scores", player=index)
    name, texts, scores = value["name"], value["hands"], value["scores"]
    if not isinstance(name, str) or clean_name(name) != name:
        raise _bad("name", "a name is text of at most 24 characters", player=index)
    if not isinstance(texts, list) or not isinstance(scores, list) or not len(texts) == len(scores) == len(table.deals):
        raise _bad("plays", "a player has one hand and one score per deal", player=index)
    hands = _replayed(table, texts, index)
    for k, (hand, claimed) in enumerate(zip(hands, scores)):
        if claimed != _seat_score(hand):
            raise _bad("result", "a score is not what its cards make", player=index, hand=k)
    return ChallengePlayer(name, hands)


def _replayed(table: SetTable, texts: Sequence[object], player: int) -> tuple[Hand, ...]:
    """Each hand of one player, replayed in turn: its scores add up to the totals the next one starts from."""
    totals = [0] * table.rules.players
    hands = []
    for k, (chosen, text) in enumerate(zip(table.deals, texts)):
        hand = _replay(table.rules, chosen, text, totals, {"player": player, "hand": k})
        score = hand.score()
        assert score is not None, "a replayed hand is complete"
        totals = [t + s for t, s in zip(totals, score)]
        hands.append(hand)
    return tuple(hands)


def replayed_player(name: str, table: SetTable, hands: Sequence[Hand]) -> ChallengePlayer:
    """A player of ``table`` who played ``hands`` (one per deal), scored as a link's reader scores them."""
    return ChallengePlayer(name, _replayed(table, [hand_choices(h) for h in hands], 0))


# -- the comparison ----------------------------------------------------------------------------

def challenge_view(challenge: Challenge, you: Sequence[int] | None = None) -> ChallengeView:
    """Each player's score of each hand side by side, and who took the fewest points on it.

    ``you``: the scores of the person playing the challenge now (its finished hands so far), shown
    as the last player; ``None`` when nobody is playing it.
    """
    table = challenge.table
    columns: list[Sequence[int | None]] = [p.scores for p in challenge.players]
    if you is not None:
        columns.append([*you, *[None] * (len(table.deals) - len(you))])
    rows: list[ChallengeRow] = []
    for k, chosen in enumerate(table.deals):
        scores = [column[k] for column in columns]
        rows.append({"hand": k + 1, "deal_number": str(chosen.number), "scores": scores,
                     "best": _lowest(scores)})
    totals: list[int | None] = [None if any(s is None for s in column) else sum(s for s in column if s is not None)
                                for column in columns]
    return {"names": [p.name for p in challenge.players], "playing": you is not None,
            "rules": table.rules.to_json(), "bots": list(table.bots), "hands": len(table.deals), "rows": rows,
            "totals": totals, "best": _lowest(totals)}


def _lowest(scores: Sequence[int | None]) -> list[int]:
    """The columns with the fewest points, once every column has its figure."""
    if any(s is None for s in scores):
        return []
    low = min(s for s in scores if s is not None)
    return [i for i, s in enumerate(scores) if s == low]
