"""The game's one random generator, kept as a single integer in the state.

A tiny PCG-style 64-bit LCG keeps the whole generator state JSON-friendly, so a
saved game carries its dice with it and a seed plus the decisions reproduces a
game exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dof.engine.data.state import State

_MULT = 6364136223846793005
_INC = 1442695040888963407
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Scramble a user seed so nearby seeds give unrelated games."""
    x = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    x ^= x >> 31
    return (x * 0xBF58476D1CE4E5B9) & _MASK


def next_int(state: State, n: int) -> int:
    """Draw an integer in [0, n) from state['rng'], advancing it."""
    x = (state["rng"] * _MULT + _INC) & _MASK
    state["rng"] = x
    return ((x >> 29) * n) >> 35


def die(state: State) -> int:
    """Roll one six-sided die."""
    return next_int(state, 6) + 1


def shuffle(state: State, items: list) -> None:
    """Shuffle a list in place (Fisher-Yates) with the game's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = next_int(state, i + 1)
        items[i], items[j] = items[j], items[i]
