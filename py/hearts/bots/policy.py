"""The card-play and passing heuristics of the *normal* level, on bitmasks.

The same functions drive the strong bot's playouts, so they read only what the
deciding seat may know: its own hand plus the public :class:`Table` (cards gone,
cards taken, shown voids, the trick). They never look at another seat's hand,
so a playout in a sampled world is a fair rehearsal, not a clairvoyant one.

The ideas, in the order a careful club player applies them:

- Q♠ (and every other burden, :mod:`.points`: K♠ and A♠ in Black Maria): keep it
  behind low spades, never lead spades while holding it, drop it under A♠/K♠ or on a
  void; without it, lead low spades to drive it out, and get rid of A♠/K♠ while it is
  still out.
- Duck: follow with the highest card that still loses the trick; when every card
  wins, take it high if it is cheap, low if points may fall on it.
- Lead from the suit where the lowest card is least likely to win.
- Discard the card most likely to win a trick later (high hearts first).
- Moon: a seat that has taken every point so far and enough of them is a threat:
  nobody feeds it points, and whoever can takes a heart from it. A seat in that
  position itself, one whose hand fits a moon (:func:`moon_strength`, while
  nobody else has points), or one told to try (plan ``SHOOT``) plays to take
  every trick.
- Partners (``teams``): a seat plays for its side. Points on the partner's trick cost as
  much as on one's own, so no burden goes under the partner's winning card or onto its
  trick while another card will do, and the −10 card goes there first. A moon by the
  partner is the side's best hand (with teams every seat but the shooter gets the moon's
  value, the partner too: the other side gets it twice), so nobody stops it.

The thresholds and weights read the rules' points (:mod:`.points`); with the classic points
they are the numbers below.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import (
    DIAMONDS,
    HEART_MASK,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    cards_of,
    highest,
    lowest,
    mask_of,
)
from ..game import trick_winner
from ..rules import Rules
from ..view import SeatView
from .points import Points, points_of

__all__ = ["Table", "Style", "STYLE", "AUTO", "SHOOT", "NO_MOON", "Why", "choose_play", "explain_play",
           "choose_pass", "explain_pass", "voided_suit", "pass_danger", "moon_taker", "moon_threat_of", "moon_strength",
           "moon_pass", "shooting", "stop_moon", "table_of", "SPADE_GUARDS", "play_rule", "SEARCH_STYLE"]

_QS = 1 << QUEEN_OF_SPADES
_JD = 1 << JACK_OF_DIAMONDS
_SPADES = SUIT_MASKS[SPADES]
_CLUBS, _DIAMONDS = SUIT_MASKS[0], SUIT_MASKS[DIAMONDS]
SPADE_GUARDS = 3  # low spades that keep Q♠ (and A♠/K♠) safe in hand: with fewer, pass them


@dataclass(frozen=True)
class Style:
    """The heuristics' weights (the defaults are the normal level; benchmarks try others)."""

    # Moon thresholds in "moon points" (:mod:`.points`: with classic points, hearts taken plus 5 for
    # Q♠; the rules' ``moon_scale`` multiplies every threshold). A lone taker with moon_threat of them
    # is worth stopping; with moon_go it goes on for the moon itself.
    moon_threat: int = 5
    moon_go: int = 12
    flush_queen: float = 6.0      # how much a low spade lead is preferred while Q♠ is out
    heart_discard: float = 3.0    # how much a heart is preferred as a discard
    cheap_win_high: bool = True   # win a pointless trick with the highest card when nobody can dump on it
    last_shed: int = 2            # last on a pointless trick, win it to shed: 0 never, 1 A♠/K♠ (Q♠ out), 2 any
    # Plan a moon only with a clearly fitting hand: lower thresholds make the bots shoot far more often
    # than people do, and a bot that keeps trying for the moon is no fun to play against.
    moon_start: int = 17          # try for the moon when moon_strength reaches this (0: only past moon_go)
    moon_pass: int = 15           # pass the lowest cards when moon_strength reaches this (0: never)
    # Under a would-be shooter it cannot beat, play low (keep the high card that may take a trick from it
    # later), and with nothing but hearts to discard on its trick give the lowest. The search's playouts
    # leave it out (:data:`SEARCH_STYLE`).
    moon_keep: bool = True


STYLE = Style()
# The heuristics as the search's playouts play them: without ``moon_keep``. With it, every defender in a
# playout kept its stopper, so a searching seat counted on the others to stop a moon and let more through
# (a scripted seeker's attempts stopped by three strong bots: 78.8 % with it, 83.4 % without).
SEARCH_STYLE = Style(moon_keep=False)

# A seat's moon plan in :func:`choose_play`.
AUTO, SHOOT, NO_MOON = 0, 1, -1

# A card (or set of cards) with the code of the rule that chose it (the hint's reason names the rule).
Why = tuple[int, str]


class Table:
    """What every seat can see: cards gone, taken and shown voids, and the trick in progress.

    The trick's winning card so far, its seat and the trick's cards as a set are kept beside the
    trick (``top``, ``top_seat``, ``trick_cards``): a playout asks for them at nearly every card, and
    whoever adds a card to ``trick`` keeps them up to date (:meth:`Position.play_out
    <hearts.bots.search.playout.Position.play_out>`), so nobody recomputes the winner per play.
    """

    __slots__ = ("rules", "players", "deck", "gone", "taken", "voids", "trick", "leader", "top", "top_seat",
                 "trick_cards", "hearts_broken", "first_trick", "penalty", "pts", "bonus", "partner", "moon_scale",
                 "moon_threat", "moon_go", "moon_start", "strength_cap", "moon_off", "moon", "moon_shared", "style")

    def __init__(self, rules: Rules, gone: int, taken: list[int], voids: list[int],
                 trick: list[int], leader: int, hearts_broken: bool, first_trick: bool,
                 style: Style = STYLE) -> None:
        self.rules = rules
        self.players = rules.players
        self.deck = rules.deck
        self.gone = gone                    # every card played, the current trick included
        self.taken = taken                  # per seat: cards taken in tricks
        self.voids = voids                  # per seat: bit s set once it has shown void in suit s
        self.trick = trick                  # cards of the trick in progress, in play order
        self.leader = leader                # seat that led it
        win = trick_winner(trick[0] // 13, trick) if trick else -1
        self.top = trick[win] if trick else -1                   # the card winning it so far (-1: no trick)
        self.top_seat = (leader + win) % self.players if trick else -1
        self.trick_cards = mask_of(trick)
        self.hearts_broken = hearts_broken
        self.first_trick = first_trick
        self.penalty = rules.penalty_cards
        pts = self.pts = points_of(rules)
        # Rule facts read at nearly every card, kept here to spare the lookups through ``rules``.
        self.bonus = pts.bonus             # the −10 card as a set, 0 without
        self.partner = pts.partner         # seats to the partner, 0 without teams
        scale = self.moon_scale = pts.moon_scale   # multiplies the style's moon thresholds
        self.moon_threat = style.moon_threat * scale if scale != 1 else style.moon_threat
        self.moon_go = style.moon_go * scale if scale != 1 else style.moon_go
        self.moon_start = style.moon_start * scale if scale != 1 else style.moon_start
        self.strength_cap = pts.strength_cap   # the most one card adds to :func:`moon_strength`
        self.moon_off = rules.moon == "off"
        self.moon = moon_taker(self)
        # Once two seats have points nobody can shoot: it stays so, and :meth:`add_trick` knows it at once.
        self.moon_shared = sum(1 for m in taken if m & self.penalty) > 1
        self.style = style

    def copy(self) -> Table:
        new = Table.__new__(Table)
        new.rules, new.players, new.deck, new.gone, new.leader = self.rules, self.players, self.deck, self.gone, \
            self.leader
        new.taken, new.voids, new.trick = self.taken.copy(), self.voids.copy(), self.trick.copy()
        new.top, new.top_seat, new.trick_cards = self.top, self.top_seat, self.trick_cards
        new.hearts_broken, new.first_trick = self.hearts_broken, self.first_trick
        new.penalty, new.moon_off, new.moon, new.style = self.penalty, self.moon_off, self.moon, self.style
        new.pts, new.bonus, new.partner, new.moon_scale = self.pts, self.bonus, self.partner, self.moon_scale
        new.moon_threat, new.moon_go, new.moon_start = self.moon_threat, self.moon_go, self.moon_start
        new.strength_cap = self.strength_cap
        new.moon_shared = self.moon_shared
        return new

    def add_trick(self, winner: int, cards: int) -> None:
        """``winner`` takes ``cards``; :attr:`moon` follows (as :func:`moon_taker` would say, without the count)."""
        got = self.taken[winner] = self.taken[winner] | cards
        if cards & self.penalty and not self.moon_shared and not self.moon_off:
            if self.moon[0] in (-1, winner):  # nobody else has points: the winner alone has them
                self.moon = winner, self.pts.moon_points(got)
            else:
                self.moon, self.moon_shared = (-1, 0), True


def table_of(view: SeatView, style: Style = STYLE) -> Table:
    """The public part of a view, as the heuristics read it."""
    leader = view.trick[0][0] if view.trick else view.seat
    return Table(view.rules, view.played, list(view.taken), list(view.voids),
                 [c for _, c in view.trick], leader, view.hearts_broken, view.trick_number == 0, style)


def moon_taker(t: Table) -> tuple[int, float]:
    """The only seat that has taken penalty cards so far and its moon points (-1, 0 when none or several)."""
    if t.moon_off:
        return -1, 0
    seat = -1
    penalty = t.penalty
    for s, m in enumerate(t.taken):
        if m & penalty:
            if seat >= 0:
                return -1, 0
            seat = s
    if seat < 0:
        return -1, 0
    return seat, t.pts.moon_points(t.taken[seat])


def shooting(t: Table, me: int, hand: int, unseen: int, plan: int = AUTO) -> bool:
    """Whether seat ``me`` plays for the moon now: told to (``SHOOT``), or (``AUTO``) it has taken
    enough points alone or its hand fits; never once another seat has taken points."""
    taker, points = t.moon
    if taker not in (-1, me) or plan == NO_MOON or t.moon_off:
        return False
    if plan == SHOOT or taker == me and points >= t.moon_go:
        return True
    start = t.moon_start
    points = points if taker == me else 0
    # A card adds at most ``strength_cap`` to the strength (a sure heart): late in a hand that settles it
    # without counting.
    return bool(start) and t.strength_cap * hand.bit_count() + points >= start and \
        moon_strength(hand, unseen, t.pts) + points >= start


def choose_play(t: Table, me: int, hand: int, legal: int, plan: int = AUTO) -> int:
    """The heuristic's card for seat ``me`` holding ``hand`` (``legal`` ⊆ hand, non-empty);
    ``plan``: ``AUTO`` (the heuristics decide about a moon), ``SHOOT`` or ``NO_MOON``."""
    return play_rule(t, me, hand, legal, plan)[0]


def explain_play(t: Table, me: int, hand: int, legal: int, plan: int = AUTO) -> Why:
    """:func:`choose_play`'s card with the code of the rule that chose it."""
    card, why = play_rule(t, me, hand, legal, plan)
    if why == _LEAD:
        why = _lead_why(t, hand, card, t.rules.deck & ~t.gone & ~hand)
    return card, why


_LEAD = "lead"  # :func:`play_rule`'s code for a lead: which term made it is worked out only when asked


def play_rule(t: Table, me: int, hand: int, legal: int, plan: int) -> Why:
    """:func:`choose_play`'s card and the rule that chose it (``"lead"`` for any lead: the playouts call
    this directly, a call less per card, and never read the code)."""
    if not legal & (legal - 1):
        return lowest(legal), "only_card"
    unseen = t.deck ^ t.gone ^ hand  # = deck & ~gone & ~hand: the hand and the cards gone are apart
    if t.moon[0] in (-1, me):  # no other seat has points: our own moon is the one that may matter
        if shooting(t, me, hand, unseen, plan):
            return _moon_play(t, hand, legal, unseen), "moon_shoot"
    else:  # another seat has points: maybe a moon to stop
        threat = _threat(t, me, t.moon_threat)
        if threat >= 0:
            stop = stop_moon(t, legal, unseen, threat)
            if stop[0] >= 0:
                return stop
    if not t.trick:
        return _lead(t, me, hand, legal, unseen), _LEAD
    lead_suit = t.top // 13
    if legal & SUIT_MASKS[lead_suit]:
        return _follow(t, me, legal, unseen, lead_suit)
    return _discard(t, me, legal, unseen)


def moon_threat_of(t: Table, me: int, least: int) -> int:
    """The other seat that alone has taken points, at least ``least`` moon points of them (in classic
    moon points: scaled by the rules' ``moon_scale``); else -1. Never the partner: its moon is the side's."""
    return _threat(t, me, least * t.moon_scale)


def _threat(t: Table, me: int, least: float) -> int:
    """:func:`moon_threat_of` with ``least`` in the rules' own moon points."""
    taker, points = t.moon
    if taker in (-1, me) or points < least:
        return -1
    return -1 if t.partner and taker == (me + t.partner) % t.players else taker


def stop_moon(t: Table, legal: int, unseen: int, threat: int) -> Why:
    """Against a seat heading for a moon: lead the top heart, take a trick with points (or a heart
    trick) from it, play low under it, feed it nothing or, with nothing but hearts to discard, the
    lowest one. (-1, "") when none of these applies."""
    if not t.trick:
        if legal & HEART_MASK:
            top = highest(legal & HEART_MASK)
            if not unseen & HEART_MASK & ~((2 << top) - 1):
                return top, "stop_moon_lead_heart"  # the top heart left wins: one heart off the would-be shooter
        return -1, ""
    suit = t.top // 13
    if t.top_seat != threat:
        return -1, ""
    if legal & SUIT_MASKS[suit]:
        over = legal & ~((1 << t.top) - 1)
        if over and (t.trick_cards & t.penalty or suit == HEARTS):
            return highest(over), "stop_moon_take"  # take the points from the would-be shooter
        if not over and t.style.moon_keep:
            return lowest(legal), "stop_moon_keep"  # keep the high cards: one of them may win a trick with points later
        return -1, ""
    if legal & ~t.penalty:
        return _most_dangerous(t, legal & ~t.penalty, unseen), "stop_moon_no_feed"  # feed it nothing
    if legal & HEART_MASK and t.style.moon_keep:
        return lowest(legal & HEART_MASK), "stop_moon_keep"  # a high heart kept may take a heart trick from it
    return -1, ""


def moon_strength(hand: int, unseen: int, pts: Points | None = None) -> float:
    """How well a hand fits a moon: two for each sure winner (above every unseen card of its suit),
    one for each heart (with the rules' ``pts``, each heart its moon points: one each with classic points)."""
    # Per suit, the cards above the highest unseen one (all of them if none is unseen), written out
    # suit by suit: every playout asks this for nearly every card played. Two disjoint sets of one
    # suit compare as their highest cards do, so ``h > u`` says at once whether the suit has any.
    c, uc = hand & _CLUBS, unseen & _CLUBS
    d, ud = hand & _DIAMONDS, unseen & _DIAMONDS
    h, uh = hand & HEART_MASK, unseen & HEART_MASK
    s, us = hand & _SPADES, unseen & _SPADES
    sure = 0
    if c > uc:
        sure += (c >> uc.bit_length()).bit_count()
    if d > ud:
        sure += (d >> ud.bit_length()).bit_count()
    if h > uh:
        sure += (h >> uh.bit_length()).bit_count()
    if s > us:
        sure += (s >> us.bit_length()).bit_count()
    return (h.bit_count() if pts is None or pts.by_count else pts.heart_strength(h)) + 2 * sure


# -- leading ---------------------------------------------------------------------------------


def _lead(t: Table, me: int, hand: int, legal: int, unseen: int) -> int:
    best_card, best_risk = -1, 1e9
    voids = 0  # the suits in which some other seat has shown void
    if any(t.voids):  # none early in a hand: one look at them all
        for s, v in enumerate(t.voids):
            if s != me:
                voids |= v
    heavy_suits = t.pts.heavy_suits
    for suit, mask in enumerate(SUIT_MASKS):
        cards = legal & mask
        if cards:
            card = (cards & -cards).bit_length() - 1  # the lowest
            risk = _lead_risk(t, hand, card, unseen, voids, suit, mask, heavy_suits[suit])
            if risk < best_risk:
                best_card, best_risk = card, risk
    return best_card


def _lead_why(t: Table, hand: int, card: int, unseen: int) -> str:
    """Which term of :func:`_lead_risk` made ``card`` the lead."""
    suit = card // 13
    out = unseen & SUIT_MASKS[suit]
    if not out:
        return "lead_no_one_follows"
    if _lead_flushes(t.pts, hand, unseen, suit):
        return "lead_flush_queen" if unseen & t.pts.heavy_suits[suit] == _QS else "lead_flush_points"
    if not out & ~((2 << card) - 1):
        return "lead_winner"
    return "lead_safest"


def _lead_flushes(pts: Points, hand: int, unseen: int, suit: int) -> bool:
    """A low lead of ``suit`` drives its burdens out (Q♠; K♠ A♠ too in Black Maria): one is out, and we
    hold none of them nor a card they could land on (A♠/K♠ above Q♠)."""
    burdens = pts.heavy_suits[suit]
    return bool(unseen & burdens) and not hand & (burdens | pts.exposed & SUIT_MASKS[suit])


def _lead_risk(t: Table, hand: int, card: int, unseen: int, voids: int, suit: int, mask: int,
               burdens: int) -> float:
    """How bad leading ``card`` (the lowest of its ``suit`` in hand; ``mask``: the suit's cards, ``burdens``:
    its burdens) looks: lower is better. ``voids``: the suits in which some other seat has shown void."""
    out = unseen & mask
    if not out:
        return 60.0  # nobody can follow: the lead wins and every void may dump points on it
    total = out.bit_count()
    lower = (out & ((1 << card) - 1)).bit_count()
    higher = total - lower
    risk = 10.0 * lower / total if higher else 40.0
    risk += 0.3 * (hand & mask).bit_count()  # short suits first: voids come sooner
    if burdens:  # spades: Q♠, and K♠ A♠ in Black Maria
        if hand & burdens:
            risk += 30.0  # never lead spades into one's own Q♠
        elif unseen & burdens and not hand & t.pts.exposed & mask:  # :func:`_lead_flushes`
            risk -= t.style.flush_queen  # low spades drive the queen out
        elif unseen & burdens:
            risk += 20.0  # holding A♠/K♠, a spade lead invites the queen onto them
    if higher and voids >> suit & 1:
        risk += 2.0 * lower / total  # a void will dump points on whoever wins
    return risk


# -- following suit --------------------------------------------------------------------------


def _follow(t: Table, me: int, legal: int, unseen: int, suit: int) -> Why:
    under = legal & ((1 << t.top) - 1)
    over = legal & ~under
    played = len(t.trick)
    last = played == t.players - 1
    trick_mask = t.trick_cards
    pts = t.pts
    points = t.rules.card_points(trick_mask) if trick_mask & pts.scoring else 0
    bonus = t.bonus
    if bonus and suit == DIAMONDS:  # the −10 card is a diamond (J♦ or 10♦)
        jack = _bonus_follow(legal, under, over, trick_mask, points, last, bonus)
        if jack[0] >= 0:
            return jack
    if t.first_trick and pts.first_trick_safe:
        return legal.bit_length() - 1, "first_trick_high"  # nothing can hurt on the first trick: shed the highest
    heavy = pts.heavy
    safe_over = over & ~heavy or over
    if under and last and safe_over and points <= 0 and _free_shed(t, suit, safe_over, unseen):
        return highest(safe_over), "shed_on_free_trick"  # last on a pointless trick: win it to get rid of a burden
    if under:
        card = under.bit_length() - 1  # the highest card that still loses (Q♠ under A♠/K♠ included)
        if 1 << card & heavy:
            if t.partner and t.top_seat == (me + t.partner) % t.players and under & ~heavy:
                return highest(under & ~heavy), "spare_partner"  # no burden onto the partner's trick
            return card, "drop_queen_under" if card == QUEEN_OF_SPADES else "drop_points_under"
        return card, "duck"
    if last:
        return safe_over.bit_length() - 1, "last_must_win"
    if t.style.cheap_win_high and points <= 0 and suit != HEARTS and not unseen & pts.heavy_suits[suit]:
        n, voids = t.players, t.voids
        for k in range(1, n - played):
            if voids[(me + k) % n] >> suit & 1:
                break  # a seat still to play may dump points on it
        else:
            return safe_over.bit_length() - 1, "cheap_win_high"  # a cheap trick: win it with a later burden
    return (safe_over & -safe_over).bit_length() - 1, "must_win_low"


def _free_shed(t: Table, suit: int, over: int, unseen: int) -> bool:
    """Whether winning a pointless trick as last player is worth it to shed a high card: in spades an
    exposed card (A♠/K♠) while a burden (Q♠) is out that could land on it."""
    mode = t.style.last_shed
    burdens = t.pts.heavy_suits[suit]
    if burdens:
        return mode >= 1 and bool(over & t.pts.exposed and unseen & burdens)
    return mode >= 2 and suit != HEARTS


# The −10 card's rules by the card's name: J♦ keeps its codes, the 10♦ of omnibus-10d has its own.
_BONUS_WHY = {True: ("jack_take", "jack_win", "jack_keep"), False: ("bonus_take", "bonus_win", "bonus_keep")}


def _bonus_follow(legal: int, under: int, over: int, trick_mask: int, points: int, last: bool, bonus: int) -> Why:
    """With the −10 card (J♦ or 10♦, the set ``bonus``) in diamonds: win a trick holding it cheaply, and win
    with the card itself when it is safe."""
    take, win, keep = _BONUS_WHY[bonus == _JD]
    if trick_mask & bonus and over and points < 0:
        return highest(over), take
    if legal & bonus and over & bonus and last and points <= 0:
        return bonus.bit_length() - 1, win
    if legal & bonus and under & bonus and under & ~bonus:
        return highest(under & ~bonus), keep  # keep the card for a trick it can win
    return -1, ""


# -- discarding ------------------------------------------------------------------------------


def _discard(t: Table, me: int, legal: int, unseen: int) -> Why:
    pts = t.pts
    if t.partner and t.top_seat == (me + t.partner) % t.players:
        spare = _spare_partner(t, legal, unseen)
        if spare[0] >= 0:
            return spare
    burdens = legal & pts.heavy
    if burdens:  # Q♠ first (K♠, then A♠, after it in Black Maria): the most points go first
        values = pts.values
        card = max(cards_of(burdens), key=lambda c: (values[c], c)) if burdens & (burdens - 1) else \
            burdens.bit_length() - 1
        return card, "dump_queen" if card == QUEEN_OF_SPADES else "dump_points"
    if legal & pts.exposed:  # A♠/K♠ while Q♠ is out: it could land on them
        exposed = 0
        for burden, mask in zip(pts.heavy_suits, SUIT_MASKS):
            if unseen & burden:
                exposed |= legal & pts.exposed & mask
        if exposed:
            card = highest(exposed)
            return card, "dump_high_spade" if card // 13 == SPADES and unseen & _QS else "discard_danger"
    card = _most_dangerous(t, legal, unseen)
    return card, "dump_heart" if card // 13 == HEARTS else "discard_danger"


def _spare_partner(t: Table, legal: int, unseen: int) -> Why:
    """Discarding on the partner's trick: the −10 card first, then the card that costs the side least
    (one without points, else no burden). (-1, "") when every card costs alike."""
    if legal & t.bonus:
        return t.bonus.bit_length() - 1, "bonus_to_partner"
    for spare in (legal & ~t.pts.positive, legal & ~t.pts.heavy):
        if spare and spare != legal:
            return _most_dangerous(t, spare, unseen), "spare_partner"
    return -1, ""


def _most_dangerous(t: Table, cards: int, unseen: int) -> int:
    """The card most likely to win a trick later: it beats many outstanding cards of its suit.

    Within a suit the highest card is the most dangerous, so only those are compared.
    """
    best_card, best_danger = -1, -1e9
    bonus, heart_discard, guards, heavy_suits = t.bonus, t.style.heart_discard, t.pts.guards, t.pts.heavy_suits
    # The −10 card stays in hand, so a lone diamond beside it makes no void. Without the rule J♦ counts
    # so too: the classic heuristics, and the strength measured with them, are built on it.
    kept = bonus or _JD
    for suit, mask in enumerate(SUIT_MASKS):
        in_suit = cards & mask
        if not in_suit:
            continue
        if bonus and suit == DIAMONDS and in_suit & bonus:
            in_suit &= ~bonus  # never give away −10 while anything else will do
            if not in_suit:
                if -100.0 > best_danger:
                    best_card, best_danger = bonus.bit_length() - 1, -100.0
                continue
        c = in_suit.bit_length() - 1
        # Whole numbers but for hearts: ints and floats compare exactly, so no conversion is needed.
        danger: float = (unseen & mask & ((1 << c) - 1)).bit_count()
        if suit == HEARTS:
            danger += heart_discard + 0.2 * (c % 13)
        elif 1 << c & guards and not cards & heavy_suits[suit]:
            danger -= 1  # low spades guard against the queen
        if not in_suit & (in_suit - 1) and not (suit == DIAMONDS and cards & kept):
            danger += 1  # the last card of a suit: discarding it makes a void
        if danger > best_danger:
            best_card, best_danger = c, danger
    return best_card


# -- shooting the moon -----------------------------------------------------------------------


def _moon_play(t: Table, hand: int, legal: int, unseen: int) -> int:
    """Take every trick: lead winners, win when possible, shed low non-point cards otherwise."""
    if not t.trick:
        sure = [c for c in cards_of(legal) if not unseen & SUIT_MASKS[c // 13] & ~((2 << c) - 1)]
        if sure:
            hearts = [c for c in sure if c // 13 == HEARTS]
            return max(hearts) if hearts else max(sure, key=lambda c: (c % 13, c))
        longest = max(range(4), key=lambda s: ((legal & SUIT_MASKS[s]).bit_count(), s))
        return highest(legal & SUIT_MASKS[longest])
    top = t.top
    follow = legal & SUIT_MASKS[top // 13]
    if follow:
        over = follow & ~((1 << top) - 1)
        return highest(over) if over else lowest(follow)
    plain = legal & ~t.penalty
    return min(cards_of(plain or legal), key=lambda c: (c % 13, c))


# -- passing ---------------------------------------------------------------------------------


def choose_pass(rules: Rules, hand: int, style: Style = STYLE, to_partner: bool = False) -> int:
    """Pass the dangerous cards: an unguarded Q♠, A♠/K♠ without low spades, a short suit to void, high cards.
    A hand that fits a moon (``style.moon_pass``) passes its lowest cards instead. ``to_partner``: the
    cards go to the partner (:func:`~.points.passes_to_partner`)."""
    return explain_pass(rules, hand, style, to_partner)[0]


def explain_pass(rules: Rules, hand: int, style: Style = STYLE, to_partner: bool = False) -> Why:
    """:func:`choose_pass`'s cards with the code of the first rule that picked some of them.

    A pass to the partner keeps the burdens (Q♠ ...): they cost the side as much in the partner's hand,
    and spades short of guards are no reason to pass there."""
    pts = points_of(rules)
    if style.moon_pass and rules.moon != "off" and \
            moon_strength(hand, rules.deck & ~hand, pts) >= style.moon_pass * pts.moon_scale:
        return moon_pass(rules, hand), "pass_moon"
    k = rules.pass_count
    chosen = 0
    why = ""
    for burdens, mask in zip(pts.heavy_suits, SUIT_MASKS):
        if burdens and not to_partner and (hand & pts.guards & mask).bit_count() < SPADE_GUARDS:
            chosen |= hand & (burdens | pts.exposed) & mask
    if chosen:
        why = "pass_queen" if chosen & _QS else "pass_high_spades" if chosen & _SPADES else "pass_danger"
    if chosen.bit_count() > k:
        chosen = _top(chosen, k)
    void = _void_short_suit(pts, hand & ~chosen, k - chosen.bit_count())
    chosen |= void
    why = why or ("pass_void" if void else "pass_danger")
    rest = hand & ~chosen
    if to_partner and (rest & ~pts.heavy).bit_count() >= k - chosen.bit_count():
        rest &= ~pts.heavy
    while chosen.bit_count() < k:
        c = max(cards_of(rest), key=lambda c: pass_danger(rules, hand, c, pts))
        chosen |= 1 << c
        rest &= ~(1 << c)
    return chosen, why


def moon_pass(rules: Rules, hand: int) -> int:
    """For a moon try: pass the lowest cards that are not hearts (hearts only if there are too few others)."""
    by_rank = sorted(cards_of(hand), key=lambda c: (c // 13 == HEARTS, c % 13, c))
    return mask_of(by_rank[: rules.pass_count])


def _top(cards: int, k: int) -> int:
    out = 0
    for c in sorted(cards_of(cards), reverse=True)[:k]:
        out |= 1 << c
    return out


def _void_short_suit(pts: Points, hand: int, room: int) -> int:
    """All cards of the shortest club or diamond suit, if they fit in ``room`` and none is worth keeping."""
    best = 0
    for suit in (DIAMONDS, 0):
        cards = hand & SUIT_MASKS[suit]
        if cards & pts.bonus:
            continue
        if cards and cards.bit_count() <= room and (not best or cards.bit_count() < best.bit_count()):
            best = cards
    if best and max(c % 13 for c in cards_of(best)) < 7:
        return 0  # only low cards: they are safe to keep, passing high ones helps more
    return best


def voided_suit(hand: int, passed: int) -> int:
    """The suit of ``hand`` that passing ``passed`` leaves it without (``pass_void``'s suit), else -1."""
    return next((s for s in range(4) if hand & SUIT_MASKS[s] and not hand & SUIT_MASKS[s] & ~passed), -1)


def pass_danger(rules: Rules, hand: int, c: int, pts: Points | None = None) -> float:
    """How much passing card ``c`` of ``hand`` helps, as a single card (higher: pass it sooner);
    ``pts``: the rules' :class:`~.points.Points`, when the caller has them at hand."""
    pts = pts or points_of(rules)
    rank = c % 13
    suit = c // 13
    if c == pts.bonus_card:
        return -100.0
    if suit == HEARTS:
        return rank + 1.5
    if 1 << c & pts.guards:
        return rank - 6.0  # low spades are the queen's guards
    if c == QUEEN_OF_SPADES:
        return 9.0
    danger = float(rank) - 0.5 * (hand & SUIT_MASKS[suit]).bit_count()
    # A burden besides Q♠ (K♠, A♠ of Black Maria) goes at least as readily as she does.
    return max(danger, 9.0) if 1 << c & pts.heavy else danger
