"""The names a person writes for the game's things, found by any spelling
of them.

A space (or one of its aliases), a country, a region, a space type, a
strategy card, a Power Struggle card and a box of the U.S.S.R. track: the
game data's own checks, the card language (``dof.dsl.names``) and the
command line (positions, scenarios, ``--deal``) all look them up here, so a
name one of them accepts, the others accept too.

Which spellings are one name (case, accents, spacing) is decided by one
function, :func:`dof.engine.data.terms.key`, and only :class:`NameTable`
applies it: a table is given names as the data writes them and looked up
by the text a person wrote. Usage::

    data.names.spaces["lodz"]          # 'Łódź': a space's name as the data writes it
    data.names.cards.get("michnik")    # 4, or None
    "Poland" in data.names.countries   # True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from dof.engine.data.terms import key, unknown

if TYPE_CHECKING:
    from dof.engine.data.records import GameData

V = TypeVar("V")


class NameTable(Generic[V]):
    """The names of one kind of thing (``what``: "space", "card"...) and
    what each stands for, found by any spelling of them."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._by_key: dict[str, V] = {}
        self._names: dict[str, None] = {}

    def add(self, name: str, value: V, *, alias: bool = False) -> V | None:
        """Let ``name`` stand for ``value``, unless a name spelt the same
        already stands for something: then that is returned and ``name`` is
        not added. An alias is found but never offered as a suggestion."""
        k = key(name)
        if k in self._by_key:
            return self._by_key[k]
        self._by_key[k] = value
        if not alias:
            self._names[name] = None
        return None

    def get(self, name: object, default: V | None = None) -> V | None:
        """What ``name`` stands for, or ``default``."""
        return self._by_key.get(key(name), default) if isinstance(name, str) else default

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and key(name) in self._by_key

    def __getitem__(self, name: str) -> V:
        """What ``name`` stands for; KeyError saying which names are close."""
        found = self.get(name)
        if found is None:
            raise KeyError(self.unknown(name))
        return found

    @property
    def names(self) -> tuple[str, ...]:
        """The names as the data writes them (no alias), sorted: what a
        'did you mean' offers."""
        return tuple(sorted(self._names))

    def unknown(self, name: object) -> str:
        """'unknown space 'Gdnask'; did you mean 'Gdansk'?'"""
        return unknown(self.what, name, list(self.names))


@dataclass(frozen=True)
class NameIndex:
    """Every name of a game data. A place, a space type or a Power Struggle
    card stands for its name as the data writes it (which is how programs
    and states name it); a strategy card or a U.S.S.R. box, which are
    numbered, for its number."""

    spaces: NameTable[str]
    countries: NameTable[str]
    regions: NameTable[str]
    types: NameTable[str]
    cards: NameTable[int]
    ps_cards: NameTable[str]
    ussr: NameTable[int]

    @classmethod
    def of(cls, data: GameData) -> NameIndex:
        index = cls(NameTable("space"), NameTable("country"), NameTable("region"),
                    NameTable("space type"), NameTable("card"),
                    NameTable("Power Struggle card"), NameTable("U.S.S.R. track box"))
        for space in data.spaces:
            index.spaces.add(space.name, space.name)
            for alias in space.aliases:
                index.spaces.add(alias, space.name, alias=True)
            index.types.add(space.type, space.type)
        for country in data.countries.values():
            index.countries.add(country.name, country.name)
            index.regions.add(country.region, country.region)
        for number, card in data.cards.items():
            index.cards.add(card.name, number)
        for ps_card in data.ps_cards:
            index.ps_cards.add(ps_card.name, ps_card.name)
        for box in data.ussr_track:
            index.ussr.add(box["name"], box["position"])
        return index
