"""The game's one source of chance: every die roll, shuffle and random pick.

The rules ask the game's source (``game.chance``) and nothing else. The
seeded source keeps no generator of its own: its generator is a single
integer in the state (``state["rng"]``, a tiny PCG-style 64-bit LCG), read and
advanced at each draw, so a save carries its dice with it and a seed plus
the answers reproduces a game exactly.

A test, a scenario or a look-ahead substitutes another source when it builds
the game (``Game(..., chance=...)``, ``Game.new``, ``Game.from_json``,
``engine/position.start_game``) or through ``Game.use_chance``:
:class:`ScriptedChance` rolls given dice and lays out a shuffled pile as
told (a layout may read the game, ``game``), and draws the rest from the
state's generator. Every source counts
what it produced (``drawn``): undo reads that record to know that a die was
rolled or cards shuffled or picked since a decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from dof.engine.data.state import State

_MULT = 6364136223846793005
_INC = 1442695040888963407
_MASK = (1 << 64) - 1

#: The piles a shuffle names: the strategy cards' draw deck (3.1, 4.3, 4.4)
#: and the Power Struggle deck (8.1.1).
DECK = "deck"
PS_DECK = "ps_deck"


def seed_state(seed: int) -> int:
    """Scramble a user seed so nearby seeds give unrelated games."""
    x = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    x ^= x >> 31
    return (x * 0xBF58476D1CE4E5B9) & _MASK


class Holder(Protocol):
    """What a source is attached to: a game, whose state holds the generator."""

    state: State


class Chance:
    """The seeded source: the state's generator draws every number.

    Attached to a game (:meth:`attach`; the game does it when built, and
    again when it rebuilds its state), it reads and writes that game's
    ``state["rng"]``; it holds nothing a save would lose but its record,
    ``drawn``: how many numbers it has drawn (a scripted die counts one).
    """

    __slots__ = ("drawn", "state")

    def __init__(self, state: State | None = None) -> None:
        self.state: Any = state
        self.drawn = 0

    def attach(self, game: Holder) -> None:
        """Draw from ``game``'s state from now on."""
        self.state = game.state

    def below(self, n: int) -> int:
        """An integer in [0, n), advancing the generator."""
        state = self.state
        x = (state["rng"] * _MULT + _INC) & _MASK
        state["rng"] = x
        self.drawn += 1
        return ((x >> 29) * n) >> 35

    def die(self, who: str, why: str) -> int:
        """One six-sided die rolled for ``who`` because of ``why`` (the game logs it)."""
        return self.below(6) + 1

    def shuffle(self, items: list, pile: str) -> None:
        """Shuffle ``items``, the cards of ``pile`` (DECK, PS_DECK), in place
        (Fisher-Yates, drawing one number for each card but the first)."""
        state = self.state
        x = state["rng"]
        for i in range(len(items) - 1, 0, -1):
            x = (x * _MULT + _INC) & _MASK
            j = ((x >> 29) * (i + 1)) >> 35
            items[i], items[j] = items[j], items[i]
        state["rng"] = x
        self.drawn += max(len(items) - 1, 0)

    def pick(self, pool: list) -> Any:
        """Take one item of ``pool`` at random (it leaves the list)."""
        return pool.pop(self.below(len(pool)))

    def reseed(self, seed: int) -> None:
        """Start the generator afresh from ``seed`` (a look-ahead's dice,
        which must not be the real game's)."""
        self.state["rng"] = seed_state(seed)


class NoDieLeft(LookupError):
    """A die rolled when the script has none left."""

    def __init__(self, who: str, why: str) -> None:
        super().__init__(f"the {who} rolls a die ({why}) but no die is left in the script")
        self.who, self.why = who, why


class ScriptedChance(Chance):
    """A source with some of its draws written in advance, for a test or a
    scenario (outside any save): ``dice`` are the next die rolls, in order
    (None: the seeded dice; rolling past the last raises NoDieLeft), and a
    pile given to :meth:`lay_out` is laid out anew after each shuffle of it.
    Everything else draws from the state's generator as the seeded source does.
    """

    __slots__ = ("_layouts", "dice", "game")

    def __init__(self, dice: Iterable[int] | None = None, state: State | None = None) -> None:
        super().__init__(state)
        self.dice: list[int] | None = None if dice is None else list(dice)
        self._layouts: dict[str, Callable[[list], list]] = {}
        #: The game it serves, for a layout that reads the board (None
        #: until it is attached).
        self.game: Any = None

    def attach(self, game: Holder) -> None:
        super().attach(game)
        self.game = game

    def die(self, who: str, why: str) -> int:
        if self.dice is None:
            return super().die(who, why)
        if not self.dice:
            raise NoDieLeft(who, why)
        self.drawn += 1
        return self.dice.pop(0)

    def shuffle(self, items: list, pile: str) -> None:
        super().shuffle(items, pile)
        layout = self._layouts.get(pile)
        if layout is not None:
            items[:] = layout(items)

    def lay_out(self, pile: str, layout: Callable[[list], list]) -> None:
        """After each shuffle of ``pile``, ``layout(shuffled)`` gives its
        order instead (the last card is the top one, drawn first)."""
        self._layouts[pile] = layout

    def fail(self, problem: Exception) -> None:
        """A draw the script cannot make (a layout that cannot be laid
        out): raised at once; a source whose game is stepped by a script
        may keep it until the rules stop instead."""
        raise problem
