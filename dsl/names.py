"""Names a card file may use, read from the game data, with suggestions.

Spaces, countries, regions and space types come from the map; card names
from the strategy deck (plus any mod cards); U.S.S.R. track boxes and Power
Struggle card names from the tables. Lookups use the engine's name key
(:func:`dof.engine.data.terms.key`), so a card file finds a space by the names
the data accepts: "Lodz", "Łódź" and "lodz" agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property

from dof.engine.data import load_data
from dof.engine.data.records import GameData
from dof.engine.data.terms import key


@dataclass
class Names:
    """Lookup tables built once from :class:`GameData`."""

    data: GameData
    spaces: dict[str, str] = field(default_factory=dict)      # key -> canonical space name
    countries: dict[str, str] = field(default_factory=dict)
    regions: dict[str, str] = field(default_factory=dict)
    types: dict[str, str] = field(default_factory=dict)       # "worker" -> "worker"
    ussr: dict[str, int] = field(default_factory=dict)        # key -> track position
    ps_cards: dict[str, str] = field(default_factory=dict)    # key -> suit or name
    _static: dict[str, frozenset[int]] = field(default_factory=dict, repr=False)  # selector -> ids

    @classmethod
    def build(cls, data: GameData) -> Names:
        names = cls(data)
        for space in data.spaces:
            names.spaces[key(space.name)] = space.name
            for alias in space.aliases:
                names.spaces[key(alias)] = space.name
        for country in data.countries.values():
            names.countries[key(country.name)] = country.name
            names.regions[key(country.region)] = country.region
        for space in data.spaces:
            names.types[key(space.type)] = space.type
        for position in data.ussr_track:
            names.ussr[key(position["name"])] = position["position"]
        for card in data.ps_cards:
            names.ps_cards[key(card.name)] = card.suit or card.name
        return names

    def space_names(self) -> tuple[str, ...]:
        return self._listed["spaces"]

    def country_names(self) -> tuple[str, ...]:
        return self._listed["countries"]

    def type_names(self) -> tuple[str, ...]:
        return self._listed["types"]

    @cached_property
    def _listed(self) -> dict[str, tuple[str, ...]]:
        """The names "did you mean" offers, sorted once: a file with thousands
        of misspelt names asks for them each time. Tuples: nobody changes them."""
        return {"spaces": tuple(sorted(set(self.spaces.values()))),
                "countries": tuple(sorted(set(self.countries.values())
                                          | set(self.regions.values()))),
                "types": tuple(sorted({t.capitalize() for t in self.types.values()}))}

    def resolve_place(self, text: str) -> tuple[str, str] | None:
        """A bare name: ("space"|"country"|"region", canonical) or None."""
        k = key(text)
        for kind, table in (("space", self.spaces), ("country", self.countries),
                            ("region", self.regions)):
            if k in table:
                return kind, table[k]
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
    return Names.build(load_data())
