"""OpenSpiel's own ISMCTS (C++, PyPI ``open-spiel``) as an opponent in our duplicate arena.

The reference bots of ``reference_bots.py`` are rebuilt on this engine; this module plays
the original: ``pyspiel.ISMCTSBot`` over OpenSpiel's ``hearts`` game, with one random
rollout per simulation (``RandomRolloutEvaluator(1)``), UCT constant 2 and unlimited world
samples, as OpenSpiel's own MCTS example sets them, and the most visited move
(``MAX_VISIT_COUNT``). ``ismcts-os@1000`` in ``bots_variants.py`` is 1,000 simulations a
decision; it also chooses its passes card by card, as OpenSpiel plays them.

Fair by construction: the bot gets one seat's :class:`~hearts.view.SeatView` only. An
OpenSpiel state needs every hand, so the hidden cards are filled in by our sampler (one
deal consistent with the view: voids, passed cards, hand sizes) and the passes the seat
did not see are made up from those hands; the ISMCTS then deals the hidden cards anew
itself (``ResampleFromInfostate``) at every simulation, so the filled-in cards never
reach its search. OpenSpiel's resampling ignores shown voids: its own weakness, kept.

Only the rules OpenSpiel's hearts plays are accepted: four players, no cards removed,
Q♠ 13, three cards passed left, right, across or not at all, Q♠ does not break hearts, no
points on the first trick, moon "others", no sun, no J♦ (``classic`` and ``quick-50``).
Our engine and OpenSpiel's agree on every legal move under these rules; a card OpenSpiel
would refuse raises, it is never played silently.

Install: ``bash tools/setup.sh --bench`` (``pip install --no-deps open-spiel==2.0.2``
into ``.venv``: ``pyspiel`` imports without OpenSpiel's Python dependencies).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts.bots.base import decision_rng  # noqa: E402
from hearts.bots.search.sampler import knowledge_of, sample_deal  # noqa: E402
from hearts.cards import cards_of, mask_of  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.rules import Rules  # noqa: E402
from hearts.view import SeatView  # noqa: E402

__all__ = ["OpenSpielIsmcts", "to_openspiel", "from_openspiel", "check_rules", "openspiel_state"]

_SALT = 0x05C7
UCT_C = 2.0          # OpenSpiel's MCTS example's exploration constant
ROLLOUTS = 1         # random rollouts per simulation (OpenSpiel's example)
# OpenSpiel's hearts parameters that make its rules our classic ones.
GAME_PARAMS = {"qs_breaks_hearts": False, "no_pts_on_first_trick": True, "must_break_hearts": True,
               "can_lead_any_club": False, "can_lead_hearts_instead_of_qs": False,
               "avoid_all_tricks_bonus": False, "jd_bonus": False, "pass_cards": True}


def to_openspiel(card: int) -> int:
    """Our card (suit * 13 + rank, suits C D H S) as OpenSpiel's action (rank * 4 + suit)."""
    return card % 13 * 4 + card // 13


def from_openspiel(action: int) -> int:
    return action % 4 * 13 + action // 4


def check_rules(rules: Rules) -> None:
    """Raise ValueError unless OpenSpiel's hearts plays exactly ``rules``."""
    same = (rules.players == 4 and rules.deck.bit_count() == 52 and rules.queen_points == 13
            and rules.pass_count == 3 and not rules.qs_breaks_hearts and not rules.points_on_first_trick
            and rules.moon == "others" and not rules.sun and not rules.jack_of_diamonds)
    if not same:
        raise ValueError("OpenSpiel's hearts plays only 4 players, full deck, Q♠ 13, pass 3, moon 'others', "
                         "no sun, no J♦, no points on the first trick, Q♠ not breaking hearts")


def _pyspiel() -> Any:
    try:
        return importlib.import_module("pyspiel")  # compiled, without type stubs: used as Any
    except ImportError as e:  # a benchmark dependency only: say how to get it
        raise SystemExit("pyspiel is missing: bash tools/setup.sh --bench") from e


def _passes(view: SeatView, after_exchange: list[int]) -> list[int]:
    """What each seat passed: ours and the one we received as they were; any others made up from the
    receiver's hand after the exchange (our seat never learns them, and OpenSpiel's search deals them anew)."""
    n, k, me = view.players, view.pass_offset, view.seat
    given = [0] * n
    if not k or view.phase == "pass":
        return given
    for s in range(n):
        if s == me:
            given[s] = view.passed
        elif (s + k) % n == me:
            given[s] = view.received
        else:
            given[s] = mask_of(cards_of(after_exchange[(s + k) % n])[:view.rules.pass_count])
    return given


def openspiel_state(game: Any, view: SeatView, rng: SplitMix64) -> Any:
    """An OpenSpiel hearts state at ``view``'s decision, the hidden cards filled in (see the module's text).

    The seats are turned so that ours is OpenSpiel's player 0 (player ``p`` is our seat ``view.seat + p``):
    it passes first, so no pass it could not see comes before its own (OpenSpiel's resampling crashed on
    those), and a pass offset means the same either way."""
    n, k, me = view.players, view.pass_offset, view.seat
    now = sample_deal(knowledge_of(view, infer_queen=False), rng)  # every seat's cards now, ours as they are
    played = [0] * n
    for s, c in view.plays:
        played[s] |= 1 << c
    after_exchange = [h | p for h, p in zip(now, played)]
    given = _passes(view, after_exchange)
    dealt = [(after_exchange[s] & ~given[(s - k) % n]) | given[s] for s in range(n)]
    state = game.new_initial_state()
    state.apply_action(k)  # OpenSpiel's pass direction is our pass offset: 0 none, 1 left, 2 across, 3 right
    order = [cards_of(dealt[(me + p) % n]) for p in range(n)]
    for i in range(view.rules.hand_size):  # OpenSpiel deals card j of the deal to player j % 4
        for p in range(n):
            state.apply_action(to_openspiel(order[p][i]))
    if k and view.phase != "pass":
        for p in range(n):
            for c in cards_of(given[(me + p) % n]):
                _apply(state, p, c)
    for s, c in view.plays:
        _apply(state, (s - me) % n, c)
    return state


def _apply(state: Any, player: int, card: int) -> None:
    action = to_openspiel(card)
    if state.current_player() != player or action not in state.legal_actions():
        raise ValueError(f"OpenSpiel refuses player {player}'s card {card}: the rules differ here")
    state.apply_action(action)


class OpenSpielIsmcts:
    """OpenSpiel's ``ISMCTSBot`` with ``simulations`` per decision (not a time: ``budget_ms`` is taken for the
    arena's bot factories and not read), seeded per decision from the view (its ties still vary from run to
    run, see the tests)."""

    def __init__(self, seed: int = 0, budget_ms: int | None = None, simulations: int = 1000,
                 uct_c: float = UCT_C) -> None:
        self.seed = seed
        self.simulations = simulations
        self.uct_c = uct_c
        self.pyspiel = _pyspiel()
        self.game = self.pyspiel.load_game("hearts", GAME_PARAMS)

    def _bot(self, rng: SplitMix64) -> Any:
        ps = self.pyspiel
        seed = rng.next() & 0x7FFFFFFF
        return ps.ISMCTSBot(seed, ps.RandomRolloutEvaluator(ROLLOUTS, seed), self.uct_c, self.simulations, -1,
                            ps.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)

    def choose_pass(self, view: SeatView) -> int:
        check_rules(view.rules)
        rng = decision_rng(self.seed, view, _SALT)
        state = openspiel_state(self.game, view, rng)
        chosen = 0
        for _ in range(view.rules.pass_count):  # OpenSpiel passes card by card
            action = self._bot(rng).step(state)
            chosen |= 1 << from_openspiel(action)
            state.apply_action(action)
        return chosen

    def choose_play(self, view: SeatView) -> int:
        check_rules(view.rules)
        if not view.legal & (view.legal - 1):
            return view.legal.bit_length() - 1
        rng = decision_rng(self.seed, view, _SALT)
        card = from_openspiel(self._bot(rng).step(openspiel_state(self.game, view, rng)))
        if not view.legal >> card & 1:
            raise ValueError(f"OpenSpiel's ISMCTS chose {card}, not legal here: the rules differ")
        return card
