"""How a game ends: a typed outcome for bots, tools and servers.

``Termination`` values are the strings stored in ``state["result"]["how"]``
(and so in saves and `dof sim --out` records), which stay plain JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Termination(StrEnum):
    """Why the game ended."""

    AUTOMATIC_VICTORY = "automatic_victory"  # 10.1: VP reached +-20
    FINAL_SCORING = "final_scoring"          # 10.2: after turn 10
    HELD_SCORING_CARD = "held_scoring_card"  # 4.5.4: a Scoring card held past the turn
    NEW_YEARS_EVE = "new_years_eve"          # 4.5.5: an end-of-turn effect ended the game
    EVENT = "end_game"                       # an event ended the game at once


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: ``winner`` is None for a draw."""

    winner: str | None
    termination: Termination
    detail: str
    vp: int
    turn: int

    @classmethod
    def from_result(cls, result: dict) -> Outcome:
        """The outcome recorded in a finished game's ``state["result"]``."""
        return cls(result["winner"], Termination(result["how"]), result["detail"],
                   result["vp"], result["turn"])
