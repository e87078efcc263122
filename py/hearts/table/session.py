"""One match at the table: its flow from the deal to the match's end, one choice at a time.

:class:`Session` holds the engine's :class:`~hearts.match.Match` and takes the persons'
choices (pass, play, undo, the next hand, a hint) and the bots' decisions
(:meth:`Session.advance`, one at a time so the page can animate each card). Each change
returns the events (:data:`~hearts.table.protocol.Event`) that say what just happened, in
order, for the page to animate and announce; a refusal is a :class:`~hearts.errors.HeartsError`
raised before anything changes. Nothing here is player-facing text: refusals carry codes and
parameters, which the page words.

The table's phase is :attr:`Session.stage`: the hand's ``pass`` / ``play``, then
``hand_result`` (a finished hand's result is shown; the match has booked it already) or
``match_over``. What differs in learn mode is asked of :attr:`Session.mode`
(:mod:`hearts.table.modes`); what a seat sees is :mod:`hearts.table.views`, saving and
resuming :mod:`hearts.table.saves`, the commands of the page :mod:`hearts.table.commands`.

Bots get only :func:`~hearts.view.seat_view` of their own seat. Who plays each seat (a bot,
a person at this device, a guest over the network) is :mod:`hearts.table.seats`; every
person's choice names its seat (default: the shown seat, :attr:`Session.shown`).

A hand may finish at once (:mod:`hearts.ending`): a person claims when the engine proves the
rest decided whatever anyone plays (:meth:`Session.claim`), and with the table's ``early_end``
setting the rest is played as soon as no points are left. Either way every remaining card is
played, each with its events, after a ``claimed`` or ``early_end`` event.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..bots import LEVELS, advise, make_bot
from ..bots.base import Bot
from ..cards import CardError, card_str, cards_of, mask_of, parse_card
from ..deal import SplitMix64, match_deal_number
from ..ending import Completion, claim, no_points_left
from ..errors import HeartsError
from ..game import Hand
from ..match import Match
from ..rules import Rules
from ..view import seat_view
from .modes import MatchMode, TableMode, settings_mode
from .par import ParJob, fixed_work_bot
from .protocol import Event, HintView, Stage
from .seats import HOST_SEAT, HUMAN_LEVEL, SETTING_KEYS, Seats, parse_levels
from .setmatch import SetMatch, SetTable
from .shapes import display_order, moon_view, result_of, taken_counters, trick_cards, winning_sides
from .share import SharedDeal, read_share, share_code

__all__ = ["AWAY_LEVEL", "HINT_BUDGET_MS", "TABLE_SETTING_KEYS", "Session", "bot_seed", "card_of", "parse_early_end",
           "parse_settings"]

AWAY_LEVEL = "normal"          # the bot that plays for a guest who dropped out
HINT_BUDGET_MS = 300           # the strong bot's fixed work for a hint or an automatic play: the same on every machine
                               # (an expert's hint does the expert's own work: hearts.bots.strong.EXPERT_BUDGET_MS)
TABLE_SETTING_KEYS = frozenset({"early_end"})   # settings of the table itself (not of the rules or the seats)


def bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot seed: a SplitMix64 draw from the match seed, so a match replays exactly."""
    gen = SplitMix64(seed)
    gen.state = (gen.state + (seat + 1) * 0x632BE59BD9B4E019) & ((1 << 64) - 1)
    return gen.next() >> 1


def parse_settings(data: Mapping[str, Any]) -> tuple[Rules, int, list[str]]:
    """Rules, seed and the level of every seat (seat 0 is ``"human"``) of a new match.

    ``{"rules": {...} (partial, may name a "preset"), "seed": int (random if missing),
    "bots": "normal" or one level per other seat ("human": a person)}``; the seat settings
    (``remote``, ``names``, ``assist``) are read by :meth:`Seats.from_settings`, ``early_end``
    by :func:`parse_early_end`.
    """
    known = {"rules", "seed", "bots"} | SETTING_KEYS | TABLE_SETTING_KEYS
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


def parse_early_end(data: Mapping[str, Any], refusal: str = "bad_settings") -> bool:
    """The ``early_end`` setting: end a hand once no points are left. Missing means on (saves from
    before the setting load with it on); anything but true or false is refused with ``refusal``."""
    value = data.get("early_end", True)
    if not isinstance(value, bool):
        raise HeartsError(refusal, "early_end must be true or false")
    return value


def card_of(name: Any) -> int:
    """The card a name stands for (``"QS"``); anything else is refused as ``bad_card``."""
    try:
        return parse_card(name)
    except CardError as exc:
        raise HeartsError("bad_card", str(exc)) from None


class Session:
    """One match at the table. A refused choice raises :class:`HeartsError` before anything changes."""

    def __init__(self, rules: Rules, seed: int, levels: Sequence[str], match: Match | None = None,
                 seats: Seats | None = None, mode: TableMode | None = None, first_deal: int | None = None,
                 early_end: bool = True) -> None:
        self.rules = rules
        self.match = match if match is not None else Match(rules, seed)
        self.levels = list(levels)
        self.seats = seats if seats is not None else Seats.from_settings(self.levels, {})
        self.mode: TableMode = mode if mode is not None else MatchMode()
        # The deal number of the first hand when it is not the match's own (a shared or the learn deal).
        self.first_deal = first_deal
        # After a hand the match has already booked it (and dealt the next one); the table shows
        # the finished hand's result until every person asks for the next hand: see `stage`.
        self.result_shown = False
        # A deal of this match was played again: the match no longer counts (hearts.table.stats).
        self.replay = False
        self.ready: set[int] = set()       # persons who pressed "next" on the result shown
        self.shown = HOST_SEAT             # whose hand this device shows: see follow_turn
        self.pars: dict[int, int] = {}     # finished hand index → the strong bot's score in the host's seat
        self._par_jobs: dict[int, ParJob] = {}
        self.early_end = early_end         # the setting: end a hand once no points are left (see ends_early)
        # The claim search's last answer and the position it is for: every view of one answer asks it.
        self._claim_memo: tuple[Hand, tuple[tuple[int, int], ...], Completion | None] | None = None
        # Every seat but the host's has a bot: a person's seat needs one when its guest drops out.
        self._bots: dict[int, Bot] = {s: make_bot(level if level in LEVELS else AWAY_LEVEL, bot_seed(seed, s))
                                      for s, level in enumerate(self.levels) if s != HOST_SEAT}

    @classmethod
    def new(cls, settings: Mapping[str, Any]) -> Session:
        """A new table from the settings screen (see :func:`parse_settings`), or the deal its mode fixes."""
        mode = settings_mode(settings)
        if mode.deal is not None:
            return cls.starting_with(mode.deal, mode)
        settings = {k: v for k, v in settings.items() if k != "mode"}
        rules, seed, levels = parse_settings(settings)
        return cls(rules, seed, levels, seats=Seats.from_settings(levels, settings), mode=mode,
                   early_end=parse_early_end(settings))

    @classmethod
    def starting_with(cls, deal: SharedDeal, mode: TableMode, match: Match | None = None,
                      early_end: bool = True) -> Session:
        """A match whose first hand is ``deal`` (its later hands follow from the same number as seed);
        ``match``: that match as it was saved."""
        if match is None:
            match = Match(deal.rules, deal.deal)
            match.start_with(deal.deal, deal.pass_offset)
        return cls(deal.rules, deal.deal, [HUMAN_LEVEL, *deal.bots], match, mode=mode, first_deal=deal.deal,
                   early_end=early_end)

    @classmethod
    def set_table(cls, table: SetTable, mode: TableMode, saved: object = None) -> Session:
        """A match of the set deals of ``table`` (the daily, a challenge); ``saved``: that match as it was
        saved (:meth:`Match.to_json`), checked to be of those deals."""
        match = (SetMatch(table.rules, table.seed, table.deals) if saved is None
                 else SetMatch.resumed(saved, table.deals))
        session = cls(table.rules, table.seed, [HUMAN_LEVEL, *table.bots], match, mode=mode)
        # Every browser must see the same plays for the same choices: fixed work, no wall-clock cap.
        session._bots = {s: fixed_work_bot(level, bot_seed(table.seed, s)) for s, level in enumerate(table.bots, 1)}
        return session

    @classmethod
    def shared(cls, code: object, early_end: bool = True) -> Session:
        """A new match that starts with the deal of a shared link (``HeartsError("bad_share")`` if bad)."""
        return cls.starting_with(read_share(code), MatchMode(), early_end=early_end)

    @property
    def counts_for_stats(self) -> bool:
        """The match's end counts in the statistics and the leaderboard: not in every mode, not once a
        deal was replayed."""
        return self.mode.counts and not self.replay

    @property
    def rates_match(self) -> bool:
        """The match's end may move the rating: a mode that rates, no deal replayed, none from a link."""
        return self.mode.rated and not self.replay and self.first_deal is None

    def rates_hand(self, index: int) -> bool:
        """Finished hand ``index`` may move the rating: as the match, and a shared deal played again never."""
        return self.mode.rated and not self.replay and not (index == 0 and self.first_deal is not None)

    def shown_hand_index(self) -> int:
        """Index of the hand on the table (the finished one while its result shows)."""
        return len(self.match.finished) - (1 if self.showing_result else 0)

    def deal_number(self, index: int) -> int:
        """The deal number of hand ``index``: what ``python -m hearts state`` takes as ``deal``."""
        if index == 0 and self.first_deal is not None:
            return self.first_deal
        if isinstance(self.match, SetMatch):
            return self.match.deal_number(index)
        return match_deal_number(self.match.seed, index)

    def share_code(self) -> str:
        """The ``?share=`` code of the hand on the table: its deal, rules and bot levels (a person's
        seat is shared as the bot that would play for it: the link is a deal to play against bots)."""
        bots = [level if level in LEVELS else AWAY_LEVEL for level in self.levels[1:]]
        deal = SharedDeal(self.rules, bots, self.deal_number(self.shown_hand_index()), self.hand.pass_offset)
        return share_code(deal)

    # -- where the table is --------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """The table's phase: the hand's (pass, play), or a finished hand's result or the match end."""
        if self.result_shown:
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

    def to_act(self) -> list[int]:
        return [] if self.showing_result else self.match.hand.to_act()

    def bots_to_act(self) -> bool:
        return self.bot_to_act() >= 0

    def bot_to_act(self) -> int:
        """The seat whose choice :meth:`advance` makes next (the first to act that a bot plays), or -1."""
        return next((s for s in self.to_act() if self.seats.by_bot(s)), -1)

    def has_played(self, seat: int) -> bool:
        return any(kind == "play" and s == seat for kind, s, _ in self.match.hand.history)

    def waiting_for(self) -> list[int]:
        """Persons who have not pressed "next" on the result shown yet."""
        if self.stage != "hand_result":
            return []
        return [s for s in self.seats.present() if s not in self.ready]

    def follow_turn(self) -> int:
        """Show the hand of the person at this device who is to choose next (pass-and-play);
        while no such person is to choose, the last one's hand stays shown."""
        local = [s for s in self.to_act() if s in self.seats.local()]
        if local and self.shown not in local:
            self.shown = local[0]
        return self.shown

    @property
    def ends_early(self) -> bool:
        """A hand ends once no points are left: the setting is on and the mode does not play every card."""
        return self.early_end and not self.mode.plays_every_card

    def claim_completion(self) -> Completion | None:
        """The rest of the hand on the table when the engine proves it decided and a claim is possible
        here (the play stage, a mode that allows it), else None. Remembered for the position."""
        if self.stage != "play" or self.mode.plays_every_card:
            return None
        hand = self.match.hand
        plays = tuple(hand.plays)  # the position: an undo and another card keep the count, not the plays
        memo = self._claim_memo
        if memo is None or memo[0] is not hand or memo[1] != plays:
            memo = self._claim_memo = (hand, plays, claim(hand))
        return memo[2]

    def may_claim(self, seat: int) -> bool:
        """``seat`` is a person making its own choices, still holds cards, and the rest of the hand is decided."""
        return seat in self.seats.present() and self._holds_cards(seat) and self.claim_completion() is not None

    def _holds_cards(self, seat: int) -> bool:
        """With none left, the rest of the hand is the others' to play: nothing is the seat's to claim."""
        return bool(self.match.hand.hands[seat])

    def in_progress(self) -> bool:
        """A match is under way: something was chosen and the match is not over."""
        hand = self.match.hand
        return not self.match.over and (bool(self.match.finished) or bool(hand.history))

    # -- who may choose what now: each raises the refusal a person gets ------------------------

    def named_person(self, seat: object) -> int:
        """The person a choice names (default: the shown seat), if that person may choose at all."""
        return self.seats.require_person(self.shown if seat is None else seat)

    def person_to_act(self, seat: object) -> int:
        """The named person, if that person has a choice to make now (whichever)."""
        seat = self.named_person(seat)
        if seat not in self.to_act():
            raise HeartsError("not_your_turn", "it is not your turn", {"seat": seat})
        return seat

    def person_to_choose(self, seat: object, phase: Literal["pass", "play"]) -> int:
        """The named person, if it is that person's turn to make this choice now."""
        seat = self.named_person(seat)
        if self.stage != phase:
            raise HeartsError("wrong_phase", f"no {'passing' if phase == 'pass' else 'playing'} now: "
                              f"the table is in the {self.stage} stage", {"stage": self.stage})
        if seat not in self.match.hand.to_act():
            raise HeartsError("not_your_turn", "it is not your turn", {"seat": seat})
        return seat

    def require_assist(self) -> None:
        if not self.seats.assist:
            raise HeartsError("assist_off", "hints and undo are off at this table")

    def require_claim(self) -> Completion:
        """The rest of the hand, if a claim is possible now: the play stage, and the rest decided."""
        if self.stage != "play":
            raise HeartsError("wrong_phase", f"no claim now: the table is in the {self.stage} stage",
                              {"stage": self.stage})
        completion = self.claim_completion()
        if completion is None:
            raise HeartsError("cannot_claim", "the rest of the hand is not decided (or this table plays every "
                              "card): play on")
        return completion

    def require_next_hand(self) -> None:
        """A next hand can be asked for: the mode has one and a hand's result is shown."""
        self.mode.require_next_hand()
        if self.stage == "match_over":
            raise HeartsError("match_over", "the match is over: start a new match")
        if self.stage != "hand_result":
            raise HeartsError("wrong_phase", "the hand is still being played", {"stage": self.stage})

    # -- the changes: each returns its events ----------------------------------------------

    def begin(self) -> list[Event]:
        """The events that open a new table: the mode's first tips (none in a match)."""
        return [*self.mode.opening_tips(self.match.hand, HOST_SEAT)]

    def pass_cards(self, names: Sequence[str], seat: int | None = None) -> list[Event]:
        """A person passes these cards (``["QS", "AH", "KH"]``)."""
        seat = self.person_to_choose(seat, "pass")
        cards = [card_of(name) for name in names]
        count = self.rules.pass_count
        if len(set(cards)) != len(cards) or len(cards) != count:
            raise HeartsError("bad_pass", f"choose exactly {count} different cards to pass", {"count": count})
        return self._with_tips(self._pass(seat, mask_of(cards)))

    def play(self, name: str, seat: int | None = None) -> list[Event]:
        """A person plays this card (``"QS"``); an illegal card is refused with the rule's code."""
        seat = self.person_to_choose(seat, "play")
        return self._with_tips(self._play(seat, card_of(name)))

    def advance(self) -> list[Event]:
        """One bot decision: a bot's pass, or the card of the bot whose turn it is."""
        seat = self.bot_to_act()
        if seat < 0:
            raise HeartsError("not_bots_turn", "no bot has a choice to make now")
        hand = self.match.hand
        view = seat_view(hand, seat)
        if hand.phase == "pass":
            return self._with_tips(self._pass(seat, self._bots[seat].choose_pass(view)))
        return self._with_tips(self._play(seat, self._bots[seat].choose_play(view)))

    def hint(self, seat: int | None = None, level: str = "strong") -> HintView:
        """The choice of the bot of ``level`` (``strong`` or ``expert``) for a person, with its reason as a
        code and parameters."""
        self.require_assist()
        return self._advice(seat, level)[2]

    def auto_play(self, seat: int | None = None) -> list[Event]:
        """A person's time ran out: the computer makes that person's choice (the strong bot's)."""
        seat, cards, _ = self._advice(seat)
        if self.match.hand.phase == "pass":
            # The cards are that seat's alone to hear: views.events_for empties them for every other seat.
            chosen = mask_of(cards)
            passed: Event = {"type": "auto", "seat": seat, "cards": [card_str(c) for c in display_order(chosen)]}
            return self._with_tips([passed, *self._pass(seat, chosen)])
        played: Event = {"type": "auto", "seat": seat, "cards": []}
        return self._with_tips([played, *self._play(seat, cards[0])])

    def claim(self, seat: int | None = None) -> list[Event]:
        """A person claims the rest of the hand: when it is decided whatever anyone plays, it is played at once."""
        completion = self.require_claim()
        seat = self.named_person(seat)
        if not self._holds_cards(seat):
            raise HeartsError("cannot_claim", "you have played all your cards: the rest is the others' to play")
        claimed: Event = {"type": "claimed", "seat": seat, "tricks": self._tricks_left()}
        return self._with_tips([claimed, *self._complete(completion)])

    def undo(self, seat: int | None = None) -> list[Event]:
        """Take back a person's last play of this hand (and every play after it)."""
        self.require_assist()
        seat = self.named_person(seat)
        if self.showing_result or not self.has_played(seat):
            raise HeartsError("nothing_to_undo", "you have not played a card in this hand yet")
        hand = self.match.hand
        while True:
            kind, played_by, value = hand.undo()
            if kind == "play" and played_by == seat:
                break
        return [{"type": "undo", "card": card_str(value)}]

    def next_hand(self, seat: int | None = None) -> list[Event]:
        """A person is done with the result shown; the next hand starts once every person is.

        One press counts for everyone at this device (they all see the same screen).
        """
        self.require_next_hand()
        seat = self.named_person(seat)
        self.ready |= set(self.seats.local()) if seat in self.seats.local() else {seat}
        return self._start_next_hand() or [{"type": "ready", "seat": seat}]

    def set_away(self, seat: int, away: bool) -> list[Event]:
        """A guest dropped out (its bot plays for it at once) or rejoined (it chooses again)."""
        events: list[Event] = [{"type": "seat", "seat": seat, "control": self.seats.set_away(seat, away)}]
        if self.stage == "hand_result":
            events += self._start_next_hand()
        return events

    def same_deal_again(self) -> list[Event]:
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
            self.match = SetMatch.resumed(data, self.match.deals) if isinstance(self.match, SetMatch) \
                else Match.from_json(data)
            self.result_shown = False
            self.pars = {k: v for k, v in self.pars.items() if k < kept}
        self.replay = True
        self.ready = set()
        return [{"type": "new_hand", "hand_number": len(self.match.finished) + 1},
                *self.mode.replay_tips(self.match.hand, HOST_SEAT)]

    # -- par: the strong bot in the host's seat on a finished hand --------------------------

    def require_par(self) -> None:
        """Par is the one person's against the bots: not at a table several people share."""
        if self.seats.persons() != [HOST_SEAT]:
            raise HeartsError("no_par", "par is offered when one person plays against bots")

    def par_step(self, index: int) -> ParJob | None:
        """One search more of the par of finished hand ``index``; ``None`` when it was known before.

        Once the job is done its figure is kept in :attr:`pars` (and in the save).
        """
        self.require_par()
        if index in self.pars:
            return None
        hand = self.match.finished[index]
        job = self._par_jobs.get(index)
        if job is None or job.source is not hand:  # a new job, or the hand was played again since
            seeds = [bot_seed(self.match.seed, s) for s in range(self.rules.players)]
            job = self._par_jobs[index] = ParJob.start(hand, HOST_SEAT, self.levels, seeds)
        job.step()
        if job.done:
            self.pars[index] = job.points
            del self._par_jobs[index]
        return job

    # -- the steps of the changes ------------------------------------------------------------

    def _with_tips(self, events: list[Event]) -> list[Event]:
        """A change's events, followed by the tips the mode has for them."""
        return [*events, *self.mode.tips_after(events, self.hand, HOST_SEAT)]

    def _advice(self, seat: int | None, level: str = "strong") -> tuple[int, list[int], HintView]:
        seat = self.person_to_act(seat)
        budget = HINT_BUDGET_MS if level == "strong" else None   # None: the level's own work
        advice = advise(seat_view(self.match.hand, seat), budget, bot_seed(self.match.seed, seat), level=level)
        cards = cards_of(advice.cards)
        reason = advice.reason
        return seat, cards, {"cards": [card_str(c) for c in cards],
                             "reason": {"code": reason.code, "params": dict(reason.params)}}

    def _pass(self, seat: int, cards: int) -> list[Event]:
        hand = self.match.hand
        hand.choose_pass(seat, cards)
        events: list[Event] = [{"type": "passed", "seat": seat}]
        if hand.phase == "play":
            # Whose received cards it names depends on who looks: see views.events_for.
            events.append({"type": "exchange", "offset": hand.pass_offset, "received": []})
        return events

    def _play(self, seat: int, card: int) -> list[Event]:
        """A card, its trick and hand end; then, with ``ends_early``, the rest once no points are left."""
        events = self._play_card(seat, card)
        hand = self.match.hand
        if hand.phase == "play" and self.ends_early:
            completion = no_points_left(hand)
            if completion is not None:
                early: Event = {"type": "early_end", "tricks": self._tricks_left()}
                return [*events, early, *self._complete(completion)]
        if hand.phase == "over":
            events += self._finish_hand()
        return events

    def _tricks_left(self) -> int:
        """Tricks not yet taken in the hand on the table, the one being played included."""
        return self.rules.hand_size - self.match.hand.trick_number

    def _complete(self, completion: Completion) -> list[Event]:
        """Play the rest of the hand as the engine's completion says, each card with its events, and end it."""
        hand = self.match.hand
        events: list[Event] = []
        for card in completion.plays:
            events += self._play_card(hand.turn, card)
        events += self._finish_hand()
        return events

    def _play_card(self, seat: int, card: int) -> list[Event]:
        """One card and the trick it may finish; the hand's end is the caller's."""
        hand = self.match.hand
        broken, trick_number = hand.hearts_broken, hand.trick_number
        hand.play(card)
        events: list[Event] = [{"type": "play", "seat": seat, "card": card_str(card)}]
        if hand.hearts_broken and not broken:
            events.append({"type": "hearts_broken", "seat": seat})
        if hand.trick_number > trick_number:
            trick = hand.plays[-self.rules.players:]
            events.append({"type": "trick", "winner": hand.leader, "number": trick_number + 1,
                           "cards": trick_cards(trick), "points": self.rules.card_points(mask_of(c for _, c in trick)),
                           "taken": taken_counters(self.rules, hand.taken[hand.leader])})
        return events

    def _finish_hand(self) -> list[Event]:
        result = result_of(self.match.hand)
        self.match.finish_hand()
        self.result_shown = True
        self.ready = set()
        match = self.match
        events: list[Event] = [{"type": "hand_over", "scores": list(result.scores), "points": list(result.raw),
                                "moon": moon_view(result), "jack_seat": result.jack_seat,
                                "totals": match.totals, "team_totals": match.team_totals}]
        if match.over:
            events.append({"type": "match_over", "winners": match.winners(), "places": match.places(),
                           "totals": match.totals, "team_totals": match.team_totals,
                           "winning_sides": winning_sides(self.rules, match.winners())})
        return events

    def _start_next_hand(self) -> list[Event]:
        """Deal on once no present person is still looking at the result."""
        if self.waiting_for():
            return []
        self.result_shown = False
        return [{"type": "new_hand", "hand_number": len(self.match.finished) + 1}]
