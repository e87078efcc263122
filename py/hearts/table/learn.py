"""Learn mode: one hand for newcomers, with a tip the first time each thing happens.

The tips are read off the events a change recorded and the hand after it, with the rules
in force, so they are right for 3–6 players and every house rule: the lead card is the
rules' lowest club, the first-trick tip says whether points may fall on it, hearts may be
broken by Q♠ when the rules say so, the moon tip names the rules' moon value. A tip is a
``tip`` event (:class:`~hearts.table.protocol.TipEvent`): its ``kind``, the ``params`` the
page words it with (``static/js/i18n.js``, ``tips``) and what it is about (``cards`` to
point at, or a ``target``: the trick, the hearts badge, a seat's counters).

The learn hand (:data:`LEARN_DEAL`, passing left, three normal bots) is chosen so that
``pass``, ``lead``, ``follow``, ``first-trick``, ``hearts-broken`` and ``queen`` appear
whatever the person plays, and ``discard`` and ``moon`` (a threat) in most hands
(``tests/test_learn.py`` plays it with many strategies).

A tip sent but not yet read is kept in the save (:func:`saved_tip` reads it back), so that a page
reloaded while it showed shows it again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast, get_args

from ..bots.normal import NormalBot
from ..bots.policy import voided_suit
from ..cards import HEART_MASK, QUEEN_OF_SPADES, SUIT_MASKS, card_str, cards_of, parse_card
from ..errors import HeartsError
from ..game import Hand
from ..rules import Rules
from ..view import seat_view
from .protocol import Event, Param, TipEvent, TipKind, TipTarget

__all__ = ["LEARN_DEAL", "LEARN_BOTS", "TIP_KINDS", "tips_for", "opening_tips", "saved_tip"]

LEARN_DEAL = 2032           # the learn hand's deal number (classic rules, passing left); it seeds the bots too
LEARN_BOTS = "normal"
TIP_KINDS: tuple[TipKind, ...] = ("pass", "lead", "follow", "discard", "first-trick", "hearts-broken", "queen",
                                  "moon")
TIP_TARGETS: tuple[TipTarget, ...] = get_args(TipTarget)
_MOON_WARNING = 0.5         # a moon threat: one seat has every point so far, at least this share of the moon


def _tip(kind: TipKind, params: dict[str, Param] | None = None, cards: Iterable[int] = (),
         target: TipTarget = "hand") -> TipEvent:
    return {"type": "tip", "kind": kind, "params": params or {}, "cards": [card_str(c) for c in cards],
            "target": target}


def opening_tips(hand: Hand, seat: int) -> list[TipEvent]:
    """The tips of a fresh hand: how passing works (or the lead, when nobody passes)."""
    if hand.phase == "pass":
        return [_pass_tip(hand, seat)]
    return _turn_tips(hand, seat, set())


def _pass_tip(hand: Hand, seat: int) -> TipEvent:
    """How passing works, with a good pass from the person's own cards and why: what the table's
    ``normal`` players would pass from them (the tip points at those cards; the person picks any)."""
    cards, code = NormalBot().explain_pass(seat_view(hand, seat))
    why = code.removeprefix("pass_")
    params: dict[str, Param] = {"count": hand.rules.pass_count, "seat": (seat + hand.pass_offset) % hand.players,
                                "cards": [card_str(c) for c in cards_of(cards)], "why": why}
    if why == "void":  # the suit the pass leaves the person without, and whether high cards of others go too
        suit = voided_suit(hand.hands[seat], cards)
        params |= {"suit": "CDHS"[suit], "others": int(bool(cards & ~SUIT_MASKS[suit]))}
    return _tip("pass", params, cards_of(cards))


def tips_for(events: Sequence[Event], hand: Hand, seat: int, shown: set[str]) -> list[TipEvent]:
    """The tips not shown yet that these events (and the hand after them) call for, in order."""
    tips: list[TipEvent] = []
    for event in events:
        tips += _event_tips(event, hand.rules, hand, shown | {t["kind"] for t in tips})
    if hand.phase == "play":
        tips += _turn_tips(hand, seat, shown | {t["kind"] for t in tips})
    return tips


def _event_tips(event: Event, rules: Rules, hand: Hand, shown: set[str]) -> list[TipEvent]:
    out: list[TipEvent] = []
    if event["type"] == "play" and "lead" not in shown and event["card"] == card_str(rules.lead_card):
        out.append(_tip("lead", {"card": event["card"], "seat": event["seat"]}, [rules.lead_card], "trick"))
    if event["type"] == "hearts_broken" and "hearts-broken" not in shown:
        card = next((p[1] for p in reversed(hand.plays) if p[0] == event["seat"]), -1)
        out.append(_tip("hearts-broken", {"seat": event["seat"], "card": card_str(card)}, [card], "badge"))
    if event["type"] == "hand_over" and event["moon"] is not None and "moon" not in shown:
        moon = event["moon"]
        out.append(_tip("moon", {"seat": moon["seat"], "points": rules.moon_value, "value": rules.moon_value,
                                 "shot": 1}, target="seat"))
    if event["type"] == "trick":
        out += _trick_tips(event["number"], event["winner"], event["points"],
                           [parse_card(c["card"]) for c in event["cards"]], rules, hand, shown)
    return out


def _trick_tips(number: int, winner: int, points: int, cards: list[int], rules: Rules, hand: Hand,
                shown: set[str]) -> list[TipEvent]:
    out: list[TipEvent] = []
    if number == 1 and "first-trick" not in shown:
        out.append(_tip("first-trick", {"seat": winner, "points": points,
                                        "allowed": int(rules.points_on_first_trick)}, cards, "trick"))
    if QUEEN_OF_SPADES in cards and "queen" not in shown:
        out.append(_tip("queen", {"seat": winner, "points": rules.queen_points}, [QUEEN_OF_SPADES], "seat"))
    if "moon" not in shown and rules.moon != "off":
        out += _moon_tip(hand, rules)
    return out


def _moon_tip(hand: Hand, rules: Rules) -> list[TipEvent]:
    points = hand.taken_points()
    total = sum(points)
    holders = [s for s, p in enumerate(points) if p]
    if len(holders) != 1 or total < _MOON_WARNING * rules.moon_value:
        return []
    return [_tip("moon", {"seat": holders[0], "points": total, "value": rules.moon_value, "shot": 0},
                 target="seat")]


def _turn_tips(hand: Hand, seat: int, shown: set[str]) -> list[TipEvent]:
    """Tips about the choice ``seat`` faces now: leading the first trick, following, discarding."""
    if hand.turn != seat:
        return []
    legal = hand.legal()
    if not hand.trick:
        if hand.trick_number == 0 and "lead" not in shown:
            lead = hand.rules.lead_card
            return [_tip("lead", {"card": card_str(lead), "seat": seat}, [lead])]
        return []
    suit = hand.lead_suit
    if hand.hands[seat] & SUIT_MASKS[suit]:
        return [] if "follow" in shown else [_tip("follow", {"suit": "CDHS"[suit]}, cards_of(legal))]
    if "discard" in shown:
        return []
    restricted = int(hand.trick_number == 0 and not hand.rules.points_on_first_trick)
    # What the tip says to get rid of is what the person holds: Q♠, else a heart, else a high card.
    mine = hand.hands[seat]
    rid = "queen" if mine >> QUEEN_OF_SPADES & 1 else "hearts" if mine & HEART_MASK else "high"
    return [_tip("discard", {"suit": "CDHS"[suit], "first": restricted, "rid": rid}, cards_of(legal))]


def saved_tip(value: object) -> TipEvent:
    """A tip as a save keeps it (a ``tip`` event), checked field by field; else ``bad_save``."""
    if not isinstance(value, dict) or set(value) != {"type", "kind", "params", "cards", "target"} \
            or value["type"] != "tip":
        raise HeartsError("bad_save", "an unread tip is a tip event")
    kind, target, cards, params = value["kind"], value["target"], value["cards"], value["params"]
    if kind not in TIP_KINDS or target not in TIP_TARGETS:
        raise HeartsError("bad_save", f"a tip's kind is one of {list(TIP_KINDS)}, its target of {list(TIP_TARGETS)}")
    if not isinstance(cards, list) or not isinstance(params, dict) \
            or not all(isinstance(k, str) and _is_param(v) for k, v in params.items()):
        raise HeartsError("bad_save", "a tip's cards are a list of cards, its params texts, numbers or cards")
    return _tip(cast(TipKind, kind), params, [parse_card(c) for c in cards], cast(TipTarget, target))


def _is_param(value: object) -> bool:
    """A tip's parameter: a number, a text or a list of texts (cards), as :data:`~hearts.table.protocol.Param`."""
    if isinstance(value, list):
        return all(isinstance(v, str) for v in value)
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
