"""What one seat may see of the table: the page's view (:class:`~hearts.table.protocol.TableView`).

:func:`table_view` turns a :class:`~hearts.table.session.Session` into the view the page
renders for one seat (whose turn, that seat's cards with legal flags, the trick, the last
trick, counters per seat, the score sheet, the hand result, the match end), and
:func:`events_for` shows a change's events as that seat may see them. A view holds the
seat's own cards only, so the host can send each guest its own (:mod:`hearts.table.service`).
The engine's view of a seat for the bots is another thing: :mod:`hearts.view`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.review import Decision
from ..cards import card_str, cards_of
from ..game import illegal_reason
from ..rules import preset_name
from .challenge import challenge_view
from .modes import ChallengeMode, DailyMode
from .protocol import (
    AutoEvent,
    ChallengeView,
    DailyView,
    Event,
    ExchangeEvent,
    HandCard,
    HistoryRow,
    LastTrick,
    MatchView,
    Reason,
    ResultView,
    ReviewDecision,
    SeatInfo,
    TableView,
)
from .seats import HOST_SEAT
from .session import Session
from .shapes import (
    display_order,
    moon_view,
    pass_direction,
    result_of,
    side_places,
    taken_counters,
    trick_cards,
    winning_sides,
)
from .stats import hand_leaderboard, match_leaderboard

__all__ = ["table_view", "events_for", "review_decisions", "WITHHELD_SEED"]

# A guest's view's seed while the match runs (its deal number is then "").
WITHHELD_SEED = 0


def table_view(session: Session, seat: int | None = None) -> TableView:
    """The table as ``seat`` (default: the shown seat) may see it: its own cards, the public
    trick, counters and scores."""
    seat = session.shown if seat is None else seat
    hand, rules, match = session.hand, session.rules, session.match
    to_act = session.to_act()
    assist = session.seats.assist and seat in session.seats.present()
    # The seed and the deal number deal every hand of the match (the README's deal()): a guest's
    # page gets them only once the match is over, or it could show the other seats' cards.
    withheld = seat in session.seats.remote() and not match.over
    return {
        "self": seat,
        "players": rules.players,
        "rules": rules.to_json(),
        "preset": preset_name(rules),
        "seed": WITHHELD_SEED if withheld else match.seed,
        "hand_number": len(match.finished) + (0 if session.showing_result else 1),
        "phase": hand.phase,
        "stage": session.stage,
        "turn": _turn(session, seat, to_act),
        "to_act": to_act,
        "self_to_act": seat in to_act,
        "bots_to_act": session.bots_to_act(),
        "bot_to_act": session.bot_to_act(),
        "hand": _hand_cards(session, seat),
        "pass": {**pass_direction(hand.pass_offset, rules.players, seat), "count": rules.pass_count,
                 "done": hand.phase == "pass" and hand.passes[seat] is not None},
        "pass_cycle": [pass_direction(offset, rules.players, seat) for offset in rules.pass_cycle],
        "trick": trick_cards(hand.trick),
        "leader": hand.leader,
        "last_trick": _last_trick(session),
        "hearts_broken": hand.hearts_broken,
        "trick_number": hand.trick_number,
        "seats": _seats(session),
        "totals": match.totals,
        "history": _history(session, seat),
        "result": _result(session) if session.showing_result else None,
        "match": _match(session),
        "can_undo": assist and not session.showing_result and session.has_played(seat),
        "can_hint": assist and seat in to_act,
        "persons": session.seats.persons(),
        "local": session.seats.local(),
        "waiting_for": session.waiting_for(),
        "assist": session.seats.assist,
        "mode": session.mode.name,
        "deal_number": "" if withheld else str(session.deal_number(session.shown_hand_index())),
        "daily": _daily(session),
        "challenge": _challenge(session),
        "sides": [list(side) for side in rules.sides],
        "team_totals": match.team_totals,
        "can_claim": session.may_claim(seat),
        "early_end": session.ends_early,
    }


def events_for(session: Session, events: Sequence[Event], seat: int) -> list[Event]:
    """The events as ``seat`` may see them: the exchange names its own received cards only, and
    a pass the computer made when a person's time ran out names its cards to that person alone."""
    received = [card_str(c) for c in display_order(session.match.hand.received[seat])]
    return [_exchange_for(e, received) if e["type"] == "exchange"
            else _auto_for(e, seat) if e["type"] == "auto"
            else e for e in events]


def _exchange_for(event: Event, received: list[str]) -> ExchangeEvent:
    assert event["type"] == "exchange"
    return {"type": "exchange", "offset": event["offset"], "received": received}


def _auto_for(event: Event, seat: int) -> AutoEvent:
    assert event["type"] == "auto"
    return {"type": "auto", "seat": event["seat"], "cards": event["cards"] if event["seat"] == seat else []}


def review_decisions(found: Sequence[Decision]) -> list[ReviewDecision]:
    """A seat's decisions in a finished hand (the pass, then every play), as the review lists them."""
    return [{"kind": d.kind, "trick": d.trick,
             "chosen": [card_str(c) for c in cards_of(d.chosen)] if d.kind == "pass" else card_str(d.chosen),
             "play": d.play}
            for d in found]


def _match(session: Session) -> MatchView:
    match = session.match
    places = match.places()
    return {"over": match.over, "winners": match.winners(), "places": places,
            "target": session.rules.target, "in_progress": session.in_progress(), "replay": session.replay,
            "counts": session.counts_for_stats, "leaderboard": match_leaderboard(match),
            "team_places": side_places(match.rules, places),
            "winning_sides": winning_sides(match.rules, match.winners()), "tied_lead": match.tied_lead()}


def _turn(session: Session, seat: int, to_act: list[int]) -> int:
    if session.hand.phase == "pass":
        return seat if seat in to_act else (to_act[0] if to_act else -1)
    return to_act[0] if to_act else -1


def _hand_cards(session: Session, seat: int) -> list[HandCard]:
    hand = session.hand
    passing = hand.phase == "pass"
    legal = hand.legal() if hand.phase == "play" and hand.turn == seat and not session.showing_result else 0
    if passing and seat in session.to_act():
        legal = hand.hands[seat]
    # Received cards stay marked until the first trick has been played.
    received = hand.received[seat] if hand.phase == "play" and hand.trick_number == 0 else 0
    passed = (hand.passes[seat] or 0) if passing else 0
    return [{"card": card_str(c), "legal": bool(legal >> c & 1), "received": bool(received >> c & 1),
             "passed": bool(passed >> c & 1), "why": _why_illegal(session, seat, c, legal)}
            for c in display_order(hand.hands[seat])]


def _why_illegal(session: Session, seat: int, card: int, legal: int) -> Reason | None:
    """On the seat's turn to play, why a card may not be played (a screen reader says it on the card)."""
    hand = session.hand
    if legal >> card & 1 or hand.phase != "play" or hand.turn != seat or session.showing_result:
        return None
    code, params = illegal_reason(session.rules, hand.hands[seat], hand.trick, hand.trick_number, card)
    return {"code": code, "params": dict(params)}


def _seats(session: Session) -> list[SeatInfo]:
    hand, totals, rules = session.hand, session.match.totals, session.rules
    side_totals = rules.side_totals(totals)
    low = min(side_totals)
    # Once the hand is over a seat's chip says what it scored: after a moon the points taken
    # say the opposite (the shooter's 26, the others' nothing).
    scores = result_of(hand).scores if session.showing_result else None
    rows: list[SeatInfo] = []
    for s in range(rules.players):
        rows.append({
            "seat": s, "level": session.levels[s],  # type: ignore[typeddict-item]  # checked by parse_levels
            "control": session.seats.control[s], "name": session.seats.names[s],
            "cards": hand.hands[s].bit_count(), **taken_counters(rules, hand.taken[s]),
            "tricks": hand.tricks[s], "total": totals[s], "hand_score": None if scores is None else scores[s],
            "passed": hand.phase == "pass" and hand.passes[s] is not None,
            "leading": bool(session.match.finished) and side_totals[rules.side_of(s)] == low,
        })
    return rows


def _last_trick(session: Session) -> LastTrick | None:
    hand, n = session.hand, session.rules.players
    if not hand.trick_number:
        return None
    done = hand.trick_number * n
    return {"winner": hand.leader, "cards": trick_cards(hand.plays[done - n:done])}


def _history(session: Session, seat: int) -> list[HistoryRow]:
    rows: list[HistoryRow] = []
    rules = session.rules
    running = [0] * rules.players
    for i, hand in enumerate(session.match.finished):
        result = result_of(hand)
        running = [t + p for t, p in zip(running, result.scores)]
        rows.append({"hand": i + 1, "pass": pass_direction(hand.pass_offset, rules.players, seat),
                     "scores": list(result.scores), "totals": running, "moon": moon_view(result),
                     "jack_seat": result.jack_seat,
                     "leaderboard": [hand_leaderboard(result, s) for s in range(rules.players)],
                     "team_scores": rules.side_totals(result.scores), "team_totals": rules.side_totals(running),
                     "par": session.pars.get(i)})
    return rows


def _daily(session: Session) -> DailyView | None:
    mode = session.mode
    if not isinstance(mode, DailyMode):
        return None
    return {"date": mode.date, "counted": mode.counted and not session.replay, "hands": len(mode.table.deals)}


def _challenge(session: Session) -> ChallengeView | None:
    """A challenge being played: the link's players' scores and the person's so far, hand by hand."""
    mode = session.mode
    if not isinstance(mode, ChallengeMode):
        return None
    return challenge_view(mode.challenge, [scores[HOST_SEAT] for scores in session.match.scores])


def _result(session: Session) -> ResultView:
    match = session.match
    result = result_of(match.finished[-1])
    return {"hand_number": len(match.finished), "points": list(result.raw), "scores": list(result.scores),
            "moon": moon_view(result), "jack_seat": result.jack_seat, "totals": match.totals,
            "match_over": match.over, "team_scores": match.rules.side_totals(result.scores),
            "team_totals": match.team_totals}
