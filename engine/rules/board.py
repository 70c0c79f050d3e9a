"""Board queries over the plain game state: control, presence, SP counts.

Kept as free functions over (data, state) so the hot path stays lean.
"""

from __future__ import annotations

from dof.engine.rules.protocols import RulesGame


def opponent(side: str) -> str:
    return "communist" if side == "democrat" else "democrat"


def phasing(game: RulesGame) -> str:
    """The phasing player (4.5.2), whose action round it is."""
    side = game.state["phasing"]
    assert side is not None, "no action round is being played"
    return side


def controls(stability: int, own: int, other: int) -> bool:
    """2.1.7: a side controls a space when its SPs exceed the opponent's by at
    least the space's stability number (equality counts, see rulings R2)."""
    return own - other >= stability


def controller(game: RulesGame, space: int) -> str | None:
    """Who controls ``space`` now (2.1.7), or None."""
    d = game.state["sp"]["democrat"][space]
    c = game.state["sp"]["communist"][space]
    stab = game.stability[space]
    if controls(stab, d, c):
        return "democrat"
    if controls(stab, c, d):
        return "communist"
    return None


def controlled_spaces(game: RulesGame, side: str, spaces) -> list[int]:
    """The spaces among ``spaces`` that ``side`` controls (2.1.7). Asked of
    every space at each SP placed (6.1.3), so only where he has more SPs,
    every stability being at least 1, is control weighed."""
    own = game.state["sp"][side]
    other = game.state["sp"][opponent(side)]
    stab = game.stability
    return [s for s in spaces if own[s] > other[s] and controls(stab[s], own[s], other[s])]
