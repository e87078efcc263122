"""A match: hands in a row until someone (or, with teams, some side) reaches the target.

A match is its rules, its seed and the records of its hands, so saving it is
writing :meth:`Match.to_json` and loading it replays every record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import CardError, card_str, cards_of, mask_of, parse_card
from .deal import deal, match_deal_number
from .errors import HeartsError
from .game import Hand, match_over, seat_places, target_reached, winning_seats
from .record import hand_from_record, hand_to_record
from .rules import Rules

__all__ = ["Match"]


class Match:
    """Hands played one after another; ``hand`` is the current one."""

    def __init__(self, rules: Rules, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise HeartsError("bad_match", "a match seed is a non-negative integer")
        self.rules = rules
        self.seed = seed
        self.scores: list[list[int]] = []  # one row per finished hand
        self.finished: list[Hand] = []
        self.hand = self._new_hand(0)

    def _new_hand(self, index: int, cards: list[int] | None = None) -> Hand:
        dealt = cards if cards is not None else deal(self.rules, match_deal_number(self.seed, index))
        return Hand(self.rules, dealt, self.rules.pass_offset(index), self.totals)

    @property
    def hand_index(self) -> int:
        return len(self.finished)

    @property
    def totals(self) -> list[int]:
        return [sum(col) for col in zip(*self.scores)] if self.scores else [0] * self.rules.players

    @property
    def team_totals(self) -> list[int]:
        """Each side's total (``Rules.sides``): the partners' sum with ``teams``, else the seats' totals."""
        return self.rules.side_totals(self.totals)

    @property
    def over(self) -> bool:
        return bool(self.scores) and match_over(self.rules, self.totals) and self.hand.phase == "over"

    def winners(self) -> list[int]:
        """The winning seats once the match is over (both partners of a winning side)."""
        return winning_seats(self.rules, self.totals) if self.over else []

    def tied_lead(self) -> list[int]:
        """The seats sharing the lowest total while the match goes on past its target (``ties="play-on"``).

        Both partners of a side with ``teams``; empty before the target is reached and once the match is over.
        """
        if self.over or not target_reached(self.rules, self.totals):
            return []
        return winning_seats(self.rules, self.totals)

    def places(self) -> list[int]:
        """Each seat's place (a seat shares its side's place)."""
        return seat_places(self.rules, self.totals)

    def finish_hand(self) -> list[int]:
        """Book the finished current hand; start the next unless the match is over. Returns its score."""
        if self.over:  # its last hand is booked already
            raise HeartsError("wrong_phase", "the match is over")
        score = self.hand.score()
        if score is None:
            raise HeartsError("wrong_phase", "the hand is not over yet")
        self.scores.append(score)
        self.finished.append(self.hand)
        if not match_over(self.rules, self.totals):
            self.hand = self._new_hand(self.hand_index)
        return score

    def redeal_same(self) -> None:
        """Start the current hand again from its deal (every choice in it is dropped)."""
        self.hand = Hand(self.rules, self.hand.deal, self.hand.pass_offset, self.totals)  # a shared deal keeps its own

    def start_with(self, number: int, pass_offset: int) -> None:
        """Make the first hand deal number ``number`` with this pass offset (a shared or learn deal)."""
        if self.finished or self.hand.history:
            raise HeartsError("wrong_phase", "only a match that has not started can take another first deal")
        self.hand = Hand(self.rules, deal(self.rules, number), pass_offset, self.totals)

    def to_json(self) -> dict[str, Any]:
        records = [hand_to_record(h, i) for i, h in enumerate(self.finished)]
        if not self.over:
            current = hand_to_record(self.hand, self.hand_index)
            current["passes_so_far"] = [None if p is None else [card_str(c) for c in cards_of(p)]
                                        for p in self.hand.passes]
            records.append(current)
        return {"rules": self.rules.to_json(), "seed": self.seed, "hands": records}

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Rebuild a match by replaying every hand. Raises :class:`HeartsError` on a bad save."""
        if not isinstance(data, Mapping) or not isinstance(data.get("hands"), list) or not data["hands"]:
            raise HeartsError("bad_match", "a saved match needs rules, seed and a non-empty list of hands")
        rules = Rules.from_json(data.get("rules"))
        match = cls(rules, data.get("seed", 0))
        for i, rec in enumerate(data["hands"]):
            if not isinstance(rec, Mapping):
                raise HeartsError("bad_match", f"hands[{i}] is not an object")
            rec = dict(rec)
            partial = rec.pop("passes_so_far", None)
            rec["rules"] = rules.to_json()
            rec["hand_index"] = i
            rec["totals"] = match.totals
            hand = hand_from_record(rec)
            if partial and "passes" not in rec:
                _replay_partial_passes(hand, partial)
            match.hand = hand
            if hand.phase == "over":
                match.finish_hand()
            elif i != len(data["hands"]) - 1:
                raise HeartsError("bad_match", f"hands[{i}] is unfinished but is not the last hand")
        return match


def _replay_partial_passes(hand: Hand, partial: Any) -> None:
    """Passes chosen by some seats of an unfinished pass phase (a save taken mid-pass)."""
    if not isinstance(partial, list):
        raise HeartsError("bad_match", "passes_so_far must be a list")
    for seat, names in enumerate(partial):
        if names is None:
            continue
        try:
            cards = [parse_card(n) for n in names]
        except (CardError, TypeError):
            raise HeartsError("bad_match", f"passes_so_far[{seat}] is not a list of cards") from None
        hand.choose_pass(seat, mask_of(cards))
