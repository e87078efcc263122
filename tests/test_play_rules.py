"""One scenario per play rule and variant, written from the rule texts (the project's seed texts 000–004).

Seeds: 000 Wikipedia "Mshearts", 001 a personal rules page, 002 Tavern Jack, 003 Speedhearts,
004 a rules page. Pure-function checks of legal_moves / trick_winner come with scenarios in a
real Hand, where the rule has to hold across passing, tricks and turn order.
"""

from __future__ import annotations

import pytest

from conftest import cards, make_deal, make_hand, mask, names, play, snapshot
from hearts import HeartsError, Rules, deal, preset
from hearts.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card_str, cards_of, mask_of, parse_card
from hearts.game import Hand, breaks_hearts, illegal_reason, legal_moves, trick_winner

CLASSIC = preset("classic")
LEAD = -1  # legal_moves' lead_suit when leading a trick


def legal(rules: Rules, hand: str, lead_suit: int, first_trick: bool, broken: bool) -> list[str]:
    return names(legal_moves(rules, mask(hand), lead_suit, first_trick, broken))


# -- decks and the first lead --------------------------------------------------------------

@pytest.mark.parametrize(("name", "lead"), [
    ("classic", "2C"),        # 000/001/003/004: "Wer die Kreuz 2 hat, spielt sie zum ersten Stich aus"
    ("three-players", "2C"),  # 002/003: without 2D, 2C still leads
    ("five-players", "3C"),   # 002: "zu fünft ist das die Kreuz 3, weil die Kreuz 2 aussortiert ist"
    ("wikipedia-3", "3C"),    # 000: no 2s, "Derjenige, der die Kreuz Drei ... eröffnet"
    ("wikipedia-5", "2C"),    # 000: without 2S and 2D, "der die Kreuz Zwei ... eröffnet"
    ("wikipedia-6", "3C"),    # 000: no 2s, Kreuz Drei
    ("six-players", "3C"),
])
def test_holder_of_the_lowest_club_leads_it(name: str, lead: str) -> None:
    rules = preset(name)
    for number in range(4):
        hand = Hand(rules, deal(rules, number))
        leader = hand.to_act()[0]
        assert hand.hands[leader] >> parse_card(lead) & 1
        assert names(hand.legal()) == [lead]
        other = next(c for c in cards_of(hand.hands[leader]) if card_str(c) != lead)
        before = snapshot(hand)
        with pytest.raises(HeartsError) as info:
            hand.play(other)
        assert info.value.code == "illegal_play" and lead in info.value.message
        assert snapshot(hand) == before
        hand.play(parse_card(lead))
        assert hand.to_act() == [(leader + 1) % rules.players]  # play goes round in seat order


def test_the_lead_card_may_just_have_been_passed() -> None:
    # 002: "Die Karte kann also auch gerade erst weitergegeben worden sein."
    hand = make_hand(CLASSIC, {0: "2C 3C 4C"}, pass_offset=1)
    assert hand.to_act() == [0, 1, 2, 3] and hand.legal() == 0  # the pass phase
    hand.choose_pass(0, mask("2C 3C 4C"))
    for seat in (1, 2, 3):
        hand.choose_pass(seat, sum(1 << c for c in cards_of(hand.hands[seat])[:3]))
    assert hand.phase == "play"
    assert hand.to_act() == [1]
    assert names(hand.legal()) == ["2C"]


# -- following suit ------------------------------------------------------------------------

def test_must_follow_suit() -> None:
    # 001 rule 3, 002, 003, 004: "Du musst bedienen"
    assert legal(CLASSIC, "3C 9C 4D AH QS", CLUBS, False, False) == ["3C", "9C"]
    assert legal(CLASSIC, "3C 4D AH KH QS", HEARTS, False, True) == ["KH", "AH"]
    assert legal(CLASSIC, "3C 4D AH QS", SPADES, False, True) == ["QS"]  # QS must follow spades too
    assert legal(CLASSIC, "3C 9C AH QS", CLUBS, True, False) == ["3C", "9C"]


def test_void_may_play_any_card_after_the_first_trick() -> None:
    # 000: "Ab dem zweiten Stich können nun alle Karten abgelegt werden – auch Herzen und die Pik Dame."
    assert legal(CLASSIC, "4D AH QS", CLUBS, False, False) == ["4D", "AH", "QS"]


# -- the first trick -----------------------------------------------------------------------

def test_no_points_on_the_first_trick() -> None:
    # 000: "im ersten Stich weder eine Herz-Karte noch die Pik Dame"; 002/003/004 the same
    assert legal(CLASSIC, "4D 9D AH KH QS", CLUBS, True, False) == ["4D", "9D"]
    # Q♠ is banned although it is a spade like the allowed 3S
    assert legal(CLASSIC, "AH QS 3S", CLUBS, True, False) == ["3S"]


def test_points_on_first_trick_rule_allows_them() -> None:
    # 003 Hausregel "Punkte im 1. Stich: erlaubt Herz und Pik-Dame schon im ersten Stich"
    rules = Rules(points_on_first_trick=True)
    assert legal(rules, "4D 9D AH KH QS", CLUBS, True, False) == ["4D", "9D", "KH", "AH", "QS"]


@pytest.mark.parametrize("points_on_first_trick", [False, True])
def test_bleeding_on_the_first_trick(points_on_first_trick: bool) -> None:
    # 000: "es sei denn, dass der Spieler nur Herz oder nur Herz und die Pik Dame auf der Hand hat.
    # In diesem Fall spricht man davon, dass der Spieler 'beim ersten Stich blutet'."
    rules = Rules(points_on_first_trick=points_on_first_trick)
    only_hearts = " ".join(r + "H" for r in "23456789TJQKA")
    assert legal(rules, only_hearts, CLUBS, True, False) == only_hearts.split()
    hearts_and_queen = " ".join(r + "H" for r in "3456789TJQKA") + " QS"
    assert legal(rules, hearts_and_queen, CLUBS, True, False) == hearts_and_queen.split()


def test_first_trick_in_a_hand_bleeding_and_the_ban() -> None:
    # seat 0 all clubs, seat 1 all diamonds, seat 2 all hearts, seat 3 all spades
    hand = make_hand(CLASSIC, {1: " ".join(r + "D" for r in "23456789TJQKA"),
                               2: " ".join(r + "H" for r in "23456789TJQKA")})
    assert [len(names(h)) for h in hand.hands] == [13] * 4
    play(hand, "2C")
    assert len(names(hand.legal())) == 13          # seat 1: any diamond
    play(hand, "AD")
    assert len(names(hand.legal())) == 13          # seat 2 bleeds: any heart
    play(hand, "AH")
    assert hand.hearts_broken                      # a heart discarded on the first trick breaks hearts
    assert "QS" not in names(hand.legal())         # seat 3 holds other spades: no Q♠
    assert len(names(hand.legal())) == 12
    play(hand, "AS")
    assert hand.taken_points() == [1, 0, 0, 0]     # the 2C takes it: off-suit aces never win
    assert hand.to_act() == [0]


def test_first_trick_with_twelve_hearts_and_the_queen() -> None:
    hand = make_hand(CLASSIC, {2: " ".join(r + "H" for r in "3456789TJQKA") + " QS",
                               3: "2H " + " ".join(r + "S" for r in "23456789TJKA")})
    play(hand, "2C 2D")
    assert names(hand.legal()) == names(hand.hands[2])  # "nur Herz und die Pik Dame": anything
    play(hand, "QS")
    assert not hand.hearts_broken                      # Q♠ does not break hearts by default
    assert "2H" not in names(hand.legal())              # seat 3 has spades: no heart
    play(hand, "AS")
    assert hand.taken_points() == [13, 0, 0, 0]


def test_points_on_first_trick_in_a_hand() -> None:
    no_clubs = "2D 3D 4D 5D 6D 7D 8D 2H 3H 4H 5H QS AS"
    hand = make_hand(CLASSIC, {0: "2C", 1: no_clubs})
    play(hand, "2C")
    assert names(hand.legal()) == ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "AS"]
    with pytest.raises(HeartsError) as info:
        hand.play(parse_card("QS"))
    assert info.value.code == "illegal_play" and "first trick" in info.value.message

    hand = make_hand(Rules(points_on_first_trick=True), {0: "2C", 1: no_clubs})
    play(hand, "2C")
    assert names(hand.legal()) == no_clubs.split()
    play(hand, "QS 9D 2S")
    assert hand.taken_points() == [13, 0, 0, 0]  # seat 0 holds every club, so its 2C takes Q♠


# -- leading hearts ------------------------------------------------------------------------

def test_hearts_may_not_be_led_until_broken() -> None:
    # 001 rule 5, 002: "Ausspielen darfst du jede Farbe außer Herz. Herz ist erst erlaubt, wenn es gebrochen ist"
    assert legal(CLASSIC, "3C AH KH", LEAD, False, False) == ["3C"]
    assert legal(CLASSIC, "3C AH KH", LEAD, False, True) == ["3C", "KH", "AH"]


def test_only_hearts_may_lead_hearts() -> None:
    # 002: "Hast du nur noch Herz auf der Hand, darfst du Herz auch vorher ausspielen."
    assert legal(CLASSIC, "2H AH KH", LEAD, False, False) == ["2H", "KH", "AH"]


@pytest.mark.parametrize("qs_breaks_hearts", [False, True])
def test_hearts_and_the_queen_must_lead_the_queen(qs_breaks_hearts: bool) -> None:
    # 002/004: Q♠ may be led any time; with hearts unbroken a hand of hearts + Q♠ has only Q♠ to lead
    rules = Rules(qs_breaks_hearts=qs_breaks_hearts)
    assert legal(rules, "2H 9H QS", LEAD, False, False) == ["QS"]
    assert legal(rules, "2H 9H QS 3D", LEAD, False, False) == ["3D", "QS"]


def test_what_breaks_hearts() -> None:
    on, off = Rules(qs_breaks_hearts=True), Rules()
    for c in cards("2H TH AH"):
        assert breaks_hearts(on, c) and breaks_hearts(off, c)
    assert breaks_hearts(on, parse_card("QS")) and not breaks_hearts(off, parse_card("QS"))
    for c in cards("2C KS AS JD"):
        assert not breaks_hearts(on, c) and not breaks_hearts(off, c)


# Anna, Ben, Cem and Dana sit in this order (seats 0..3) -- the example of seed 002.
EXAMPLE_002 = {
    0: "2C 5C 8C 9C 2D 3D 4D 5D 6D 7D QH KH AH",
    1: "TC JC KC AC 8D 9D TD 2S 3S 4S 5S 6S 7S",
    2: "3C 6C QC JD QD KD AD JH 8S 9S TS JS AS",
    3: "4C 7C 2H 3H 4H 5H 6H 7H 8H 9H TH QS KS",
}


def example_after_third_trick(rules: Rules) -> Hand:
    hand = make_hand(rules, EXAMPLE_002)
    assert [len(names(h)) for h in hand.hands] == [13] * 4  # the deal is exactly the one written
    play(hand, "2C AC 3C 4C")   # Ben takes the first trick
    play(hand, "KC 6C 7C 8C")   # and the second
    # 002: "Im dritten Stich spielt Ben die Karo 9 aus, Cem bedient mit dem Karo König. Dana hat kein
    # Karo mehr und wirft die Pik Dame ab, Anna bedient mit der Karo 4."
    play(hand, "9D KD")
    assert names(hand.legal()) == names(hand.hands[3])  # Dana is void in diamonds: any card
    play(hand, "QS 4D")
    return hand


def test_seed_002_example_trick() -> None:
    hand = example_after_third_trick(CLASSIC)
    # "Cems König ist die höchste Karo, also nimmt er den Stich samt Pik Dame – 13 Punkte für ihn.
    # Er spielt als Nächster aus; Herz ist noch nicht gebrochen."
    assert hand.taken_points() == [0, 0, 13, 0]
    assert hand.to_act() == [2]
    assert not hand.hearts_broken
    assert "JH" not in names(hand.legal())


def test_hearts_broken_by_a_discard() -> None:
    # 000: Herz führen erst, "wenn im selben Spiel schon einmal mangels der passenden Farbe Herz abgeworfen wurde"
    hand = example_after_third_trick(CLASSIC)
    play(hand, "QC")
    assert "2H" in names(hand.legal())          # Dana has no club left
    play(hand, "2H")
    assert hand.hearts_broken
    play(hand, "9C JC")
    assert hand.to_act() == [2] and hand.taken_points() == [0, 0, 14, 0]
    assert "JH" in names(hand.legal())          # Cem may lead hearts now


def test_queen_breaks_hearts_when_the_rule_says_so() -> None:
    # 003 Hausregel "Pik-Dame bricht Herz: Auch die Pik-Dame gibt Herz zum Ausspielen frei."
    hand = example_after_third_trick(Rules(qs_breaks_hearts=True))
    assert hand.hearts_broken
    assert "JH" in names(hand.legal())


def test_leading_hearts_unbroken_is_illegal_in_a_hand() -> None:
    hand = example_after_third_trick(CLASSIC)
    before = snapshot(hand)
    with pytest.raises(HeartsError) as info:
        hand.play(parse_card("JH"))
    assert info.value.code == "illegal_play"
    assert "JH" in info.value.message and "hearts are not broken" in info.value.message
    assert snapshot(hand) == before


def test_not_following_suit_is_illegal_in_a_hand() -> None:
    hand = make_hand(CLASSIC, EXAMPLE_002)
    play(hand, "2C")
    with pytest.raises(HeartsError) as info:
        hand.play(parse_card("2S"))  # Ben holds clubs
    assert info.value.code == "illegal_play" and "follow suit" in info.value.message
    with pytest.raises(HeartsError) as info:
        hand.play(parse_card("QS"))  # not even in Ben's hand
    assert "not in that seat's hand" in info.value.message


# -- who takes the trick -------------------------------------------------------------------

def test_highest_card_of_the_led_suit_takes_the_trick() -> None:
    # 002: "Abgeworfene Karten anderer Farben gewinnen nie, auch kein Ass."
    assert trick_winner(CLUBS, cards("2C AS 3C AH")) == 2
    assert trick_winner(DIAMONDS, cards("9D KD QS 4D")) == 1
    assert trick_winner(HEARTS, cards("2H AC AD AS")) == 0
    assert trick_winner(SPADES, cards("3S 4S 2S")) == 1
    assert trick_winner(CLUBS, cards("5C 4C 3C 2C 6C AH")) == 4  # six players


# -- passing -------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "offset"), [(n, k) for n in (3, 4, 5, 6) for k in range(1, n)])
def test_pass_offset_k_gives_to_seat_i_plus_k(players: int, offset: int) -> None:
    rules = Rules(players=players)
    hand = Hand(rules, deal(rules, 11 + offset), offset)
    given = [sum(1 << c for c in cards_of(h)[:3]) for h in hand.hands]
    for seat in range(players):
        hand.choose_pass(seat, given[seat])
    for seat in range(players):
        receiver = (seat + offset) % players
        assert hand.received[receiver] == given[seat]
        assert hand.hands[receiver] & given[seat] == given[seat]
        assert not hand.hands[seat] & given[seat]
        assert hand.hands[seat].bit_count() == rules.hand_size


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_left_is_the_next_seat_in_play_order(players: int) -> None:
    # 002: "Links ist dabei der nächste Spieler im Uhrzeigersinn, rechts der vorherige"
    rules = Rules(players=players)
    hand = Hand(rules, deal(rules, 4), rules.pass_offset(0))
    assert hand.pass_offset == 1
    for seat in range(players):
        hand.choose_pass(seat, sum(1 << c for c in cards_of(hand.hands[seat])[-3:]))
    leader = hand.to_act()[0]
    hand.play(rules.lead_card)
    after = hand.to_act()[0]
    assert after == (leader + 1) % players
    assert hand.received[after] == hand.passes[leader]  # the next player got the leader's cards
    right = Hand(rules, deal(rules, 4), rules.pass_offset(1))
    assert right.pass_offset == players - 1            # right: the previous seat


def test_passing_is_simultaneous() -> None:
    # 002: "Alle geben gleichzeitig weiter – was du bekommst, siehst du also erst, wenn du deine drei
    # schon abgegeben hast." 004: "Du wählst deine drei, bevor du siehst, welche zu dir kommen."
    hand = Hand(CLASSIC, deal(CLASSIC, 3), 1)
    dealt = list(hand.hands)
    for seat in (2, 0, 3):
        hand.choose_pass(seat, sum(1 << c for c in cards_of(hand.hands[seat])[:3]))
        assert hand.hands == dealt and hand.received == [0, 0, 0, 0]
        assert hand.phase == "pass" and hand.legal() == 0
    assert hand.to_act() == [1]
    with pytest.raises(HeartsError) as info:
        hand.play(CLASSIC.lead_card)
    assert info.value.code == "wrong_phase"
    hand.choose_pass(1, sum(1 << c for c in cards_of(hand.hands[1])[:3]))
    assert hand.phase == "play" and hand.hands != dealt


def test_bad_passes_are_errors_that_change_nothing() -> None:
    hand = Hand(CLASSIC, deal(CLASSIC, 0), 2)
    hand.choose_pass(1, mask("3C 6C 7C"))  # seat 1 of deal 0 holds these
    before = snapshot(hand)
    cases = [
        (0, mask("2C 8C 3C"), "bad_pass", "3C"),        # 3C is seat 1's card
        (0, mask("2C 8C"), "bad_pass", "3"),            # too few
        (0, mask("2C 8C TC JC"), "bad_pass", "3"),      # too many
        (1, mask("9C 6D JD"), "wrong_phase", "already"),  # seat 1 has passed
        (4, mask("2C 8C TC"), "bad_seat", "4"),
    ]
    for seat, given, code, named in cases:
        with pytest.raises(HeartsError) as info:
            hand.choose_pass(seat, given)
        assert info.value.code == code and named in info.value.message
        assert snapshot(hand) == before


def test_no_passing_in_the_play_phase_or_a_no_pass_hand() -> None:
    hand = Hand(CLASSIC, deal(CLASSIC, 0), 0)
    assert hand.phase == "play"
    with pytest.raises(HeartsError) as info:
        hand.choose_pass(0, mask("2C 8C TC"))
    assert info.value.code == "wrong_phase"


def test_pass_count_variant() -> None:
    rules = Rules(pass_count=1, passing="left")
    hand = Hand(rules, deal(rules, 0), 1)
    with pytest.raises(HeartsError):
        hand.choose_pass(0, mask("2C 8C TC"))
    for seat in range(4):
        hand.choose_pass(seat, 1 << cards_of(hand.hands[seat])[0])
    assert hand.phase == "play"


# -- undo, copy, the end of a hand ---------------------------------------------------------

def test_undo_restores_exact_states_through_passes_and_plays() -> None:
    hand = Hand(CLASSIC, deal(CLASSIC, 8), 3)
    states = [snapshot(hand)]
    choices: list[tuple[str, int, int]] = []
    for seat in (3, 1, 0, 2):
        given = sum(1 << c for c in cards_of(hand.hands[seat])[-3:])
        hand.choose_pass(seat, given)
        choices.append(("pass", seat, given))
        states.append(snapshot(hand))
    for _ in range(9):  # two full tricks and one card
        seat, c = hand.to_act()[0], cards_of(hand.legal())[-1]
        hand.play(c)
        choices.append(("play", seat, c))
        states.append(snapshot(hand))
    states.pop()
    while choices:
        assert hand.undo() == choices.pop()
        assert snapshot(hand) == states.pop()
    with pytest.raises(HeartsError) as info:
        hand.undo()
    assert info.value.code == "nothing_to_undo"


def test_copy_is_independent() -> None:
    hand = Hand(CLASSIC, deal(CLASSIC, 2))
    before = snapshot(hand)
    other = hand.copy()
    assert snapshot(other) == before
    other.play(CLASSIC.lead_card)
    assert snapshot(hand) == before and snapshot(other) != before


def test_a_hand_ends_after_the_last_trick() -> None:
    rules = preset("five-players")
    hand = Hand(rules, make_deal(rules, {}))
    while hand.phase == "play":
        hand.play(cards_of(hand.legal())[0])
    assert sum(hand.tricks) == rules.hand_size and hand.hands == [0] * 5
    assert hand.to_act() == [] and hand.legal() == 0
    assert hand.score() is not None
    with pytest.raises(HeartsError) as info:
        hand.play(0)
    assert info.value.code == "wrong_phase"
    with pytest.raises(HeartsError) as info:
        hand.choose_pass(0, 7)
    assert info.value.code == "wrong_phase"


@pytest.mark.parametrize(("players", "size"), [(3, 17), (4, 13), (5, 10), (6, 8)])
def test_a_trick_has_one_card_per_seat(players: int, size: int) -> None:
    rules = Rules(players=players)
    hand = Hand(rules, deal(rules, 9))
    for _ in range(players - 1):
        hand.play(cards_of(hand.legal())[0])
        assert hand.trick_number == 0 and len(hand.trick) > 0
    hand.play(cards_of(hand.legal())[0])
    assert hand.trick_number == 1 and hand.trick == [] and sum(hand.tricks) == 1
    assert all(h.bit_count() == size - 1 for h in hand.hands)


def test_deal_must_fit_the_rules() -> None:
    with pytest.raises(HeartsError) as info:
        Hand(CLASSIC, deal(CLASSIC, 0)[:3])
    assert info.value.code == "bad_deal"
    hands = deal(CLASSIC, 0)
    hands[0], hands[1] = hands[0] | hands[1] & -hands[1], hands[1] & (hands[1] - 1)
    with pytest.raises(HeartsError) as info:
        Hand(CLASSIC, hands)
    assert info.value.code == "bad_deal" and "seat 0 holds 14" in info.value.message
    with pytest.raises(HeartsError) as info:
        Hand(CLASSIC, deal(CLASSIC, 0), pass_offset=4)
    assert info.value.code == "bad_record" and "pass_offset" in info.value.message


# -- why a card is refused: one code per rule ------------------------------------------------

@pytest.mark.parametrize(("hand", "trick", "trick_number", "card", "expected"), [
    ("2C 3C AH", "", 0, "4C", ("not_in_hand", {"card": "4C"})),
    ("2C 3C AH", "", 0, "3C", ("must_lead_card", {"card": "2C"})),
    ("2C 3C AH", "1:5C", 1, "AH", ("must_follow", {"suit": "C"})),
    ("2D QS AH", "1:5C", 0, "QS", ("no_points_first_trick", {})),
    ("2D AH", "", 3, "AH", ("hearts_not_broken", {})),
])
def test_illegal_reason_names_the_rule(hand: str, trick: str, trick_number: int, card: str,
                                       expected: tuple[str, dict[str, str]]) -> None:
    cards = mask_of(parse_card(c) for c in hand.split())
    played = [(int(t.split(":")[0]), parse_card(t.split(":")[1])) for t in trick.split()]
    assert not legal_moves(Rules(), cards, played[0][1] // 13 if played else -1, trick_number == 0,
                           False) >> parse_card(card) & 1
    assert illegal_reason(Rules(), cards, played, trick_number, parse_card(card)) == expected
