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

    data.names.spaces[typed]           # the space's name as the data writes it
    data.names.cards.get(typed)        # the card's number, or None
    typed in data.names.countries      # whether it names a country

For a name that is not found, :func:`did_you_mean` offers the closest.
"""

from __future__ import annotations

import difflib
import heapq
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
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
        """'unknown space 'Xyz'; did you mean 'Xya'?'"""
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


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A 'did you mean' hint from the closest candidates, compared by their
    name keys (case, accents and spacing aside: 'Ńamé' is close to 'name').

    Cached by word and candidates: a file that repeats a slip thousands of
    times (a mod copied from one misspelt card) asks for the same hint each time."""
    return _hint(key(word), tuple(candidates))


@lru_cache(maxsize=4096)
def _hint(word: str, candidates: tuple[str, ...]) -> str | None:
    suggester = _suggester(candidates)
    close = suggester.close(word)
    if not close:
        return None
    quoted = [f"'{suggester.original[c]}'" for c in close]
    return "did you mean " + (quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or "
                              + quoted[-1]) + "?"


def suggestions(hint: str | None) -> list[str]:
    """The names a hint :func:`did_you_mean` wrote offers, read back (an
    editor's quick fix puts one in place of the slip); none for another hint.

    >>> suggestions("did you mean 'Alpha'?")
    ['Alpha']
    >>> suggestions("did you mean 'Alpha', 'Beta' or 'Gamma'?")
    ['Alpha', 'Beta', 'Gamma']
    """
    found = _SUGGESTED.fullmatch(hint or "")
    if found is None:
        return []
    return re.findall(r"'(.+?)'(?:, |\Z| or )", found.group(1))


#: A hint of :func:`did_you_mean`: the quoted names it offers.
_SUGGESTED = re.compile(r"did you mean ('.+')\?")


@lru_cache(maxsize=64)
def _suggester(candidates: tuple[str, ...]) -> _Suggester:
    return _Suggester(candidates)


class _Suggester:
    """``difflib.get_close_matches`` over a fixed list of candidates, with the
    same answer, without trying every candidate in turn.

    difflib skips a candidate whose letters in common with the word (as a
    multiset: its ``quick_ratio``) cannot reach the cutoff, but counts them
    candidate by candidate, which is most of its time. Here an index from each
    letter to the candidates holding it counts them for all candidates at
    once, and only the few that pass are compared in full."""

    def __init__(self, candidates: tuple[str, ...]) -> None:
        #: Candidate's key -> as written (the last of those keyed alike).
        self.original = {key(c): c for c in candidates}
        self.words = list(self.original)
        self.holders: dict[str, list[tuple[int, int]]] = {}  # letter -> [(word, count)]
        for i, word in enumerate(self.words):
            for letter, count in Counter(word).items():
                self.holders.setdefault(letter, []).append((i, count))

    def close(self, word: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        common = [0] * len(self.words)
        for letter, count in Counter(word).items():
            for i, held in self.holders.get(letter, ()):
                common[i] += count if count < held else held
        bounds = []  # (quick_ratio, index) of the candidates difflib would compare in full
        for i, candidate in enumerate(self.words):
            length = len(word) + len(candidate)
            bound = 2.0 * common[i] / length if length else 1.0
            if bound >= cutoff:
                bounds.append((bound, i))
        # Best bounds first: once n candidates score above every bound left,
        # no other can join them (a score never exceeds its bound).
        bounds.sort(key=lambda b: (-b[0], b[1]))
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        best: list[tuple[float, str]] = []  # a heap of the n best (score, candidate)
        for bound, i in bounds:
            if len(best) == n and bound < best[0][0]:
                break
            matcher.set_seq1(self.words[i])
            score = matcher.ratio()
            if score >= cutoff:
                heapq.heappush(best, (score, self.words[i]))
                if len(best) > n:
                    heapq.heappop(best)
        return [candidate for _, candidate in sorted(best, reverse=True)]
