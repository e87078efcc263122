"""The strong level's search machinery, below the levels and above the engine.

- :mod:`.sampler`: deals of the hidden cards consistent with one seat's knowledge.
- :mod:`.inference`: likely deals, weighed by how well they explain the others' plays.
- :mod:`.playout`: fast playouts of a sampled deal with the heuristics of :mod:`..policy`.
- :mod:`.equity`: the match value of a hand's result.
- :mod:`.budget`: the work a decision may spend (one implementation for every search).
- :mod:`.pimc`: the flat Monte Carlo search over candidate cards, moon plans and passes.

Nothing here imports a level module; the levels (:mod:`..strong`) import from here.
"""
