"""Where `dof play` begins when the card to try should matter at once.

``--turn N`` starts at turn N with the deck of that year (Middle and Late
Year cards shuffled in as by then), after the usual setup (3.1-3.4);
``--position FILE`` starts from a position block (a scenario's, or a file
holding just one) at the deal of its turn (4.5.1), so the hands it gives are
topped up to the hand size; ``--deal CARDS`` puts cards in a hand first: the
human player's, or with two or no human players, the Communist's, who plays
first. A scenario's played cards go to the hands of the sides that play them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from yaml.nodes import Node

from dof.cli.files import user_path
from dof.cli.located import FileProblem, YamlFile
from dof.engine.data.positions import Position, PositionError, Reader, not_yet, year_cards
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.position import opening_state, start_game, start_position


class StartError(Exception):
    """A start the game cannot make (an unknown card, a bad position file)."""


@dataclass
class Start:
    """The ``--turn``, ``--position`` and ``--deal`` of `dof play`, as typed."""

    turn: int | None = None
    position: str | None = None
    deal: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.turn or self.position or self.deal)

    def replay(self) -> str:
        """The options that make the same start again."""
        words = [f"--turn {self.turn}"] if self.turn else []
        words += [f"--position {self.position}"] if self.position else []
        words += [f"--deal {deal}" for deal in self.deal]
        return " ".join(words)


def deal_option(text: str) -> tuple[str | None, list[str]]:
    """--deal [SIDE:]CARDS: card numbers or names, comma separated; the
    side may be abbreviated (d:111)."""
    head, sep, rest = text.partition(":")
    sides = [s for s in SIDES if sep and head.strip() and s.startswith(head.strip().lower())]
    side, cards = (sides[0], rest) if len(sides) == 1 else (None, text)
    items = [c.strip() for c in cards.split(",")]
    if not all(items):
        raise StartError(f"--deal {text}: expected card numbers or names separated by commas, "
                         "such as 111,3 or democrat:Walesa")
    return side, items


def started_game(data, events, seed: int, options: dict, start: Start,
                 humans: list[str]) -> Game:
    """A new game begun as ``start`` says; StartError (one line) if it cannot be."""
    reader = Reader(data)
    if start.turn is not None and not 1 <= start.turn <= data.turns:
        raise StartError(f"--turn {start.turn}: the game has turns 1 to {data.turns}")
    dealt = _dealt(reader, start.deal, humans[0] if len(humans) == 1 else "communist")
    if start.position is None:
        turn = start.turn or 1
        state = opening_state(data, seed, turn, options)
        for side in SIDES:
            for card in dealt[side]:
                _check_year(data, turn, card)
                state["deck"].remove(card)
                state["hands"][side].append(card)
        return start_game(data, state, events)
    return _positioned_game(data, events, seed, options, start.position, start.turn,
                            dealt, reader)


def _dealt(reader: Reader, deal: list[str], deal_to: str) -> dict[str, list[int]]:
    """The cards of the ``--deal`` options, by the side whose hand gets them."""
    dealt: dict[str, list[int]] = {side: [] for side in SIDES}
    for side, texts in map(deal_option, deal):
        for text in texts:
            try:
                card = reader.card_number(text)
            except PositionError as exc:
                raise StartError(f"--deal: {exc.message}"
                                 + (f" ({exc.hint})" if exc.hint else "")) from None
            if any(card in hand for hand in dealt.values()):
                raise StartError(f"--deal: #{card} {reader.data.cards[card].name} is dealt "
                                 "twice")
            dealt[side or deal_to].append(card)
    return dealt


def _positioned_game(data, events, seed: int, options: dict, path: str, turn: int | None,
                     dealt: dict[str, list[int]], reader: Reader) -> Game:
    """A game from the position file at ``path``, at ``turn`` if given, with
    the ``dealt`` cards moved to their hands."""
    position, f, node = read_position(path, reader)
    if turn is not None:
        position.turn = turn
    in_effect = {play.card for play in position.in_effect}
    for side, cards in dealt.items():
        for card in cards:
            _check_year(data, position.turn, card)
            if card in in_effect:
                raise StartError(f"--deal: #{card} {data.cards[card].name} is in effect in "
                                 f"{path}, not in a hand")
            for pile in (position.discard, position.removed, position.deck_top,
                         *position.hands.values(), *position.set_aside.values()):
                if card in pile:
                    pile.remove(card)
            position.hands.setdefault(side, []).append(card)
    try:
        return start_position(data, events, position, seed, options=options)
    except PositionError as exc:
        raise StartError(one_line(f.mistaken(node, exc))) from None


def _check_year(data, turn: int, card: int) -> None:
    """A card of a later year is not in the game yet (4.4)."""
    if card not in year_cards(data, turn):
        first = min(t + 1 for t, p in data.deck_additions.items()
                    if p == data.cards[card].period)
        raise StartError(f"--deal: {not_yet(data, card, turn)} (it is from turn {first} on: "
                         f"--turn {first})")


def read_position(path: str, reader: Reader) -> tuple[Position, YamlFile, Node]:
    """The position of a position file (its block alone, or under a
    ``position`` key) or of a scenario file's first scenario, whose played
    cards are added to the hands of their players; the file and document
    it is read from, where a mistake found later is shown."""
    from dof.cli.scenario import parse_scenario

    f, node = _first_document(path)
    try:
        value = f.value(node, "position")
        if not (isinstance(value, dict) and "play" in value):
            return _position_block(reader, value), f, node
        scenario = parse_scenario(f, node, 0, reader)
        if scenario.error is not None:
            raise FileProblem(scenario.error)
    except FileProblem as problem:
        raise StartError(one_line(problem)) from None
    except PositionError as exc:
        raise StartError(one_line(f.mistaken(node, exc))) from None
    position = scenario.position
    for play in scenario.plays:
        card = play.card
        if card is not None and not any(card in pile for pile in position.hands.values()):
            position.hands.setdefault(play.by, []).append(card)
    return position, f, node


def _first_document(path: str) -> tuple[YamlFile, Node]:
    """The file at ``path`` and its first document; StartError if it is no YAML."""
    try:
        f = YamlFile.read(user_path(path))
    except FileProblem as problem:
        raise StartError(one_line(problem)) from None
    first = f.parts[0]
    if isinstance(first, FileProblem):
        raise StartError(one_line(first))
    assert isinstance(first, Node)  # a document, or its mistake
    return f, first


def _position_block(reader: Reader, value: Any) -> Position:
    """A file's position: the whole document, or its ``position`` block
    when it has one (a scenario file without plays)."""
    from dof.cli.scenario import SCENARIO_KEYS

    if isinstance(value, dict) and "position" in value:
        reader.mapping(value, (), "a position file", SCENARIO_KEYS)
        return Position.read(reader.data, value["position"], ("position",))
    return Position.read(reader.data, value)


def one_line(problem: FileProblem) -> str:
    """A file problem as one line: ``PATH:LINE:COL: message (hint)``."""
    d = problem.diagnostic
    where = d.span.path if d.code in ("E002", "E003") else str(d.span)
    return f"{where}: {d.message}" + (f" ({d.hint})" if d.hint else "")
