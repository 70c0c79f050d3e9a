"""What a die roll can do before it is rolled: the chance of a support check
(6.2.4-6.2.6) or a Tiananmen Square attempt (6.3.1-6.3.2) from the terms
added to the die, counted exactly over the six faces.

The rules' own rolls (operations.py) read their result here too
(:func:`check_result`, :func:`attempt_succeeds`), so that the odds a player
is shown and the roll he then makes cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fractions import Fraction

#: The faces of a six-sided die (2.0: the game's dice).
FACES = range(1, 7)


def check_result(total: int, need: int, opponent_sp: int) -> tuple[int, int]:
    """6.2.5-6.2.6: (opponent SPs removed, friendly SPs added) by a support
    check of ``total`` against ``need`` (twice the stability): the excess
    removes opponent SPs first, then adds friendly ones; equal fails."""
    excess = total - need
    if excess <= 0:
        return 0, 0
    removed = min(excess, opponent_sp)
    return removed, excess - removed


def attempt_succeeds(total: int, need: int) -> bool:
    """6.3.2: an attempt reaching the next box's number advances the marker."""
    return total >= need


@dataclass(frozen=True)
class Odds:
    """The odds of one roll: its ``kind`` ("check" or "tiananmen"), the
    ``terms`` added to the die (the Ops first, then each modifier, as
    (what, value)), the number the total is measured against (``need``),
    the chance of success and, for a check, the SPs it removes and adds on
    average. ``least`` is the lowest face that succeeds (7: none does)."""

    kind: str
    terms: tuple[tuple[str, int], ...]
    need: int
    least: int
    chance: Fraction
    removed: Fraction = field(default_factory=lambda: _fraction(0))
    added: Fraction = field(default_factory=lambda: _fraction(0))

    @property
    def bonus(self) -> int:
        """What the terms add to the die in all."""
        return sum(v for _, v in self.terms)

    def percent(self) -> str:
        """The chance as a player reads it: '67%' (never 0% or 100% unless sure)."""
        if self.chance in (0, 1):
            return f"{int(self.chance) * 100}%"
        return f"{min(99, max(1, round(float(self.chance) * 100)))}%"

    def to_json(self) -> dict[str, Any]:
        """Plain data: the chance and averages as floats too, for a bot."""
        return {"kind": self.kind, "terms": [list(t) for t in self.terms], "need": self.need,
                "least": self.least, "chance": float(self.chance),
                "removed": float(self.removed), "added": float(self.added)}


def _fraction(numerator: int, denominator: int = 1) -> Fraction:
    """``Fraction(numerator, denominator)``, with fractions imported on the
    first odds asked: the rules import this module for its rolls, and a
    command that shows no odds (`dof sim`) need not import fractions and
    decimal."""
    from fractions import Fraction

    return Fraction(numerator, denominator)


def check_odds(terms: list[tuple[str, int]], need: int, opponent_sp: int) -> Odds:
    """A support check's odds over the six faces (check_result)."""
    bonus = sum(v for _, v in terms)
    results = [check_result(face + bonus, need, opponent_sp) for face in FACES]
    wins = [face for face, (removed, added) in zip(FACES, results, strict=True)
            if removed + added]
    return Odds("check", tuple(terms), need, min(wins, default=7),
                _fraction(len(wins), len(FACES)),
                _fraction(sum(r for r, _ in results), len(FACES)),
                _fraction(sum(a for _, a in results), len(FACES)))


def attempt_odds(terms: list[tuple[str, int]], need: int) -> Odds:
    """A Tiananmen Square attempt's odds over the six faces (attempt_succeeds)."""
    bonus = sum(v for _, v in terms)
    wins = [face for face in FACES if attempt_succeeds(face + bonus, need)]
    return Odds("tiananmen", tuple(terms), need, min(wins, default=7),
                _fraction(len(wins), len(FACES)))
