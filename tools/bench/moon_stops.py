"""Benchmark: could our seat have stopped the moons another program's seats shot against it?

Reads hands our seat played with three seats of another program (``--records F.jsonl``, the format of
``deal_chains.py --records``: lines of ``{"hands": [{"hero_seat": S, "record": <game record with every
play>}, ...]}``) and replays each on our engine. At each play of our seat before it has taken a point:

- a *sure stop*: it plays last to the trick and holds a legal card that wins it with a point card in
  it, so that no other seat can shoot the moon;
- a *stop in hindsight*: a legal card that would have won the trick as the others really played it,
  with a point card in it (had our card been another, they might have played others: a bound, not a
  sure thing).

For the hands where the field shot the moon against our seat, and for the hands where nobody shot
and our seat took no point (where a stop would only have cost points), it prints how many had a
sure stop or a stop in hindsight at some play, and at a play with a moon in sight: one other seat
alone had taken points, at least ``--threat`` of them. A sure stop's cost is the points the cheapest
one would have taken. And how often our seat and the field's seats shot the moon, by the moon
strength of the cards they held once the cards were passed (``policy.moon_strength``).

    .venv/bin/python tools/bench/moon_stops.py --records F.jsonl [--threat 4]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts.bots.policy import moon_strength  # noqa: E402
from hearts.cards import FULL_DECK, parse_card  # noqa: E402
from hearts.game import Hand, moon_shooter, trick_winner  # noqa: E402
from hearts.record import hand_from_record  # noqa: E402

STRONGEST = 18  # the moon strengths are counted in bands of three, the last from this one up


@dataclass(frozen=True)
class Chance:
    """What our seat could have done at one of its plays, before it had taken a point."""

    trick: int
    in_sight: int           # the points of the one other seat that alone has taken any (0: none; below 0: several)
    sure_cost: int | None   # the points the cheapest sure stop takes (None: no sure stop at this play)
    hindsight: bool         # a stop as the others really played the trick


@dataclass(frozen=True)
class Played:
    """One hand: our seat, the seat that shot the moon (None: none), our seat's points, its chances, and
    each seat's moon strength once the cards were passed."""

    seat: int
    shooter: int | None
    points: int
    chances: list[Chance]
    strengths: list[float]

    @property
    def moon(self) -> bool:
        return self.shooter is not None

    @property
    def field_moon(self) -> bool:
        return self.shooter is not None and self.shooter != self.seat


def points_of(hand: Hand, cards: list[int]) -> int:
    return hand.rules.card_points(sum(1 << card for card in cards))


def in_sight(hand: Hand, seat: int) -> int:
    takers = [points for other, points in enumerate(hand.taken_points()) if other != seat and points > 0]
    return takers[0] if len(takers) == 1 else -len(takers)


def winning_stops(hand: Hand, legal: int, trick: list[int], position: int) -> list[int]:
    """The points of each trick our seat's legal cards would win with a point card in it, its card at
    ``position`` of ``trick`` (the others' cards as given)."""
    out = []
    for card in range(52):
        if legal >> card & 1:
            cards = [*trick[:position], card, *trick[position + 1:]]
            lead = cards[0] // 13
            points = points_of(hand, cards)
            if trick_winner(lead, cards) == position and points > 0:
                out.append(points)
    return out


def replay(played: dict[str, Any]) -> Played:
    record = dict(played["record"])
    plays = [parse_card(card) for card in record.pop("plays")]
    hand = hand_from_record({**record, "plays": []})
    seat, players = played["hero_seat"], hand.players
    strengths = [moon_strength(cards, FULL_DECK & ~cards) for cards in hand.hands]
    chances: list[Chance] = []
    pending: tuple[int, int, int, int] | None = None  # our seat's position, legal cards, trick, moon in sight
    for card in plays:
        if hand.turn == seat and hand.taken_points()[seat] == 0:
            pending = (len(hand.trick), hand.legal(), hand.trick_number, in_sight(hand, seat))
        hand.play(card)
        if pending is not None and not hand.trick:  # the trick our seat played to is complete
            position, legal, trick, sight = pending
            stops = winning_stops(hand, legal, [c for _, c in hand.plays[-players:]], position)
            # Played last, the others' cards were on the table: a stop in hindsight was a sure one.
            sure = min(stops) if stops and position == players - 1 else None
            chances.append(Chance(trick, sight, sure, bool(stops)))
            pending = None
    shooter = moon_shooter(hand.rules, hand.taken)
    return Played(seat, shooter, hand.taken_points()[seat], chances, strengths)


def hands_of(path: Path) -> Iterator[Played]:
    for line in path.read_text().splitlines():
        for played in json.loads(line)["hands"]:
            yield replay(played)


def cheapest_sure_stop(hand: Played, counted: Callable[[Chance], bool]) -> int | None:
    costs = [c.sure_cost for c in hand.chances if c.sure_cost is not None and counted(c)]
    return min(costs) if costs else None


def report(name: str, hands: list[Played], threat: int) -> None:
    print(f"{name}: {len(hands)} hands")
    ways: list[tuple[str, Callable[[Chance], bool]]] = [
        ("at some play", lambda c: True),
        (f"with a moon in sight (one other seat alone, {threat}+ points)", lambda c: c.in_sight >= threat)]
    for label, counted in ways:
        sure = [cost for hand in hands if (cost := cheapest_sure_stop(hand, counted)) is not None]
        hindsight = sum(1 for hand in hands if any(c.hindsight and counted(c) for c in hand.chances))
        average = f", the cheapest {statistics.mean(sure):.1f} points on average" if sure else ""
        print(f"  {label}: a sure stop in {len(sure)}{average}; a stop in hindsight in {hindsight}")


def report_shooters(hands: list[Played]) -> None:
    """How often a seat shot the moon, by its moon strength once the cards were passed: ours and the field's."""
    print("moons by the shooter's moon strength after the pass (policy.moon_strength; seat-hands, shot):")
    for name, ours in (("our seat", True), ("the field's seats", False)):
        counts: dict[int, list[int]] = {}
        for hand in hands:
            for seat, strength in enumerate(hand.strengths):
                if (seat == hand.seat) == ours:
                    row = counts.setdefault(min(int(strength) // 3 * 3, STRONGEST), [0, 0])
                    row[0] += 1
                    row[1] += hand.shooter == seat
        cells = [f"{low}{'+' if low == STRONGEST else f'–{low + 2}'}: {n} / {shot} ({100 * shot / n:.1f} %)"
                 for low, (n, shot) in sorted(counts.items())]
        print(f"  {name}: " + "; ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=Path, nargs="+", required=True)
    parser.add_argument("--threat", type=int, default=4, help="a moon is in sight from this many points")
    args = parser.parse_args()
    hands = [played for path in args.records for played in hands_of(path)]
    report("the field shot the moon against our seat", [h for h in hands if h.field_moon], args.threat)
    report("nobody shot, our seat took no point", [h for h in hands if not h.moon and h.points == 0], args.threat)
    report_shooters(hands)


if __name__ == "__main__":
    main()
