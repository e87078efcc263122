"""The bots read each rule variant's points: Black Maria's K♠ and A♠, Spot Hearts' pips, the 10♦
of omnibus-10d, and partners who play for their side.

Each heuristics test puts a seat in one position under two rule sets that differ only in the
variant, so the variant's points are what changes the card. Classic rules keep the classic
numbers exactly (``tests/test_bots_same.py`` holds the strong bot's decisions to that).
"""

from __future__ import annotations

from functools import partial

import pytest

from conftest import cards, mask, names, play
from hearts import Hand, deal, preset
from hearts.bots import advise, make_bot
from hearts.bots.advice import REASON_CODES, _play_reason
from hearts.bots.arena import play_deal, run_arena
from hearts.bots.points import points_of, side_points
from hearts.bots.policy import (
    AUTO,
    STYLE,
    Table,
    explain_pass,
    explain_play,
    moon_strength,
    moon_threat_of,
    pass_danger,
    shooting,
    table_of,
)
from hearts.bots.review import review
from hearts.bots.search.equity import Equity
from hearts.bots.search.pimc import Choice, Scored, SearchConfig, _alike_runs, search_play
from hearts.bots.search.playout import scoring_cards, settled
from hearts.bots.search.sampler import knowledge_of
from hearts.cards import QUEEN_OF_SPADES, SUIT_MASKS, mask_of, parse_card
from hearts.deal import SplitMix64
from hearts.rules import PRESETS, Rules
from hearts.view import SeatView, seat_view
from test_bots_advice import _check_params

UNCAPPED = SearchConfig(time_cap=1000.0)  # no wall-clock cap: the same work on a busy machine
CLASSIC = preset("classic")
BLACK_MARIA = preset("black-maria")
SPOT = preset("spot-hearts")
OMNIBUS = preset("omnibus")
TEN = preset("omnibus-10d")
PARTNERS = preset("partners")
VARIANTS = ("black-maria", "spot-hearts", "omnibus-10d", "partners")


def table(rules: Rules, trick: str = "", leader: int = 0, gone: str = "", taken: dict[int, str] | None = None,
          first_trick: bool = False) -> Table:
    """The public table: ``trick`` led by ``leader``, ``gone`` played before it, ``taken`` per seat."""
    piles = [mask((taken or {}).get(seat, "")) for seat in range(rules.players)]
    played = cards(trick)
    return Table(rules, mask(gone) | mask_of(played), piles, [0] * rules.players, played, leader, True,
                 first_trick)


def play_of(t: Table, hand: str) -> tuple[str, str]:
    """The heuristics' card (and rule) for the seat to play, holding ``hand`` (following suit if it can)."""
    me = (t.leader + len(t.trick)) % t.players
    held = mask(hand)
    follow = held & SUIT_MASKS[t.trick[0] // 13] if t.trick else 0
    card, why = explain_play(t, me, held, follow or held)
    return names(1 << card)[0], why


# -- the points tables ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_without_extra_points_keep_the_classic_numbers(name: str) -> None:
    rules = preset(name)
    pts = points_of(rules)
    assert pts.scoring == rules.point_cards | rules.penalty_cards
    if rules.extra_points or rules.heart_points != "one":
        return
    assert (pts.moon_scale, pts.value_scale, pts.strength_cap, pts.by_count) == (1, 1, 3, True)
    assert pts.heavy == 1 << QUEEN_OF_SPADES and pts.exposed == mask("KS AS")
    assert pts.guards == mask("2S 3S 4S 5S 6S 7S 8S 9S TS JS")


def test_black_maria_has_three_burdens_and_a_larger_moon() -> None:
    pts = points_of(BLACK_MARIA)
    assert pts.heavy == mask("QS KS AS") and pts.exposed == mask("KS AS")
    assert pts.moon_scale == pytest.approx((13 + 5 + 5 * 17 / 13) / 18)
    assert pts.value_scale == pytest.approx(43 / 26)
    assert not pts.first_trick_safe  # K♠ and A♠ may be discarded on the first trick
    assert scoring_cards(BLACK_MARIA) & mask("KS AS") and not scoring_cards(CLASSIC) & mask("KS AS")


def test_spot_hearts_weighs_each_heart_by_its_pips() -> None:
    pts = points_of(SPOT)
    assert pts.moon_weights[parse_card("AH")] == 14 / 8 and pts.moon_weights[parse_card("2H")] == 2 / 8
    assert pts.moon_scale == 1 and pts.value_scale == 117 / 26 and not pts.by_count
    assert pts.strength_cap == 2 + 14 / 8


# -- Black Maria ------------------------------------------------------------------------------


def test_black_maria_dumps_the_king_of_spades_on_a_void() -> None:
    """Q♠ is gone: in classic K♠ is harmless and a high heart goes; in Black Maria K♠ is worth 10."""
    position = partial(table, trick="4D", leader=3, gone="2C 3C 4C 5C QS 6C 7C 8C")
    assert play_of(position(CLASSIC), "KS 2S 9H AC") == ("9H", "dump_heart")
    assert play_of(position(BLACK_MARIA), "KS 2S 9H AC") == ("KS", "dump_points")


def test_black_maria_does_not_take_the_king_of_spades_to_shed_its_ace() -> None:
    """Last on a spade trick with K♠ in it: classic sheds A♠ on a trick without points; in Black Maria
    the trick holds 10 points, and A♠ would add 7."""
    position = partial(table, trick="9S KS 3S", leader=1)
    assert play_of(position(CLASSIC), "AS 2S 5C") == ("AS", "shed_on_free_trick")
    assert play_of(position(BLACK_MARIA), "AS 2S 5C") == ("2S", "duck")


def test_black_maria_drops_the_king_of_spades_under_the_ace() -> None:
    position = partial(table, trick="9S AS", leader=1)
    assert play_of(position(CLASSIC), "KS 2S") == ("KS", "duck")
    assert play_of(position(BLACK_MARIA), "KS 2S") == ("KS", "drop_points_under")


def test_black_maria_first_trick_is_no_free_trick() -> None:
    """A void may discard K♠ or A♠ on the first trick of Black Maria: the bot ducks instead of shedding."""
    position = partial(table, trick="2C 5C", leader=0, first_trick=True)
    assert play_of(position(CLASSIC), "3C AC 7D") == ("AC", "first_trick_high")
    assert play_of(position(BLACK_MARIA), "3C AC 7D") == ("3C", "duck")


def test_black_maria_never_leads_spades_holding_the_king() -> None:
    """With Q♠ gone a low spade is a safe lead in classic; in Black Maria K♠ would come back."""
    position = partial(table, gone="2C 3C 4C 5C QS 6C 7C 8C", leader=0)
    assert play_of(position(CLASSIC), "2S KS KC TD")[0] == "2S"
    assert play_of(position(BLACK_MARIA), "2S KS KC TD")[0] != "2S"


def test_black_maria_leads_low_spades_to_drive_out_its_cards() -> None:
    position = partial(table, gone="2C 3C 4C 5C QS 6C 7C 8C", leader=0)
    assert play_of(position(CLASSIC), "2S 3S KC TD") == ("2S", "lead_safest")
    assert play_of(position(BLACK_MARIA), "2S 3S KC TD") == ("2S", "lead_flush_points")
    assert play_of(table(CLASSIC, gone="2C 3C 4C 5C"), "2S 3S KC TD") == ("2S", "lead_flush_queen")


def test_black_maria_passes_a_lone_king_of_spades_as_readily_as_the_queen() -> None:
    hand = mask("KS 2S 3S 4S 5S 6S 7S 8S 9S 2C 3C 4C 5C")
    assert pass_danger(CLASSIC, hand, parse_card("KS")) < 9.0 <= pass_danger(BLACK_MARIA, hand, parse_card("KS"))


def test_the_playout_waits_for_black_marias_cards() -> None:
    """No heart and no Q♠ is left, K♠ is: a classic hand is settled, Black Maria's is not."""
    hands = [mask("KS 2C"), mask("3C 4C"), mask("5C 6C"), mask("7C 8C")]
    assert settled(CLASSIC, hands, [3, 3, 3, 2], scoring_cards(CLASSIC))
    assert not settled(BLACK_MARIA, hands, [3, 3, 3, 2], scoring_cards(BLACK_MARIA))


# -- moon thresholds --------------------------------------------------------------------------


def test_the_moon_threshold_grows_with_black_marias_moon() -> None:
    """Five hearts alone are a moon threat in classic; in Black Maria they are a smaller share of the
    moon. Q♠ with two hearts reaches the scaled threshold."""
    five = {1: "2H 3H 4H 5H 6H 2C 3C 4C 5C"}
    assert moon_threat_of(table(CLASSIC, taken=five), 0, STYLE.moon_threat) == 1
    assert moon_threat_of(table(BLACK_MARIA, taken=five), 0, STYLE.moon_threat) == -1
    queen = {1: "QS 2H 3H 2C 3C 4C 5C 6C"}
    assert moon_threat_of(table(BLACK_MARIA, taken=queen), 0, STYLE.moon_threat) == 1


def test_spot_hearts_moon_points_follow_the_pips() -> None:
    low, high = {1: "2H 3H 4H 5H 6H 2C 3C 4C"}, {1: "TH JH QH KH AH 2C 3C 4C"}
    assert moon_threat_of(table(CLASSIC, taken=low), 0, STYLE.moon_threat) == 1
    assert moon_threat_of(table(SPOT, taken=low), 0, STYLE.moon_threat) == -1
    assert moon_threat_of(table(SPOT, taken=high), 0, STYLE.moon_threat) == 1
    hand = mask("AH KH QH 2C")
    assert moon_strength(hand, SPOT.deck & ~hand, points_of(SPOT)) > moon_strength(hand, CLASSIC.deck & ~hand)


def test_a_moon_try_needs_a_stronger_hand_in_black_maria() -> None:
    """The heuristics' moon start scales with the moon: a hand that shoots in classic waits in Black Maria."""
    hand = mask("AH KH QH JH 5H 4H AS 7S KC 9C 4C AD 6D")
    for rules, shoots in ((CLASSIC, True), (BLACK_MARIA, False)):
        unseen = rules.deck & ~hand
        strength = moon_strength(hand, unseen)
        assert (strength >= STYLE.moon_start * points_of(rules).moon_scale) is shoots
        assert shooting(table(rules), 0, hand, unseen) is shoots


# -- omnibus-10d ------------------------------------------------------------------------------


def test_omnibus_10d_takes_a_trick_holding_the_ten_of_diamonds() -> None:
    position = partial(table, trick="4D TD", leader=1)
    assert play_of(position(OMNIBUS), "QD 2D") == ("2D", "duck")
    assert play_of(position(TEN), "QD 2D") == ("QD", "bonus_take")


def test_omnibus_10d_keeps_the_ten_of_diamonds_not_the_jack() -> None:
    position = partial(table, trick="4C", leader=3)
    assert play_of(position(OMNIBUS), "TD JD") == ("TD", "discard_danger")
    assert play_of(position(TEN), "TD JD") == ("JD", "discard_danger")
    hand = mask("TD JD 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")
    assert pass_danger(TEN, hand, parse_card("TD")) == -100.0 < pass_danger(TEN, hand, parse_card("JD"))


def test_alike_cards_score_alike() -> None:
    """Neighbours play alike unless they score differently: 10♦ and J♦ under either −10 card, each heart of
    Spot Hearts."""
    def runs(rules: Rules, text: str) -> list[list[str]]:
        pts = points_of(rules)
        return [names(run) for run in _alike_runs(mask(text), 0, pts.values, pts.moon_cards)]

    assert runs(CLASSIC, "TD JD QD 2H 3H") == [["TD", "JD", "QD"], ["2H", "3H"]]
    assert runs(OMNIBUS, "TD JD QD") == [["TD"], ["JD"], ["QD"]]
    assert runs(TEN, "TD JD QD") == [["TD"], ["JD", "QD"]]
    assert runs(SPOT, "2H 3H") == [["2H"], ["3H"]]
    assert runs(CLASSIC, "JS QS KS") == runs(BLACK_MARIA, "JS QS") + [["KS"]] == [["JS"], ["QS"], ["KS"]]


# -- partners ---------------------------------------------------------------------------------


def test_partners_never_drop_the_queen_on_the_partners_trick() -> None:
    """Seat 0 is last; its partner (seat 2) wins with A♠."""
    position = partial(table, trick="7S AS 2S", leader=1)
    assert play_of(position(CLASSIC), "QS 5S") == ("QS", "drop_queen_under")
    assert play_of(position(PARTNERS), "QS 5S") == ("5S", "spare_partner")


def test_partners_discard_no_points_on_the_partners_trick() -> None:
    position = partial(table, trick="AD 4D", leader=1)
    assert play_of(position(CLASSIC), "QS 9C 5H") == ("QS", "dump_queen")
    assert play_of(position(PARTNERS), "QS 9C 5H") == ("9C", "spare_partner")
    assert play_of(position(PARTNERS), "QS 5H") == ("5H", "spare_partner")  # a heart costs less than Q♠
    teams_omnibus = Rules(teams=True, jack_of_diamonds=True)
    assert play_of(table(teams_omnibus, trick="AC 4C", leader=1), "JD 9S") == ("JD", "bonus_to_partner")


def test_partners_do_not_stop_the_partners_moon() -> None:
    taken = {2: "2H 3H 4H 5H 6H 7H 8H QS 2C 3C"}
    assert moon_threat_of(table(PARTNERS, taken=taken), 0, STYLE.moon_threat) == -1
    assert moon_threat_of(table(PARTNERS, taken=taken), 1, STYLE.moon_threat) == 2
    assert moon_threat_of(table(CLASSIC, taken=taken), 0, STYLE.moon_threat) == 2


def test_partners_keep_the_queen_out_of_a_pass_to_the_partner() -> None:
    hand = mask("QS KS 2S 2C 3C 4C 5C 6C 7H 8H 9H TH JD")
    assert mask("QS KS") & ~explain_pass(PARTNERS, hand)[0] == 0
    assert not explain_pass(PARTNERS, hand, to_partner=True)[0] & mask("QS")
    across = Hand(PARTNERS, deal(PARTNERS, 3), pass_offset=2)
    for seat in range(4):
        view = seat_view(across, seat)
        if view.hand & mask("QS"):
            assert not make_bot("normal").choose_pass(view) & mask("QS")


def test_partners_value_their_sides_total() -> None:
    """Points given to the partner are the seat's own; the partner's moon gives the side the value once
    and the other side twice: as good as a hand in which the side takes nothing."""
    equity = Equity(PARTNERS, 0, [10, 20, 30, 5])
    assert equity.value([0, 0, 13, 13]) == equity.value([13, 0, 0, 13])
    partner_moon, all_ours, their_moon = [26, 26, 0, 26], [13, 0, 13, 0], [26, 0, 26, 26]
    assert equity.value(partner_moon) == pytest.approx(equity.value([0, 13, 0, 13]))
    assert equity.value(partner_moon) > equity.value(all_ours) == pytest.approx(equity.value(their_moon))
    assert side_points(PARTNERS, partner_moon, 0) == side_points(PARTNERS, [0, 13, 0, 13], 0) == 0
    assert side_points(PARTNERS, their_moon, 0) == side_points(PARTNERS, [13, 0, 13, 0], 0) == 26
    assert side_points(CLASSIC, partner_moon, 0) == 26


def _queen_on_the_partners_ace(rules: Rules) -> Hand:
    """Seat 1 won the first trick and leads A♦; seat 3, void in diamonds, holds Q♠ behind two low spades,
    and the other side holds diamonds to dump it on later."""
    hands = ["2C 5C 6C 7C 2D 3D 4D 5D 6D 4S 5S 6S 7S", "AC KC QC JC AD 8S 9S TS TH JH QH KH AH",
             "8C 9C TC 7D 8D 9D TD JD QD KD JS KS AS", "3C 4C QS 2S 3S 2H 3H 4H 5H 6H 7H 8H 9H"]
    hand = Hand(rules, [mask(h) for h in hands], 0)
    for card in cards("2C AC 8C 3C AD 7D"):
        hand.play(card)
    return hand


def test_the_strong_bot_never_gives_its_partner_the_queen() -> None:
    """Without teams Q♠ on seat 1's A♦ costs seat 3 nothing; with teams seat 1 is its partner."""
    view = seat_view(_queen_on_the_partners_ace(CLASSIC), 3)
    assert search_play(view, SplitMix64(0), 40, UNCAPPED).card == QUEEN_OF_SPADES
    assert make_bot("normal").choose_play(view) == QUEEN_OF_SPADES
    view = seat_view(_queen_on_the_partners_ace(PARTNERS), 3)
    for seed in range(4):
        assert search_play(view, SplitMix64(seed), 40, UNCAPPED).card != QUEEN_OF_SPADES
    assert make_bot("normal").choose_play(view) != QUEEN_OF_SPADES


def test_a_seat_that_spares_its_partner_may_still_hold_the_queen() -> None:
    """Seat 3 discards 2♠ on seat 1's A♦ rather than Q♠: without teams that makes Q♠ in its hand
    unlikely, with teams (seat 1 its partner) it says nothing."""
    for rules, odds in ((CLASSIC, 0.2), (PARTNERS, 1.0)):
        hand = _queen_on_the_partners_ace(rules)
        play(hand, "2S 2D")
        assert knowledge_of(seat_view(hand, 1)).queen_odds[3] == pytest.approx(odds)


def test_the_arena_plays_partners_as_sides() -> None:
    """The hero level holds both seats of a side, once per side; its points are the side's together."""
    result = play_deal(PARTNERS, 0, 2, "normal", "easy")
    assert len(result.hero_points) == len(result.field_points) == 2
    for hero, other in zip(result.hero_points, result.field_points):
        assert hero + other in (26, 3 * 26)  # the hand's points, or a moon's
    summary = run_arena(PARTNERS, "normal", "easy", 2)
    assert summary["hands"] == 4


# -- the hint and the review in every variant ---------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_the_hint_and_the_review_work_in_every_variant(name: str) -> None:
    rules = preset(name)
    hand = Hand(rules, deal(rules, 5), rules.pass_offset(2))
    bots = [make_bot("normal", seed=s) for s in range(rules.players)]
    step = 0
    while hand.phase != "over":
        seat = hand.to_act()[0] if hand.phase == "pass" else hand.turn
        view = seat_view(hand, seat)
        if step % 7 == 0:
            advice = advise(view, budget_ms=3, config=UNCAPPED)
            assert advice.reason.code in REASON_CODES
            assert advice.cards & ~view.hand == 0
        step += 1
        if hand.phase == "pass":
            hand.choose_pass(seat, bots[seat].choose_pass(view))
        else:
            hand.play(bots[seat].choose_play(view))
    verdict = review(hand, 1, budget_ms=2)
    assert len(verdict["steps"]) == rules.hand_size + (1 if rules.pass_offset(2) else 0)
    assert all(step["loss"] >= 0 for step in verdict["steps"])


NEW_PLAY_REASONS = {"lead_flush_points", "bonus_take", "bonus_win", "bonus_keep", "drop_points_under", "dump_points",
                    "spare_partner", "bonus_to_partner"}


def _play_views(rules: Rules, deals: int) -> list[SeatView]:
    """Every play of a few hands of normal bots, as the seat to play sees it."""
    out = []
    for number in range(deals):
        hand = Hand(rules, deal(rules, number), 0)
        bot = make_bot("normal")
        while hand.phase == "play":
            out.append(seat_view(hand, hand.turn))
            hand.play(bot.choose_play(out[-1]))
    return out


@pytest.mark.parametrize("rules", [BLACK_MARIA, TEN, PARTNERS, Rules(teams=True, jack_of_diamonds=True)],
                         ids=["black-maria", "omnibus-10d", "partners", "partners-omnibus"])
def test_the_variants_reasons_give_what_their_texts_name(rules: Rules) -> None:
    """When the search keeps the heuristics' card, the hint names the heuristics' rule with its facts."""
    seen = set()
    for view in _play_views(rules, 12):
        card, why = explain_play(table_of(view), view.seat, view.hand, view.legal)
        if why not in NEW_PLAY_REASONS:
            continue
        other = Scored((view.legal & ~(1 << card)).bit_length() - 1, AUTO, 0.4, 3.0, 8)
        kept = Scored(card, AUTO, 0.5, 2.0, 8)  # the search kept the heuristics' card
        reason = _play_reason(view, Choice(card, False, 0.5, 2.0, 8, 1000, AUTO, other, kept), STYLE)
        assert reason.code == why
        _check_params(reason)
        if why == "lead_flush_points":
            assert mask(" ".join(reason.params["danger_cards"])) & ~view.unseen == 0  # type: ignore[arg-type]
        if why.startswith("bonus_"):
            assert reason.params["bonus_card"] == names(points_of(rules).bonus)[0]
        seen.add(why)
    assert seen


@pytest.mark.parametrize("kept", [["2C", "JD", "QS"], ["2C", "3C", "QS"], ["2C", "QS", "AH"], ["2C", "QS", "KS"]])
@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_every_level_plays_a_deck_cut_down_to_a_few_cards(kept: list[str], level: str) -> None:
    """Removed cards may leave no heart at all: the bots' points still read the deck."""
    removed = [card for card in names(Rules().deck) if card not in kept]
    rules = Rules(players=3, passing="none", removed=tuple(removed), jack_of_diamonds="JD" in kept)
    hand = Hand(rules, deal(rules, 7), 0)
    bots = [make_bot(level, seat) for seat in range(3)]
    while hand.phase == "play":
        hand.play(bots[hand.turn].choose_play(seat_view(hand, hand.turn)))
    assert hand.score() is not None
