"""Game data: the map, countries, decks, tracks and tables, loaded from YAML.

The data lives in the ``cards`` package (``map.yaml``, ``countries.yaml``,
``tables.yaml``, ``power_struggle.yaml``, ``strategy.yaml``) so that a mod can
ship a folder with the same file names. Loading validates everything and turns
every mistake into a :class:`DataError` that names the file and the line of the
offending entry, never a raw YAML or Python traceback.

Usage::

    from dof.engine.data import load_data
    data = load_data()                 # the built-in cards/ folder
    data.space(name).stability         # a space by name or alias
    data.result(9)                     # clamped to the last row of the table
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

__all__ = [
    "DataError",
    "Space",
    "Country",
    "StrategyCard",
    "PowerStruggleCard",
    "TiananmenBox",
    "ResultRow",
    "GameData",
    "load_data",
    "SIDES",
    "SPACE_TYPES",
    "REGIONS",
    "PERIODS",
    "CARD_SIDES",
    "SUITS",
    "PS_KINDS",
    "AWARDS",
]

# --- vocabulary (rules 2.1.2, 2.1.3, 2.2.2, 2.3.2, 6.3.5) --------------------

SIDES = ("democrat", "communist")
SPACE_TYPES = (
    "elite",
    "bureaucrat",
    "farmer",
    "worker",
    "intellectual",
    "student",
    "church",
    "minority",
)
REGIONS = ("Eastern Europe", "Balkans")
PERIODS = ("early", "middle", "late")
CARD_SIDES = ("democrat", "communist", "neutral", "scoring")
SUITS = ("rally", "march", "strike", "petition")
PS_KINDS = ("suit", "leader", "wild")
AWARDS = ("lasting", "immediate")

# Component counts (rules 2.0, 2.2.1, 2.3.1, 6.3.5).
N_SPACES = 75
N_CARDS = 110
N_PS_CARDS = 52
N_BOXES = 8

FILES = ("map.yaml", "countries.yaml", "tables.yaml", "power_struggle.yaml", "strategy.yaml")


# --- errors --------------------------------------------------------------------


class DataError(Exception):
    """A mistake in a data file, reported as ``PATH:LINE: message``.

    Modders edit these files by hand, so every problem must point at the file
    and line to fix (``line`` is 1-based, or None when no line applies).
    """

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else f"{self.path}"
        return f"{where}: {self.message}"

    def __reduce__(self):  # keep the three attributes through pickling
        return (type(self), (self.path, self.line, self.message))


# --- records -------------------------------------------------------------------


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

    def space(self, name_or_alias: str) -> Space:
        """Return the space with this name or alias (case- and accent-insensitive).

        Raises KeyError, with a suggestion when a close name exists.
        """
        sid = (
            self._name_index().get(_key(name_or_alias)) if isinstance(name_or_alias, str) else None
        )
        if sid is None:
            raise KeyError(_unknown("space", name_or_alias, self.space_names()))
        return self.spaces[sid]

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

    def _name_index(self) -> dict[str, int]:
        # Built lazily once and cached on the frozen instance.
        index = self.__dict__.get("_index")
        if index is None:
            index = {}
            for s in self.spaces:
                for n in (s.name, *s.aliases):
                    index[_key(n)] = s.id
            object.__setattr__(self, "_index", index)
        return index


# --- loading -------------------------------------------------------------------


def load_data(directory: Path | str | None = None) -> GameData:
    """Load and validate the game data from ``directory`` (default: the cards package).

    Raises DataError for any missing file, YAML syntax error, missing or
    mistyped field, unknown or duplicate name, broken cross-reference or wrong
    count.
    """
    if directory is None:
        directory = Path(str(resources.files("dof.cards")))
    directory = Path(directory)
    if not directory.is_dir():
        raise DataError(directory, None, "data directory not found")
    docs = {name: _Doc.read(directory / name) for name in FILES}

    countries_raw, final = _countries(docs["countries.yaml"])
    spaces = _spaces(docs["map.yaml"], countries_raw)
    cards = _strategy(docs["strategy.yaml"], countries_raw)
    countries = _link_countries(docs["countries.yaml"], countries_raw, spaces, cards)
    ps_cards = _power_struggle(docs["power_struggle.yaml"])
    tables = _tables(docs["tables.yaml"], cards)

    return GameData(
        spaces=spaces,
        countries=countries,
        cards=cards,
        ps_cards=ps_cards,
        results=tables["results"],
        tiananmen=tables["tiananmen"],
        ussr_track=tables["ussr_track"],
        setup_order=tables["setup_order"],
        turns=tables["turns"],
        hand_size=tables["hand_size"],
        action_rounds=tables["action_rounds"],
        deck_additions=tables["deck_additions"],
        final_power_bonus=final["communist_power_bonus_per_country"],
        source_dir=directory,
    )


# --- YAML with line numbers ------------------------------------------------------

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loader that remembers where every mapping and sequence starts.

    ``marks`` maps id(container) to (line, {key: line}) while the document is
    alive; duplicate mapping keys are an error instead of silently dropped.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.marks: dict[int, tuple[int, dict[Any, int]]] = {}


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int) -> None:
        self.key, self.line = key, line


def _construct_map(loader: _LineLoader, node: yaml.MappingNode) -> Iterator[dict]:
    data: dict = {}
    key_lines: dict[Any, int] = {}
    loader.marks[id(data)] = (node.start_mark.line + 1, key_lines)
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=False)
        line = key_node.start_mark.line + 1
        try:
            duplicate = key in data
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "unhashable mapping key", key_node.start_mark
            ) from None
        if duplicate:
            raise _DuplicateKey(key, line)
        value = loader.construct_object(value_node, deep=False)
        data[key] = value
        key_lines[key] = line
        if id(value) in loader.marks:  # a nested entry is reported at its key's line
            loader.marks[id(value)] = (line, loader.marks[id(value)][1])


def _construct_seq(loader: _LineLoader, node: yaml.SequenceNode) -> Iterator[list]:
    data: list = []
    loader.marks[id(data)] = (node.start_mark.line + 1, {})
    yield data
    data.extend(loader.construct_object(child, deep=False) for child in node.value)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


class _Doc:
    """One parsed data file: its Python data plus line lookups for errors."""

    def __init__(self, path: Path, data: Any, marks: dict[int, tuple[int, dict]]) -> None:
        self.path = path
        self.data = data
        self._marks = marks

    @classmethod
    def read(cls, path: Path) -> _Doc:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError(path, None, "file not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(path, None, f"cannot read file: {exc}") from None
        loader = _LineLoader(text)
        try:
            data = loader.get_single_data()
        except _DuplicateKey as exc:
            raise DataError(path, exc.line, f"duplicate key {exc.key!r}") from None
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            problem = exc.problem or exc.context or "invalid YAML"
            raise DataError(path, line, f"YAML syntax error: {problem}") from None
        except yaml.YAMLError as exc:
            raise DataError(path, None, f"YAML error: {exc}") from None
        finally:
            loader.dispose()
        return cls(path, data, loader.marks)

    def line(self, obj: Any, key: Any = None) -> int | None:
        """Line of a container, or of one of its keys when given and present."""
        mark = self._marks.get(id(obj))
        if mark is None:
            return None
        if key is not None and key in mark[1]:
            return mark[1][key]
        return mark[0]

    def error(self, obj: Any, message: str, key: Any = None) -> DataError:
        return DataError(self.path, self.line(obj, key), message)

    def top(self, key: str, kind: type) -> Any:
        """A required top-level section of the given container type."""
        if not isinstance(self.data, dict):
            raise DataError(self.path, 1, f"the file must be a mapping with a '{key}' section")
        if key not in self.data:
            raise self.error(self.data, f"missing section '{key}'")
        value = self.data[key]
        if not isinstance(value, kind):
            raise self.error(self.data, f"'{key}' must be {_KIND_NAMES[kind]}", key)
        return value

    def only(self, *keys: str) -> None:
        """Reject unknown top-level sections (usually a typo in a section name)."""
        _check_keys(self, self.data, set(keys), self.path.name)


_KIND_NAMES = {
    list: "a list",
    dict: "a mapping",
    str: "a string",
    int: "an integer",
    bool: "a boolean",
}


def _field(
    doc: _Doc,
    entry: dict,
    key: str,
    kind: type | tuple[type, ...],
    what: str,
    *,
    optional: bool = False,
    nullable: bool = False,
    default: Any = None,
) -> Any:
    """Read one field of an entry, checking presence and type."""
    if key not in entry:
        if optional:
            return default
        raise doc.error(entry, f"{what}: missing field '{key}'")
    value = entry[key]
    if value is None and nullable:
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if ok and isinstance(value, str) and not value.strip():
        ok = False
    if not ok:
        expected = " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)
        if nullable:
            expected += " or null"
        raise doc.error(entry, f"{what}: field '{key}' must be {expected}, got {value!r}", key)
    return value


def _entries(doc: _Doc, items: list, what: str) -> Iterator[dict]:
    for item in items:
        if not isinstance(item, dict):
            raise doc.error(items, f"each {what} must be a mapping, got {item!r}")
        yield item


def _check_keys(doc: _Doc, entry: dict, allowed: set[str], what: str) -> None:
    for key in entry:
        if key not in allowed:
            raise doc.error(entry, f"{what}: unknown field {key!r}", key)


def _choice(doc: _Doc, entry: dict, key: str, choices: tuple[str, ...], what: str) -> str:
    value = _field(doc, entry, key, str, what)
    if value not in choices:
        raise doc.error(
            entry, f"{what}: unknown {key} {value!r}; expected one of {', '.join(choices)}", key
        )
    return value


def _per_side(doc: _Doc, entry: dict, key: str, kind: type, what: str) -> dict:
    value = _field(doc, entry, key, dict, what)
    if set(value) != set(SIDES):
        raise doc.error(
            entry, f"{what}: '{key}' must have exactly the keys democrat, communist", key
        )
    for side in SIDES:
        _field(doc, value, side, kind, f"{what} {key}")
    return {side: value[side] for side in SIDES}


def _count(doc: _Doc, items: list, expected: int, what: str) -> None:
    if len(items) != expected:
        raise doc.error(items, f"expected {expected} {what}, found {len(items)}")


def _key(name: str) -> str:
    """Lookup key: case-, accent- and spacing-insensitive (Gdańsk == gdansk)."""
    text = unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())


def _unknown(what: str, name: Any, known: list[str]) -> str:
    import difflib

    message = f"unknown {what} {name!r}"
    if isinstance(name, str):
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        if close:
            message += f"; did you mean {close[0]!r}?"
    return message


# --- countries.yaml ------------------------------------------------------------------


def _countries(doc: _Doc) -> tuple[dict[str, dict], dict[str, int]]:
    raw = doc.top("countries", dict)
    out: dict[str, dict] = {}
    for name, entry in raw.items():
        what = f"country {name!r}"
        if not isinstance(name, str) or not name.strip():
            raise doc.error(raw, f"country names must be strings, got {name!r}", name)
        if not isinstance(entry, dict):
            raise doc.error(raw, f"{what} must be a mapping", name)
        fields = {"region", "presence", "domination", "control", "power", "scoring_card"}
        _check_keys(doc, entry, fields, what)
        out[name] = {
            "region": _choice(doc, entry, "region", REGIONS, what),
            **{k: _field(doc, entry, k, int, what) for k in sorted(fields - {"region"})},
            "_entry": entry,
        }
        for k in ("presence", "domination", "control", "power"):
            if out[name][k] < 0:
                raise doc.error(entry, f"{what}: '{k}' must not be negative", k)
    if not out:
        raise doc.error(raw, "no countries")
    final = doc.top("final_scoring", dict)
    values = {
        k: _field(doc, final, k, int, "final_scoring")
        for k in ("communist_power_bonus_per_country",)
    }
    _check_keys(doc, final, set(values), "final_scoring")
    doc.only("countries", "final_scoring")
    return out, values


# --- map.yaml ------------------------------------------------------------------------

_SPACE_FIELDS = {
    "id",
    "name",
    "aliases",
    "country",
    "region",
    "type",
    "stability",
    "battleground",
    "adjacent",
    "setup",
}


def _spaces(doc: _Doc, countries: dict[str, dict]) -> tuple[Space, ...]:
    items = doc.top("spaces", list)
    doc.only("spaces")
    entries = list(_entries(doc, items, "space"))
    _count(doc, items, N_SPACES, "spaces")

    by_id: dict[int, dict] = {}
    index: dict[str, int] = {}
    names: list[str] = []
    for entry in entries:
        sid = _field(doc, entry, "id", int, "space")
        what = f"space {sid}"
        name = _field(doc, entry, "name", str, what)
        what = f"space {name!r}"
        if sid in by_id:
            raise doc.error(entry, f"{what}: duplicate id {sid}", "id")
        if not 0 <= sid < len(items):
            raise doc.error(entry, f"{what}: id must be 0..{len(items) - 1}", "id")
        by_id[sid] = entry
        aliases = _field(doc, entry, "aliases", list, what, optional=True, default=[])
        for n in (name, *aliases):
            if not isinstance(n, str) or not n.strip():
                raise doc.error(entry, f"{what}: aliases must be non-empty strings", "aliases")
            k = _key(n)
            if k in index:
                first = by_id[index[k]]["name"]
                raise doc.error(
                    entry,
                    f"{what}: duplicate space name {n!r} (see {first!r})",
                    "aliases" if n != name else "name",
                )
            index[k] = sid
        names.append(name)
    if sorted(by_id) != list(range(len(by_id))):
        raise doc.error(items, f"space ids must be 0..{len(by_id) - 1}, each once")

    spaces: list[Space] = []
    for sid in range(len(by_id)):
        entry = by_id[sid]
        name = entry["name"]
        what = f"space {name!r}"
        _check_keys(doc, entry, _SPACE_FIELDS, what)
        country = _field(doc, entry, "country", str, what)
        if country not in countries:
            raise doc.error(
                entry, f"{what}: " + _unknown("country", country, list(countries)), "country"
            )
        region = _choice(doc, entry, "region", REGIONS, what)
        if region != countries[country]["region"]:
            raise doc.error(
                entry,
                f"{what}: region {region!r} differs from {country}'s region "
                f"{countries[country]['region']!r} (countries.yaml)",
                "region",
            )
        stype = _choice(doc, entry, "type", SPACE_TYPES, what)
        stability = _field(doc, entry, "stability", int, what)
        if stability < 1:
            raise doc.error(entry, f"{what}: stability must be at least 1", "stability")
        battleground = _field(doc, entry, "battleground", bool, what)
        setup = _per_side(doc, entry, "setup", int, what)
        if min(setup.values()) < 0:
            raise doc.error(entry, f"{what}: setup SPs must not be negative", "setup")
        adjacent_names = _field(doc, entry, "adjacent", list, what)
        adjacent: set[int] = set()
        for other in adjacent_names:
            if not isinstance(other, str) or _key(other) not in index:
                raise doc.error(
                    entry, f"{what}: adjacent " + _unknown("space", other, names), "adjacent"
                )
            oid = index[_key(other)]
            if oid == sid:
                raise doc.error(entry, f"{what}: a space cannot be adjacent to itself", "adjacent")
            if oid in adjacent:
                raise doc.error(entry, f"{what}: {other!r} is listed twice", "adjacent")
            adjacent.add(oid)
        spaces.append(
            Space(
                id=sid,
                name=name,
                country=country,
                region=region,
                type=stype,
                stability=stability,
                battleground=battleground,
                adjacent=tuple(sorted(adjacent)),
                setup=setup,
                aliases=tuple(entry.get("aliases") or ()),
            )
        )

    # Rule 2.1.6: a line joins two spaces, so each must list the other.
    for space in spaces:
        for oid in space.adjacent:
            if space.id not in spaces[oid].adjacent:
                raise doc.error(
                    by_id[space.id],
                    f"asymmetric adjacency: {space.name!r} lists {spaces[oid].name!r} "
                    f"but {spaces[oid].name!r} does not list {space.name!r}",
                    "adjacent",
                )
    return tuple(spaces)


# --- strategy.yaml -------------------------------------------------------------------

_CARD_FIELDS = {
    "number",
    "name",
    "period",
    "side",
    "ops",
    "removed",
    "red_title",
    "lasting",
    "scores",
}


def _strategy(doc: _Doc, countries: dict[str, dict]) -> dict[int, StrategyCard]:
    items = doc.top("cards", list)
    doc.only("cards")
    cards: dict[int, StrategyCard] = {}
    seen_names: dict[str, int] = {}
    for entry in _entries(doc, items, "card"):
        number = _field(doc, entry, "number", int, "card")
        what = f"card {number}"
        _check_keys(doc, entry, _CARD_FIELDS, what)
        if number in cards:
            raise doc.error(entry, f"duplicate card number {number}", "number")
        if not 1 <= number <= N_CARDS:
            raise doc.error(entry, f"{what}: number must be 1..{N_CARDS}", "number")
        name = _field(doc, entry, "name", str, what)
        k = _key(name)
        if k in seen_names:
            raise doc.error(
                entry, f"{what}: duplicate card name {name!r} (also card {seen_names[k]})", "name"
            )
        seen_names[k] = number
        side = _choice(doc, entry, "side", CARD_SIDES, what)
        ops = _field(doc, entry, "ops", int, what, nullable=True)
        scores = _field(doc, entry, "scores", str, what, optional=True, nullable=True)
        if side == "scoring":
            if ops is not None:
                raise doc.error(entry, f"{what}: a Scoring card has no ops (use null)", "ops")
            if scores is None:
                raise doc.error(entry, f"{what}: a Scoring card needs 'scores: <country>'")
            if scores not in countries:
                raise doc.error(
                    entry, f"{what}: " + _unknown("country", scores, list(countries)), "scores"
                )
        else:
            if ops is None or ops < 1:
                raise doc.error(entry, f"{what}: ops must be a positive integer", "ops")
            if scores is not None:
                raise doc.error(entry, f"{what}: only Scoring cards have 'scores'", "scores")
        cards[number] = StrategyCard(
            number=number,
            name=name,
            period=_choice(doc, entry, "period", PERIODS, what),
            side=side,
            ops=ops,
            removed=_field(doc, entry, "removed", bool, what),
            red_title=_field(doc, entry, "red_title", bool, what),
            lasting=_field(doc, entry, "lasting", bool, what),
            scores=scores,
        )
    _count(doc, items, N_CARDS, "strategy cards")
    if sorted(cards) != list(range(1, N_CARDS + 1)):
        raise doc.error(items, f"card numbers must be 1..{N_CARDS}, each once")
    return dict(sorted(cards.items()))


def _link_countries(
    doc: _Doc,
    raw: dict[str, dict],
    spaces: tuple[Space, ...],
    cards: dict[int, StrategyCard],
) -> dict[str, Country]:
    """Build the countries, checking their Scoring cards against strategy.yaml."""
    out: dict[str, Country] = {}
    for name, c in raw.items():
        number = c["scoring_card"]
        card = cards.get(number)
        if card is None or card.side != "scoring" or card.scores != name:
            raise doc.error(
                c["_entry"],
                f"country {name!r}: scoring_card {number} is not the {name} Scoring card "
                "in strategy.yaml",
                "scoring_card",
            )
        own = [s for s in spaces if s.country == name]
        if not own:
            raise doc.error(c["_entry"], f"country {name!r} has no spaces in map.yaml")
        out[name] = Country(
            name=name,
            region=c["region"],
            presence=c["presence"],
            domination=c["domination"],
            control=c["control"],
            power=c["power"],
            scoring_card=number,
            spaces=tuple(s.id for s in own),
            battlegrounds=tuple(s.id for s in own if s.battleground),
        )
    return out


# --- power_struggle.yaml -------------------------------------------------------------


def _power_struggle(doc: _Doc) -> tuple[PowerStruggleCard, ...]:
    items = doc.top("power_struggle_cards", list)
    doc.only("power_struggle_cards")
    cards: dict[int, PowerStruggleCard] = {}
    for entry in _entries(doc, items, "Power Struggle card"):
        cid = _field(doc, entry, "id", int, "Power Struggle card")
        what = f"Power Struggle card {cid}"
        _check_keys(doc, entry, {"id", "name", "kind", "suit", "leader", "rank"}, what)
        if cid in cards:
            raise doc.error(entry, f"duplicate Power Struggle card id {cid}", "id")
        if not 0 <= cid < N_PS_CARDS:
            raise doc.error(entry, f"{what}: id must be 0..{N_PS_CARDS - 1}", "id")
        kind = _choice(doc, entry, "kind", PS_KINDS, what)
        suit = leader = None
        if kind == "suit":
            suit = _choice(doc, entry, "suit", SUITS, what)
        elif "suit" in entry:
            raise doc.error(entry, f"{what}: only suited cards have a suit", "suit")
        if kind == "leader":
            leader = _choice(doc, entry, "leader", SPACE_TYPES, what)
        elif "leader" in entry:
            raise doc.error(entry, f"{what}: only leader cards have a leader", "leader")
        rank = _field(doc, entry, "rank", int, what)
        if kind == "wild" and rank != 0:
            raise doc.error(entry, f"{what}: wild cards have rank 0", "rank")
        if kind != "wild" and not 1 <= rank <= 6:
            raise doc.error(entry, f"{what}: rank must be 1..6", "rank")
        cards[cid] = PowerStruggleCard(
            id=cid,
            name=_field(doc, entry, "name", str, what),
            kind=kind,
            suit=suit,
            leader=leader,
            rank=rank,
        )
    _count(doc, items, N_PS_CARDS, "Power Struggle cards")
    if sorted(cards) != list(range(N_PS_CARDS)):
        raise doc.error(items, f"Power Struggle card ids must be 0..{N_PS_CARDS - 1}, each once")
    return tuple(cards[i] for i in range(N_PS_CARDS))


# --- tables.yaml ---------------------------------------------------------------------


def _tables(doc: _Doc, cards: dict[int, StrategyCard]) -> dict[str, Any]:
    out: dict[str, Any] = {}

    # Power Struggle Results Table (8.4): contiguous rolls, ascending.
    rows_raw = doc.top("power_struggle_results", list)
    rows: list[ResultRow] = []
    for entry in _entries(doc, rows_raw, "result row"):
        what = "result row"
        _check_keys(doc, entry, {"roll", "support_loss", "vp", "takes_power"}, what)
        row = ResultRow(
            roll=_field(doc, entry, "roll", int, what),
            support_loss=_field(doc, entry, "support_loss", int, what),
            vp=_field(doc, entry, "vp", int, what),
            takes_power=_field(doc, entry, "takes_power", bool, what),
        )
        if rows and row.roll != rows[-1].roll + 1:
            raise doc.error(
                entry,
                f"result rows must be consecutive rolls; expected "
                f"{rows[-1].roll + 1}, got {row.roll}",
                "roll",
            )
        if row.support_loss < 0 or row.vp < 0:
            raise doc.error(entry, f"result row {row.roll}: values must not be negative")
        rows.append(row)
    if not rows:
        raise doc.error(rows_raw, "the results table is empty")
    out["results"] = tuple(rows)

    # Tiananmen Square track (6.3).
    boxes_raw = doc.top("tiananmen_track", list)
    boxes: list[TiananmenBox] = []
    for entry in _entries(doc, boxes_raw, "Tiananmen box"):
        number = _field(doc, entry, "box", int, "Tiananmen box")
        what = f"Tiananmen box {number}"
        _check_keys(doc, entry, {"box", "names", "needs", "award"}, what)
        if number != len(boxes) + 1:
            raise doc.error(entry, f"{what}: boxes must be numbered 1, 2, ... in order", "box")
        boxes.append(
            TiananmenBox(
                box=number,
                names=_per_side(doc, entry, "names", str, what),
                needs=_per_side(doc, entry, "needs", int, what),
                award=_choice(doc, entry, "award", AWARDS, what),
            )
        )
    _count(doc, boxes_raw, N_BOXES, "Tiananmen boxes")
    out["tiananmen"] = tuple(boxes)

    # U.S.S.R. Stability track (12).
    track_raw = doc.top("ussr_track", list)
    track: list[dict] = []
    for entry in _entries(doc, track_raw, "U.S.S.R. track position"):
        position = _field(doc, entry, "position", int, "U.S.S.R. track position")
        what = f"U.S.S.R. track position {position}"
        _check_keys(doc, entry, {"position", "name", "card", "vp"}, what)
        if position != len(track):
            raise doc.error(entry, f"{what}: positions must be 0, 1, ... in order", "position")
        card = _field(doc, entry, "card", int, what, nullable=True)
        if card is not None and card not in cards:
            raise doc.error(entry, f"{what}: unknown card {card}", "card")
        track.append(
            {
                "position": position,
                "name": _field(doc, entry, "name", str, what),
                "card": card,
                "vp": _field(doc, entry, "vp", int, what),
            }
        )
    if not track:
        raise doc.error(track_raw, "the U.S.S.R. track is empty")
    out["ussr_track"] = tuple(track)

    # Set-up free SPs (3.4).
    order_raw = doc.top("setup_free_sps", list)
    order: list[tuple[str, int]] = []
    for entry in _entries(doc, order_raw, "set-up step"):
        what = "set-up step"
        _check_keys(doc, entry, {"side", "sps"}, what)
        side = _choice(doc, entry, "side", SIDES, what)
        sps = _field(doc, entry, "sps", int, what)
        if sps < 1:
            raise doc.error(entry, f"{what}: sps must be positive", "sps")
        order.append((side, sps))
    out["setup_order"] = tuple(order)

    for key in ("turns", "hand_size", "action_rounds"):
        value = _field(doc, doc.data, key, int, "tables.yaml")
        if value < 1:
            raise doc.error(doc.data, f"'{key}' must be positive", key)
        out[key] = value

    additions_raw = doc.top("deck_additions", dict)
    additions: dict[int, str] = {}
    for turn, period in additions_raw.items():
        if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn < out["turns"]:
            raise doc.error(
                additions_raw,
                f"deck_additions: turn must be 1..{out['turns'] - 1}, got {turn!r}",
                turn,
            )
        if period not in PERIODS:
            raise doc.error(
                additions_raw,
                f"deck_additions: unknown period {period!r}; expected one of {', '.join(PERIODS)}",
                turn,
            )
        additions[turn] = period
    out["deck_additions"] = dict(sorted(additions.items()))

    doc.only(
        "power_struggle_results",
        "tiananmen_track",
        "ussr_track",
        "setup_free_sps",
        "turns",
        "hand_size",
        "action_rounds",
        "deck_additions",
    )
    return out
