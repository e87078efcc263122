"""The card table: one match of people and bots, as JSON-able data.

This is everything the page shows and does, in Python, so the page holds no rule:
:class:`Session` turns the engine's :class:`~hearts.match.Match` into the *view*
(:class:`~hearts.table.protocol.TableView`) the page renders for one seat (whose turn,
that seat's cards with legal flags, the trick, the last trick, counters per seat, the
score sheet, the hand result, the match end) and takes the person's choices (pass, play,
undo, hint) and the bots' decisions (:meth:`Session.advance`, one at a time so the page
can animate each card).

The table's phase is :attr:`Session.stage`: the hand's ``pass`` / ``play``, then
``hand_result`` (a finished hand's result is shown; the match has booked it already) or
``match_over``. Every change records events (:data:`~hearts.table.protocol.Event`) that
say what just happened, in order, for the page to animate and announce.
:mod:`hearts.table.api` exposes the commands to the browser as JSON strings. Nothing here
is player-facing text: refusals carry codes and parameters, which the page words.

Bots get only :func:`~hearts.view.seat_view` of their own seat. Who plays each seat (a bot,
a person at this device, a guest over the network) is :mod:`hearts.table.seats`; every
person's command names its seat (default: the shown seat, :attr:`Session.shown`), and
:meth:`Session.view` of a seat holds that seat's cards only.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from typing import Any, Literal, TypeVar

from ..bots import LEVELS, advise, make_bot
from ..bots.base import Bot
from ..bots.review import REVIEW_BUDGET_MS, decisions, replay, review_step, what_seat_saw
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
    mask_of,
    parse_card,
)
from ..deal import SplitMix64, deal, match_deal_number
from ..errors import HeartsError
from ..game import Hand, HandResult, illegal_reason
from ..match import Match
from ..rules import Rules, preset_name
from ..view import seat_view
from .learn import LEARN_BOTS, LEARN_DEAL, TIP_KINDS, opening_tips, tips_for
from .protocol import (
    Event,
    ExchangeEvent,
    HandCard,
    HintView,
    HistoryRow,
    LastTrick,
    Mode,
    MoonView,
    PassDirection,
    Reason,
    ResultView,
    ReviewDecision,
    ReviewVerdict,
    SeatInfo,
    Stage,
    TableView,
    TipEvent,
    TrickCard,
)
from .seats import SETTING_KEYS, Seats, parse_levels
from .share import SharedDeal, read_share, share_code
from .stats import hand_leaderboard, match_leaderboard

__all__ = [
    "HUMAN", "SAVE_FORMAT", "SAVE_VERSION", "HINT_BUDGET_MS", "Session",
    "pass_direction", "parse_settings",
]

HUMAN = 0                      # the host's seat: always a person at this device
SAVE_FORMAT = "hearts-table"
SAVE_VERSION = 3               # 2: no "seats" (one person); 1: also "lang" and "result_pending" (still read)
AWAY_LEVEL = "normal"          # the bot that plays for a guest who dropped out
HINT_BUDGET_MS = 300           # the strong bot's work for a hint or an automatic play (about 0.75 s in a browser)

# The person's hand is shown black, red, black, red: clubs, diamonds, spades, hearts.
_DISPLAY_SUITS = (CLUBS, DIAMONDS, SPADES, HEARTS)


def _trick_cards(plays: Sequence[tuple[int, int]]) -> list[TrickCard]:
    return [{"seat": s, "card": card_str(c)} for s, c in plays]


def _moon_view(result: HandResult) -> MoonView | None:
    moon = result.moon
    if moon is None:
        return None
    return {"seat": moon.seat, "sun": moon.sun, "value": moon.value, "subtracted": moon.subtracted}


def _bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot seed: a SplitMix64 draw from the match seed, so a match replays exactly."""
    gen = SplitMix64(seed)
    gen.state = (gen.state + (seat + 1) * 0x632BE59BD9B4E019) & ((1 << 64) - 1)
    return gen.next() >> 1


def pass_direction(offset: int, players: int, seat: int = HUMAN) -> PassDirection:
    """Where ``seat``'s cards go: ``{"offset", "name", "to", "from"}``.

    ``name`` is ``left`` (the next seat in play order), ``right``, ``across``, ``none``,
    or ``seats`` (``offset`` seats to the left, e.g. in the five-player cycle).
    """
    name: Literal["left", "right", "across", "seats", "none"]
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
    return {"offset": offset, "name": name, "to": (seat + offset) % players, "from": (seat - offset) % players}


def parse_settings(data: Mapping[str, Any]) -> tuple[Rules, int, list[str]]:
    """Rules, seed and the level of every seat (seat 0 is ``"human"``) of a new match.

    ``{"rules": {...} (partial, may name a "preset"), "seed": int (random if missing),
    "bots": "normal" or one level per other seat ("human": a person)}``; the seat settings
    (``remote``, ``names``, ``assist``) are read by :meth:`Seats.from_settings`.
    """
    known = {"rules", "seed", "bots"} | SETTING_KEYS
    unknown = sorted(set(data) - known)
    if unknown:
        raise HeartsError("bad_settings", f"unknown setting(s) {unknown}; known: {sorted(known)}")
    rules = Rules.from_json(data.get("rules"))
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbits(32)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise HeartsError("bad_settings", f"seed must be an integer 0..2^64-1, got {seed!r}")
    return rules, seed, parse_levels(data.get("bots", "normal"), rules.players)


_Method = TypeVar("_Method", bound=Callable[..., None])


def _with_tips(method: _Method) -> _Method:
    """In learn mode, follow a change's events with the tips they call for (each kind once)."""
    @wraps(method)
    def change(self: Session, *args: Any) -> None:
        since = len(self.events)
        method(self, *args)
        if self.mode == "learn":
            self._add_tips(tips_for(self.events[since:], self.hand, HUMAN, self.tips_shown))
    return change  # type: ignore[return-value]


def _display_order(cards: int) -> list[int]:
    return [c for suit in _DISPLAY_SUITS for c in cards_of(cards & SUIT_MASKS[suit])]


class Session:
    """One match at the table. Commands raise :class:`HeartsError` before changing anything."""

    def __init__(self, rules: Rules, seed: int, levels: Sequence[str], match: Match | None = None,
                 seats: Seats | None = None, mode: Mode = "match", first_deal: int | None = None) -> None:
        self.rules = rules
        self.match = match if match is not None else Match(rules, seed)
        self.levels = list(levels)
        self.seats = seats if seats is not None else Seats.from_settings(self.levels, {})
        self.mode: Mode = mode
        # The deal number of the first hand when it is not the match's own (a shared or the learn deal).
        self.first_deal = first_deal
        self.tips_shown: set[str] = set()
        # After a hand the match has already booked it (and dealt the next one); the table shows
        # the finished hand's result until every person asks for the next hand: see `stage`.
        self._result_shown = False
        # A deal of this match was played again: the match no longer counts (hearts.table.stats).
        self.replay = False
        self._ready: set[int] = set()      # persons who pressed "next" on the result shown
        self.shown = HUMAN                 # whose hand this device shows: see follow_turn
        self.events: list[Event] = []
        # Every seat but the host's has a bot: a person's seat needs one when its guest drops out.
        self._bots: dict[int, Bot] = {s: make_bot(level if level in LEVELS else AWAY_LEVEL, _bot_seed(seed, s))
                                      for s, level in enumerate(self.levels) if s != HUMAN}

    @classmethod
    def new(cls, settings: Mapping[str, Any]) -> Session:
        if settings.get("mode", "match") == "learn":
            if set(settings) != {"mode"}:
                raise HeartsError("bad_settings", "the learn hand takes no other settings")
            return cls.learn()
        if settings.get("mode", "match") != "match":
            raise HeartsError("bad_settings", f"mode must be \"match\" or \"learn\", got {settings['mode']!r}")
        settings = {k: v for k, v in settings.items() if k != "mode"}
        rules, seed, levels = parse_settings(settings)
        return cls(rules, seed, levels, seats=Seats.from_settings(levels, settings))

    @classmethod
    def _starting_with(cls, rules: Rules, levels: list[str], number: int, offset: int, mode: Mode) -> Session:
        """A match whose first hand is deal ``number`` (its later hands follow from the same number as seed)."""
        match = Match(rules, number)
        match.start_with(number, offset)
        return cls(rules, number, levels, match, mode=mode, first_deal=number)

    @classmethod
    def learn(cls) -> Session:
        """The learn hand: classic rules, passing left, three normal bots, tips as things happen."""
        rules = Rules()
        session = cls._starting_with(rules, ["human", *[LEARN_BOTS] * 3], LEARN_DEAL, rules.pass_offset(0), "learn")
        session._add_tips(opening_tips(session.match.hand, HUMAN))
        return session

    @classmethod
    def shared(cls, code: Any) -> Session:
        """A new match that starts with the deal of a shared link (``HeartsError("bad_share")`` if bad)."""
        shared = read_share(code)
        return cls._starting_with(shared.rules, ["human", *shared.bots], shared.deal, shared.pass_offset, "match")

    def _add_tips(self, tips: list[TipEvent]) -> None:
        for tip in tips:
            self.tips_shown.add(tip["kind"])
            self.events.append(tip)

    @property
    def counts_for_stats(self) -> bool:
        """The match's end counts in the statistics and the leaderboard: not the learn hand, not once a
        deal was replayed."""
        return self.mode != "learn" and not self.replay

    def shown_hand_index(self) -> int:
        """Index of the hand on the table (the finished one while its result shows)."""
        return len(self.match.finished) - (1 if self.showing_result else 0)

    def deal_number(self, index: int) -> int:
        """The deal number of hand ``index``: what ``python -m hearts state`` takes as ``deal``."""
        if index == 0 and self.first_deal is not None:
            return self.first_deal
        return match_deal_number(self.match.seed, index)

    # -- where the table is --------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """The table's phase: the hand's (pass, play), or a finished hand's result or the match end."""
        if self._result_shown:
            return "match_over" if self.match.over else "hand_result"
        phase = self.match.hand.phase
        assert phase != "over", "a finished hand is booked at once"
        return phase

    @property
    def showing_result(self) -> bool:
        return self.stage in ("hand_result", "match_over")

    @property
    def hand(self) -> Hand:
        """The hand on the table: the finished one while its result is shown, else the current one."""
        return self.match.finished[-1] if self.showing_result else self.match.hand

    def _to_act(self) -> list[int]:
        return [] if self.showing_result else self.match.hand.to_act()

    def _bots_to_act(self) -> bool:
        return any(self.seats.by_bot(s) for s in self._to_act())

    def _has_played(self, seat: int) -> bool:
        return any(kind == "play" and s == seat for kind, s, _ in self.match.hand.history)

    def _waiting_for(self) -> list[int]:
        """Persons who have not pressed "next" on the result shown yet."""
        if self.stage != "hand_result":
            return []
        return [s for s in self.seats.present() if s not in self._ready]

    def follow_turn(self) -> int:
        """Show the hand of the person at this device who is to choose next (pass-and-play);
        while no such person is to choose, the last one's hand stays shown."""
        local = [s for s in self._to_act() if s in self.seats.local()]
        if local and self.shown not in local:
            self.shown = local[0]
        return self.shown

    def in_progress(self) -> bool:
        """A match is under way: something was chosen and the match is not over."""
        hand = self.match.hand
        return not self.match.over and (bool(self.match.finished) or bool(hand.history))

    # -- what the page shows ---------------------------------------------------------------

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` (default: the shown seat) may see it: its own cards, the
        public trick, counters and scores."""
        seat = self.shown if seat is None else seat
        hand, n = self.hand, self.rules.players
        to_act = self._to_act()
        acts = seat in self.seats.present()
        assist = self.seats.assist and acts
        return {
            "self": seat,
            "players": n,
            "rules": self.rules.to_json(),
            "preset": preset_name(self.rules),
            "seed": self.match.seed,
            "hand_number": len(self.match.finished) + (0 if self.showing_result else 1),
            "phase": hand.phase,
            "stage": self.stage,
            "turn": self._turn(seat, to_act),
            "to_act": to_act,
            "self_to_act": seat in to_act,
            "bots_to_act": self._bots_to_act(),
            "hand": self._hand_cards(seat),
            "pass": {**pass_direction(hand.pass_offset, n, seat), "count": self.rules.pass_count,
                     "done": hand.phase == "pass" and hand.passes[seat] is not None},
            "trick": _trick_cards(hand.trick),
            "leader": hand.leader,
            "last_trick": self._last_trick(),
            "hearts_broken": hand.hearts_broken,
            "trick_number": hand.trick_number,
            "seats": self._seats(),
            "totals": self.match.totals,
            "history": self._history(seat),
            "result": self._result() if self.showing_result else None,
            "match": {"over": self.match.over, "winners": self.match.winners(), "places": self.match.places(),
                      "target": self.rules.target, "in_progress": self.in_progress(), "replay": self.replay,
                      "counts": self.counts_for_stats, "leaderboard": match_leaderboard(self.match)},
            "can_undo": assist and not self.showing_result and self._has_played(seat),
            "can_hint": assist and seat in to_act,
            "persons": self.seats.persons(),
            "local": self.seats.local(),
            "waiting_for": self._waiting_for(),
            "assist": self.seats.assist,
            "mode": self.mode,
            "deal_number": str(self.deal_number(self.shown_hand_index())),
        }

    def _turn(self, seat: int, to_act: list[int]) -> int:
        if self.hand.phase == "pass":
            return seat if seat in to_act else (to_act[0] if to_act else -1)
        return to_act[0] if to_act else -1

    def _hand_cards(self, seat: int) -> list[HandCard]:
        hand = self.hand
        passing = hand.phase == "pass"
        legal = hand.legal() if hand.phase == "play" and hand.turn == seat and not self.showing_result else 0
        if passing and seat in self._to_act():
            legal = hand.hands[seat]
        # Received cards stay marked until the first trick has been played.
        received = hand.received[seat] if hand.phase == "play" and hand.trick_number == 0 else 0
        passed = (hand.passes[seat] or 0) if passing else 0
        return [{"card": card_str(c), "legal": bool(legal >> c & 1), "received": bool(received >> c & 1),
                 "passed": bool(passed >> c & 1), "why": self._why_illegal(seat, c, legal)}
                for c in _display_order(hand.hands[seat])]

    def _why_illegal(self, seat: int, card: int, legal: int) -> Reason | None:
        """On the seat's turn to play, why a card may not be played (a screen reader says it on the card)."""
        hand = self.hand
        if legal >> card & 1 or hand.phase != "play" or hand.turn != seat or self.showing_result:
            return None
        code, params = illegal_reason(self.rules, hand.hands[seat], hand.trick, hand.trick_number, card)
        return {"code": code, "params": dict(params)}

    def _seats(self) -> list[SeatInfo]:
        hand, totals = self.hand, self.match.totals
        low = min(totals)
        rows: list[SeatInfo] = []
        for s in range(self.rules.players):
            taken = hand.taken[s]
            rows.append({
                "seat": s, "level": self.levels[s],  # type: ignore[typeddict-item]  # checked by parse_levels
                "control": self.seats.control[s], "name": self.seats.names[s],
                "cards": hand.hands[s].bit_count(),
                "points": self.rules.card_points(taken), "hearts": (taken & HEART_MASK).bit_count(),
                "queen": bool(taken >> QUEEN_OF_SPADES & 1), "jack": bool(taken >> JACK_OF_DIAMONDS & 1),
                "tricks": hand.tricks[s], "total": totals[s],
                "passed": hand.phase == "pass" and hand.passes[s] is not None,
                "leading": bool(self.match.finished) and totals[s] == low,
            })
        return rows

    def _last_trick(self) -> LastTrick | None:
        hand, n = self.hand, self.rules.players
        if not hand.trick_number:
            return None
        done = hand.trick_number * n
        return {"winner": hand.leader, "cards": _trick_cards(hand.plays[done - n:done])}

    def _history(self, seat: int) -> list[HistoryRow]:
        rows: list[HistoryRow] = []
        running = [0] * self.rules.players
        for i, hand in enumerate(self.match.finished):
            result = _result_of(hand)
            running = [t + p for t, p in zip(running, result.scores)]
            rows.append({"hand": i + 1, "pass": pass_direction(hand.pass_offset, self.rules.players, seat),
                         "scores": list(result.scores), "totals": running, "moon": _moon_view(result),
                         "jack_seat": result.jack_seat,
                         "leaderboard": [hand_leaderboard(result, s) for s in range(self.rules.players)]})
        return rows

    def _result(self) -> ResultView:
        result = _result_of(self.match.finished[-1])
        return {"hand_number": len(self.match.finished), "points": list(result.raw), "scores": list(result.scores),
                "moon": _moon_view(result), "jack_seat": result.jack_seat, "totals": self.match.totals,
                "match_over": self.match.over}

    # -- changes, each recording events --------------------------------------------------

    def _pass(self, seat: int, cards: int) -> None:
        hand = self.match.hand
        hand.choose_pass(seat, cards)
        self.events.append({"type": "passed", "seat": seat})
        if hand.phase == "play":
            # Whose received cards it names depends on who looks: see events_for.
            self.events.append({"type": "exchange", "offset": hand.pass_offset, "received": []})

    def _play(self, seat: int, card: int) -> None:
        hand = self.match.hand
        broken, trick_number = hand.hearts_broken, hand.trick_number
        hand.play(card)
        self.events.append({"type": "play", "seat": seat, "card": card_str(card)})
        if hand.hearts_broken and not broken:
            self.events.append({"type": "hearts_broken", "seat": seat})
        if hand.trick_number > trick_number:
            trick = hand.plays[-self.rules.players:]
            self.events.append({"type": "trick", "winner": hand.leader, "number": trick_number + 1,
                                "cards": _trick_cards(trick),
                                "points": self.rules.card_points(mask_of(c for _, c in trick))})
        if hand.phase == "over":
            self._finish_hand()

    def _finish_hand(self) -> None:
        hand = self.match.hand
        result = _result_of(hand)
        self.match.finish_hand()
        self._result_shown = True
        self._ready = set()
        self.events.append({"type": "hand_over", "scores": list(result.scores), "points": list(result.raw),
                            "moon": _moon_view(result), "jack_seat": result.jack_seat,
                            "totals": self.match.totals})
        if self.match.over:
            self.events.append({"type": "match_over", "winners": self.match.winners(),
                                "places": self.match.places(), "totals": self.match.totals})

    # -- the persons' commands ----------------------------------------------------------

    def _require_person(self, seat: Any, phase: Literal["pass", "play"]) -> tuple[int, Hand]:
        """The acting person's seat (default: the shown seat), if it may make this choice now."""
        seat = self.seats.require_person(self.shown if seat is None else seat)
        if self.stage != phase:
            raise HeartsError("wrong_phase", f"no {'passing' if phase == 'pass' else 'playing'} now: "
                              f"the table is in the {self.stage} stage", {"stage": self.stage})
        hand = self.match.hand
        if seat not in hand.to_act():
            raise HeartsError("not_your_turn", "it is not your turn", {"seat": seat})
        return seat, hand

    @_with_tips
    def pass_cards(self, names: Any, seat: Any = None) -> None:
        """A person passes these cards (``["QS", "AH", "KH"]``)."""
        seat, _ = self._require_person(seat, "pass")
        cards = _parse_cards(names)
        count = self.rules.pass_count
        if len(set(cards)) != len(cards) or len(cards) != count:
            raise HeartsError("bad_pass", f"choose exactly {count} different cards to pass", {"count": count})
        self._pass(seat, mask_of(cards))

    @_with_tips
    def play(self, name: Any, seat: Any = None) -> None:
        """A person plays this card (``"QS"``); an illegal card is refused with the rule's code."""
        seat, _ = self._require_person(seat, "play")
        self._play(seat, _parse_cards([name])[0])

    @_with_tips
    def advance(self) -> None:
        """One bot decision: a bot's pass, or the card of the bot whose turn it is."""
        if not self._bots_to_act():
            raise HeartsError("not_bots_turn", "no bot has a choice to make now")
        hand = self.match.hand
        seat = next(s for s in hand.to_act() if self.seats.by_bot(s))
        view = seat_view(hand, seat)
        if hand.phase == "pass":
            self._pass(seat, self._bots[seat].choose_pass(view))
        else:
            self._play(seat, self._bots[seat].choose_play(view))

    def _advice(self, seat: Any) -> tuple[int, list[int], HintView]:
        seat = self.seats.require_person(self.shown if seat is None else seat)
        if seat not in self._to_act():
            raise HeartsError("not_your_turn", "it is not your turn", {"seat": seat})
        advice = advise(seat_view(self.match.hand, seat), HINT_BUDGET_MS, _bot_seed(self.match.seed, seat))
        cards = cards_of(advice.cards)
        reason = advice.reason.to_json()
        return seat, cards, {"cards": [card_str(c) for c in cards],
                             "reason": {"code": str(reason["code"]), "params": reason["params"]}}  # type: ignore[typeddict-item]

    def _require_assist(self) -> None:
        if not self.seats.assist:
            raise HeartsError("assist_off", "hints and undo are off at this table")

    def hint(self, seat: Any = None) -> HintView:
        """The strong bot's choice for a person, with its reason as a code and parameters."""
        self._require_assist()
        return self._advice(seat)[2]

    @_with_tips
    def auto_play(self, seat: Any = None) -> None:
        """A person's time ran out: the computer makes that person's choice (the strong bot's)."""
        seat, cards, _ = self._advice(seat)
        self.events.append({"type": "auto", "seat": seat})
        if self.match.hand.phase == "pass":
            self._pass(seat, mask_of(cards))
        else:
            self._play(seat, cards[0])

    def undo(self, seat: Any = None) -> None:
        """Take back a person's last play of this hand (and every play after it)."""
        self._require_assist()
        seat = self.seats.require_person(self.shown if seat is None else seat)
        if self.showing_result or not self._has_played(seat):
            raise HeartsError("nothing_to_undo", "you have not played a card in this hand yet")
        hand = self.match.hand
        while True:
            kind, played_by, value = hand.undo()
            if kind == "play" and played_by == seat:
                break
        self.events.append({"type": "undo", "card": card_str(value)})

    def next_hand(self, seat: Any = None) -> None:
        """A person is done with the result shown; the next hand starts once every person is.

        One press counts for everyone at this device (they all see the same screen).
        """
        if self.mode == "learn":
            raise HeartsError("learn_over", "the learn hand is one hand: start a real match")
        if self.stage == "match_over":
            raise HeartsError("match_over", "the match is over: start a new match")
        if self.stage != "hand_result":
            raise HeartsError("wrong_phase", "the hand is still being played", {"stage": self.stage})
        seat = self.seats.require_person(self.shown if seat is None else seat)
        self._ready |= set(self.seats.local()) if seat in self.seats.local() else {seat}
        if not self._start_next_hand():
            self.events.append({"type": "ready", "seat": seat})

    def _start_next_hand(self) -> bool:
        """Deal on once no present person is still looking at the result."""
        if self._waiting_for():
            return False
        self._result_shown = False
        self.events.append({"type": "new_hand", "hand_number": len(self.match.finished) + 1})
        return True

    def set_away(self, seat: Any, away: Any) -> None:
        """A guest dropped out (its bot plays for it at once) or rejoined (it chooses again)."""
        control = self.seats.set_away(seat, away)
        self.events.append({"type": "seat", "seat": int(seat), "control": control})
        if self.stage == "hand_result":
            self._start_next_hand()

    def events_for(self, events: list[Event], seat: int) -> list[Event]:
        """The events as ``seat`` may see them: the exchange names its own received cards only."""
        received = [card_str(c) for c in _display_order(self.match.hand.received[seat])]
        return [self._exchange_for(e, received) if e["type"] == "exchange" else e for e in events]

    @staticmethod
    def _exchange_for(event: Event, received: list[str]) -> ExchangeEvent:
        assert event["type"] == "exchange"
        return {"type": "exchange", "offset": event["offset"], "received": received}

    def same_deal_again(self) -> None:
        """Play the hand on the table again from its deal (a finished hand's score is taken back).

        The match is a replay from now on: its end does not count again (hearts.table.stats).
        """
        if not self.showing_result:
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
            self._result_shown = False
        self.replay = True
        self._ready = set()
        self.events.append({"type": "new_hand", "hand_number": len(self.match.finished) + 1})

    # -- the review of a finished hand, one decision at a time ------------------------------

    def _finished_hand(self, index: Any) -> Hand:
        done = self.match.finished
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(done):
            raise HeartsError("bad_request", f"hand must be a finished hand's index 0..{len(done) - 1}, "
                              f"got {index!r}")
        return done[index]

    def review_decisions(self, index: Any) -> list[ReviewDecision]:
        """The person's decisions in finished hand ``index``: the pass, then every play."""
        hand = self._finished_hand(index)
        return [{"kind": d.kind, "trick": d.trick,
                 "chosen": [card_str(c) for c in cards_of(d.chosen)] if d.kind == "pass" else card_str(d.chosen),
                 "play": d.play}
                for d in decisions(hand, HUMAN)]

    def review_replay(self, index: Any) -> dict[str, Any]:
        return replay(self._finished_hand(index))

    def review_verdict(self, index: Any, step: Any) -> ReviewVerdict:
        """The strong search's verdict on the person's decision ``step`` of finished hand ``index``."""
        found = decisions(self._finished_hand(index), HUMAN)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(found):
            raise HeartsError("bad_request", f"step must be 0..{len(found) - 1}, got {step!r}")
        return review_step(found[step], REVIEW_BUDGET_MS, _bot_seed(self.match.seed, HUMAN))

    def review_seat(self, index: Any, play: Any) -> dict[str, Any]:
        """What the seat that made play ``play`` of finished hand ``index`` could see when it chose."""
        return what_seat_saw(self._finished_hand(index), play)

    # -- sharing ----------------------------------------------------------------------------

    def share_code(self) -> str:
        """The ``?share=`` code of the hand on the table: its deal, rules and bot levels (a person's
        seat is shared as the bot that would play for it: the link is a deal to play against bots)."""
        index = self.shown_hand_index()
        bots = [level if level in LEVELS else AWAY_LEVEL for level in self.levels[1:]]
        return share_code(SharedDeal(self.rules, bots, self.deal_number(index), self.hand.pass_offset))

    # -- saving ----------------------------------------------------------------------------

    def save(self) -> str:
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "match": self.match.to_json(),
                                "bots": self.levels[1:], "result_shown": self._result_shown, "replay": self.replay,
                                "seats": self.seats.to_json(), "ready": sorted(self._ready), "shown": self.shown}
        if self.mode != "match":
            data["mode"] = self.mode
            data["tips"] = sorted(self.tips_shown)
        if self.first_deal is not None:
            data["first_deal"] = self.first_deal
        return json.dumps(data, separators=(",", ":"))

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
        version = data.get("version")
        if version not in (1, 2, SAVE_VERSION):
            raise HeartsError("bad_save", f"unknown save version {version!r}")
        match = Match.from_json(data.get("match"))
        shown = data.get("result_pending" if version == 1 else "result_shown")
        if not isinstance(shown, bool) or (shown and not match.finished):
            raise HeartsError("bad_save", "a result can be shown only after a finished hand")
        replayed = data.get("replay", False)  # saves before the statistics have none
        if not isinstance(replayed, bool):
            raise HeartsError("bad_save", "replay must be true or false")
        levels = parse_levels(data.get("bots"), match.rules.players)
        if data.get("mode", "match") == "learn":
            _first_deal(LEARN_DEAL, match)
            session = cls.learn()
            session.match, session.events = match, []
            session.tips_shown = _tips(data.get("tips"))
        else:
            session = cls(match.rules, match.seed, levels, match, Seats.from_json(data.get("seats"), levels),
                          first_deal=_first_deal(data.get("first_deal"), match))
        session._result_shown = shown or match.over
        session.replay = replayed
        ready = data.get("ready", [])
        if not isinstance(ready, list):
            raise HeartsError("bad_save", "ready must be a list of seats")
        session._ready = {s for s in ready if s in session.seats.persons()}
        seat = data.get("shown", HUMAN)
        session.shown = seat if seat in session.seats.local() else HUMAN
        return session


def _first_deal(number: Any, match: Match) -> int | None:
    """A saved first deal number, checked against the first hand's cards."""
    if number is None:
        return None
    first = match.finished[0] if match.finished else match.hand
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < 1 << 64 \
            or tuple(deal(match.rules, number)) != first.deal:
        raise HeartsError("bad_save", "first_deal does not match the first hand")
    return number


def _tips(kinds: Any) -> set[str]:
    if not isinstance(kinds, list) or any(k not in TIP_KINDS for k in kinds):
        raise HeartsError("bad_save", f"tips must be a list of {list(TIP_KINDS)}")
    return set(kinds)


def _result_of(hand: Hand) -> HandResult:
    result = hand.result()
    assert result is not None, "only finished hands have a result"
    return result


def _parse_cards(names: Any) -> list[int]:
    if not isinstance(names, list):
        raise HeartsError("bad_card", "cards must be a list like [\"QS\", \"AH\", \"KH\"]")
    try:
        return [parse_card(n) for n in names]
    except CardError as exc:
        raise HeartsError("bad_card", str(exc)) from None

