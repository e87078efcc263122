"""The table's commands: one registry, each command declared once with its request and answer types.

Every command the page calls (``static/js/bridge.js`` → ``py/worker.py`` →
:func:`hearts.table.api.call`) is declared here by :func:`command`: its name, its request and
answer types from :mod:`hearts.table.protocol`, how it parses its request, and what it does.
``tools/gen_protocol.py`` writes the page's ``Commands`` typedef from :data:`COMMANDS`, and
mypy checks every command's answer against the type it declares.

A request is parsed at the boundary, before anything changes: into the protocol's request type,
or, where a field is a whole document with a parser of its own (a new match's settings, a save,
a share code, stored statistics, rules), straight into what that parser makes. The checks run
in the order a refusal is best explained: first what the table refuses whatever was sent (no
match, hints off, not this person's turn), then what was sent. A refusal is a
:class:`~hearts.errors.HeartsError` with a stable code (docs/protocol.md: error codes).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from .. import jsontext
from ..bots import ADVICE_LEVELS, LEVELS
from ..bots.review import REVIEW_BUDGET_MS, decisions, replay, review_step, what_seat_saw
from ..cards import card_str
from ..errors import HeartsError
from ..game import Hand
from ..rules import (
    BONUS_CARDS,
    HEART_POINT_MODES,
    MOON_MODES,
    PASSING_NAMES,
    PLAYER_PRESETS,
    PRESETS,
    TEAM_PLAYERS,
    TIE_MODES,
    Rules,
    default_removed,
    preset_name,
)
from .challenge import (
    MAX_HANDS,
    MAX_PLAYERS,
    Challenge,
    ChallengePlayer,
    challenge_code,
    challenge_view,
    clean_name,
    read_challenge,
    replayed_player,
)
from .daily import daily_date, daily_table, request_day
from .learn import TIP_KINDS
from .modes import ChallengeMode, DailyMode
from .protocol import (
    PROTOCOL_VERSION,
    AwayRequest,
    ChallengeAnswer,
    ChallengeLinkAnswer,
    ChallengeLinkRequest,
    ChallengeRequest,
    CheckRulesAnswer,
    CheckRulesRequest,
    DailyInfoAnswer,
    DailyRequest,
    EmptyRequest,
    GuestRequest,
    HintAnswer,
    HintLevel,
    HintRequest,
    NewMatchRequest,
    OpenShareRequest,
    ParAnswer,
    ParRequest,
    PassRequest,
    PlayRequest,
    ResumeRequest,
    ReviewHand,
    ReviewHandAnswer,
    ReviewHandRequest,
    ReviewSeatAnswer,
    ReviewSeatRequest,
    ReviewStepAnswer,
    ReviewStepRequest,
    RulesInfoAnswer,
    SaveAnswer,
    SeatRequest,
    SeatSaw,
    ShareAnswer,
    StateAnswer,
    StatsAnswer,
    StatsCheckAnswer,
    StatsRequest,
    StatsTextRequest,
    TipKind,
    TipReadRequest,
)
from .rewards import book_par
from .saves import resume, save_text
from .seats import HOST_SEAT, HUMAN_LEVEL
from .service import TableService
from .session import AWAY_LEVEL, Session, bot_seed, card_of, parse_early_end
from .setmatch import SetDeal, SetTable
from .shapes import pass_direction
from .stats import Stats
from .views import review_decisions

__all__ = ["COMMANDS", "PASS_COUNTS", "Command", "JsonObject", "command"]

PASS_COUNTS = (3, 4, 5)
"""The cards to pass the settings offer (the rules take any count below the hand size)."""

JsonObject = Mapping[str, Any]
"""A request as the page sent it: a JSON object, whose values its command's parse checks."""

Parsed = TypeVar("Parsed")
Answer = TypeVar("Answer")


@dataclass(frozen=True)
class Command(Generic[Parsed, Answer]):
    """One command: its name, its protocol types, how it reads its request and what it does."""

    name: str
    request: type          # the request's protocol type (the page's typedef)
    answer: type[Answer]   # the answer's protocol type
    parse: Callable[[TableService, JsonObject], Parsed]
    run: Callable[[TableService, Parsed], Answer]

    def __call__(self, service: TableService, data: JsonObject) -> Answer:
        return self.run(service, self.parse(service, data))


COMMANDS: dict[str, Command[Any, Any]] = {}
"""Every command by name, in the order the page's typedef lists them."""


def command(name: str, request: type, answer: type[Answer], parse: Callable[[TableService, JsonObject], Parsed]
            ) -> Callable[[Callable[[TableService, Parsed], Answer]], Command[Parsed, Answer]]:
    """Declare the decorated function as command ``name``: it takes what ``parse`` makes of the
    request and must give an ``answer``. The types are bound before the function is, so mypy
    checks the function's answer against ``answer`` rather than widening the two to a common type."""
    def register(run: Callable[[TableService, Parsed], Answer]) -> Command[Parsed, Answer]:
        entry = Command(name, request, answer, parse, run)
        COMMANDS[name] = entry
        return entry
    return register


# -- parsing requests -------------------------------------------------------------------------------

def _nothing(service: TableService, data: JsonObject) -> EmptyRequest:
    """A command without parameters ignores whatever else the page sends."""
    return {}


def _person(check: Callable[[Session], None] | None = None) -> Callable[[TableService, JsonObject], SeatRequest]:
    """Parses a request that names a person (default: the shown seat), after the table's own ``check``."""
    def parse(service: TableService, data: JsonObject) -> SeatRequest:
        session = service.current()
        if check is not None:
            check(session)
        return {"seat": session.named_person(data.get("seat"))}
    return parse


def _hint_request(service: TableService, data: JsonObject) -> HintRequest:
    """The person asking (hints on and that person's turn, checked first), and whose search answers:
    strong unless it names expert."""
    session = service.current()
    session.require_assist()
    seat = session.person_to_act(data.get("seat"))
    level = data.get("level", "strong")
    if level not in ADVICE_LEVELS:
        raise HeartsError("bad_level", f"a hint's level is one of {list(ADVICE_LEVELS)}, got {level!r}")
    return {"seat": seat, "level": cast(HintLevel, level)}


def _card_name(value: object) -> str:
    """A card's name (refused with its reason when it names none)."""
    return card_str(card_of(value))


def _card_names(value: object) -> list[str]:
    if not isinstance(value, list):
        raise HeartsError("bad_card", "cards must be a list like [\"QS\", \"AH\", \"KH\"]")
    return [_card_name(name) for name in value]


def _pass_request(service: TableService, data: JsonObject) -> PassRequest:
    """The person whose turn it is to pass (its seat is checked first), and the cards it names."""
    seat = service.current().person_to_choose(data.get("seat"), "pass")
    return {"cards": _card_names(data.get("cards")), "seat": seat}


def _play_request(service: TableService, data: JsonObject) -> PlayRequest:
    """The person whose turn it is to play (its seat is checked first), and the card it names."""
    seat = service.current().person_to_choose(data.get("seat"), "play")
    return {"card": _card_name(data.get("card")), "seat": seat}


def _index(value: object, count: int, what: str) -> int:
    """``value`` as an index 0..count-1, else ``bad_request`` (``what`` says what it indexes)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise HeartsError("bad_request", f"{what} 0..{count - 1}, got {value!r}")
    return value


def _finished_hand_index(service: TableService, index: object) -> int:
    return _index(index, len(service.current().match.finished), "hand must be a finished hand's index")


def _finished_hand(service: TableService, index: int) -> Hand:
    return service.current().match.finished[index]


# -- the rules ------------------------------------------------------------------------------------

@command("rules_info", EmptyRequest, RulesInfoAnswer, _nothing)
def _rules_info(service: TableService, request: EmptyRequest) -> RulesInfoAnswer:
    """Everything the settings screen offers, from the engine: presets, choices, defaults, levels."""
    return {
        "defaults": Rules().to_json(),
        "presets": {name: rules.to_json() for name, rules in PRESETS.items()},
        "players": [3, 4, 5, 6],
        "default_removed": {str(n): list(default_removed(n)) for n in (3, 4, 5, 6)},
        "moon": list(MOON_MODES),
        "ties": list(TIE_MODES),
        "passing": list(PASSING_NAMES),
        "levels": [*LEVELS, HUMAN_LEVEL],
        "presets_by_players": {str(n): [name for name, r in PRESETS.items() if r.players == n] for n in (3, 4, 5, 6)},
        "player_presets": {str(n): name for n, name in PLAYER_PRESETS.items()},
        "pass_counts": list(PASS_COUNTS),
        "heart_points": list(HEART_POINT_MODES),
        "bonus_cards": list(BONUS_CARDS),
        "team_players": list(TEAM_PLAYERS),
        "protocol": PROTOCOL_VERSION,
    }


def _rules(service: TableService, data: JsonObject) -> Rules:
    return Rules.from_json(data.get("rules"))


@command("check_rules", CheckRulesRequest, CheckRulesAnswer, _rules)
def _check_rules(service: TableService, rules: Rules) -> CheckRulesAnswer:
    """Validate a rules object from the settings screen and say what it means."""
    return {
        "rules": rules.to_json(),
        "preset": preset_name(rules),
        "hand_size": rules.hand_size,
        "moon_value": rules.moon_value,
        "lead_card": card_str(rules.lead_card),
        "pass_cycle": [pass_direction(k, rules.players) for k in rules.pass_cycle],
        "protocol": PROTOCOL_VERSION,
    }


# -- starting, resuming and showing the table ---------------------------------------------------------

def _new_session(service: TableService, data: JsonObject) -> Session:
    return Session.new(data)


@command("new_match", NewMatchRequest, StateAnswer, _new_session)
def _new_match(service: TableService, session: Session) -> StateAnswer:
    return service.open(session, session.begin())


def _saved_session(service: TableService, data: JsonObject) -> Session:
    return resume(data.get("save"))


@command("resume", ResumeRequest, StateAnswer, _saved_session)
def _resume(service: TableService, session: Session) -> StateAnswer:
    """The saved table, with the learn tips it had sent and the person had not read: their moment was
    when the page went (a reload, a tab discarded), so they show again now."""
    return service.open(session, session.mode.unread_tips())


@command("state", EmptyRequest, StateAnswer, _nothing)
def _state(service: TableService, request: EmptyRequest) -> StateAnswer:
    return service.answer()


@command("save", EmptyRequest, SaveAnswer, _nothing)
def _save(service: TableService, request: EmptyRequest) -> SaveAnswer:
    return {"save": save_text(service.current()), "protocol": PROTOCOL_VERSION}


def _tip_request(service: TableService, data: JsonObject) -> TipReadRequest:
    """A learn tip's kind (no match is refused first; a table without tips, by the mode)."""
    service.current()
    kind = data.get("kind")
    if kind not in TIP_KINDS:
        raise HeartsError("bad_request", f"kind must be one of {list(TIP_KINDS)}, got {kind!r}")
    return {"kind": cast(TipKind, kind)}


@command("tip_read", TipReadRequest, SaveAnswer, _tip_request)
def _tip_read(service: TableService, request: TipReadRequest) -> SaveAnswer:
    """The person has read a learn tip (closed it): it counts as shown only now, and the save to keep says so."""
    session = service.current()
    session.mode.read_tip(request["kind"])
    service.last_save = save_text(session)
    return {"save": service.last_save, "protocol": PROTOCOL_VERSION}


# -- the persons' choices and the bots' -------------------------------------------------------------

@command("hint", HintRequest, HintAnswer, _hint_request)
def _hint(service: TableService, request: HintRequest) -> HintAnswer:
    hint = service.current().hint(request.get("seat"), request.get("level", "strong"))
    return {"hint": hint, "protocol": PROTOCOL_VERSION}


@command("pass", PassRequest, StateAnswer, _pass_request)
def _pass(service: TableService, request: PassRequest) -> StateAnswer:
    return service.answer(service.current().pass_cards(request["cards"], request.get("seat")))


@command("play", PlayRequest, StateAnswer, _play_request)
def _play(service: TableService, request: PlayRequest) -> StateAnswer:
    return service.answer(service.current().play(request["card"], request.get("seat")))


@command("advance", EmptyRequest, StateAnswer, _nothing)
def _advance(service: TableService, request: EmptyRequest) -> StateAnswer:
    return service.answer(service.current().advance())


@command("auto_play", SeatRequest, StateAnswer, _person())
def _auto_play(service: TableService, request: SeatRequest) -> StateAnswer:
    return service.answer(service.current().auto_play(request.get("seat")))


def _require_claim(session: Session) -> None:
    session.require_claim()


@command("claim", SeatRequest, StateAnswer, _person(_require_claim))
def _claim(service: TableService, request: SeatRequest) -> StateAnswer:
    """The person claims the rest of the hand (the view's ``can_claim``): it is played at once."""
    return service.answer(service.current().claim(request.get("seat")))


@command("undo", SeatRequest, StateAnswer, _person(Session.require_assist))
def _undo(service: TableService, request: SeatRequest) -> StateAnswer:
    return service.answer(service.current().undo(request.get("seat")))


@command("next_hand", SeatRequest, StateAnswer, _person(Session.require_next_hand))
def _next_hand(service: TableService, request: SeatRequest) -> StateAnswer:
    return service.answer(service.current().next_hand(request.get("seat")))


# -- guests over the network --------------------------------------------------------------------------

# A guest's message → the command it stands for, run for the guest's own seat.
_GUEST_COMMANDS: dict[str, Command[Any, StateAnswer]] = {
    "pass": _pass, "play": _play, "next": _next_hand, "hello": _state, "claim": _claim}


@dataclass(frozen=True)
class GuestMove:
    """A guest's message, come over the data channel of ``seat`` and checked to be for that seat;
    ``name``: the name a ``hello`` gives the seat (checked), else None."""

    seat: int
    message: JsonObject
    name: str | None = None


def _guest_move(service: TableService, data: JsonObject) -> GuestMove:
    """The channel is the guest's identity: a message that names another seat is ``forged``."""
    session = service.current()
    seat = data.get("seat")
    if seat not in session.seats.remote():
        raise HeartsError("not_a_guest", f"seat {seat!r} is not a guest's seat")
    message = _guest_message(data.get("message"))
    if message.get("seat", seat) != seat:
        raise HeartsError("forged", "a guest may only choose for its own seat", {"seat": seat})
    seat = session.seats.require_person(seat)
    # A guest's own name, as a name typed here or carried by a link is checked (seats.checked_name).
    named = message["type"] == "hello" and "name" in message
    return GuestMove(seat, message, session.seats.require_name(seat, message["name"]) if named else None)


def _guest_message(text: object) -> JsonObject:
    if not isinstance(text, str) or len(text) > 4096:
        raise HeartsError("bad_message", "a guest's message is JSON text of at most 4096 characters")
    try:
        message = jsontext.loads(text)
    except json.JSONDecodeError:
        raise HeartsError("bad_message", "a guest's message must be valid JSON") from None
    if not isinstance(message, dict) or message.get("type") not in _GUEST_COMMANDS:
        raise HeartsError("bad_message", f"a guest's message is an object with a type of {sorted(_GUEST_COMMANDS)}")
    return message


@command("guest", GuestRequest, StateAnswer, _guest_move)
def _guest(service: TableService, move: GuestMove) -> StateAnswer:
    """A guest's message, refereed like the same choice of that seat here (a ``hello`` may name the seat)."""
    if move.name is not None:
        service.current().seats.names[move.seat] = move.name
    return _GUEST_COMMANDS[move.message["type"]](service, {**move.message, "seat": move.seat})


def _away_request(service: TableService, data: JsonObject) -> AwayRequest:
    seat = service.current().seats.require_guest(data.get("seat"))
    away = data.get("away")
    if not isinstance(away, bool):
        raise HeartsError("bad_request", "away must be true or false")
    return {"seat": seat, "away": away}


@command("set_away", AwayRequest, StateAnswer, _away_request)
def _set_away(service: TableService, request: AwayRequest) -> StateAnswer:
    return service.answer(service.current().set_away(request["seat"], request["away"]))


@command("same_deal_again", EmptyRequest, StateAnswer, _nothing)
def _same_deal_again(service: TableService, request: EmptyRequest) -> StateAnswer:
    return service.answer(service.current().same_deal_again())


# -- statistics ---------------------------------------------------------------------------------------

def _stored_stats(service: TableService, data: JsonObject) -> Stats:
    """The statistics the page stored (v2 or the page's v1 counters); none yet: empty ones."""
    return Stats.from_text(data.get("text"))


@command("stats_load", StatsTextRequest, StatsAnswer, _stored_stats)
def _stats_load(service: TableService, stats: Stats) -> StatsAnswer:
    service.stats = stats
    return service.stats_answer()


@command("stats_check", StatsTextRequest, StatsCheckAnswer, _stored_stats)
def _stats_check(service: TableService, stats: Stats) -> StatsCheckAnswer:
    """Statistics from an import file, checked but not taken: the text to store if they are good."""
    return {"stats_save": stats.to_text(), "protocol": PROTOCOL_VERSION}


def _stats_request(service: TableService, data: JsonObject) -> StatsRequest:
    """Any calendar day, not only a daily's: a device's clock gone wrong must not hide the statistics."""
    return {"date": request_day(data["date"]).isoformat()} if "date" in data else {}


@command("stats", StatsRequest, StatsAnswer, _stats_request)
def _stats(service: TableService, request: StatsRequest) -> StatsAnswer:
    """The statistics; the daily streak as of the person's day when the request says it (the page
    always does), so that a missed day shows 0; without it, as of the last daily finished."""
    day = request.get("date")
    return service.stats_answer(None if day is None else request_day(day))


@command("stats_reset", EmptyRequest, StatsAnswer, _nothing)
def _stats_reset(service: TableService, request: EmptyRequest) -> StatsAnswer:
    service.stats = Stats()
    return service.stats_answer()


# -- the review of a finished hand, one decision at a time ------------------------------------------
# hearts.bots.review builds the hand's replay and a seat's view untyped; test_protocol checks their shape.

def _review_hand_request(service: TableService, data: JsonObject) -> ReviewHandRequest:
    return {"hand": _finished_hand_index(service, data.get("hand"))}


@command("review_hand", ReviewHandRequest, ReviewHandAnswer, _review_hand_request)
def _review_hand(service: TableService, request: ReviewHandRequest) -> ReviewHandAnswer:
    """The finished hand face up, and the host's decisions in it: the pass, then every play."""
    hand = _finished_hand(service, request["hand"])
    return {"hand": request["hand"], "replay": cast(ReviewHand, replay(hand)),
            "decisions": review_decisions(decisions(hand, HOST_SEAT)), "budget_ms": REVIEW_BUDGET_MS,
            "protocol": PROTOCOL_VERSION}


def _review_step_request(service: TableService, data: JsonObject) -> ReviewStepRequest:
    index = _finished_hand_index(service, data.get("hand"))
    steps = len(decisions(_finished_hand(service, index), HOST_SEAT))
    return {"hand": index, "step": _index(data.get("step"), steps, "step must be")}


@command("review_step", ReviewStepRequest, ReviewStepAnswer, _review_step_request)
def _review_step(service: TableService, request: ReviewStepRequest) -> ReviewStepAnswer:
    """The strong search's verdict on one of the host's decisions in a finished hand."""
    found = decisions(_finished_hand(service, request["hand"]), HOST_SEAT)
    seed = bot_seed(service.current().match.seed, HOST_SEAT)
    return {"hand": request["hand"], "step": request["step"],
            "verdict": review_step(found[request["step"]], REVIEW_BUDGET_MS, seed), "protocol": PROTOCOL_VERSION}


def _review_seat_request(service: TableService, data: JsonObject) -> ReviewSeatRequest:
    index = _finished_hand_index(service, data.get("hand"))
    return {"hand": index, "play": _index(data.get("play"), len(_finished_hand(service, index).plays), "play must be")}


@command("review_seat", ReviewSeatRequest, ReviewSeatAnswer, _review_seat_request)
def _review_seat(service: TableService, request: ReviewSeatRequest) -> ReviewSeatAnswer:
    """What the seat that made one play of a finished hand could see when it chose."""
    hand = _finished_hand(service, request["hand"])
    return {"saw": cast(SeatSaw, what_seat_saw(hand, request["play"])), "protocol": PROTOCOL_VERSION}


# -- shared deals -------------------------------------------------------------------------------------

@command("share_link", EmptyRequest, ShareAnswer, _nothing)
def _share_link(service: TableService, request: EmptyRequest) -> ShareAnswer:
    session = service.current()
    number = session.deal_number(session.shown_hand_index())
    return {"link": "?share=" + session.share_code(), "deal_number": str(number), "protocol": PROTOCOL_VERSION}


def _shared_session(service: TableService, data: JsonObject) -> Session:
    return Session.shared(data.get("share"), parse_early_end(data, "bad_request"))


@command("open_share", OpenShareRequest, StateAnswer, _shared_session)
def _open_share(service: TableService, session: Session) -> StateAnswer:
    return service.open(session, session.begin())


# -- par: the strong bot in the person's seat, one search per call ---------------------------------

def _par_request(service: TableService, data: JsonObject) -> ParRequest:
    service.current().require_par()
    return {"hand": _finished_hand_index(service, data.get("hand"))}


@command("par", ParRequest, ParAnswer, _par_request)
def _par(service: TableService, request: ParRequest) -> ParAnswer:
    """One step of the par of a finished hand (the page calls it again until ``done``); once done, the
    save keeps the figure, and the hand may move the rating and earn an achievement."""
    session = service.current()
    index = request["hand"]
    job = session.par_step(index)
    par = session.pars.get(index)
    answer: ParAnswer = {"hand": index, "done": par is not None, "par": par,
                         "you": session.match.scores[index][HOST_SEAT],
                         "steps": job.steps if job is not None else len(_finished_hand(service, index).history),
                         "of": len(_finished_hand(service, index).history), "protocol": PROTOCOL_VERSION}
    if job is not None and par is not None:  # known just now
        service.last_save = answer["save"] = save_text(session)
        booked = book_par(service.stats, session, index, par, service.clock())
        if booked.changed:
            answer["stats_save"] = service.stats.to_text()
        if booked.achievements:
            answer["achievements"] = booked.achievements
    return answer


# -- the daily deal -----------------------------------------------------------------------------------

def _daily_request(service: TableService, data: JsonObject) -> DailyRequest:
    return {"date": daily_date(data.get("date")).isoformat()}


@command("daily_info", DailyRequest, DailyInfoAnswer, _daily_request)
def _daily_info(service: TableService, request: DailyRequest) -> DailyInfoAnswer:
    """The day's daily: whether starting it now counts, its result once played, the streak, its deals."""
    day = request["date"]
    stats = service.stats
    return {"date": day, "counts": stats.daily_counts(day), "result": stats.daily_result(day),
            "streak": stats.daily_streak(daily_date(day)),
            "deals": [str(d.number) for d in daily_table(daily_date(day)).deals], "protocol": PROTOCOL_VERSION}


@command("new_daily", DailyRequest, StateAnswer, _daily_request)
def _new_daily(service: TableService, request: DailyRequest) -> StateAnswer:
    """The day's daily match; the day's first attempt counts (the statistics keep that it was made)."""
    day = request["date"]
    counted = service.stats.daily_counts(day)
    answer = service.open(Session.set_table(daily_table(daily_date(day)), DailyMode(day, counted)))
    if counted:
        service.stats.start_daily(day)
        answer["stats_save"] = service.stats.to_text()
    return answer


# -- challenges ---------------------------------------------------------------------------------------

def _challenge_link_request(service: TableService, data: JsonObject) -> ChallengeLinkRequest:
    session = service.current()
    scope = data.get("scope", "hand")
    if scope not in ("hand", "match"):
        raise HeartsError("bad_request", f"scope must be \"hand\" or \"match\", got {scope!r}")
    if not session.match.finished or (scope == "hand" and not session.showing_result):
        raise HeartsError("wrong_phase", "a challenge is made of finished hands: after a hand or a match",
                          {"stage": session.stage})
    name = data.get("name", session.seats.names[HOST_SEAT] or "")
    if not isinstance(name, str):
        raise HeartsError("bad_request", "name must be text")
    return {"scope": scope, "name": clean_name(name)}


def _challenge_of(session: Session, indices: list[int], name: str) -> Challenge:
    """The hands ``indices`` of the session as a challenge: the link's players so far (when the session
    plays a challenge), then the person here."""
    hands = [session.match.finished[k] for k in indices]
    bots = tuple(level if level in LEVELS else AWAY_LEVEL for level in session.levels[1:])
    deals = tuple(SetDeal(session.deal_number(k), hand.pass_offset) for k, hand in zip(indices, hands))
    table = SetTable(session.rules, bots, session.match.seed, deals)
    mode = session.mode
    before = [replayed_player(p.name, table, [p.hands[k] for k in indices])
              for p in mode.challenge.players] if isinstance(mode, ChallengeMode) else []
    players: list[ChallengePlayer] = [*before[-(MAX_PLAYERS - 1):], replayed_player(name, table, hands)]
    return Challenge(table, tuple(players))


@command("challenge_link", ChallengeLinkRequest, ChallengeLinkAnswer, _challenge_link_request)
def _challenge_link(service: TableService, request: ChallengeLinkRequest) -> ChallengeLinkAnswer:
    """A link to the hand whose result shows, or to the match's finished hands, with the person's plays."""
    session = service.current()
    finished = len(session.match.finished)
    indices = [finished - 1] if request.get("scope") == "hand" else list(range(min(finished, MAX_HANDS)))
    challenge = _challenge_of(session, indices, request.get("name", ""))
    return {"link": "?challenge=" + challenge_code(challenge), "hands": len(indices),
            "players": len(challenge.players), "protocol": PROTOCOL_VERSION}


def _challenge(service: TableService, data: JsonObject) -> Challenge:
    return read_challenge(data.get("challenge"))


@command("read_challenge", ChallengeRequest, ChallengeAnswer, _challenge)
def _read_challenge(service: TableService, challenge: Challenge) -> ChallengeAnswer:
    """A challenge link checked and shown (its players' results), the table unchanged."""
    return {"challenge": challenge_view(challenge), "protocol": PROTOCOL_VERSION}


@command("open_challenge", ChallengeRequest, StateAnswer, _challenge)
def _open_challenge(service: TableService, challenge: Challenge) -> StateAnswer:
    """Play a challenge link's deals against its bots."""
    return service.open(Session.set_table(challenge.table, ChallengeMode(challenge)))
