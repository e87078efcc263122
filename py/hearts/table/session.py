"""The card table: one match of a person (seat 0) against bots, as JSON-able data.

This is everything the page shows and does, in Python, so the page holds no rule:
:class:`Session` turns the engine's :class:`~hearts.match.Match` into the *view*
the page renders (whose turn, the person's cards with legal flags, the trick, the
last trick, counters per seat, the score sheet, the hand result, the match end)
and takes the person's choices (pass, play, undo, hint) and the bots' decisions
(:meth:`Session.advance`, one at a time so the page can animate each card).

Every command returns ``{"state": view, "events": [...], "save": text}``: the
events say what just happened in order ("seat 2 played Q♠", "trick won by seat
1", "hearts broken", "seat 3 shot the moon") for the page to animate, and
``save`` is the text that :meth:`Session.resume` turns back into the same table.
:mod:`hearts.table.api` exposes the commands to the browser as JSON strings.

Bots get only :func:`~hearts.view.seat_view` of their own seat.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import LEVELS, advise, make_bot
from ..bots.base import Bot
from ..cards import (
    CLUBS,
    DIAMONDS,
    HEART_MASK,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    CardError,
    card_str,
    cards_of,
    label,
    mask_of,
    parse_card,
)
from ..deal import SplitMix64
from ..errors import HeartsError
from ..game import Hand, moon_shooter
from ..match import Match
from ..rules import Rules
from ..view import seat_view

__all__ = [
    "HUMAN", "LANGS", "SAVE_FORMAT", "SAVE_VERSION", "HINT_BUDGET_MS", "Session",
    "pass_direction", "parse_settings",
]

HUMAN = 0                      # the person always sits at seat 0
LANGS = ("en", "de")
SAVE_FORMAT = "hearts-table"
SAVE_VERSION = 1
HINT_BUDGET_MS = 300           # the strong bot's work for a hint or an automatic play (about 0.75 s in a browser)

# The person's hand is shown black, red, black, red: clubs, diamonds, spades, hearts.
_DISPLAY_SUITS = (CLUBS, DIAMONDS, SPADES, HEARTS)

# Player-facing messages of refused choices, in both languages. The engine explains an
# illegal play in English (game.Hand._why_illegal); these are its reasons for people.
_TEXT: dict[str, dict[str, str]] = {
    "illegal": {"en": "You can't play {card} now: {reason}.", "de": "{card} geht jetzt nicht: {reason}."},
    "not in hand": {"en": "it is not in your hand", "de": "die Karte hast du nicht"},
    "first lead": {"en": "the first trick is led with {card}", "de": "den ersten Stich eröffnet {card}"},
    "follow": {"en": "you must follow suit", "de": "du musst bedienen"},
    "first trick": {"en": "no points on the first trick while you have other cards",
                    "de": "im ersten Stich keine Punktkarte, solange du andere hast"},
    "hearts": {"en": "hearts are not broken yet", "de": "Herz ist noch nicht gebrochen"},
    "pass count": {"en": "Choose exactly {n} cards to pass.", "de": "Wähle genau {n} Karten zum Weitergeben."},
    "not your turn": {"en": "It is not your turn.", "de": "Du bist nicht am Zug."},
}
_ENGINE_REASONS = (
    ("it is not in that seat's hand", "not in hand"),
    ("the first trick is led with", "first lead"),
    ("you must follow suit", "follow"),
    ("no hearts or QS on the first trick", "first trick"),
    ("hearts are not broken yet", "hearts"),
)


def _text(key: str, lang: str, **values: str | int) -> str:
    return _TEXT[key][lang].format(**values)


def _card(c: int, lang: str) -> dict[str, str]:
    return {"card": card_str(c), "label": label(c, lang)}


def _bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot seed: a SplitMix64 draw from the match seed, so a match replays exactly."""
    gen = SplitMix64(seed)
    gen.state = (gen.state + (seat + 1) * 0x632BE59BD9B4E019) & ((1 << 64) - 1)
    return gen.next() >> 1


def pass_direction(offset: int, players: int) -> dict[str, Any]:
    """Where seat 0's cards go: ``{"offset", "name", "to", "from"}``.

    ``name`` is ``left`` (the next seat in play order), ``right``, ``across``, ``none``,
    or ``seats`` (``offset`` seats to the left, e.g. in the five-player cycle).
    """
    if offset == 0:
        name = "none"
    elif offset == 1:
        name = "left"
    elif offset == players - 1:
        name = "right"
    elif 2 * offset == players:
        name = "across"
    else:
        name = "seats"
    return {"offset": offset, "name": name, "to": (HUMAN + offset) % players, "from": (HUMAN - offset) % players}


def parse_settings(data: Mapping[str, Any]) -> tuple[Rules, int, list[str], str]:
    """Rules, seed, bot level per seat (seat 0 is ``"human"``) and language of a new match.

    ``{"rules": {...} (partial, may name a "preset"), "seed": int (random if missing),
    "bots": "normal" or one level per other seat, "lang": "en" | "de"}``.
    """
    known = {"rules", "seed", "bots", "lang"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise HeartsError("bad_settings", f"unknown setting(s) {unknown}; known: {sorted(known)}")
    rules = Rules.from_json(data.get("rules"))
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbits(32)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise HeartsError("bad_settings", f"seed must be an integer 0..2^64-1, got {seed!r}")
    return rules, seed, _levels(data.get("bots", "normal"), rules.players), _lang(data.get("lang", "en"))


def _levels(value: Any, players: int) -> list[str]:
    levels = [value] * (players - 1) if isinstance(value, str) else value
    if not isinstance(levels, list) or len(levels) != players - 1:
        raise HeartsError("bad_settings", f"bots must be one level or a list of {players - 1} levels "
                          f"(seats 1..{players - 1})")
    for level in levels:
        if level not in LEVELS:
            raise HeartsError("bad_settings", f"unknown bot level {level!r}; known: {list(LEVELS)}")
    return ["human", *levels]


def _lang(value: Any) -> str:
    if value not in LANGS:
        raise HeartsError("bad_settings", f"lang must be one of {list(LANGS)}, got {value!r}")
    return str(value)


def _display_order(cards: int) -> list[int]:
    return [c for suit in _DISPLAY_SUITS for c in cards_of(cards & SUIT_MASKS[suit])]


class Session:
    """One match at the table. Commands raise :class:`HeartsError` before changing anything."""

    def __init__(self, rules: Rules, seed: int, levels: Sequence[str], lang: str = "en",
                 match: Match | None = None) -> None:
        self.rules = rules
        self.match = match if match is not None else Match(rules, seed)
        self.levels = list(levels)
        self.lang = lang
        # After a hand the match has already booked it (and dealt the next one); the page
        # shows the finished hand's result until the person asks for the next hand.
        self.result_pending = False
        self.events: list[dict[str, Any]] = []
        self._bots: dict[int, Bot] = {s: make_bot(level, _bot_seed(seed, s))
                                      for s, level in enumerate(self.levels) if s != HUMAN}

    @classmethod
    def new(cls, settings: Mapping[str, Any]) -> Session:
        rules, seed, levels, lang = parse_settings(settings)
        return cls(rules, seed, levels, lang)

    # -- what the page shows ---------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The hand on the table: the finished one while its result is shown, else the current one."""
        return self.match.finished[-1] if self.result_pending else self.match.hand

    def _human_to_act(self) -> bool:
        return not self.result_pending and HUMAN in self.match.hand.to_act()

    def _bots_to_act(self) -> bool:
        return not self.result_pending and any(s != HUMAN for s in self.match.hand.to_act())

    def _human_played(self) -> bool:
        return any(kind == "play" and seat == HUMAN for kind, seat, _ in self.match.hand.history)

    def view(self) -> dict[str, Any]:
        hand, rules, lang = self.hand, self.rules, self.lang
        n = rules.players
        to_act = [] if self.result_pending else hand.to_act()
        if hand.phase == "pass":
            turn = HUMAN if HUMAN in to_act else (to_act[0] if to_act else -1)
        else:
            turn = hand.turn if hand.phase == "play" else -1
        passing = hand.phase == "pass"
        legal = hand.legal() if hand.phase == "play" and hand.turn == HUMAN else 0
        if passing and HUMAN in to_act:
            legal = hand.hands[HUMAN]
        # Received cards stay marked until the first trick has been played.
        received = hand.received[HUMAN] if hand.phase == "play" and hand.trick_number == 0 else 0
        passed = (hand.passes[HUMAN] or 0) if passing else 0
        mine = [{**_card(c, lang), "legal": bool(legal >> c & 1), "received": bool(received >> c & 1),
                 "passed": bool(passed >> c & 1)} for c in _display_order(hand.hands[HUMAN])]
        totals = self.match.totals
        seats = []
        for s in range(n):
            taken = hand.taken[s]
            seats.append({
                "seat": s, "level": self.levels[s], "cards": hand.hands[s].bit_count(),
                "points": rules.card_points(taken), "hearts": (taken & HEART_MASK).bit_count(),
                "queen": bool(taken >> QUEEN_OF_SPADES & 1), "jack": bool(taken >> JACK_OF_DIAMONDS & 1),
                "tricks": hand.tricks[s], "total": totals[s],
                "passed": passing and hand.passes[s] is not None,
            })
        done = hand.trick_number * n
        last = hand.plays[done - n:done] if hand.trick_number else []
        hand_index = len(self.match.finished) - (1 if self.result_pending else 0)
        return {
            "lang": lang,
            "players": n,
            "rules": rules.to_json(),
            "seed": self.match.seed,
            "hand_number": hand_index + 1,
            "phase": hand.phase,
            "turn": turn,
            "to_act": to_act,
            "human_to_act": self._human_to_act(),
            "bots_to_act": self._bots_to_act(),
            "hand": mine,
            "pass": {**pass_direction(hand.pass_offset, n), "count": rules.pass_count,
                     "done": passing and hand.passes[HUMAN] is not None},
            "trick": [{"seat": s, **_card(c, lang)} for s, c in hand.trick],
            "leader": hand.leader,
            "last_trick": {"winner": hand.leader, "cards": [{"seat": s, **_card(c, lang)} for s, c in last]}
            if last else None,
            "hearts_broken": hand.hearts_broken,
            "trick_number": hand.trick_number,
            "seats": seats,
            "totals": totals,
            "history": self._history(),
            "result": self._result() if self.result_pending else None,
            "match": {"over": self.match.over, "winners": self.match.winners(),
                      "places": self.match.places(), "target": rules.target},
            "can_undo": not self.result_pending and self._human_played(),
            "can_hint": self._human_to_act(),
        }

    def _moon(self, hand: Hand, score: Sequence[int]) -> dict[str, Any] | None:
        """Who shot the moon (or the sun) in a finished hand, and whether they subtracted its value."""
        rules = hand.rules
        shooter = None if rules.moon == "off" else moon_shooter(rules, hand.taken)
        if shooter is None:
            return None
        sun = rules.sun and hand.tricks[shooter] == rules.hand_size
        value = rules.moon_value * (2 if sun else 1)
        jack = [-10 if rules.jack_of_diamonds and m >> JACK_OF_DIAMONDS & 1 else 0 for m in hand.taken]
        others_paid = all(score[s] - jack[s] == value for s in range(rules.players) if s != shooter)
        return {"seat": shooter, "sun": sun, "value": value, "subtract": not others_paid}

    def _history(self) -> list[dict[str, Any]]:
        rows = []
        running = [0] * self.rules.players
        for i, (hand, score) in enumerate(zip(self.match.finished, self.match.scores)):
            running = [t + p for t, p in zip(running, score)]
            rows.append({"hand": i + 1, "pass": pass_direction(hand.pass_offset, self.rules.players),
                         "scores": list(score), "totals": running, "moon": self._moon(hand, score)})
        return rows

    def _result(self) -> dict[str, Any]:
        hand, score = self.match.finished[-1], self.match.scores[-1]
        return {"hand_number": len(self.match.finished), "points": hand.taken_points(), "scores": list(score),
                "moon": self._moon(hand, score), "totals": self.match.totals,
                "match_over": self.match.over}

    # -- changes, each recording events --------------------------------------------------

    def _pass(self, seat: int, cards: int) -> None:
        hand = self.match.hand
        hand.choose_pass(seat, cards)
        self.events.append({"type": "passed", "seat": seat})
        if hand.phase == "play":
            self.events.append({"type": "exchange", "offset": hand.pass_offset,
                                "received": [_card(c, self.lang) for c in _display_order(hand.received[HUMAN])]})

    def _play(self, seat: int, card: int) -> None:
        hand = self.match.hand
        broken, trick_number = hand.hearts_broken, hand.trick_number
        hand.play(card)
        self.events.append({"type": "play", "seat": seat, **_card(card, self.lang)})
        if hand.hearts_broken and not broken:
            self.events.append({"type": "hearts_broken", "seat": seat})
        if hand.trick_number > trick_number:
            n = self.rules.players
            trick = hand.plays[-n:]
            self.events.append({"type": "trick", "winner": hand.leader, "number": trick_number + 1,
                                "cards": [{"seat": s, **_card(c, self.lang)} for s, c in trick],
                                "points": self.rules.card_points(mask_of(c for _, c in trick))})
        if hand.phase == "over":
            self._finish_hand()

    def _finish_hand(self) -> None:
        hand = self.match.hand
        score = self.match.finish_hand()
        self.result_pending = True
        self.events.append({"type": "hand_over", "scores": score, "points": hand.taken_points(),
                            "moon": self._moon(hand, score), "totals": self.match.totals})
        if self.match.over:
            self.events.append({"type": "match_over", "winners": self.match.winners(),
                                "places": self.match.places(), "totals": self.match.totals})

    # -- the person's commands -----------------------------------------------------------

    def _require_human(self, phase: str) -> Hand:
        hand = self.match.hand
        if self.result_pending or hand.phase != phase:
            shown = "over" if self.result_pending else hand.phase
            raise HeartsError("wrong_phase", f"no {'passing' if phase == 'pass' else 'playing'} now: "
                              f"the hand is in the {shown} phase")
        if HUMAN not in hand.to_act():
            raise HeartsError("not_your_turn", _text("not your turn", self.lang))
        return hand

    def pass_cards(self, names: Any) -> None:
        """The person passes these cards (``["QS", "AH", "KH"]``)."""
        self._require_human("pass")
        cards = _parse_cards(names)
        if len(set(cards)) != len(cards) or len(cards) != self.rules.pass_count:
            raise HeartsError("bad_pass", _text("pass count", self.lang, n=self.rules.pass_count))
        self._pass(HUMAN, mask_of(cards))

    def play(self, name: Any) -> None:
        """The person plays this card (``"QS"``); an illegal card is refused with the reason."""
        hand = self._require_human("play")
        card = _parse_cards([name])[0]
        if not hand.legal() >> card & 1:
            try:
                hand.play(card)  # raises with the engine's reason (and changes nothing)
            except HeartsError as exc:
                raise HeartsError(exc.code, self._illegal_message(card, exc.message)) from None
        self._play(HUMAN, card)

    def _illegal_message(self, card: int, engine_message: str) -> str:
        reason = engine_message.split(": ", 1)[-1]
        for prefix, key in _ENGINE_REASONS:
            if reason.startswith(prefix):
                reason = _text(key, self.lang, card=label(self.rules.lead_card, self.lang))
                break
        return _text("illegal", self.lang, card=label(card, self.lang), reason=reason)

    def advance(self) -> None:
        """One bot decision: a bot's pass, or the card of the bot whose turn it is."""
        if not self._bots_to_act():
            raise HeartsError("not_bots_turn", "no bot has a choice to make now")
        hand = self.match.hand
        seat = next(s for s in hand.to_act() if s != HUMAN)
        view = seat_view(hand, seat)
        if hand.phase == "pass":
            self._pass(seat, self._bots[seat].choose_pass(view))
        else:
            self._play(seat, self._bots[seat].choose_play(view))

    def _advice(self) -> tuple[list[int], dict[str, str]]:
        if not self._human_to_act():
            raise HeartsError("not_your_turn", _text("not your turn", self.lang))
        advice = advise(seat_view(self.match.hand, HUMAN), HINT_BUDGET_MS, _bot_seed(self.match.seed, HUMAN))
        return cards_of(advice.cards), advice.reason

    def hint(self) -> dict[str, Any]:
        """The strong bot's choice for the person, with its reason in the table's language."""
        cards, reason = self._advice()
        return {"cards": [_card(c, self.lang) for c in cards], "reason": reason[self.lang]}

    def auto_play(self) -> None:
        """The person's time ran out: the computer makes the person's choice (the strong bot's)."""
        cards, _ = self._advice()
        self.events.append({"type": "auto", "seat": HUMAN})
        if self.match.hand.phase == "pass":
            self._pass(HUMAN, mask_of(cards))
        else:
            self._play(HUMAN, cards[0])

    def undo(self) -> None:
        """Take back the person's last play of this hand (and every bot play after it)."""
        if self.result_pending or not self._human_played():
            raise HeartsError("nothing_to_undo", "you have not played a card in this hand yet")
        hand = self.match.hand
        while True:
            kind, seat, value = hand.undo()
            if kind == "play" and seat == HUMAN:
                break
        self.events.append({"type": "undo", **_card(value, self.lang)})

    def next_hand(self) -> None:
        if not self.result_pending:
            raise HeartsError("wrong_phase", "the hand is still being played")
        if self.match.over:
            raise HeartsError("match_over", "the match is over: start a new match")
        self.result_pending = False
        self.events.append({"type": "new_hand", "hand_number": len(self.match.finished) + 1})

    def same_deal_again(self) -> None:
        """Play the hand on the table again from its deal (a finished hand's score is taken back)."""
        if not self.result_pending:
            self.match.redeal_same()
        else:
            data = self.match.to_json()
            kept = len(self.match.finished) - 1
            again = self.match.finished[-1]
            data["hands"] = data["hands"][:kept] + [{
                "pass_offset": again.pass_offset,
                "deal": [[card_str(c) for c in cards_of(h)] for h in again.deal],
            }]
            self.match = Match.from_json(data)
            self.result_pending = False
        self.events.append({"type": "new_hand", "hand_number": len(self.match.finished) + 1})

    def set_language(self, lang: Any) -> None:
        self.lang = _lang(lang)

    # -- saving ----------------------------------------------------------------------------

    def save(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "match": self.match.to_json(),
                           "bots": self.levels[1:], "lang": self.lang, "result_pending": self.result_pending},
                          separators=(",", ":"))

    @classmethod
    def resume(cls, text: Any) -> Session:
        """The session saved in ``text``. Raises ``HeartsError("bad_save")`` for anything else."""
        try:
            return cls._resume(text)
        except HeartsError as exc:
            raise HeartsError("bad_save", f"the saved game cannot be resumed: {exc.message}") from None
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            raise HeartsError("bad_save", f"the saved game cannot be resumed: {exc}") from None

    @classmethod
    def _resume(cls, text: Any) -> Session:
        if not isinstance(text, str):
            raise HeartsError("bad_save", "a save is a string")
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise HeartsError("bad_save", "not a saved Hearts table")
        if data.get("version") != SAVE_VERSION:
            raise HeartsError("bad_save", f"unknown save version {data.get('version')!r}")
        match = Match.from_json(data.get("match"))
        pending = data.get("result_pending")
        if not isinstance(pending, bool) or (pending and not match.finished):
            raise HeartsError("bad_save", "result_pending must be true only after a finished hand")
        levels = _levels(data.get("bots"), match.rules.players)
        session = cls(match.rules, match.seed, levels, _lang(data.get("lang")), match)
        session.result_pending = pending or match.over
        return session


def _parse_cards(names: Any) -> list[int]:
    if not isinstance(names, list):
        raise HeartsError("bad_card", "cards must be a list like [\"QS\", \"AH\", \"KH\"]")
    try:
        return [parse_card(n) for n in names]
    except CardError as exc:
        raise HeartsError("bad_card", str(exc)) from None

