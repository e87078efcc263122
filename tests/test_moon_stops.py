"""tools/bench/moon_stops.py: the chances to stop a moon it reads from a hand's record."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "bench"))

from moon_stops import Chance, replay  # noqa: E402

# Our seat 0 leads 2♣; seat 1 wins the trick with K♣ and leads Q♠; seats 2 and 3 play low spades, and
# seat 0, last to play, holds K♠ (a sure stop: it would take Q♠'s 13 points) but plays 4♠.
DEAL = [
    ["2C", "KS", "4S", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
    ["KC", "QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"],
    ["4C", "2S", "KH", "AH", "QD", "KD", "AD", "3C", "6C", "7C", "8C", "9C", "TC"],
    ["5C", "3S", "JC", "QC", "AC", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "AS"],
]


def played(plays: list[str]) -> dict[str, Any]:
    return {"hero_seat": 0, "record": {"rules": {"players": 4}, "pass_offset": 0, "deal": DEAL, "plays": plays}}


def test_a_sure_stop_declined_is_read_with_its_cost() -> None:
    hand = replay(played(["2C", "KC", "4C", "5C", "QS", "2S", "3S", "4S"]))
    assert hand.chances == [Chance(trick=0, in_sight=0, sure_cost=None, hindsight=False),
                            Chance(trick=1, in_sight=0, sure_cost=13, hindsight=True)]
    assert (hand.moon, hand.field_moon, hand.points) == (False, False, 0)
    # Hearts count one each, each sure winner two: seat 2 holds A♥ K♥ and A♦ K♦ Q♦ on top, seat 3 A♣ and A♠.
    assert hand.strengths == [0, 11, 12, 4]


def test_no_chance_is_read_once_our_seat_has_points() -> None:
    hand = replay(played(["2C", "KC", "4C", "5C", "QS", "2S", "3S", "KS", "2D", "3H", "QD", "5S"]))
    assert hand.points == 13
    assert [chance.trick for chance in hand.chances] == [0, 1]  # not trick 2, which our seat led with 13 points
