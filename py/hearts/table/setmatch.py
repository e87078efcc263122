"""A match of set deals: the daily deal and a challenge play the same hands in every browser.

:class:`SetMatch` is a :class:`~hearts.match.Match` whose hand ``k`` is the ``k``-th of its
:class:`SetDeal` list (a deal number and a pass offset) and which ends after the last of
them, whatever the totals: the target does not cut a daily or a challenge short, so everyone
plays every hand. Its records are a match's records (each hand's cards are in its save), so
it saves and resumes like any match; :meth:`SetMatch.resumed` checks that a save's hands are
the set deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..deal import deal
from ..errors import HeartsError
from ..game import Hand
from ..match import Match
from ..rules import Rules

__all__ = ["SetDeal", "SetTable", "SetMatch"]


@dataclass(frozen=True)
class SetDeal:
    number: int                # the deal number (hearts.deal)
    pass_offset: int


@dataclass(frozen=True)
class SetTable:
    """A whole table fixed in advance: rules, the bots' levels and seed, and every deal."""

    rules: Rules
    bots: tuple[str, ...]      # the level of seats 1..n-1
    seed: int                  # the match seed: each bot's seed follows from it (hearts.table.session.bot_seed)
    deals: tuple[SetDeal, ...]


class SetMatch(Match):
    """A match that deals ``deals`` in order and is over once every one of them is played."""

    def __init__(self, rules: Rules, seed: int = 0, deals: Sequence[SetDeal] = ()) -> None:
        # Empty only while Match.from_json replays a save (its records carry every hand's cards).
        self.deals = tuple(deals)
        super().__init__(rules, seed)

    def deal_number(self, index: int) -> int:
        return self.deals[index].number

    def _new_hand(self, index: int, cards: list[int] | None = None) -> Hand:
        if cards is None and index < len(self.deals):
            chosen = self.deals[index]
            return Hand(self.rules, deal(self.rules, chosen.number), chosen.pass_offset, self.totals)
        return super()._new_hand(index, cards)

    @property
    def over(self) -> bool:
        return bool(self.deals) and len(self.finished) >= len(self.deals)

    def finish_hand(self) -> list[int]:
        score = super().finish_hand()
        if self.over:  # the last set deal: the finished hand stays, as at a match's end by its target
            self.hand = self.finished[-1]
        elif self.hand is self.finished[-1]:  # the target was reached: play on
            self.hand = self._new_hand(self.hand_index)
        return score

    @classmethod
    def resumed(cls, data: Any, deals: Sequence[SetDeal]) -> SetMatch:
        """The saved match ``data`` (:meth:`Match.to_json`), checked to play exactly ``deals``."""
        match = cls.from_json(data)
        assert isinstance(match, SetMatch)
        played = [*match.finished, match.hand][:len(deals)]
        if len(match.finished) > len(deals) or any(
                hand.deal != tuple(deal(match.rules, d.number)) or hand.pass_offset != d.pass_offset
                for hand, d in zip(played, deals)):
            raise HeartsError("bad_save", "the saved hands are not the set deals")
        match.deals = tuple(deals)
        if match.over:
            match.hand = match.finished[-1]
        return match
