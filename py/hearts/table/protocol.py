"""The table protocol: the one place that says what the page and Python exchange.

Every command of :mod:`hearts.table.commands` takes a JSON object and answers a JSON object;
this module types them, and the command registry names each command's request and answer
type. ``static/js/protocol.js`` (JSDoc typedefs, checked by ``tsc``) is generated from these
types and that registry by ``tools/gen_protocol.py``, and a test fails when the two disagree;
another test checks every answer the table gives in whole matches against these types
(``tests/test_protocol.py``).

Conventions: a card is its public name (``"QS"``), a suit one of ``"C" "D" "H" "S"``, a seat
its number. Python sends no player-facing text: refusals, hint reasons and the like are a
``code`` with ``params`` that ``static/js/i18n.js`` words in the player's language.

Bump :data:`PROTOCOL_VERSION` when a change would break a page of the previous version
(a removed or renamed key, a changed meaning); adding a key does not need it.
"""

# Unlike the other modules, no ``from __future__ import annotations``: with it every field of a
# TypedDict is a string that ``typing`` turns into a ForwardRef and compiles when the class is
# made (one compile per field, hundreds here), and the browser's first start imports this
# module. So every type is defined before the types that use it.
from typing import Literal, TypedDict

PROTOCOL_VERSION = 1

Param = str | int | list[str]
"""A parameter of a code: a card name, a list of card names, a suit letter, a seat or a number."""

Level = Literal["human", "easy", "normal", "strong", "expert"]
HintLevel = Literal["strong", "expert"]
"""Whose search gives a hint: strong (quick) or expert (the same search with more work: slower)."""
Phase = Literal["pass", "play", "over"]
Stage = Literal["pass", "play", "hand_result", "match_over"]
"""The table's phase: the hand's phase, or a finished hand's result (or the match end) being shown."""
PassName = Literal["left", "right", "across", "seats", "none"]
Control = Literal["bot", "local", "remote", "away"]
"""Who chooses for a seat: a bot, a person at this device, a guest over the network, or a
guest who dropped out (its bot plays until it rejoins)."""
Mode = Literal["match", "learn", "daily", "challenge"]
"""What kind of table: a match, the learn hand, the daily deal, a challenge link's deals."""
SettingsMode = Literal["match", "learn"]
"""The kinds a new match's settings may ask for (the daily and a challenge have commands of their own)."""
AchievementId = Literal[
    "first_win", "win_3", "win_5", "win_6", "win_strong", "win_streak_3", "win_omnibus", "win_black_maria",
    "win_spot_hearts", "win_partners", "moon", "sun", "moon_stopped", "no_queen", "beat_par_5", "hands_100",
    "matches_10", "daily_first", "daily_win", "daily_streak_7"]
"""Every achievement, by its stable id (hearts.table.achievements; docs/rewards.md)."""
TipKind = Literal["pass", "lead", "follow", "discard", "first-trick", "hearts-broken", "queen", "moon"]
TipTarget = Literal["hand", "trick", "badge", "seat"]


class Reason(TypedDict):
    """Why: a stable code and its parameters (the page words it)."""

    code: str
    params: dict[str, Param]


class _ErrorBodyRequired(TypedDict):
    code: str                      # the stable error code (docs/protocol.md: error codes)
    message: str                   # English, for logs and developers


# Not ``NotRequired[...]``: under postponed annotations Python 3.11 would count that key as required.
class ErrorBody(_ErrorBodyRequired, total=False):
    """A refusal: its code, an English message for logs, and what the page needs to word it."""

    params: dict[str, Param]       # what the page needs to word it, e.g. {"reason": "must_follow", "suit": "H"}


class ErrorAnswer(TypedDict):
    protocol: int
    error: ErrorBody


# -- the view: what the page draws --------------------------------------------------------

class DailyView(TypedDict):
    date: str                      # the day played, YYYY-MM-DD (UTC)
    counted: bool                  # the day's counted attempt (False: a replay, it changes no statistics)
    hands: int                     # hands in the daily match


class ChallengeRow(TypedDict):
    hand: int                      # 1-based
    deal_number: str               # decimal, as the view's deal_number
    scores: list[int | None]       # each player's score of the hand, the person playing it now last (None: not yet)
    best: list[int]                # the players (indices into scores) with the fewest points, once all have one


class ChallengeView(TypedDict):
    names: list[str]               # the link's players, in order ("": the player gave no name)
    playing: bool                  # the person here plays it now: the last column of each row is theirs
    rules: dict[str, object]
    bots: list[str]
    hands: int
    rows: list[ChallengeRow]
    totals: list[int | None]       # each column's sum, once every hand of it is played
    best: list[int]                # the columns with the lowest total


class HandCard(TypedDict):
    card: str
    legal: bool        # playable now (while passing: may be passed)
    received: bool     # came with the pass (marked until the first trick is over)
    passed: bool       # chosen to pass (after passing, until the exchange)
    why: Reason | None  # on the seat's turn to play, the rule that forbids an illegal card (illegal.* codes)


class TrickCard(TypedDict):
    seat: int
    card: str


PassDirection = TypedDict("PassDirection", {"offset": int, "name": PassName, "to": int, "from": int})
"""Where the shown seat's cards go (``to``) and whose it receives (``from``)."""

PassView = TypedDict("PassView", {
    "offset": int, "name": PassName, "to": int, "from": int,
    "count": int,      # cards each seat passes
    "done": bool,      # the shown seat has passed and waits for the others
})


class TakenCounters(TypedDict):
    """What a seat has taken this hand, as its counters show it (a seat's, and a trick's taker's)."""
    points: int        # raw points taken this hand
    hearts: int
    queen: bool
    jack: bool         # took the bonus card the rules name (J♦, or 10♦ with bonus_card "TD"), its rule on or off


class SeatInfo(TakenCounters):
    seat: int
    level: Level
    control: Control
    name: str | None   # the player's own name (None: the page's default name for the seat)
    cards: int         # cards in hand
    tricks: int
    total: int         # match total so far (on a hand's result, with that hand's score)
    hand_score: int | None  # once the hand is over, its score (the result's: moon, sun, bonus card); None in play
    passed: bool       # has chosen its pass (pass phase)
    leading: bool      # has (with teams: its side has) the lowest match total (after at least one hand)


class LastTrick(TypedDict):
    winner: int
    cards: list[TrickCard]


class MoonView(TypedDict):
    seat: int
    sun: bool
    value: int
    subtracted: bool


HistoryRow = TypedDict("HistoryRow", {
    "hand": int, "pass": PassDirection, "scores": list[int], "totals": list[int],
    "moon": MoonView | None, "jack_seat": int | None,
    "leaderboard": list[int],      # each seat's leaderboard value of this hand (hearts.table.stats)
    "par": int | None,             # the strong bot's score in seat 0 on this hand (hearts.table.par), once computed
    "team_scores": list[int],      # each side's score of this hand (TableView "sides"; the seats' own without teams)
    "team_totals": list[int],      # each side's running total
})


class ResultView(TypedDict):
    hand_number: int
    points: list[int]              # raw points taken per seat
    scores: list[int]              # the hand's score after moon, sun and J♦
    moon: MoonView | None
    jack_seat: int | None
    totals: list[int]
    match_over: bool
    team_scores: list[int]         # per side (TableView "sides"), as the seats' without teams
    team_totals: list[int]


class MatchView(TypedDict):
    over: bool
    winners: list[int]
    places: list[int]
    target: int
    in_progress: bool              # a match is under way (a new one should ask first)
    replay: bool                   # a deal of this match was played again ("same deal again")
    counts: bool                   # its end will count in the statistics (not a replay, not a learn hand)
    leaderboard: list[int]         # each seat's leaderboard score so far (with the place bonus once over)
    team_places: list[int]         # each side's place (TableView "sides"; the seats' places without teams)
    winning_sides: list[int]       # the winning sides' indices once over (a tie: several)
    tied_lead: list[int]           # ties "play-on": who shares the lowest total past the target (Match.tied_lead)


TableView = TypedDict("TableView", {
    "self": int,                   # the seat whose hand is shown
    "players": int,
    "rules": dict[str, object],    # hearts.Rules.to_json()
    "preset": str | None,          # the preset these rules are, if any
    "seed": int,                   # 0 in a guest's view until the match is over (views.WITHHELD_SEED)
    "hand_number": int,            # 1-based
    "phase": Phase,
    "stage": Stage,
    "turn": int,                   # the seat to act; -1 when nobody can act now
    "to_act": list[int],
    "self_to_act": bool,
    "bots_to_act": bool,
    "bot_to_act": int,             # the seat whose choice "advance" makes next (a bot's); -1: none
    "hand": list[HandCard],        # the shown seat's cards, in display order
    "pass": PassView,
    "pass_cycle": list[PassDirection],  # the rules' passing, hand by hand from the first (the score sheet's rules)
    "trick": list[TrickCard],
    "leader": int,
    "last_trick": LastTrick | None,
    "hearts_broken": bool,
    "trick_number": int,           # tricks finished in this hand
    "seats": list[SeatInfo],
    "totals": list[int],
    "history": list[HistoryRow],   # one row per finished hand
    "result": ResultView | None,   # the finished hand's result while it is shown
    "match": MatchView,
    "can_undo": bool,
    "can_hint": bool,
    "persons": list[int],          # seats played by people (here or as guests)
    "local": list[int],            # persons at this device (pass-and-play)
    "waiting_for": list[int],      # persons yet to press "next" while a hand's result is shown
    "assist": bool,                # hints and undo are offered
    "mode": Mode,                  # "learn": the one learn hand (no next hand, no statistics)
    "deal_number": str,            # the hand's own deal number (python -m hearts state's "deal"), in decimal:
                                   # it can exceed 2^53, which a JS number cannot hold; "" in a guest's view
                                   # until the match is over (it deals the other seats' cards)
    "daily": DailyView | None,     # the daily deal (mode "daily")
    "challenge": ChallengeView | None,  # a challenge being played (mode "challenge"): both results side by side
    "sides": list[list[int]],      # the seats of each side: partners with the "teams" rule, else one seat each
    "team_totals": list[int],      # each side's match total (the seats' totals without teams)
    "can_claim": bool,             # the shown person may claim: the rest of the hand is decided whatever anyone plays
    "early_end": bool,             # the table ends a hand once no points are left (the setting; off in learn mode)
})
"""What the page draws: the table as the shown seat may see it (no other seat's cards)."""


# -- events: what just happened, in order, for the page to animate and announce -------------

class PassedEvent(TypedDict):
    type: Literal["passed"]
    seat: int


class ExchangeEvent(TypedDict):
    type: Literal["exchange"]
    offset: int
    received: list[str]            # the shown seat's received cards


class PlayEvent(TypedDict):
    type: Literal["play"]
    seat: int
    card: str


class HeartsBrokenEvent(TypedDict):
    type: Literal["hearts_broken"]
    seat: int


class TrickEvent(TypedDict):
    type: Literal["trick"]
    winner: int
    number: int                    # 1-based
    cards: list[TrickCard]
    points: int                    # this trick's raw points
    taken: TakenCounters           # the winner's counters with this trick (public: every seat saw it taken)


class HandOverEvent(TypedDict):
    type: Literal["hand_over"]
    scores: list[int]
    points: list[int]
    moon: MoonView | None
    jack_seat: int | None
    totals: list[int]
    team_totals: list[int]         # per side (TableView "sides")


class MatchOverEvent(TypedDict):
    type: Literal["match_over"]
    winners: list[int]
    places: list[int]
    totals: list[int]
    team_totals: list[int]
    winning_sides: list[int]


class AutoEvent(TypedDict):
    """A person's time ran out: the computer chose for them (the pass or play events follow)."""

    type: Literal["auto"]
    seat: int
    cards: list[str]               # the cards it passed for the seat, in that seat's own view only;
                                   # [] in every other seat's view, and for a play (its play event names it)


class UndoEvent(TypedDict):
    type: Literal["undo"]
    card: str


class NewHandEvent(TypedDict):
    type: Literal["new_hand"]
    hand_number: int


class ReadyEvent(TypedDict):
    """A person pressed "next" on a hand's result; the next hand waits for the others."""

    type: Literal["ready"]
    seat: int


class SeatEvent(TypedDict):
    """A guest dropped out (``control`` "away": its bot plays) or rejoined ("remote")."""

    type: Literal["seat"]
    seat: int
    control: Control


class TipEvent(TypedDict):
    """Learn mode: a tip the first time something happens (the page waits until it is dismissed)."""

    type: Literal["tip"]
    kind: TipKind
    params: dict[str, Param]       # what the page words it with (i18n.js, tips)
    cards: list[str]               # the cards it is about (to point at)
    target: TipTarget              # where it points: the shown hand, the trick, the hearts badge, a seat


class ClaimedEvent(TypedDict):
    """A person claimed: the rest of the hand was decided, and its plays follow at once."""

    type: Literal["claimed"]
    seat: int
    tricks: int                    # the tricks the plays that follow finish (the one on the table counts)


class EarlyEndEvent(TypedDict):
    """No points were left (the table's "early_end" setting): the rest of the hand's plays follow at once."""

    type: Literal["early_end"]
    tricks: int


Event = (PassedEvent | ExchangeEvent | PlayEvent | HeartsBrokenEvent | TrickEvent | HandOverEvent
         | MatchOverEvent | AutoEvent | UndoEvent | NewHandEvent | ReadyEvent | SeatEvent | TipEvent
         | ClaimedEvent | EarlyEndEvent)


# -- answers ---------------------------------------------------------------------------------

class ViewMessage(TypedDict):
    """Host → guest: the table as the guest's seat may see it, and what just happened."""

    type: Literal["view"]
    state: TableView
    events: list[Event]


class ErrorMessage(TypedDict):
    """Host → guest: the guest's message was refused; nothing changed."""

    type: Literal["error"]
    error: ErrorBody


class ByeMessage(TypedDict):
    """Host → guest: the table is closed (the host left or started another match)."""

    type: Literal["bye"]
    reason: Literal["host_left", "new_match"]


HostMessage = ViewMessage | ErrorMessage | ByeMessage


class GuestPass(TypedDict, total=False):
    type: Literal["pass"]          # required
    cards: list[str]               # required
    seat: int                      # optional; must be the guest's own seat


class GuestPlay(TypedDict, total=False):
    type: Literal["play"]          # required
    card: str                      # required
    seat: int


class GuestNext(TypedDict, total=False):
    type: Literal["next"]          # required: "next" on a hand's result
    seat: int


class GuestHello(TypedDict, total=False):
    type: Literal["hello"]         # required: asks for the current view (after connecting)
    seat: int
    name: str                      # the guest's own name for its seat (checked: bad_name, name_taken)


class GuestClaim(TypedDict, total=False):
    type: Literal["claim"]         # required: the guest claims the rest of the hand (its view's can_claim)
    seat: int


GuestMessage = GuestPass | GuestPlay | GuestNext | GuestHello | GuestClaim
"""Guest → host, over the guest's data channel. The channel is the guest's identity: a
message naming another seat is refused as ``forged``."""


class GuestUpdate(TypedDict):
    seat: int
    message: ViewMessage


class _StateAnswerAlways(TypedDict):
    protocol: int
    state: TableView
    events: list[Event]
    save: str                      # the autosave: the "resume" command rebuilds this table from it
    guests: list[GuestUpdate]      # what to send to each guest's seat (its own view only)


class Achievement(TypedDict):
    id: AchievementId
    date: str                      # ISO 8601 UTC, when it was earned


class StateAnswer(_StateAnswerAlways, total=False):
    """The answer of every command that changes (or shows) the table."""

    stats_save: str                # only when the statistics changed (a match or a hand booked, the daily's
                                   # attempt counted): the statistics' text to store
    achievements: list[Achievement]  # achievements this change earned (announce each)


class HintView(TypedDict):
    cards: list[str]
    reason: Reason


class HintAnswer(TypedDict):
    protocol: int
    hint: HintView


class SaveAnswer(TypedDict):
    protocol: int
    save: str


class RulesInfoAnswer(TypedDict):
    protocol: int
    defaults: dict[str, object]
    presets: dict[str, dict[str, object]]
    presets_by_players: dict[str, list[str]]   # "3".."6": the presets made for that many players
    players: list[int]
    default_removed: dict[str, list[str]]
    moon: list[str]
    ties: list[str]
    passing: list[str]
    levels: list[str]
    player_presets: dict[str, str]              # "3".."6": the preset a table of that size starts from
    pass_counts: list[int]                      # the cards to pass the settings offer
    heart_points: list[str]                     # the values of the heart_points rule
    bonus_cards: list[str]                      # the values of the bonus_card rule
    team_players: list[int]                     # the player counts the teams rule allows


class CheckRulesAnswer(TypedDict):
    protocol: int
    rules: dict[str, object]
    preset: str | None
    hand_size: int
    moon_value: int
    lead_card: str
    pass_cycle: list[PassDirection]


# -- statistics (hearts.table.stats) ------------------------------------------------------

class MoonCounts(TypedDict):
    shot: int                      # you shot the moon (or the sun)
    suffered: int                  # another seat shot it
    stopped: int                   # no moon, another seat took every point card but one or two, you took those


class TallyView(TypedDict):
    matches: int
    wins: int                      # matches in which you had the lowest total (shared wins count)
    places: list[int]              # places[k]: matches finished in place k + 1 (a shared place counts as that place)
    hands: int
    average_points: float | None   # your mean score per hand (after moon and J♦); None before any counted hand
    moons: MoonCounts
    queens: int                    # hands in which you took Q♠
    jacks: int | None              # hands in which you took the bonus card (J♦ or 10♦), None if no hand had its rule
    leaderboard: int               # the running leaderboard total
    best: int | None               # the best and the worst leaderboard score of a match
    worst: int | None
    streak: int                    # matches won in a row, up to the last one
    best_streak: int


class TopMatch(TypedDict):
    date: str                      # ISO 8601 UTC, when the match ended
    players: int
    preset: str | None
    rules: dict[str, object]
    bots: list[str]
    seed: int
    hands: int
    points: int                    # your match total
    place: int
    score: int                     # the match's leaderboard score


class TopMatchView(TopMatch):
    daily: str | None              # the daily deal's day (YYYY-MM-DD) when the match was one, else null


class RecentMatch(TypedDict):
    date: str
    score: int
    place: int


class RatingPoint(TypedDict):
    date: str
    rating: float
    rd: float


class RatingView(TypedDict):
    rating: float                  # Glicko-2 rating (1500 for a newcomer)
    rd: float                      # its deviation: the rating is rating ± 2 rd with about 95 % confidence
    volatility: float
    periods: int                   # rating periods so far (hands against par and matches)
    history: list[RatingPoint]     # the last ratings, oldest first (the chart)


class AchievementView(TypedDict):
    id: AchievementId
    date: str | None               # when it was earned; None: not yet


class DailyResult(TypedDict):
    date: str                      # the day, YYYY-MM-DD
    points: int                    # your total after its hands
    place: int
    score: int                     # its leaderboard score


class DailyStats(TypedDict):
    last: str | None               # the last day whose attempt counted
    streak: int                    # days in a row with a finished daily, up to the last one
    best_streak: int
    history: list[DailyResult]     # the finished dailies, oldest first (the chart)


class StatsView(TypedDict):
    total: TallyView               # includes the four counters of a migrated hearts.stats.v1 value
    by_players: dict[str, TallyView]   # "3".."6"
    by_level: dict[str, TallyView]     # the opponents' level, or "mixed"
    top: list[TopMatchView]        # the 10 best matches by leaderboard score, best first
    recent: list[RecentMatch]      # the last matches, oldest first
    rating: RatingView
    achievements: list[AchievementView]   # every achievement, in the catalogue's order
    daily: DailyStats


class StatsAnswer(TypedDict):
    protocol: int
    stats: StatsView
    stats_save: str                # the text to store (localStorage hearts.stats.v1)


class StatsCheckAnswer(TypedDict):
    protocol: int
    stats_save: str                # the checked (and, from a v1 value, migrated) text


class _ParAnswerAlways(TypedDict):
    protocol: int
    hand: int                      # the finished hand's index (0-based)
    done: bool
    par: int | None                # the strong bot's score in seat 0, once done
    you: int                       # the person's score of the hand
    steps: int                     # decisions replayed so far
    of: int                        # decisions in the hand


class ReviewTrick(TypedDict):
    cards: list[TrickCard]
    winner: int
    points: int


class ReviewHand(TypedDict):
    """A finished hand face up (hearts.bots.review.replay)."""

    deal: list[list[str]]          # per seat, as dealt
    pass_offset: int
    passes: list[list[str]]        # per seat, the cards given ([] without passing)
    received: list[list[str]]
    tricks: list[ReviewTrick]


class ReviewDecision(TypedDict):
    kind: Literal["pass", "play"]
    trick: int                     # 0: the pass; 1..n: the trick of a play
    chosen: str | list[str]        # a card, or the passed cards
    play: int                      # the play's index in the hand (0-based), -1 for the pass


class ReviewHandAnswer(TypedDict):
    protocol: int
    hand: int                      # the finished hand's index (0-based)
    replay: ReviewHand
    decisions: list[ReviewDecision]
    budget_ms: int


class ReviewVerdict(TypedDict):
    kind: Literal["pass", "play"]
    trick: int
    chosen: str | list[str]
    best: str | list[str]          # the strong search's choice, same form
    loss: float                    # expected points lost against best (>= 0; 0 when chosen is best)


class ReviewStepAnswer(TypedDict):
    protocol: int
    hand: int
    step: int
    verdict: ReviewVerdict


class SeatSaw(TypedDict):
    """Exactly what a seat decided a play from (its view; hearts.bots.review.what_seat_saw)."""

    seat: int
    card: str
    hand: list[str]
    legal: list[str]
    passed: list[str]
    received: list[str]
    trick: list[TrickCard]
    played: list[str]
    trick_number: int
    voids: list[list[int | str]]   # [seat, suit] pairs shown by the plays


class ReviewSeatAnswer(TypedDict):
    protocol: int
    saw: SeatSaw


class ParAnswer(_ParAnswerAlways, total=False):
    save: str                      # once done: the save with the par kept (store it)
    stats_save: str                # once done, when the hand moved the rating or earned an achievement
    achievements: list[Achievement]


class DailyInfoAnswer(TypedDict):
    protocol: int
    date: str
    counts: bool                   # a daily started now would be the day's counted attempt
    result: DailyResult | None     # the day's counted result, once finished
    streak: int                    # the daily streak as of this day (0 once a day was missed)
    deals: list[str]               # the day's deal numbers, decimal


class ChallengeLinkAnswer(TypedDict):
    protocol: int
    link: str                      # "?challenge=...": relative to the page
    hands: int
    players: int                   # players whose results it carries (a reply: 2 or more)


class ChallengeAnswer(TypedDict):
    protocol: int
    challenge: ChallengeView


class ShareAnswer(TypedDict):
    protocol: int
    link: str                      # "?share=...": relative to the page
    deal_number: str               # decimal, as in the view


# -- command payloads --------------------------------------------------------------------

class NewMatchRequest(TypedDict, total=False):
    mode: SettingsMode             # "learn": the learn hand (other keys are not allowed with it)
    rules: dict[str, object]       # partial rules, may name a "preset"
    seed: int
    bots: str | list[str]          # one level ("human" = a person), or one per seat 1..n-1
    remote: list[int]              # person seats played by guests over the network
    names: list[str | None]        # players' names, one per seat
    assist: bool                   # hints and undo (default: only with one person)
    early_end: bool                # end a hand once no points are left (default: true)


class ResumeRequest(TypedDict):
    save: str


class PassRequest(TypedDict, total=False):
    cards: list[str]               # required
    seat: int                      # the person choosing (default: the shown seat)


class PlayRequest(TypedDict, total=False):
    card: str                      # required
    seat: int


class SeatRequest(TypedDict, total=False):
    seat: int                      # the person (default: the shown seat)


class HintRequest(TypedDict, total=False):
    seat: int                      # the person (default: the shown seat)
    level: HintLevel               # whose search answers (default "strong"); another value: bad_level


class GuestRequest(TypedDict):
    seat: int                      # the seat whose data channel the message came from
    message: str                   # the guest's message as received (JSON text of a GuestMessage)


class AwayRequest(TypedDict):
    seat: int
    away: bool                     # true: the guest dropped out, its bot plays; false: it is back


class CheckRulesRequest(TypedDict, total=False):
    rules: dict[str, object]


class StatsTextRequest(TypedDict, total=False):
    text: str | None               # the stored statistics (v1 or v2); missing or null: none yet


class StatsRequest(TypedDict, total=False):
    date: str                      # today in UTC, YYYY-MM-DD: the daily streak as of it (else of the last daily)


class EmptyRequest(TypedDict):
    pass


class TipReadRequest(TypedDict):
    kind: TipKind                  # the learn tip the person has read (closed): it never shows again


class ReviewHandRequest(TypedDict):
    hand: int                      # index of a finished hand (0-based)


class ReviewStepRequest(TypedDict):
    hand: int
    step: int                      # index into the review's decisions


class ReviewSeatRequest(TypedDict):
    hand: int
    play: int                      # index of the play in the hand (0-based)


class _OpenShareRequired(TypedDict):
    share: str                     # the value of ?share= in a shared link


class OpenShareRequest(_OpenShareRequired, total=False):
    early_end: bool                # the table setting, as in NewMatchRequest (default: true)


class ParRequest(TypedDict):
    hand: int                      # index of a finished hand (0-based)


class DailyRequest(TypedDict):
    date: str                      # today in UTC, YYYY-MM-DD: the page's clock, never Python's


class ChallengeLinkRequest(TypedDict, total=False):
    scope: Literal["hand", "match"]   # the hand whose result shows (default), or every finished hand
    name: str                      # the sender's name (default: seat 0's name at the table)


class ChallengeRequest(TypedDict):
    challenge: str                 # the value of ?challenge= in a challenge link
