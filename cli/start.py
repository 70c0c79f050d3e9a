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

from yaml.nodes import MappingNode

from dof.cli.files import user_path
from dof.cli.located import FileProblem, YamlFile
from dof.cli.position import (
    FileChance,
    PositionSpec,
    UnknownName,
    YamlNames,
    not_yet,
    parse_position,
    put_in_effect,
)
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.position import (
    PositionError,
    opening_state,
    position_state,
    start_game,
    unstarted_game,
    year_cards,
)
from dof.engine.rules.decisions import GameOver


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
    names = YamlNames(data)
    if start.turn is not None and not 1 <= start.turn <= data.turns:
        raise StartError(f"--turn {start.turn}: the game has turns 1 to {data.turns}")
    dealt = _dealt(names, start.deal, humans[0] if len(humans) == 1 else "communist")
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
                            dealt, names)


def _dealt(names: YamlNames, deal: list[str], deal_to: str) -> dict[str, list[int]]:
    """The cards of the ``--deal`` options, by the side whose hand gets them."""
    dealt: dict[str, list[int]] = {side: [] for side in SIDES}
    for side, texts in map(deal_option, deal):
        for text in texts:
            try:
                card = names.card_number(text)
            except UnknownName as exc:
                raise StartError(f"--deal: {exc.message}"
                                 + (f" ({exc.hint})" if exc.hint else "")) from None
            if any(card in hand for hand in dealt.values()):
                raise StartError(f"--deal: #{card} {names.data.cards[card].name} is dealt "
                                 "twice")
            dealt[side or deal_to].append(card)
    return dealt


def _positioned_game(data, events, seed: int, options: dict, path: str, turn: int | None,
                     dealt: dict[str, list[int]], names: YamlNames) -> Game:
    """A game from the position file at ``path``, at ``turn`` if given, with
    the ``dealt`` cards moved to their hands."""
    spec, f = read_position(path, names)
    position = spec.position
    if turn is not None:
        position.turn = turn
    in_effect = {play.card for play in spec.in_effect}
    for side, cards in dealt.items():
        for card in cards:
            _check_year(data, position.turn, card)
            if card in in_effect:
                raise StartError(f"--deal: #{card} {data.cards[card].name} is in effect in "
                                 f"{path}, not in a hand")
            for pile in (position.discard, position.removed, position.deck_top,
                         *position.hands.values()):
                if card in pile:
                    pile.remove(card)
            position.hands.setdefault(side, []).append(card)
    try:
        chance = FileChance(f)
        game = unstarted_game(data, position_state(data, seed, position, options), events,
                              chance)
        put_in_effect(f, spec, game, chance)
    except PositionError as exc:
        raise StartError(f"--position {path}: {exc}") from None
    except FileProblem as problem:
        raise StartError(one_line(problem)) from None
    except GameOver as end:
        raise StartError(f"--position {path}: the game ends while its events are "
                         f"put in force ({end})") from None
    return start_game(data, game.state, events, log=game.log)


def _check_year(data, turn: int, card: int) -> None:
    """A card of a later year is not in the game yet (4.4)."""
    if card not in year_cards(data, turn):
        first = min(t + 1 for t, p in data.deck_additions.items()
                    if p == data.cards[card].period)
        raise StartError(f"--deal: {not_yet(data, card, turn)} (it is from turn {first} on: "
                         f"--turn {first})")


def read_position(path: str, names: YamlNames) -> tuple[PositionSpec, YamlFile]:
    """The position block of a position file or of a scenario file's first
    scenario, whose played cards are added to the hands of their players."""
    from dof.cli.scenario import parse_scenario

    try:
        f = YamlFile.read(user_path(path))
        node = f.documents[0]
        is_scenario = isinstance(node, MappingNode) and any(
            k.value in ("position", "play") for k, _ in node.value)
        if not is_scenario:
            return parse_position(f, node, names), f
        scenario = parse_scenario(f, node, 0, names)
        if scenario.error is not None:
            raise FileProblem(scenario.error)
    except FileProblem as problem:
        raise StartError(one_line(problem)) from None
    spec = scenario.spec
    assert spec is not None  # a scenario without an error has its position
    for play in scenario.plays:
        if not any(play.card in pile for pile in spec.position.hands.values()):
            spec.position.hands.setdefault(play.by, []).append(play.card)
    return spec, f


def one_line(problem: FileProblem) -> str:
    """A file problem as one line: ``PATH:LINE:COL: message (hint)``."""
    d = problem.diagnostic
    where = d.span.path if d.code in ("E002", "E003") else str(d.span)
    return f"{where}: {d.message}" + (f" ({d.hint})" if d.hint else "")
