"""What the game data is made of: frozen records for spaces, countries, cards,
tables and the :class:`GameData` that holds them all.

:mod:`dof.engine.data` builds them from the YAML files; everything else only
reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from dof.engine.data.names import NameIndex
from dof.engine.data.terms import PERIODS


@dataclass(frozen=True)
class Space:
    """One map space (rule 2.1): what support checks, placement and scoring read.

    ``adjacent`` holds space ids sorted ascending; ``setup`` the fixed SPs of
    rules 3.2/3.3 keyed "democrat"/"communist". Hashes by id so spaces can be
    set members and dict keys despite the ``setup`` dict.
    """

    id: int
    name: str
    country: str
    region: str
    type: str
    stability: int
    battleground: bool
    adjacent: tuple[int, ...]
    setup: dict[str, int]
    aliases: tuple[str, ...] = ()
    #: Where the picture of the board draws it (no rule reads these): a
    #: city's (latitude, longitude) in degrees, or the id of the space it is
    #: drawn beside (an institution in that city).
    lat_lon: tuple[float, float] | None = None
    beside: int | None = None

    def __hash__(self) -> int:
        return hash(("Space", self.id, self.name))


@dataclass(frozen=True)
class Country:
    """A country in play and its Scoring Box (rules 2.1.9, 8.4.6, 9.3).

    ``spaces`` and ``battlegrounds`` are space ids (ascending), derived from the
    map so that the scoring rules never need a second source of truth.
    """

    name: str
    region: str
    presence: int
    domination: int
    control: int
    power: int
    scoring_card: int
    spaces: tuple[int, ...]
    battlegrounds: tuple[int, ...]
    #: What English calls the country's things ("Polish"), or "": how a
    #: card's summary may name it (dof explain, lint W511).
    adjective: str = ""


@dataclass(frozen=True)
class StrategyCard:
    """Printed facts of a strategy card (rule 2.2); its event lives in a card file.

    ``ops`` is None for Scoring cards; ``scores`` names the country of a
    Scoring card and is None otherwise. ``lasting`` (underlined title) is an
    inference from the card text; see docs/data-corrections.md.
    """

    number: int
    name: str
    period: str
    side: str
    ops: int | None
    removed: bool
    red_title: bool
    lasting: bool
    scores: str | None = None


@dataclass(frozen=True)
class PowerStruggleCard:
    """One of the 52 Power Struggle cards (rule 2.3, Appendix A).

    ``kind`` is "suit", "leader" or "wild"; ``suit`` is set for suited cards,
    ``leader`` (a space type) for leaders; wild cards have rank 0 because none
    is printed.
    """

    id: int
    name: str
    kind: str
    suit: str | None
    leader: str | None
    rank: int


@dataclass(frozen=True)
class TiananmenBox:
    """A box of the Tiananmen Square track (rule 6.3), keyed by side.

    ``needs`` is the total a side must match or exceed to enter (6.3.2);
    ``award`` is "lasting" (until the opponent arrives) or "immediate".
    """

    box: int
    names: dict[str, str]
    needs: dict[str, int]
    award: str

    def __hash__(self) -> int:
        return hash(("TiananmenBox", self.box))


@dataclass(frozen=True)
class ResultRow:
    """A row of the Power Struggle Results Table (rule 8.4), by modified roll."""

    roll: int
    support_loss: int
    vp: int
    takes_power: bool


@dataclass(frozen=True, eq=False)
class GameData:
    """Everything the rules read from the board and the decks, validated.

    Immutable by convention: one instance is shared by the whole process, so
    it compares and hashes by identity (its dict fields would make a value
    hash impossible).
    """

    spaces: tuple[Space, ...]
    countries: dict[str, Country]
    cards: dict[int, StrategyCard]
    ps_cards: tuple[PowerStruggleCard, ...]
    results: tuple[ResultRow, ...]
    tiananmen: tuple[TiananmenBox, ...]
    ussr_track: tuple[dict, ...]
    setup_order: tuple[tuple[str, int], ...]
    turns: int
    hand_size: int
    action_rounds: int
    deck_additions: dict[int, str]
    final_power_bonus: int
    source_dir: Path

    @property
    def names(self) -> NameIndex:
        """Every name of this data, found by any spelling (engine/data/names.py);
        built once, on first use."""
        index = self.__dict__.get("_names")
        if index is None:
            index = NameIndex.of(self)
            object.__setattr__(self, "_names", index)
        return index

    def space(self, name_or_alias: str) -> Space:
        """Return the space with this name or alias (case- and accent-insensitive).

        Raises KeyError, with a suggestion when a close name exists.
        """
        name = self.names.spaces[name_or_alias]
        return next(s for s in self.spaces if s.name == name)

    def space_names(self) -> list[str]:
        """Canonical space names in id order."""
        return [s.name for s in self.spaces]

    def result(self, modified_roll: int) -> ResultRow:
        """The Results Table row for a modified roll (rule 8.4).

        Rolls beyond either end use the end row (ruling R30: the printed
        table stops at its end rows and the rules are silent).
        """
        first = self.results[0].roll
        i = min(max(modified_roll - first, 0), len(self.results) - 1)
        return self.results[i]

    def with_cards(self, cards: dict[int, StrategyCard]) -> GameData:
        """A copy whose deck adds or replaces these cards (a mod, by number)."""
        return replace(self, cards={**self.cards, **cards})

    def period_of_turn(self, turn: int) -> str:
        """4.1: the year a turn belongs to, by when each deck joins the game
        (turns 1-3 Early, 4-7 Middle, 8-10 Late)."""
        period = "early"
        for after_turn, later in sorted(self.deck_additions.items()):
            if turn > after_turn:
                period = later
        return period

    def cards_of_period(self, period: str) -> list[int]:
        """Numbers of the strategy cards of one period, ascending (rules 3.1, 4.4)."""
        if period not in PERIODS:
            raise KeyError(f"unknown period {period!r}; expected one of {', '.join(PERIODS)}")
        return sorted(n for n, c in self.cards.items() if c.period == period)
