"""The die results and turns for which a condition holds: what the lints of
conditions that never hold (W501), branches that never run (W506) and
prerequisites never met (E404) reason with."""

from __future__ import annotations

from collections.abc import Callable

from dof.dsl.ast import Node
from dof.dsl.checker import Scope

#: Turn on which each period's cards join the deck (rule 4.1).
FIRST_TURN = {"early": 1, "middle": 4, "late": 8}
#: What a subject's values are, for messages.
WHAT = {"roll": "die result (1-6)", "turn": "turn of the game"}


def subjects(scope: Scope, turns: int) -> list[tuple[str, range]]:
    """What conditions may be checked against: an unmodified die roll
    (1-6) and the turn (1 to ``turns``; a prerequisite's turns are E404's)."""
    found = []
    if "roll_unmodified" in scope.bound:
        found.append(("roll", range(1, 7)))
    if not scope.prerequisite:
        found.append(("turn", range(1, turns + 1)))
    return found


def hits(cond: Node, subject: str, universe: range) -> set[int] | None:
    """The values of ``subject`` (an unmodified die roll, the turn) for which
    a condition holds; None when it tests anything else."""
    kind = cond.kind
    if kind == "cond_not":
        inner = hits(cond.children[0], subject, universe)
        return None if inner is None else set(universe) - inner
    if kind in ("cond_and", "cond_or"):
        parts = [hits(c, subject, universe) for c in cond.nodes()]
        known = [part for part in parts if part is not None]
        if len(known) < len(parts):
            return None
        found = known[0]
        for part in known[1:]:
            found = found & part if kind == "cond_and" else found | part
        return found
    if kind == "cond_period" and subject == "turn":
        first = FIRST_TURN[cond.children[0].kind]
        later = [t for t in FIRST_TURN.values() if t > first]
        return {t for t in universe if first <= t < min(later, default=universe.stop)}
    if kind != "cond_compare" or cond.children[0].kind != "the_" + subject:
        return None
    comparison = cond.children[1]
    test = _COMPARE.get(comparison.kind)
    if test is None:
        return None
    if comparison.kind in ("cmp_gt", "cmp_lt", "cmp_ge", "cmp_le"):
        operand = comparison.children[0]
        if operand.kind != "num":
            return None
        bounds = [operand.ints()[0]]
    elif comparison.kind == "cmp_range" and len(comparison.children) == 1:
        bounds = [int(x) for x in comparison.children[0].split("-")]
    else:
        bounds = list(comparison.children)
    return {v for v in universe if test(v, *bounds)}


#: How each comparison tests a value ("is 3 or more", "is 2-5", "is greater than 7"...).
_COMPARE: dict[str, Callable[..., bool]] = {
    "cmp_word": lambda v, n, word: v >= n if word.kind == "or_more" else v <= n,
    "cmp_range": lambda v, lo, hi: lo <= v <= hi,
    "cmp_eq": lambda v, n: v == n,
    "cmp_gt": lambda v, n: v > n,
    "cmp_lt": lambda v, n: v < n,
    "cmp_ge": lambda v, n: v >= n,
    "cmp_le": lambda v, n: v <= n,
}
