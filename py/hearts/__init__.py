"""Hearts: rules, every house-rule variant, matches and bots, in pure Python.

Start with :class:`Rules` (every rule a named parameter), :func:`deal` (numbered
deals), :class:`Hand` (one hand, deal → pass → play → score) and :class:`Match`.
"""

from .cards import card_str, cards_of, label, mask_of, parse_card
from .deal import deal, match_deal_number
from .errors import HeartsError
from .game import Hand, hand_score, legal_moves, places, trick_winner, winners
from .match import Match
from .record import hand_from_record, hand_to_record, state_json
from .rules import PRESETS, Rules, preset
from .view import SeatView, seat_view

__all__ = [
    "Rules", "PRESETS", "preset", "Hand", "Match", "SeatView", "seat_view", "deal", "match_deal_number", "HeartsError",
    "legal_moves", "trick_winner", "hand_score", "places", "winners",
    "hand_from_record", "hand_to_record", "state_json",
    "parse_card", "card_str", "cards_of", "mask_of", "label",
]

__version__ = "0.1.0"
