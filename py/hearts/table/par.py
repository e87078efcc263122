"""Par: the strong bot's points in your seat on the same cards.

After a hand, :class:`ParJob` plays it again from its deal: the strong bot in the person's seat
(:data:`PAR_BUDGET_MS` of fixed work per decision, no wall-clock cap, so the figure is the same
on every device), the match's bots in the other seats with their own seeds, also without the
cap (an expert with its own work). The other seats' passes are what they passed in the hand
(same hands, same seeds); the bot chooses its own pass and plays from there. Once its plays
differ from the person's, the other bots answer them and may play other cards: that is the
point, and it is how par can differ from what the person would have got by copying the bot.

The job goes one search decision per :meth:`ParJob.step` (cheap decisions, forced cards and
the easy and normal bots', go along), so the page can interleave it with play.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..bots import LEVELS, make_bot
from ..bots.base import Bot
from ..bots.search.budget import DEFAULT_BUDGET_MS
from ..bots.search.pimc import SearchConfig
from ..bots.strong import EXPERT_CONFIG, StrongBot, expert_bot
from ..game import Hand
from ..view import seat_view

__all__ = ["PAR_BUDGET_MS", "PAR_LEVEL", "ParJob", "fixed_work_bot"]

PAR_BUDGET_MS = DEFAULT_BUDGET_MS   # the strong bot's own work per decision
PAR_LEVEL = "strong"
PERSON_STAND_IN = "normal"          # a seat a person plays is replayed by this bot (par is offered to one person)
_UNCAPPED = SearchConfig(time_cap=math.inf)
_UNCAPPED_EXPERT = replace(EXPERT_CONFIG, time_cap=math.inf)


def fixed_work_bot(level: str, seed: int, budget_ms: int | None = None) -> Bot:
    """A bot whose choices depend on nothing but its view and seed: no wall-clock cap, so a slow or busy
    device gets the same choices, later (par, and the bots of the daily and of a challenge)."""
    if level == PAR_LEVEL:
        return StrongBot(seed, budget_ms, _UNCAPPED)
    if level == "expert":
        return expert_bot(seed, budget_ms, _UNCAPPED_EXPERT)
    return make_bot(level if level in LEVELS else PERSON_STAND_IN, seed)


@dataclass
class ParJob:
    """The replay of one finished hand with the strong bot in ``seat``."""

    source: Hand                    # the finished hand
    replay: Hand
    seat: int
    bots: list[Bot]
    searching: list[bool]           # seats whose decisions are searches (the strong and expert bots')
    steps: int = 0                  # decisions made so far

    @classmethod
    def start(cls, hand: Hand, seat: int, levels: Sequence[str], seeds: Sequence[int]) -> ParJob:
        """``levels`` and ``seeds``: every seat's, as at the table (``seat``'s seed seeds the par bot)."""
        chosen = [PAR_LEVEL if s == seat else level for s, level in enumerate(levels)]
        bots = [fixed_work_bot(level, seeds[s], PAR_BUDGET_MS if s == seat else None) for s, level in enumerate(chosen)]
        replay = Hand(hand.rules, hand.deal, hand.pass_offset, hand.totals_before)
        return cls(hand, replay, seat, bots, [isinstance(bot, StrongBot) for bot in bots])

    @property
    def decisions(self) -> int:
        """Decisions in the whole hand: every seat's pass and every card."""
        return len(self.source.history)

    @property
    def done(self) -> bool:
        return self.replay.phase == "over"

    @property
    def points(self) -> int:
        """The bot's score in the seat (after moon, sun and J♦); the job must be done."""
        score = self.replay.score()
        assert score is not None, "par is known once the replay is over"
        return score[self.seat]

    def step(self) -> None:
        """Decide until one search is made or the hand is over."""
        while not self.done:
            if self._decide():
                return

    def _decide(self) -> bool:
        """One decision; whether it was a search."""
        hand = self.replay
        self.steps += 1
        if hand.phase == "pass":
            seat = hand.to_act()[0]
            hand.choose_pass(seat, self.bots[seat].choose_pass(seat_view(hand, seat)))
            return self.searching[seat]
        seat, legal = hand.turn, hand.legal()
        if legal.bit_count() == 1:  # forced: every bot plays it
            hand.play(legal.bit_length() - 1)
            return False
        hand.play(self.bots[seat].choose_play(seat_view(hand, seat)))
        return self.searching[seat]
