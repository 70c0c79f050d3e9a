"""Board queries over the plain game state: control, presence, SP counts.

Kept as free functions over (data, state) so the hot path stays lean.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from dof.engine.rules.protocols import RulesGame

#: A country's standing as scoring counts it (9.2-9.3), from :func:`tally`:
#: the spaces the Democrat and the Communist control, the Battlegrounds
#: among each side's, and the Battlegrounds in the country.
Standing = tuple[int, int, int, int, int]


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


def holder(stability: int, dem: int, com: int) -> int:
    """Who controls a space with these SPs (2.1.7): 1 the Democrat, -1 the
    Communist, 0 neither. Only the side with more SPs may control
    (stabilities are at least 1), so ``controls`` is asked only of it."""
    if dem > com:
        return 1 if controls(stability, dem, com) else 0
    if com > dem and controls(stability, com, dem):
        return -1
    return 0


def tally(cells: Iterable[tuple[int, int, int]], dem: Sequence[int], com: Sequence[int],
          gone: Collection[int] = ()) -> Standing:
    """A country's :data:`Standing` with these SPs; ``cells`` are its
    (space, stability, 1 for a Battleground); spaces in ``gone``
    (destroyed) count for nothing. The bots' judgements read it for every
    country at every option they weigh: it must cost little."""
    nd = nc = bd = bc = bgs = 0
    for s, stab, bg in cells:
        if gone and s in gone:
            continue
        bgs += bg
        d, c = dem[s], com[s]
        if d > c:
            if controls(stab, d, c):
                nd += 1
                bd += bg
        elif c > d and controls(stab, c, d):
            nc += 1
            bc += bg
    return nd, nc, bd, bc, bgs


def retally(standing: Standing, battleground: int, before: int, after: int) -> Standing:
    """``standing`` once one space of the country (a Battleground or not)
    passes from ``before`` to ``after`` (:func:`holder`'s 1, -1 or 0)."""
    if before == after:
        return standing
    nd, nc, bd, bc, bgs = standing
    if before == 1:
        nd, bd = nd - 1, bd - battleground
    elif before == -1:
        nc, bc = nc - 1, bc - battleground
    if after == 1:
        nd, bd = nd + 1, bd + battleground
    elif after == -1:
        nc, bc = nc + 1, bc + battleground
    return nd, nc, bd, bc, bgs


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
