"""``advise(view)``: the strong bot's choice with a short reason people understand (English, German).

The reason is read off the situation and the chosen card, in the same terms the
heuristics use ("duck under the A♠", "dump Q♠ on a void", "stop the moon: take
this heart").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import HEART_MASK, HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, label, suit_label
from ..errors import HeartsError
from ..view import SeatView
from .knowledge import moon_threat, queen_out, winning_card
from .strong import StrongBot

__all__ = ["Advice", "advise", "play_reason", "pass_reason"]

Reason = dict[str, str]


@dataclass(frozen=True)
class Advice:
    cards: int              # one card when playing, pass_count cards when passing
    reason: dict[str, str]  # {"en": ..., "de": ...}


def advise(view: SeatView, budget_ms: int | None = None, seed: int = 0) -> Advice:
    """What the strong bot would do in ``view`` and why.

    Raises ``HeartsError("not_to_act")`` when the seat has nothing to choose.
    """
    bot = StrongBot(seed, budget_ms)
    if view.phase == "pass" and view.seat in view.to_act:
        choice = bot.decide_pass(view)
        reason = _moon_pass_reason(view, choice.card) if choice.moon else pass_reason(view, choice.card)
        return Advice(choice.card, reason)
    if view.phase == "play" and view.legal:
        choice = bot.decide_play(view)
        reason = _moon_play_reason(choice.card) if choice.moon else play_reason(view, choice.card)
        return Advice(1 << choice.card, reason)
    raise HeartsError("not_to_act", f"seat {view.seat} has nothing to choose now")


def _both(en: str, de: str) -> Reason:
    return {"en": en, "de": de}


def _cards_text(cards: int, lang: str) -> str:
    return " ".join(label(c, lang) for c in range(51, -1, -1) if cards >> c & 1)


def _moon_pass_reason(view: SeatView, cards: int) -> Reason:
    en, de = _cards_text(cards, "en"), _cards_text(cards, "de")
    return _both(f"Pass {en}: this hand can shoot the moon, keep the high cards",
                 f"{de} weitergeben: mit diesem Blatt geht der Mond, die hohen Karten bleiben")


def _moon_play_reason(card: int) -> Reason:
    return _both(f"Shoot the moon: {label(card, 'en')} keeps you on course to take every point",
                 f"Auf den Mond: mit {label(card, 'de')} holst du weiter alle Punkte")


def pass_reason(view: SeatView, cards: int) -> Reason:
    en, de = _cards_text(cards, "en"), _cards_text(cards, "de")
    spades = view.hand & SUIT_MASKS[SPADES]
    high_spades = cards & spades & ~((1 << QUEEN_OF_SPADES) - 1)
    if cards >> QUEEN_OF_SPADES & 1 and (spades & ~cards).bit_count() < 4:
        return _both(f"Pass {en}: Q♠ is too dangerous with few spades to guard it",
                     f"{de} weitergeben: die D♠ ist mit so wenig Pik zu gefährlich")
    if high_spades:
        return _both(f"Pass {en}: high spades would catch Q♠",
                     f"{de} weitergeben: hohe Pik fangen sonst die D♠")
    for suit in range(4):
        in_suit = view.hand & SUIT_MASKS[suit]
        if in_suit and in_suit & ~cards == 0:
            return _both(f"Pass {en}: void in {suit_label(suit)}, so you can discard later",
                         f"{de} weitergeben: {suit_label(suit, 'de')} blank machen, um später abzuwerfen")
    if cards & HEART_MASK:
        return _both(f"Pass {en}: high hearts would take tricks full of points",
                     f"{de} weitergeben: hohe Herzen holen sonst Stiche voller Punkte")
    return _both(f"Pass {en}: high cards that would win tricks",
                 f"{de} weitergeben: hohe Karten, die sonst Stiche machen")


def play_reason(view: SeatView, card: int) -> Reason:
    en, de = label(card, "en"), label(card, "de")
    if view.legal.bit_count() == 1:
        return _both(f"{en} is your only legal card", f"{de} ist deine einzige erlaubte Karte")
    if not view.trick:
        return _lead_reason(view, card, en, de)
    lead_suit = view.trick[0][1] // 13
    if card // 13 == lead_suit:
        return _follow_reason(view, card, en, de)
    return _discard_reason(view, card, en, de)


def _lead_reason(view: SeatView, card: int, en: str, de: str) -> Reason:
    suit = card // 13
    higher_out = view.unseen & SUIT_MASKS[suit] & ~((2 << card) - 1)
    if suit == SPADES and card < QUEEN_OF_SPADES and queen_out(view):
        return _both(f"Lead {en}: low spades drive out Q♠",
                     f"{de} ausspielen: kleine Pik treiben die D♠ heraus")
    if not higher_out:
        return _both(f"Lead {en}: it is the top card left in {suit_label(suit)} and wins the trick",
                     f"{de} ausspielen: die höchste Karte in {suit_label(suit, 'de')} gewinnt den Stich")
    lower_out = view.unseen & SUIT_MASKS[suit] & ((1 << card) - 1)
    if not lower_out or higher_out.bit_count() > lower_out.bit_count():
        return _both(f"Lead the low {en}: someone else should take the trick",
                     f"{de} ausspielen: klein bleiben, den Stich soll ein anderer nehmen")
    return _both(f"Lead {en} from {suit_label(suit)}, the safest suit to lead now",
                 f"{de} ausspielen: {suit_label(suit, 'de')} ist jetzt die sicherste Farbe")


def _follow_reason(view: SeatView, card: int, en: str, de: str) -> Reason:
    top = winning_card(view)
    top_en, top_de = label(top, "en"), label(top, "de")
    trick_cards = sum(1 << c for _, c in view.trick)
    if card < top:
        if card == QUEEN_OF_SPADES:
            return _both(f"Drop Q♠ under the {top_en}", f"Die D♠ unter {top_de} loswerden")
        return _both(f"Duck under the {top_en}", f"Bleib unter {top_de}")
    shooter = moon_threat(view)
    if shooter >= 0 and trick_cards & HEART_MASK:
        return _both("Stop the moon: take this heart", "Mond verhindern: nimm dieses Herz")
    if shooter >= 0:
        return _both(f"Stop the moon: win the trick with {en}", f"Mond verhindern: Stich mit {de} nehmen")
    last = len(view.trick) == view.players - 1
    if last and not view.rules.card_points(trick_cards):
        return _both(f"Take the trick with {en}: it holds no points",
                     f"Stich mit {de} nehmen: er hat keine Punkte")
    if not view.legal & ((1 << top) - 1):
        return _both(f"Every card wins here: take it with the high {en}",
                     f"Jede Karte gewinnt hier: nimm ihn mit der hohen {de}")
    return _both(f"Take the trick with {en}", f"Stich mit {de} nehmen")


def _discard_reason(view: SeatView, card: int, en: str, de: str) -> Reason:
    if card == QUEEN_OF_SPADES:
        return _both("Dump Q♠ on a void", "D♠ abwerfen: du bist blank")
    if card // 13 == HEARTS:
        return _both(f"Dump {en} on a void", f"{de} abwerfen: du bist blank")
    if card // 13 == SPADES and card > QUEEN_OF_SPADES and queen_out(view):
        return _both(f"Get rid of {en} before Q♠ lands on it",
                     f"{de} loswerden, bevor die D♠ darauf fällt")
    return _both(f"Discard {en}: a high card that would win tricks later",
                 f"{de} abwerfen: eine hohe Karte, die später Stiche machen würde")
