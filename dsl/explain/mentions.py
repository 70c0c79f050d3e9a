"""What a text names: numbers, spaces, countries, regions, space types, cards
and durations, read the same way from a card's summary and from its
explanation, so that the two can be compared (`dof lint`'s W511, and
tests/test_explain.py for the shipped cards).

A place names what it lies in: a text that names Gdansk names Poland, the
Worker spaces and Eastern Europe too; "a Polish space" names Poland (the
game data's adjective of each country). A name is found by any spelling of it
(the game data's name index: case and accents aside, a space's aliases, a
type or region in the plural) and only where it starts with a capital
letter or a digit, as a proper name does in English: "a clever ruse" names
no space, "the Wall came down" no card. Numbers are digits or words
("Four", "best-of-three", "an eighth"); the numbers inside a name found
("40th Anniversary Celebration") are not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from dof.dsl.names import Names
from dof.engine.data.terms import key

#: Number words a summary writes, cardinal and ordinal.
_CARDINALS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "eleven", "twelve")
_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
             "tenth", "eleventh", "twelfth")
_WORDS = {**{w: n for n, w in enumerate(_CARDINALS)},
          **{w: n for n, w in enumerate(_ORDINALS, start=2)}}
#: A text's words and numbers, where its numbers are read: "best-of-three"
#: holds 'three', "+3" and "8th" hold 3 and 8.
_TOKEN = re.compile(r"\d+|[A-Za-z]+")

#: How a text says how long something lasts, by what it means.
DURATIONS: dict[str, tuple[str, ...]] = {
    "the rest of the turn": (r"rest of the turn", r"this turn"),
    "the rest of the game": (r"rest of the game", r"for good"),
    "each turn": (r"each turn", r"every turn", r"once a turn", r"per turn", r"each deal"),
    "the next turn": (r"next turn",),
    "the next deal": (r"next deal", r"next hand"),
    "the next power struggle": (r"next (?:\w+ )?power struggle",),
    "until cancelled": (r"until cancell?ed",),
    "the end of the action round": (r"end of this action round", r"round's end"),
}
_MEANINGS = list(DURATIONS)
_DURATION = re.compile("|".join(rf"(?P<d{i}>\b(?:{'|'.join(ways)})\b)"
                                for i, ways in enumerate(DURATIONS.values())), re.I)

#: A word of a text, and what a name never spans: a comma, a bracket, a quote.
_WORD = re.compile(r"[^\s,;:()\"“”]+")
_BREAK = re.compile(r"[,;:()\"“”]")


@dataclass(frozen=True)
class Mentions:
    """What one text names. Places, types and cards by the name the data
    writes; durations by their meaning (a key of DURATIONS)."""

    numbers: frozenset[int]
    names: frozenset[str]
    durations: frozenset[str]

    def missing_from(self, other: Mentions) -> list[str]:
        """What this text names that ``other`` does not, in words:
        ['4', 'Szombathely', "'for the rest of the turn'"]."""
        return ([str(n) for n in sorted(self.numbers - other.numbers)]
                + sorted(self.names - other.names)
                + [f"'for {d}'" if d.startswith("the") else f"'{d}'"
                   for d in sorted(self.durations - other.durations)])


class Reader:
    """Finds what texts name, against the game data's names and the deck's
    card names (``cards``: number -> name, a mod's cards too)."""

    def __init__(self, names: Names, cards: Mapping[int, str]) -> None:
        self.names = names
        self.known: dict[str, str] = {}
        for name in cards.values():
            self.known.setdefault(key(name), f'"{name}"')
        for table in (names.countries, names.regions, names.spaces):
            for name in table.names:
                self.known[key(name)] = str(table[name])
        for kind in names.types.names:
            self.known[key(kind)] = kind.capitalize()
        #: What naming a place names too: a space its type, country and
        #: region; a country its region.
        self.implied: dict[str, set[str]] = {}
        for space in names.data.spaces:
            for alias in space.aliases:
                self.known[key(alias)] = space.name
            self.implied[space.name] = {space.type.capitalize(), space.country, space.region}
        for country in names.data.countries.values():
            self.implied[country.name] = {country.region}
            if country.adjective:  # "a Polish space" names Poland
                self.known.setdefault(key(country.adjective), country.name)
        self._plurals = {key(n) for n in (*names.types.names, *names.regions.names)}
        #: The first word of each name, and how many words its names have at
        #: most: a phrase whose first word starts none is not looked up.
        self._firsts: dict[str, int] = {}
        for name in self.known:
            first, *rest = name.split(" ")
            self._firsts[first] = max(self._firsts.get(first, 0), len(rest) + 1)
        self._seen: dict[tuple[str, bool], tuple[str, ...]] = {}
        self._lines: dict[str, Mentions] = {}

    def read(self, text: str) -> Mentions:
        """What ``text`` names, line by line: a name never runs across lines,
        and explanations repeat their lines ("For the rest of the turn:"),
        which are read once."""
        numbers: set[int] = set()
        names: set[str] = set()
        durations: set[str] = set()
        for line in text.split("\n"):
            said = self._lines.get(line)
            if said is None:
                said = self._lines[line] = self._line(line)
            numbers |= said.numbers
            names |= said.names
            durations |= said.durations
        return Mentions(frozenset(numbers), frozenset(names), frozenset(durations))

    def _line(self, text: str) -> Mentions:
        names, rest = self._names(text)
        numbers = {int(t) if t.isdecimal() else _WORDS[t.lower()]
                   for t in _TOKEN.findall(rest) if t.isdecimal() or t.lower() in _WORDS}
        durations = {_MEANINGS[int(m.lastgroup[1:])] for m in _DURATION.finditer(text)
                     if m.lastgroup}
        return Mentions(frozenset(numbers), frozenset(names), frozenset(durations))

    def _names(self, text: str) -> tuple[set[str], str]:
        """The names in ``text``, longest first, and the text without them
        (where its numbers are read)."""
        spans = [(m.start(), m.end()) for m in _WORD.finditer(text)]
        words = [text[start:end] for start, end in spans]
        found: set[str] = set()
        rest, done = [], 0
        for i in [i for i, w in enumerate(words) if w[0].isupper() or w[0].isdigit()]:
            if spans[i][0] < done:
                continue  # inside a name found already
            hit = self._longest(text, spans, words, i)
            if hit is not None:
                name, j = hit
                found.add(name)
                found |= self.implied.get(name, set())
                rest.append(text[done:spans[i][0]])
                done = spans[j - 1][1]
        rest.append(text[done:])
        return found, " ".join(rest)

    def _longest(self, text: str, spans: list[tuple[int, int]], words: list[str],
                 i: int) -> tuple[str, int] | None:
        """The longest name that starts at word ``i``, and the word after it."""
        longest = max((self._firsts.get(k, 0) for k in self._forms(words[i], True)), default=0)
        for j in range(min(len(words), i + longest), i, -1):
            if j - i > 1 and _BREAK.search(text, spans[i][1], spans[j - 1][0]):
                continue  # a name does not run across a comma, a bracket or a quote
            head = [key(w) for w in words[i:j - 1]]
            for last in self._forms(words[j - 1], j - i == 1):
                name = self.known.get(" ".join([*head, last]))
                if name is not None:
                    return name, j
        return None

    def _forms(self, word: str, single: bool) -> tuple[str, ...]:
        """The keys a name's last word may have: as written, without a
        sentence's closing stop or a possessive, and for a name of one word
        the plural or singular of a space type or region. Kept by word, as
        texts repeat their words."""
        found = self._seen.get((word, single))
        if found is None:
            bare = word.replace("\u2019", "'").rstrip(".!?'")  # a typographic apostrophe too
            forms = [word, bare, bare.removesuffix("'s")]
            if single:
                forms += [f for f in (bare + "s", bare.removesuffix("s"), bare.removesuffix("es"),
                                      bare.removesuffix("ies") + "y") if key(f) in self._plurals]
            found = self._seen[(word, single)] = tuple(dict.fromkeys(key(f) for f in forms))
        return found
