"""Level *normal*: the heuristics of :mod:`.policy` applied to the seat's view.

It protects Q♠, passes to void a short suit, counts the cards gone and the voids
shown, dumps Q♠ and high hearts when it can, and stops a moon by taking a heart;
with a hand full of sure winners and hearts it goes for the moon itself.
It has no randomness of its own: the seed is accepted for a uniform interface.
"""

from __future__ import annotations

from ..view import SeatView
from .points import passes_to_partner
from .policy import STYLE, Style, Why, choose_play, explain_pass, table_of

__all__ = ["NormalBot"]


class NormalBot:
    def __init__(self, seed: int = 0, style: Style = STYLE) -> None:
        self.seed = seed
        self.style = style

    def choose_pass(self, view: SeatView) -> int:
        return self.explain_pass(view)[0]

    def explain_pass(self, view: SeatView) -> Why:
        """The cards it passes and the code of the rule that chose them (``pass_queen``, ``pass_void`` ...)."""
        return explain_pass(view.rules, view.hand, self.style, passes_to_partner(view.rules, view.pass_offset))

    def choose_play(self, view: SeatView) -> int:
        return choose_play(table_of(view, self.style), view.seat, view.hand, view.legal)
