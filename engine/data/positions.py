"""Positions as people write them: plain data naming spaces, cards and
countries as the cards print them, read into engine terms.

A scenario file's ``position`` block and a test's position dict are the
same data (docs/scenarios.md, docs/api.md): YAML's plain values, or the
dicts and lists Python writes. :func:`read_position` turns it into a
:class:`Position` (space ids, card numbers) with the :class:`Play` of each
event it puts in force; :class:`Reader` is the reader of such data, also
used for a scenario's plays and expectations. Every mistake is a
:class:`PositionError` that says where it is as a path into the data
(keys and list indexes), which a file's reader turns into its
``PATH:LINE:COL`` and a Python caller reads as text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dof.engine.data.located import MAX_DIGITS, Key, KeyPath, path_text, shown
from dof.engine.data.names import NameTable, did_you_mean
from dof.engine.data.records import GameData
from dof.engine.data.terms import KINDS, PERIODS, SIDES


class PositionError(ValueError):
    """Data that is no position, or a position the game cannot be in: its
    ``message``, its place ``at`` (a path into the data), the diagnostic
    ``code`` (docs/scenarios.md) and a ``hint``. ``first`` is the place of
    what it repeats (a card listed twice)."""

    def __init__(self, message: str, at: KeyPath = (), code: str = "E604",
                 hint: str | None = None, first: KeyPath | None = None) -> None:
        self.message, self.at, self.code, self.hint, self.first = message, at, code, hint, first
        super().__init__(self.words(path_text))

    def words(self, place: Callable[[KeyPath], str]) -> str:
        """The message, where it is and what it repeats named by ``place``."""
        where = place(self.at)
        first = f" (first at {place(self.first)})" if self.first is not None else ""
        hint = f"; {self.hint}" if self.hint else ""
        return (f"{where}: " if where else "") + self.message + first + hint


# ------------------------------------------------------------------ reader
class Reader:
    """Reads plain data a person wrote, with the game's names: each reader
    takes the value and its path, and raises a PositionError there."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.names = data.names

    # -------------------------------------------------------------- shapes
    def mapping(self, value: Any, at: KeyPath, what: str, allowed: Iterable[str] = (),
                required: Iterable[str] = ()) -> dict[str, Any]:
        """A mapping by its keys as names (a number key is its digits); with
        ``allowed``, any other key is E601 with a suggestion."""
        if not isinstance(value, Mapping):
            raise PositionError(f"{what} must be a mapping (key: value lines), not "
                                f"{kind_of(value)}", at, "E201")
        allowed = list(allowed)
        entries: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str | int) or isinstance(key, bool):
                raise PositionError(f"a key of {what} must be a name", at + (Key(key),), "E201")
            if allowed and str(key) not in allowed:
                raise PositionError(f"{what}: unknown key {str(key)!r}", at + (Key(key),),
                                    "E601", did_you_mean(str(key), allowed)
                                    or "expected one of " + ", ".join(allowed))
            entries[str(key)] = item
        for key in required:
            if key not in entries:
                raise PositionError(f"{what}: missing key {key!r}", at, "E602")
        return entries

    def pairs(self, value: Any, at: KeyPath, what: str) -> list[tuple[Any, KeyPath, Any, KeyPath]]:
        """A mapping's (key, key's path, value, value's path), in order."""
        if not isinstance(value, Mapping):
            self.mapping(value, at, what)  # says what it is instead
        return [(k, at + (Key(k),), v, at + (k,)) for k, v in value.items()]

    def items(self, value: Any, at: KeyPath, what: str) -> list[tuple[Any, KeyPath]]:
        """A list's items with their paths; a lone value stands for a list of one."""
        if isinstance(value, list | tuple):
            return [(item, at + (i,)) for i, item in enumerate(value)]
        if value is not None and not isinstance(value, Mapping):
            return [(value, at)]
        raise PositionError(f"{what} must be a list, not {kind_of(value)}", at, "E201")

    # -------------------------------------------------------------- values
    def scalar(self, value: Any, at: KeyPath) -> Any:
        """A single value (text, a number, true/false, empty), not a list or
        a mapping (which is never shown whole: an alias may make it huge)."""
        if isinstance(value, list | tuple | Mapping):
            raise PositionError(f"expected a single value, not {kind_of(value)}", at, "E201")
        return value

    def text(self, value: Any, at: KeyPath, what: str) -> str:
        if isinstance(self.scalar(value, at), bool) or value is None:
            raise PositionError(f"{what} must be a name or text, not {shown(value)}", at, "E201")
        return str(value)

    def integer(self, value: Any, at: KeyPath, what: str, lo: int | None = None,
                hi: int | None = None) -> int:
        if not isinstance(self.scalar(value, at), int) or isinstance(value, bool):
            raise PositionError(f"{what} must be {KINDS[int]}, not {shown(value)}", at, "E201")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            bounds = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
            raise PositionError(f"{what} must be {bounds}, not {value}", at, "E301")
        return value

    def choice(self, value: Any, at: KeyPath, what: str, choices: Iterable[str]) -> str:
        """One of ``choices`` (case-insensitive); a unique start is enough."""
        choices = list(choices)
        word = self.text(value, at, what).strip().casefold()
        found = [c for c in choices if c == word] or [c for c in choices
                                                      if word and c.startswith(word)]
        if len(found) != 1:
            raise PositionError(f"{what} must be one of {', '.join(choices)}, not {value!r}",
                                at, "E201")
        return found[0]

    def side(self, value: Any, at: KeyPath, what: str = "a player") -> str:
        return self.choice(value, at, what, SIDES)

    # --------------------------------------------------------------- names
    def space(self, value: Any, at: KeyPath) -> int:
        return self.data.space(self._found(value, at, "a space", self.names.spaces, "E101")).id

    def country(self, value: Any, at: KeyPath) -> str:
        return self._found(value, at, "a country", self.names.countries, "E103")

    def ps_card(self, value: Any, at: KeyPath) -> str:
        return self._found(value, at, "a Power Struggle card", self.names.ps_cards, "E105")

    def ussr_box(self, value: Any, at: KeyPath) -> int:
        """A U.S.S.R. track position by number or box name."""
        box = self.names.ussr.get(value)
        if box is not None:
            return box
        return self.integer(value, at, "the U.S.S.R. track position", 0,
                            len(self.data.ussr_track) - 1)

    def card(self, value: Any, at: KeyPath) -> int:
        """A strategy card by number (7, "#7"), name, or both ("#7 " and its name)."""
        if not (isinstance(self.scalar(value, at), int) and not isinstance(value, bool)):
            value = self.text(value, at, "a card")
        try:
            return self.card_number(value)
        except PositionError as exc:
            raise PositionError(exc.message, at, exc.code, exc.hint) from None

    def card_number(self, value: int | str) -> int:
        """A card by number or name as a person writes it; PositionError
        (E102, with a hint) when there is none."""
        if isinstance(value, int):
            return self._numbered(value, None)
        text = value.strip()
        found = re.fullmatch(r"#?(\d+)(?:\s+(.*))?", text)
        if found is None:
            named = self.names.cards.get(text)
            if named is not None:
                return named
            raise PositionError(f"unknown card {shown(text)}", (), "E102", did_you_mean(
                text, [c.name for c in self.data.cards.values()]))
        if len(found[1]) > MAX_DIGITS:  # more than Python reads as a number
            raise PositionError(f"there is no card {shown('#' + found[1])}", (), "E102",
                                f"cards are numbered 1 to {max(self.data.cards)}")
        return self._numbered(int(found[1]), found[2])

    def _numbered(self, number: int, name: str | None) -> int:
        """Card ``number``, which ``name`` (if given) must name too."""
        if number not in self.data.cards:
            raise PositionError(f"there is no card #{number}", (), "E102",
                                f"cards are numbered 1 to {max(self.data.cards)}")
        if name and self.names.cards.get(name) != number:
            raise PositionError(f"card #{number} is {self.data.cards[number].name!r}, "
                                f"not {shown(name)}", (), "E102")
        return number

    def cards(self, value: Any, at: KeyPath, what: str) -> list[tuple[int, KeyPath]]:
        return [(self.card(item, where), where) for item, where in self.items(value, at, what)]

    def _found(self, value: Any, at: KeyPath, what: str, table: NameTable[str], code: str) -> str:
        """The name ``value`` holds, as the data writes it; a PositionError
        ``code`` when ``table`` has none such."""
        self.text(value, at, what)
        found = table.get(str(value))
        if found is None:
            raise PositionError(f"unknown {table.what} {shown(str(value))}", at, code,
                                did_you_mean(str(value), table.names))
        return found


def kind_of(value: Any) -> str:
    """What a value is, as a message says it was found instead."""
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    return f"the value {shown(str(value))}"


# ------------------------------------------------------------------- plays
#: What a play may say: the card, who plays it, how it is used, the answers
#: to its questions, its dice; ``refused`` an answer that must not be offered.
PLAY_KEYS = ("card", "by", "as", "answers", "dice", "refused")
#: A play that runs the turn on (``to``) instead of playing a card.
STEP_KEYS = ("to", "answers", "dice")
#: Where a play that runs the turn on stops (docs/scenarios.md).
STOPS = ("end of turn", "next deal")


@dataclass
class Play:
    """A card played with every question answered and every die fixed, or
    (``to`` set, ``card`` None) the turn run on to its end or to the next
    deal. ``dice`` is None when the play rolls the game's seeded dice;
    ``refused`` is an answer that must not be offered after the others.
    Paths say where each part is written."""

    card: int | None
    by: str
    at: KeyPath
    use: str | None = None
    answers: list[Any] = field(default_factory=list)
    dice: list[int] | None = None
    refused: Any = None
    to: str | None = None
    written: frozenset[str] = frozenset()

    def path(self, part: str, *index: int) -> KeyPath:
        """Where ``part`` (card, as, answers, dice, refused) is written, or
        the play itself when it is not."""
        if part not in self.written:
            return self.at
        return self.at + (part, *index)


def read_play(reader: Reader, value: Any, at: KeyPath, what: str,
              keys: tuple[str, ...] = PLAY_KEYS) -> Play:
    """A play: a card alone, ``{card, by, as, answers, dice, refused}``
    (the ``keys`` allowed), or a step ``{to, answers, dice}``; ``by``
    defaults to the card's own side."""
    if not isinstance(value, Mapping):
        entries = {"card": value}
        card_at = at
    else:
        if "to" in value and keys is PLAY_KEYS:
            if "card" in value:
                raise PositionError(f"{what}: a play plays a card or runs the turn on (to), "
                                    "not both: write them as two plays", at + (Key("to"),),
                                    "E201")
            keys = STEP_KEYS
        entries = reader.mapping(value, at, what, keys, required=(keys[0],))
        card_at = at + ("card",)
    play = _played_card(reader, entries, at, card_at, what)
    play.written = frozenset(entries) if isinstance(value, Mapping) else frozenset()
    if "as" in entries:
        play.use = reader.text(entries["as"], at + ("as",), "as")
    if "answers" in entries:
        play.answers = [reader.scalar(item, where) for item, where
                        in reader.items(entries["answers"], at + ("answers",), "answers")]
    if "dice" in entries:
        play.dice = [reader.integer(item, where, "a die", 1, 6)
                     for item, where in reader.items(entries["dice"], at + ("dice",), "dice")]
    if "refused" in entries:
        play.refused = reader.scalar(entries["refused"], at + ("refused",))
    return play


def _played_card(reader: Reader, entries: dict[str, Any], at: KeyPath, card_at: KeyPath,
                 what: str) -> Play:
    """The card of a play and who plays it, or the step it runs to."""
    if "to" in entries:
        return Play(None, "communist", at, to=reader.choice(entries["to"], at + ("to",), "to",
                                                            STOPS))
    card = reader.card(entries["card"], card_at)
    printed = reader.data.cards[card]
    if "by" in entries:
        by = reader.side(entries["by"], at + ("by",), f"{what}: by")
    elif printed.side in SIDES:
        by = printed.side
    else:
        raise PositionError(f"{what}: say who plays #{card} {printed.name} (by: democrat or "
                            "by: communist)", card_at, "E602")
    return Play(card, by, at)


# --------------------------------------------------------------- position
@dataclass
class Position:
    """A position to start from; what is left unset is as in a new game.

    ``sp`` holds every SP on the map (``board == "empty"``), or only the
    spaces that differ from the printed setup (``board == "setup"``).
    ``hands``, ``discard``, ``removed`` and ``set_aside`` take their cards
    from wherever they are; ``deck_top`` puts cards on top of the draw deck,
    the first drawn first. ``events_played`` records events as having
    happened (prerequisites, 'no effect after') without running them; what
    they cancel whenever they happen is cancelled (engine/position.py
    past_in_force). ``tiananmen`` gives the boxes reached: one that a player
    alone has reached gives him its lasting award (6.3.5).
    ``tiananmen_attempted`` are the players who made this turn's attempt
    (6.3.3); ``scoring_plays`` counts the Scoring card plays of each country
    that led to a power struggle (8.4.6). ``in_effect`` are the events put
    in force once the rest is set: each runs as played, with its answers
    and dice.
    """

    turn: int = 1
    action_round: int = 1
    board: str = "empty"
    sp: dict[str, dict[int, int]] = field(default_factory=lambda: {s: {} for s in SIDES})
    vp: int = 0
    tiananmen: dict[str, int] = field(default_factory=dict)
    tiananmen_attempted: list[str] = field(default_factory=list)
    ussr: int = 0
    power: dict[str, str] = field(default_factory=dict)
    scoring_plays: dict[str, int] = field(default_factory=dict)
    hands: dict[str, list[int]] = field(default_factory=dict)
    set_aside: dict[str, list[int]] = field(default_factory=dict)
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    deck_top: list[int] = field(default_factory=list)
    events_played: list[int] = field(default_factory=list)
    in_effect: list[Play] = field(default_factory=list)
    #: Where each card the position lists is written (a card is in one place
    #: only), and where the position is.
    listed: dict[int, KeyPath] = field(default_factory=dict)
    at: KeyPath = ()

    @classmethod
    def read(cls, data: GameData, value: Mapping | None, at: KeyPath = ()) -> Position:
        """The position ``value`` writes (None: a new game's turn 1 with an
        empty board); PositionError at the place of its first mistake."""
        return read_position(Reader(data), value, at)


POSITION_KEYS = ("turn", "period", "action_round", "board", "democrat", "communist", "vp",
                 "tiananmen", "tiananmen_attempted", "ussr", "power", "scoring_plays",
                 "hands", "set_aside", "discard", "removed", "deck_top", "events_played",
                 "in_effect")

#: The keys of a position's block that list cards, each card in one place.
_PILES = ("discard", "removed", "deck_top")


def read_position(reader: Reader, value: Mapping | None, at: KeyPath = ()) -> Position:
    """Read a position block into a :class:`Position` (see Position.read)."""
    pos = Position(at=at)
    if value is None:
        return pos
    entries = reader.mapping(value, at, "position", POSITION_KEYS)
    for name, read in _READERS.items():
        if name in entries:
            read(reader, pos, entries[name], at + (name,))
    _read_period(reader, pos, entries, at)
    for card, where in pos.listed.items():
        if card not in year_cards(reader.data, pos.turn):
            raise PositionError(not_yet(reader.data, card, pos.turn), where)
    return pos


def _read_period(reader: Reader, pos: Position, entries: dict[str, Any], at: KeyPath) -> None:
    """``period``: the turn is its first one, or must be one of it."""
    if "period" not in entries:
        return
    data = reader.data
    period = reader.choice(entries["period"], at + ("period",), "period", PERIODS)
    if "turn" not in entries:
        pos.turn = next((t + 1 for t, p in sorted(data.deck_additions.items()) if p == period), 1)
    elif data.period_of_turn(pos.turn) != period:
        raise PositionError(f"turn {pos.turn} is in the {data.period_of_turn(pos.turn)} year, "
                            f"not the {period} year", at + ("period",), "E301")


def _turn(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    pos.turn = r.integer(value, at, "turn", 1, r.data.turns)


def _action_round(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    pos.action_round = r.integer(value, at, "action_round", 1, r.data.action_rounds + 1)


def _board(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    pos.board = r.choice(value, at, "board", ("empty", "setup"))


def _sps(side: str) -> Callable[[Reader, Position, Any, KeyPath], None]:
    def read(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
        for name, name_at, n, n_at in r.pairs(value, at, f"{side} SPs"):
            pos.sp[side][r.space(name, name_at)] = r.integer(n, n_at, f"{side} SPs in {name}",
                                                             0, 99)
    return read


def _vp(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    pos.vp = r.integer(value, at, "vp", -19, 19)


def _tiananmen(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    for side, side_at, n, n_at in r.pairs(value, at, "tiananmen"):
        pos.tiananmen[r.side(side, side_at)] = r.integer(
            n, n_at, "a Tiananmen Square track box", 0, len(r.data.tiananmen))


def _attempted(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    pos.tiananmen_attempted = [r.side(side, where) for side, where
                               in r.items(value, at, "tiananmen_attempted")]


def _ussr(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    pos.ussr = r.ussr_box(value, at)


def _power(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    for country, country_at, side, side_at in r.pairs(value, at, "power"):
        pos.power[r.country(country, country_at)] = r.side(side, side_at)


def _scoring_plays(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    for country, country_at, n, n_at in r.pairs(value, at, "scoring_plays"):
        pos.scoring_plays[r.country(country, country_at)] = r.integer(
            n, n_at, f"the plays of {country}'s Scoring card", 0, 99)


def _by_side(name: str) -> Callable[[Reader, Position, Any, KeyPath], None]:
    """``hands`` or ``set_aside``: cards by side."""
    def read(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
        for side, side_at, cards, cards_at in r.pairs(value, at, name):
            side = r.side(side, side_at)
            what = f"the {side}'s hand" if name == "hands" else f"the {side}'s cards set aside"
            getattr(pos, name)[side] = _listed(pos, r.cards(cards, cards_at, what))
    return read


def _pile(name: str) -> Callable[[Reader, Position, Any, KeyPath], None]:
    def read(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
        setattr(pos, name, _listed(pos, r.cards(value, at, name)))
    return read


def _events_played(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    pos.events_played = [c for c, _ in r.cards(value, at, "events_played")]


def _in_effect(r: Reader, pos: Position, value: Any, at: KeyPath) -> None:
    for item, where in r.items(value, at, "in_effect"):
        play = read_play(r, item, where, "in_effect", ("card", "by", "answers", "dice"))
        assert play.card is not None  # in_effect plays cards
        _listed(pos, [(play.card, play.path("card"))])
        pos.in_effect.append(play)


def _listed(pos: Position, cards: list[tuple[int, KeyPath]]) -> list[int]:
    """Note where each card is listed: a card is in one place only."""
    for card, where in cards:
        if card in pos.listed:
            raise PositionError(f"card #{card} is listed twice", where, first=pos.listed[card])
        pos.listed[card] = where
    return [card for card, _ in cards]


#: The readers of a position's keys, in the order they are read (the piles
#: in a fixed order: a card listed twice is reported where it comes second).
_READERS: dict[str, Callable[[Reader, Position, Any, KeyPath], None]] = {
    "turn": _turn, "action_round": _action_round, "board": _board,
    "democrat": _sps("democrat"), "communist": _sps("communist"), "vp": _vp,
    "tiananmen": _tiananmen, "tiananmen_attempted": _attempted, "ussr": _ussr,
    "power": _power, "scoring_plays": _scoring_plays, "hands": _by_side("hands"),
    "set_aside": _by_side("set_aside"), **{pile: _pile(pile) for pile in _PILES},
    "events_played": _events_played, "in_effect": _in_effect,
}


# ------------------------------------------------------------------- years
def year_cards(data: GameData, turn: int) -> list[int]:
    """The strategy cards in the game at ``turn``: the Early Year cards and
    every later year's cards already shuffled in (4.4)."""
    cards = data.cards_of_period("early")
    for after_turn, period in sorted(data.deck_additions.items()):
        if turn > after_turn:
            cards += data.cards_of_period(period)
    return cards


def not_yet(data: GameData, card: int, turn: int) -> str:
    """Why a card of a later year cannot be named on ``turn`` (4.4)."""
    info = data.cards[card]
    return (f"#{card} {info.name} is a {info.period} year card, not in the game on turn "
            f"{turn}")
