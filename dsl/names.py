"""Names a card file may use: the game data's name index, as the card
language reads it.

Spaces, countries, regions and space types come from the map; U.S.S.R.
track boxes and Power Struggle card names from the tables. They are the
engine's one index (:class:`dof.engine.data.names.NameIndex`, which the
command line reads too), so a card file finds a space by the names the data
accepts: "Lodz", "Łódź" and "lodz" agree. The card language adds what it
alone needs: the kind of a bare place name, and the spaces a selector can
ever match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property

from dof.engine.data import load_data
from dof.engine.data.names import NameTable
from dof.engine.data.records import GameData


@dataclass
class Names:
    """The name tables of :class:`GameData` and what the checker and the
    compiler ask of them."""

    data: GameData
    spaces: NameTable[str] = field(init=False)
    countries: NameTable[str] = field(init=False)
    regions: NameTable[str] = field(init=False)
    types: NameTable[str] = field(init=False)       # "worker" -> "worker"
    ussr: NameTable[int] = field(init=False)        # box name -> track position
    ps_cards: NameTable[str] = field(init=False)
    _static: dict[str, frozenset[int]] = field(default_factory=dict, repr=False)  # selector -> ids

    def __post_init__(self) -> None:
        index = self.data.names
        self.spaces, self.countries, self.regions = index.spaces, index.countries, index.regions
        self.types, self.ussr, self.ps_cards = index.types, index.ussr, index.ps_cards

    def space_names(self) -> tuple[str, ...]:
        return self.spaces.names

    def country_names(self) -> tuple[str, ...]:
        return self._listed["countries"]

    def type_names(self) -> tuple[str, ...]:
        return self._listed["types"]

    @cached_property
    def _listed(self) -> dict[str, tuple[str, ...]]:
        """The names "did you mean" offers, sorted once: a file with thousands
        of misspelt names asks for them each time. Tuples: nobody changes them."""
        return {"countries": tuple(sorted({*self.countries.names, *self.regions.names})),
                "types": tuple(sorted({t.capitalize() for t in self.types.names}))}

    def ps_suit(self, text: str) -> str:
        """What the drawn Power Struggle cards are counted by for the card
        ``text`` names: its suit ("Rally in the Square": rally), or the name
        of a card with none (a leader, a wild card)."""
        name = self.ps_cards[text]
        card = next(c for c in self.data.ps_cards if c.name == name)
        return card.suit or card.name

    def resolve_place(self, text: str) -> tuple[str, str] | None:
        """A bare name: ("space"|"country"|"region", canonical) or None."""
        for kind, table in (("space", self.spaces), ("country", self.countries),
                            ("region", self.regions)):
            found = table.get(text)
            if found is not None:
                return kind, found
        return None

    def static_spaces(self, sel: dict) -> frozenset[int] | None:
        """Ids of the spaces a compiled selector can ever match, if knowable now.

        Only the parts fixed by the map (names, countries, regions, types,
        battlegrounds) count; None when the selector depends on play.
        """
        if "ref" in sel or "union" in sel:
            return None
        frozen = repr(sorted(sel.items()))
        if frozen not in self._static:
            self._static[frozen] = frozenset(self._match_static(sel))
        return self._static[frozen]

    def _match_static(self, sel: dict) -> set[int]:
        found = {s.id for s in self.data.spaces}
        for s in self.data.spaces:
            if "names" in sel and s.name not in sel["names"]:
                found.discard(s.id)
            if "types" in sel and s.type not in sel["types"]:
                found.discard(s.id)
            if "battleground" in sel and s.battleground != sel["battleground"]:
                found.discard(s.id)
            if "except" in sel and s.name in sel["except"]:
                found.discard(s.id)
            if "adjacent" in sel and s.name == sel["adjacent"]:
                found &= set(s.adjacent)
        where = sel.get("in")
        if isinstance(where, dict):
            if set(where) - {"countries", "regions"}:
                return found
            allowed = {s.id for s in self.data.spaces
                       if s.country in where.get("countries", ()) or s.region in
                       where.get("regions", ())}
            found &= allowed
        return found


@cache
def default_names() -> Names:
    """Names of the built-in game data (cached: the data never changes)."""
    return Names(load_data())
