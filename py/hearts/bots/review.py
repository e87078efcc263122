"""The review of a finished hand: every decision of one seat against the strong search.

For each decision of ``seat`` (its pass, then every card it played) the hand is replayed
to that moment and :func:`hearts.bots.evaluate.evaluate` values every option from that seat's
view only. ``best`` is the option with the fewest expected points; ``loss`` is how many
more points the chosen option is expected to cost (``>= 0``, exactly 0 when the choice
is the best or plays alike with it). The budget is fixed work, so a review is the same
on every machine.

The review also shows that the bots played fair: :func:`what_seat_saw` is exactly the
view a seat decided from (own hand, what it passed and received, the public plays).

``python -m hearts review`` (:mod:`hearts.bots.review_cli`) answers finished hand records with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from ..cards import card_str, cards_of
from ..errors import HeartsError
from ..game import Hand
from ..view import SeatView, seat_view
from .evaluate import evaluate

__all__ = ["REVIEW_BUDGET_MS", "Decision", "Step", "decisions", "review_step", "review", "what_seat_saw",
           "replay"]

REVIEW_BUDGET_MS = 60   # the search's work per decision: below a turn's, as a review searches every decision of a hand

Choice = str | list[str]


class Step(TypedDict):
    kind: Literal["pass", "play"]
    trick: int                  # 0 for the pass, 1..n for a play
    chosen: Choice              # a card, or the passed cards
    best: Choice                # the strong search's choice, same form
    loss: float                 # expected points lost against ``best`` (>= 0)


@dataclass(frozen=True)
class Decision:
    """One choice of the reviewed seat: what it chose and the view it chose from."""

    kind: Literal["pass", "play"]
    trick: int
    chosen: int                 # a card, or a mask of passed cards
    view: SeatView
    play: int = -1              # a play's index in the hand's plays (0-based); -1 for the pass


def _replay_to(hand: Hand, steps: int) -> Hand:
    """A fresh copy of ``hand`` with its first ``steps`` choices made again."""
    again = Hand(hand.rules, hand.deal, hand.pass_offset, hand.totals_before)
    for kind, seat, value in hand.history[:steps]:
        if kind == "pass":
            again.choose_pass(seat, value)
        else:
            again.play(value)
    return again


def _finished(hand: Hand) -> None:
    if hand.phase != "over":
        raise HeartsError("wrong_phase", "only a finished hand can be reviewed")


def _seat_of(hand: Hand, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.players:
        raise HeartsError("bad_seat", f"seat must be 0..{hand.players - 1}, got {seat!r}")
    return seat


def decisions(hand: Hand, seat: int) -> list[Decision]:
    """Every decision of ``seat`` in the finished ``hand``, in order (the pass first)."""
    _finished(hand)
    seat = _seat_of(hand, seat)
    out = []
    replay = Hand(hand.rules, hand.deal, hand.pass_offset, hand.totals_before)
    for kind, who, value in hand.history:
        if who == seat:
            trick = 0 if kind == "pass" else replay.trick_number + 1
            out.append(Decision(kind, trick, value, seat_view(replay, seat),  # type: ignore[arg-type]
                                -1 if kind == "pass" else len(replay.plays)))
        if kind == "pass":
            replay.choose_pass(who, value)
        else:
            replay.play(value)
    return out


def _names(cards: int) -> list[str]:
    return [card_str(c) for c in cards_of(cards)]


def _form(decision: Decision, option: int) -> Choice:
    return _names(option) if decision.kind == "pass" else card_str(option)


def review_step(decision: Decision, budget_ms: int = REVIEW_BUDGET_MS, seed: int = 0) -> Step:
    """The strong search's verdict on one decision."""
    values = evaluate(decision.view, budget_ms, seed, extra=[decision.chosen])
    chosen = values[decision.chosen]
    best = min(values, key=lambda option: (values[option], option))
    loss = round(chosen - values[best], 2)
    if loss <= 0:
        best, loss = decision.chosen, 0.0
    return {"kind": decision.kind, "trick": decision.trick, "chosen": _form(decision, decision.chosen),
            "best": _form(decision, best), "loss": loss}


def review(hand: Hand, seat: int, budget_ms: int = REVIEW_BUDGET_MS, seed: int = 0) -> dict[str, Any]:
    """``{"steps": [...], "total_loss": x}`` for every decision of ``seat`` in the finished ``hand``."""
    steps = [review_step(d, budget_ms, seed) for d in decisions(hand, seat)]
    return {"steps": steps, "total_loss": round(sum(s["loss"] for s in steps), 2)}


def what_seat_saw(hand: Hand, play: int) -> dict[str, Any]:
    """The view the seat that played card number ``play`` (0-based) decided from: nothing else."""
    _finished(hand)
    plays = [i for i, (kind, _, _) in enumerate(hand.history) if kind == "play"]
    if isinstance(play, bool) or not isinstance(play, int) or not 0 <= play < len(plays):
        raise HeartsError("bad_request", f"play must be 0..{len(plays) - 1}, got {play!r}")
    at = _replay_to(hand, plays[play])
    seat = at.turn
    view = seat_view(at, seat)
    return {"seat": seat, "card": card_str(hand.history[plays[play]][2]), "hand": _names(view.hand),
            "legal": _names(view.legal), "passed": _names(view.passed), "received": _names(view.received),
            "trick": [{"seat": s, "card": card_str(c)} for s, c in view.trick],
            "played": _names(view.played), "trick_number": view.trick_number + 1,
            "voids": [[s, "CDHS"[suit]] for s in range(view.players) for suit in range(4)
                      if view.voids[s] >> suit & 1]}


def replay(hand: Hand) -> dict[str, Any]:
    """The finished hand face up: the deal, the passes, every trick with its winner and points."""
    _finished(hand)
    n = hand.players
    tricks = []
    for start in range(0, len(hand.plays), n):
        cards = hand.plays[start:start + n]
        winner = hand.plays[start + n][0] if start + n < len(hand.plays) else hand.leader
        taken = sum(1 << c for _, c in cards)
        tricks.append({"cards": [{"seat": s, "card": card_str(c)} for s, c in cards], "winner": winner,
                       "points": hand.rules.card_points(taken)})
    return {"deal": [_names(h) for h in hand.deal], "pass_offset": hand.pass_offset,
            "passes": [_names(p or 0) for p in hand.passes], "received": [_names(r) for r in hand.received],
            "tricks": tricks}
