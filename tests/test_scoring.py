"""Scoring: points, the moon in every mode, the sun, J♦ −10, ties, places and the seed's match facts."""

from __future__ import annotations

import itertools

import pytest

from conftest import make_hand, mask
from hearts import Rules, preset
from hearts.cards import cards_of
from hearts.game import hand_score, match_over, moon_shooter, places, winners

ALL_HEARTS = " ".join(r + "H" for r in "23456789TJQKA")
HEARTS_WITHOUT_2 = " ".join(r + "H" for r in "3456789TJQKA")


def score(rules: Rules, taken: dict[int, str], tricks: list[int] | None = None,
          totals: list[int] | None = None) -> list[int]:
    """hand_score for the named cards taken per seat; by default nobody takes every trick."""
    masks = [mask(taken.get(seat, "")) for seat in range(rules.players)]
    if tricks is None:
        tricks = [1] * rules.players
        tricks[-1] = rules.hand_size - (rules.players - 1)
    return hand_score(rules, masks, tricks, totals)


def test_hearts_count_one_and_the_queen_thirteen() -> None:
    # 000 Auswertung: "Ein Herz auf seinem Stapel bedeutet einen Punkt, die Pik Dame gilt 13 Punkte."
    r = preset("classic")
    assert r.card_points(mask("2H AH QS")) == 15
    assert r.card_points(mask("JD AS KS 2C")) == 0
    assert score(r, {0: "2H 3H 4H", 1: "QS 5H", 2: "6H 7H 8H 9H TH JH QH KH AH JD"}) == [3, 14, 9, 0]


def test_seed_002_example_one_heart_short() -> None:
    # 002: "Dana hat schon die Pik Dame und elf Herzen. Holt sie auch die letzten beiden, bekommen Anna,
    # Ben und Cem je 26 Punkte und Dana keinen. Nimmt dagegen Ben einen Stich mit einem dieser Herzen,
    # bekommt Dana 25 Punkte und Ben einen."
    r = preset("classic")
    assert score(r, {3: "QS " + ALL_HEARTS}) == [26, 26, 26, 0]
    assert score(r, {3: "QS " + ALL_HEARTS.replace("AH", ""), 1: "AH"}) == [0, 1, 0, 25]


SHOOTER_1 = {1: "QS " + ALL_HEARTS, 0: "2C 3C", 2: "AD"}


@pytest.mark.parametrize(("moon", "expected"), [
    ("others", [26, 0, 26, 26]),     # 000 "für alle anderen Mitspieler werden je 26 Punkte aufgeschrieben"
    ("subtract", [0, -26, 0, 0]),    # 002 "Neuer Mond": "zieht sich selbst 26 Punkte ab"
    ("off", [0, 26, 0, 0]),          # 003 "oder ganz ohne Mond": the shooter keeps 26
    ("choice", [26, 0, 26, 26]),     # far from the end of the match: as "others"
])
def test_moon_modes(moon: str, expected: list[int]) -> None:
    assert score(Rules(moon=moon), SHOOTER_1) == expected
    assert moon_shooter(Rules(moon=moon), [mask(SHOOTER_1.get(s, "")) for s in range(4)]) == 1


def test_no_moon_without_every_penalty_card() -> None:
    r = Rules()
    assert score(r, {1: ALL_HEARTS, 0: "QS"}) == [13, 13, 0, 0]
    assert score(r, {1: "QS " + ALL_HEARTS.replace("2H ", ""), 0: "2H"}) == [1, 25, 0, 0]


@pytest.mark.parametrize(("totals", "expected"), [
    # 003 "nach Wahl": "der Schütze zieht sich selbst 26 ab, wenn die +26 für alle anderen die Partie
    # beenden würden, ohne dass er gewinnt"
    ([80, 90, 70, 60], [0, -26, 0, 0]),   # +26 -> 106, 90, 96, 86: over, seat 3 would win: subtract
    ([80, 10, 70, 60], [26, 0, 26, 26]),  # +26 -> 106, 10, 96, 86: over and the shooter wins: others
    ([10, 20, 30, 40], [26, 0, 26, 26]),  # +26 ends nothing: others
    ([80, 60, 70, 34], [26, 0, 26, 26]),  # +26 -> 106, 60, 96, 60: a shared win includes the shooter
    ([73, 90, 0, 0], [26, 0, 26, 26]),    # +26 -> 99, 90, 26, 26: nobody reaches 100
    ([74, 99, 0, 0], [0, -26, 0, 0]),     # +26 -> 100, 99, 26, 26: exactly the target ends it
])
def test_moon_choice_at_the_match_edge(totals: list[int], expected: list[int]) -> None:
    assert score(Rules(moon="choice"), SHOOTER_1, totals=totals) == expected


def test_moon_choice_with_play_on_ties() -> None:
    # a tie for the lowest total does not end a play-on match, so the +26 ends nothing
    rules = Rules(moon="choice", ties="play-on")
    assert score(rules, SHOOTER_1, totals=[80, 60, 70, 34]) == [26, 0, 26, 26]
    assert score(rules, SHOOTER_1, totals=[80, 60, 70, 33]) == [0, -26, 0, 0]


def test_moon_choice_uses_the_given_target() -> None:
    rules = Rules(moon="choice", target=50)
    assert score(rules, SHOOTER_1, totals=[30, 40, 10, 5]) == [0, -26, 0, 0]
    assert score(rules, SHOOTER_1, totals=[30, 4, 10, 5]) == [26, 0, 26, 26]


SUN_TRICKS = [0, 13, 0, 0]


@pytest.mark.parametrize(("rules", "tricks", "expected"), [
    # 000 "Die Sonne abschießen": all tricks -> "alle Mitspieler erhalten je 52 Punkte"
    (Rules(sun=True), SUN_TRICKS, [52, 0, 52, 52]),
    # all points but not all tricks: an ordinary moon
    (Rules(sun=True), [1, 10, 1, 1], [26, 0, 26, 26]),
    (Rules(sun=True, moon="subtract"), SUN_TRICKS, [0, -52, 0, 0]),
    (Rules(sun=True, moon="subtract"), [1, 12, 0, 0], [0, -26, 0, 0]),
    (Rules(sun=False), SUN_TRICKS, [26, 0, 26, 26]),   # no sun rule: all tricks is just a moon
    (Rules(sun=True, moon="choice"), SUN_TRICKS, [52, 0, 52, 52]),
])
def test_sun(rules: Rules, tricks: list[int], expected: list[int]) -> None:
    assert score(rules, SHOOTER_1, tricks) == expected


def test_sun_under_choice_compares_the_doubled_value() -> None:
    # 52 ends the match from 50 (a plain moon's 26 would not): the shooter, not winning, subtracts
    rules = Rules(sun=True, moon="choice")
    assert score(rules, SHOOTER_1, SUN_TRICKS, totals=[50, 80, 50, 20]) == [0, -52, 0, 0]
    assert score(rules, SHOOTER_1, [1, 12, 0, 0], totals=[50, 80, 50, 20]) == [26, 0, 26, 26]


@pytest.mark.parametrize("name", ["wikipedia-3", "wikipedia-6"])
def test_sun_with_three_or_six_is_48(name: str) -> None:
    # 000: "Bei den Varianten mit 3 oder 6 Spielern werden je 48 Punkte verteilt."
    rules = preset(name).replace(sun=True)
    tricks = [0] * rules.players
    tricks[0] = rules.hand_size
    assert score(rules, {0: "QS " + HEARTS_WITHOUT_2}, tricks) == [0] + [48] * (rules.players - 1)


@pytest.mark.parametrize("name", ["wikipedia-3", "wikipedia-6"])
def test_moon_value_24_with_twelve_hearts_and_queen_12(name: str) -> None:
    # 000: "Da es nur 12 Herzkarten gibt, ist die Pik Dame auch nur 12 Punkte wert. Hat ein Spieler nach
    # einem Spiel 24 Punkte auf seinem Stapel, so erhalten alle anderen Mitspieler je 24 Punkte."
    rules = preset(name)
    assert rules.queen_points == 12 and rules.moon_value == 24
    assert rules.card_points(mask("QS " + HEARTS_WITHOUT_2)) == 24
    assert score(rules, {1: "QS " + HEARTS_WITHOUT_2}) == [24, 0] + [24] * (rules.players - 2)
    assert score(rules, {1: "QS 3H", 0: HEARTS_WITHOUT_2.replace("3H ", "")}) == [11, 13] + [0] * (rules.players - 2)


def test_five_players_wikipedia_keeps_13_hearts_and_queen_13() -> None:
    # 000: "Die Pik Dame ist 13 Punkte wert, da 13 Herzkarten im Spiel sind."
    rules = preset("wikipedia-5")
    assert rules.moon_value == 26
    assert score(rules, {4: "QS " + ALL_HEARTS}) == [26, 26, 26, 26, 0]


# -- the jack of diamonds ------------------------------------------------------------------

def test_jack_of_diamonds_minus_ten() -> None:
    # 000 "Karo Bube": "der Karo-Bube -10 Punkte wert"; 003 "Karo-Bube −10"
    r = preset("omnibus")
    assert score(r, {0: "JD 2H 3H 4H", 1: "QS"}) == [-7, 13, 0, 0]
    assert score(r, {2: "JD"}) == [0, 0, -10, 0]
    assert score(Rules(), {2: "JD"}) == [0, 0, 0, 0]  # off by default


@pytest.mark.parametrize(("moon", "expected"), [
    ("others", [26, -10, 26, 26]),
    ("subtract", [0, -36, 0, 0]),
    ("off", [0, 16, 0, 0]),
])
def test_jack_counts_for_a_moon_shooter_too(moon: str, expected: list[int]) -> None:
    rules = Rules(jack_of_diamonds=True, moon=moon)
    assert score(rules, {1: "QS JD " + ALL_HEARTS}) == expected


def test_jack_taken_by_another_seat_during_a_moon() -> None:
    rules = preset("omnibus")
    assert score(rules, {1: "QS " + ALL_HEARTS, 2: "JD"}) == [26, 0, 16, 26]


def test_moon_needs_the_jack() -> None:
    # 000: "schwerer, einen Durchmarsch durchzuführen, da nun neben den Herz-Karten und der Pik-Dame auch
    # noch der Karo-Bube mit ergattert werden muss"
    rules = Rules(jack_of_diamonds=True, moon_needs_jack=True)
    assert score(rules, {1: "QS " + ALL_HEARTS, 2: "JD"}) == [0, 26, -10, 0]
    assert score(rules, {1: "QS JD " + ALL_HEARTS}) == [26, -10, 26, 26]


# -- a real hand: a sun shot from the deal --------------------------------------------------

@pytest.mark.parametrize(("rules", "expected"), [
    (Rules(), [0, 26, 26, 26]),
    (Rules(sun=True), [0, 52, 52, 52]),
    (Rules(moon="subtract", sun=True), [-52, 0, 0, 0]),
    (Rules(moon="off"), [26, 0, 0, 0]),
    (preset("omnibus"), [-10, 26, 26, 26]),
    (Rules(jack_of_diamonds=True, moon="off"), [16, 0, 0, 0]),
])
def test_holding_every_club_takes_every_trick(rules: Rules, expected: list[int]) -> None:
    # seat 0 holds all 13 clubs: it leads 2C, then clubs only, and takes every trick
    hand = make_hand(rules, {0: " ".join(r + "C" for r in "23456789TJQKA")})
    while hand.phase == "play":
        hand.play(cards_of(hand.legal())[-1])
    assert hand.tricks == [13, 0, 0, 0]
    assert hand.score() == expected


# -- ends, winners, places -----------------------------------------------------------------

def test_match_ends_when_someone_reaches_the_target() -> None:
    # 000: "bis mindestens ein Mitspieler mindestens 100 Punkte erreicht hat"
    classic = Rules()
    assert not match_over(classic, [99, 99, 99, 99])
    assert match_over(classic, [100, 0, 0, 0])
    assert match_over(classic, [0, 0, 125, 0])
    quick = preset("quick-50")  # 002/004: "50 Punkte oder mehr"
    assert not match_over(quick, [49, 0, 0, 0]) and match_over(quick, [50, 0, 0, 0])
    # J♦ can push a total below zero; the lowest still wins
    assert winners([-10, 5, 100, 20]) == [0]


def test_ties_share_the_win_and_the_better_place() -> None:
    # 000: "Wenn mehrere Mitspieler die gleiche Punktzahl erreicht haben, belegen sie gemeinsam den
    # besseren Platz." 002/004: "teilen sich den Sieg"
    totals = [100, 40, 40, 70]
    assert match_over(Rules(), totals)
    assert winners(totals) == [1, 2]
    assert places(totals) == [4, 1, 1, 3]
    assert places([10, 20, 20, 30]) == [1, 2, 2, 4]
    assert places([5, 5, 5, 5]) == [1, 1, 1, 1]
    assert places([30, 20, 10]) == [3, 2, 1]


def test_ties_play_on() -> None:
    # 001 rule 7: "mehrere den gleichen niedrigsten Punktestand ..., wird das Spiel fortgesetzt,
    # bis es nur noch einen Gewinner gibt"
    rules = Rules(ties="play-on")
    assert not match_over(rules, [100, 40, 40, 70])
    assert not match_over(rules, [100, 100, 100, 100])
    assert match_over(rules, [100, 40, 41, 70])
    assert match_over(rules, [104, 40, 70, 70])  # a tie that is not for the lowest total does not matter


# -- the match facts of seed 000, from hand_score + match_over + winners ----------------------

def classic_hand_scores() -> set[tuple[int, ...]]:
    """Every score vector a classic hand can give: 13 hearts split any way, Q♠ with any seat."""
    rules = Rules()
    hearts = cards_of(mask(ALL_HEARTS))
    out = set()
    for cuts in itertools.combinations_with_replacement(range(14), 3):
        sizes = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        taken, start = [], 0
        for n in sizes:
            taken.append(sum(1 << c for c in hearts[start:start + n]))
            start += n
        for queen in range(4):
            with_queen = [t | (mask("QS") if s == queen else 0) for s, t in enumerate(taken)]
            out.add(tuple(hand_score(rules, with_queen, [1, 4, 4, 4])))
    return out


def test_seed_000_match_facts() -> None:
    rules = Rules()
    scores = classic_hand_scores()
    assert (26, 26, 26, 0) in scores and (13, 13, 0, 0) in scores
    best = max(max(v) for v in scores)
    assert best == 26
    # "Das kann nach frühestens vier ... Spielen der Fall sein": 3 x 26 < 100 <= 4 x 26
    assert not match_over(rules, [3 * best] * 4)
    assert match_over(rules, [4 * best, 0, 0, 0])
    # "... und spätestens 16 Spielen": every hand hands out at least 26 points in all,
    # so after 16 hands someone has at least 16 * 26 / 4 = 104, after 15 all may still be below 100
    least = min(sum(v) for v in scores)
    assert least == 26
    assert 16 * least > 4 * (rules.target - 1) >= 15 * least

    # Before the last hand every total is at most 99. A winner's total is at most 99 + min(v) (the others
    # must reach it too); with everyone at 99 that bound is met. A sole winner needs a unique minimum.
    before = [rules.target - 1] * 4
    shared_best = max(min(v) for v in scores)
    v = next(v for v in scores if min(v) == shared_best)
    after = [b + p for b, p in zip(before, v)]
    assert match_over(rules, after) and len(winners(after)) >= 1
    # "Die höchste Punktzahl, mit der man Sieger sein kann, ist 103"
    assert after[winners(after)[0]] == 103
    # "ein alleiniger Sieg ist mit höchstens 102 Punkten möglich"
    sole = max(max(min(v) for v in scores if list(v).count(min(v)) == 1), shared_best - 1)
    v = next(v for v in scores if min(v) == sole and list(v).count(sole) == 1)
    after = [b + p for b, p in zip(before, v)]
    assert match_over(rules, after) and len(winners(after)) == 1 and after[winners(after)[0]] == 102
    # "Die höchste Punktzahl, die erreicht werden kann, beträgt 125."
    assert rules.target - 1 + best == 125
