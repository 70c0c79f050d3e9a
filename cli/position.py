"""Positions and scripted plays written by hand, for scenarios and `dof play`.

A position block names spaces, cards and countries as the cards print them;
this module turns it into an :class:`engine.position.Position`, and plays
cards through the engine answering each question from a script written the
same way ("Gdansk", "event", "#12", "Apparatchiks"). Every mistake becomes a
located diagnostic (:class:`cli.located.FileProblem`), never a traceback.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode

from dof.cli.located import YamlFile
from dof.engine.data.chance import NoDieLeft, ScriptedChance
from dof.engine.data.located import MAX_DIGITS, shown
from dof.engine.data.names import NameTable, did_you_mean
from dof.engine.data.state import State
from dof.engine.data.terms import PERIODS, SIDES, key
from dof.engine.game import Driver, Game
from dof.engine.position import (
    Position,
    PositionError,
    event_in_force,
    impose_tracks,
    past_in_force,
    position_state,
    year_cards,
)
from dof.engine.rules.decisions import Decision
from dof.engine.rules.protocols import Steps

POSITION_KEYS = ("turn", "period", "action_round", "board", "democrat", "communist", "vp",
                 "tiananmen", "ussr", "power", "hands", "discard", "removed",
                 "events_played", "deck_top", "in_effect")
PLAY_KEYS = ("card", "by", "as", "answers", "dice")


# ------------------------------------------------------------------ names
class UnknownName(LookupError):
    """A name that matches nothing, with a 'did you mean' hint when one is close."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message, self.hint = message, hint


class YamlNames:
    """Spaces, cards, countries and Power Struggle cards named in a YAML
    file, found in the game data's name index (engine/data/names.py, which
    the card language reads too), each mistake a located diagnostic with a
    'did you mean' hint."""

    def __init__(self, data):
        self.data = data
        self.index = data.names

    def space(self, f: YamlFile, node: Node) -> int:
        return self.data.space(self._found(f, node, "a space", self.index.spaces, "E101")).id

    def card(self, f: YamlFile, node: Node) -> int:
        """A strategy card by number (7, "#7"), name, or both ("#7 State Run Media")."""
        value = f.scalar(node)
        if not (isinstance(value, int) and not isinstance(value, bool)):
            value = f.text(node, "a card")
        try:
            return self.card_number(value)
        except UnknownName as exc:
            raise f.problem(node, "E102", exc.message, exc.hint) from None

    def card_number(self, value: int | str) -> int:
        """A card by number or name as a person writes it; UnknownName if none."""
        if isinstance(value, int):
            return self._numbered(value, None)
        text = value.strip()
        found = re.fullmatch(r"#?(\d+)(?:\s+(.*))?", text)
        if found is None:
            named = self.index.cards.get(text)
            if named is not None:
                return named
            raise UnknownName(f"unknown card {shown(text)}", did_you_mean(
                text, [c.name for c in self.data.cards.values()]))
        if len(found[1]) > MAX_DIGITS:  # more than Python reads as a number
            raise UnknownName(f"there is no card {shown('#' + found[1])}",
                              f"cards are numbered 1 to {max(self.data.cards)}")
        return self._numbered(int(found[1]), found[2])

    def _numbered(self, number: int, name: str | None) -> int:
        """Card ``number``, which ``name`` (if given) must name too."""
        if number not in self.data.cards:
            raise UnknownName(f"there is no card #{number}",
                              f"cards are numbered 1 to {max(self.data.cards)}")
        if name and self.index.cards.get(name) != number:
            raise UnknownName(f"card #{number} is {self.data.cards[number].name!r}, "
                              f"not {shown(name)}")
        return number

    def cards_of(self, f: YamlFile, node: Node, what: str) -> list[tuple[int, Node]]:
        return [(self.card(f, item), item) for item in f.sequence(node, what, single=True)]

    def country(self, f: YamlFile, node: Node) -> str:
        return self._found(f, node, "a country", self.index.countries, "E103")

    def ps_card(self, f: YamlFile, node: Node) -> str:
        return self._found(f, node, "a Power Struggle card", self.index.ps_cards, "E105")

    def ussr_box(self, f: YamlFile, node: Node) -> int:
        """A U.S.S.R. track position by number or box name."""
        box = self.index.ussr.get(f.scalar(node))
        if box is not None:
            return box
        return f.integer(node, "the U.S.S.R. track position", 0, len(self.data.ussr_track) - 1)

    def side(self, f: YamlFile, node: Node, what: str = "a player") -> str:
        return f.choice(node, what, SIDES)

    @staticmethod
    def _found(f: YamlFile, node: Node, what: str, table: NameTable[str], code: str) -> str:
        """The name ``node`` holds, as the data writes it; a FileProblem
        ``code`` when ``table`` has none such."""
        name = f.text(node, what)
        found = table.get(name)
        if found is None:
            raise f.problem(node, code, f"unknown {table.what} {shown(name)}",
                            did_you_mean(name, table.names))
        return found


# ------------------------------------------------------------------ plays
@dataclass
class Play:
    """A card played with its questions answered and its dice fixed.

    ``dice`` is None when the play rolls the game's own seeded dice.
    """

    card: int
    by: str
    node: Node
    answers_node: Node | None = None
    use: tuple[str, Node] | None = None
    answers: list[tuple[Any, Node]] = field(default_factory=list)
    dice: list[tuple[int, Node]] | None = None


def parse_play(f: YamlFile, node: Node, names: YamlNames, what: str,
               allow_use: bool = True) -> Play:
    """A play: a card alone, or ``{card, by, as, answers, dice}``. ``by``
    defaults to the card's own side."""
    entries: dict[str, tuple[Node, Node]]
    if isinstance(node, ScalarNode):
        entries = {"card": (node, node)}
    else:
        keys = PLAY_KEYS if allow_use else tuple(k for k in PLAY_KEYS if k != "as")
        entries = f.mapping(node, what, keys, required=("card",))
    card = names.card(f, entries["card"][1])
    if "by" in entries:
        by = names.side(f, entries["by"][1], f"{what}: by")
    elif names.data.cards[card].side in SIDES:
        by = names.data.cards[card].side
    else:
        raise f.problem(entries["card"][1], "E602",
                        f"{what}: say who plays #{card} {names.data.cards[card].name} "
                        "(by: democrat or by: communist)")
    play = Play(card, by, node)
    if "as" in entries:
        play.use = (f.text(entries["as"][1], "as"), entries["as"][1])
    if "answers" in entries:
        play.answers_node = entries["answers"][1]
        play.answers = [(f.scalar(item), item)
                        for item in f.sequence(entries["answers"][1], "answers", single=True)]
    if "dice" in entries:
        play.dice = [(f.integer(item, "a die", 1, 6), item)
                     for item in f.sequence(entries["dice"][1], "dice", single=True)]
    return play


# --------------------------------------------------------------- position
@dataclass
class PositionSpec:
    """A parsed position block: the engine position plus the events to put
    in force (run once the position is set)."""

    position: Position
    in_effect: list[Play]
    node: Node | None = None
    cards: dict[int, Node] = field(default_factory=dict)  # every card it lists


def parse_position(f: YamlFile, node: Node | None, names: YamlNames) -> PositionSpec:
    """Read a position block (an absent one is a new game's turn 1 with an
    empty board)."""
    spec = PositionSpec(Position(), [], node)
    if node is None:
        return spec
    entries = f.mapping(node, "position", POSITION_KEYS)
    pos = spec.position
    data = names.data

    def value(name: str) -> Node:
        return entries[name][1]

    if "turn" in entries:
        pos.turn = f.integer(value("turn"), "turn", 1, data.turns)
    if "period" in entries:
        period = f.choice(value("period"), "period", PERIODS)
        if "turn" not in entries:
            pos.turn = next((t + 1 for t, p in sorted(data.deck_additions.items())
                             if p == period), 1)
        elif data.period_of_turn(pos.turn) != period:
            raise f.problem(value("period"), "E301", f"turn {pos.turn} is in the "
                            f"{data.period_of_turn(pos.turn)} year, not the {period} year")
    if "action_round" in entries:
        pos.action_round = f.integer(value("action_round"), "action_round", 1,
                                     data.action_rounds + 1)
    if "board" in entries:
        pos.board = f.choice(value("board"), "board", ("empty", "setup"))
    for side in SIDES:
        if side in entries:
            for name, (space_node, n_node) in f.mapping(value(side), f"{side} SPs").items():
                pos.sp[side][names.space(f, space_node)] = f.integer(
                    n_node, f"{side} SPs in {name}", 0, 99)
    if "vp" in entries:
        pos.vp = f.integer(value("vp"), "vp", -19, 19)
    if "tiananmen" in entries:
        for _, (side_node, n_node) in f.mapping(value("tiananmen"), "tiananmen").items():
            pos.tiananmen[names.side(f, side_node)] = f.integer(
                n_node, "a Tiananmen Square track box", 0, len(data.tiananmen))
    if "ussr" in entries:
        pos.ussr = names.ussr_box(f, value("ussr"))
    if "power" in entries:
        for _, (country_node, side_node) in f.mapping(value("power"), "power").items():
            pos.power[names.country(f, country_node)] = names.side(f, side_node)
    if "hands" in entries:
        for _, (side_node, cards_node) in f.mapping(value("hands"), "hands").items():
            side = names.side(f, side_node)
            pos.hands[side] = [c for c, _ in _listed(f, spec, names.cards_of(f, cards_node,
                                                                          f"the {side}'s hand"))]
    for pile in ("discard", "removed", "deck_top"):
        if pile in entries:
            setattr(pos, pile, [c for c, _ in _listed(f, spec, names.cards_of(f, value(pile),
                                                                           pile))])
    if "events_played" in entries:
        pos.events_played = [c for c, _ in names.cards_of(f, value("events_played"),
                                                          "events_played")]
    if "in_effect" in entries:
        for item in f.sequence(value("in_effect"), "in_effect", single=True):
            play = parse_play(f, item, names, "in_effect", allow_use=False)
            _listed(f, spec, [(play.card, card_node(item))])
            spec.in_effect.append(play)
    in_game = year_cards(data, pos.turn)
    for card, card_at in spec.cards.items():
        if card not in in_game:
            raise f.problem(card_at, "E604", not_yet(data, card, pos.turn))
    return spec


def not_yet(data, card: int, turn: int) -> str:
    """Why a card of a later year cannot be named on ``turn`` (4.4)."""
    info = data.cards[card]
    return (f"#{card} {info.name} is a {info.period} year card, not in the game on turn "
            f"{turn}")


def card_node(node: Node) -> Node:
    """The node naming the card of a play (itself, or its ``card`` value)."""
    if isinstance(node, MappingNode):
        return next(v for k, v in node.value if k.value == "card")
    return node


def _listed(f: YamlFile, spec: PositionSpec,
            cards: list[tuple[int, Node]]) -> list[tuple[int, Node]]:
    """Note where each card is listed: a card is in one place only."""
    for card, node in cards:
        if card in spec.cards:
            first = spec.cards[card].start_mark
            raise f.problem(node, "E604", f"card #{card} is listed twice (first at "
                                          f"{first.line + 1}:{first.column + 1})")
        spec.cards[card] = node
    return cards


def build_state(f: YamlFile, spec: PositionSpec, data, seed: int) -> State:
    """The game state of a parsed position, before its events are put in force."""
    try:
        return position_state(data, seed, spec.position)
    except PositionError as exc:
        raise f.problem(spec.node, "E604", f"impossible position: {exc}") from None


def put_in_effect(f: YamlFile, spec: PositionSpec, game: Game, chance: FileChance) -> None:
    """Run the position's ``in_effect`` events on a game not yet started
    (engine/position.py), each answered from its script, then set its SPs,
    VP and tracks again: the position is the board as it stands after them.
    What its past leaves in force (engine/position.py past_in_force) is
    put in force first."""
    try:
        past_in_force(game)
    except PositionError as exc:
        raise f.problem(spec.node, "E604", f"impossible position: {exc}") from None
    for play in spec.in_effect:
        run_scripted(f, game, play, event_in_force(game, play.card, play.by), chance)
    impose_tracks(game.state, spec.position)


# ----------------------------------------------------------------- answers
class FileChance(ScriptedChance):
    """The game's chance as a scenario or position file scripts it: while a
    play runs (:meth:`start`), the play's ``dice`` in order, or the seeded
    dice when it gives none; every die of the script must be rolled (E614).
    ``game`` is the game it serves, for a layout that reads the board.

    A draw the script cannot make (a die more than it gives, a deck it
    cannot stack) is the file's problem: the source keeps the first
    (:meth:`fail`), draws on from the seeded generator, and whoever steps
    the game raises it at the next decision (:meth:`check`), as a problem
    raised inside the rules would leave the game halfway through an answer.
    """

    def __init__(self, f: YamlFile) -> None:
        super().__init__()
        self.f = f
        self.game: Any = None
        self.play: Play | None = None
        self.problem: Exception | None = None

    def attach(self, game: Any) -> None:
        super().attach(game)
        self.game = game

    def start(self, play: Play) -> None:
        """Roll ``play``'s dice from now on."""
        self.play = play
        self.dice = None if play.dice is None else [value for value, _ in play.dice]

    def fail(self, problem: Exception) -> None:
        """Keep ``problem`` for :meth:`check` (the first one met counts)."""
        if self.problem is None:
            self.problem = problem

    def check(self) -> None:
        """Raise the problem a draw met, if any."""
        if self.problem is not None:
            raise self.problem

    def die(self, who: str, why: str) -> int:
        try:
            return super().die(who, why)
        except NoDieLeft as short:
            assert self.play is not None and self.play.dice is not None  # dice are scripted
            self.fail(self.f.problem(self.play.node, "E614", str(short),
                                     f"add a die to the play's dice: {len(self.play.dice)} "
                                     "given"))
            self.dice = None
            return super().die(who, why)

    def finish(self) -> None:
        """The play is over: E614 for a die of its script never rolled; the
        seeded dice roll again."""
        left, self.dice = self.dice, None
        if left and self.play is not None and self.play.dice is not None:
            rolled = len(self.play.dice) - len(left)
            raise self.f.problem(self.play.dice[rolled][1], "E614", "die not used: the play "
                                 f"rolled {rolled} time(s)")


class Script:
    """A play's ``answers``, each given to the next question asked, of
    either player; every question needs one (E612) and every answer must be
    used (E613). ``asked`` collects the questions answered."""

    def __init__(self, f: YamlFile, game: Game, play: Play,
                 asked: list[Decision] | None = None) -> None:
        self.f, self.game, self.play = f, game, play
        self.left = list(play.answers)
        self.asked = asked

    def answer(self, decision: Decision) -> Any:
        """The option the next answer names (E611 if none)."""
        if self.asked is not None:
            self.asked.append(decision)
        if not self.left:
            raise self.f.problem(self.play.answers_node or self.play.node, "E612",
                                 f"{describe(decision)}, but no answer is left in the script",
                                 offered(self.game, decision))
        answer, node = self.left.pop(0)
        return pick(self.f, self.game, decision, answer, node)

    def done(self) -> None:
        """The play is over: E613 for an answer never given."""
        if self.left:
            raise self.f.problem(self.left[0][1], "E613", "answer not used: the play of "
                                 f"{self.game.card_name(self.play.card)} ended before this "
                                 "answer was needed")


def run_scripted(f: YamlFile, game: Game, play: Play, steps: Steps, chance: FileChance) -> Any:
    """Run a rule to its end with the engine's Driver, answering each
    question from ``play``'s script and rolling its dice (``chance`` is the
    game's); every answer and die must be used. A mismatch is a FileProblem
    pointing at the answer, die or play. What the rule returned."""
    script = Script(f, game, play)
    chance.start(play)
    run = Driver(steps)
    decision = run.send()
    chance.check()
    while decision is not None:
        decision = run.send(script.answer(decision))
        chance.check()
    script.done()
    chance.finish()
    return run.value


def describe(decision: Decision) -> str:
    """A question as the failure messages show it."""
    return f"the {decision.player} is asked {decision.prompt!r} ({decision.kind})"


def offered(game: Game, decision: Decision) -> str:
    labels = [decision.label(i) for i in range(len(decision.options))]
    return "offered: " + ", ".join(labels) if labels else "nothing was offered"


def pick(f: YamlFile, game: Game, decision: Decision, answer: Any, node: Node) -> Any:
    """The option ``answer`` names, or a FileProblem showing what was offered."""
    found = matches(game, decision, answer)
    labels = {decision.label(i) for i in found}
    if found and len(labels) == 1:
        return decision.options[found[0]]
    what = ("names " + " and ".join(sorted(labels)) if found
            else "is not among the options")
    raise f.problem(node, "E611", f"{shown(answer)} {what}: {describe(decision)}",
                    offered(game, decision))


def matches(game: Game, decision: Decision, answer: Any) -> list[int]:
    """Indexes of the options ``answer`` names: the option itself ("event",
    "yes"), its label with or without a trailing '(...)', a card's number
    or name, or a space's name or alias."""
    wanted = {_key(answer)}
    if isinstance(answer, int) and not isinstance(answer, bool):
        wanted.add(f"#{answer}")
    elif isinstance(answer, str):
        with contextlib.suppress(KeyError):
            wanted.add(_key(game.data.space(answer).name))
    return [i for i, option in enumerate(decision.options)
            if wanted & option_keys(option, decision.label(i))]


def option_keys(option: Any, label: str) -> set[str]:
    """What an option answers to."""
    keys = {_key(label), _key(re.sub(r"\s*\([^)]*\)$", "", label))}
    if isinstance(option, str):
        keys |= {_key(option), _key(option.replace("_", " "))}
    card = re.fullmatch(r"(#\d+)\s+(.*)", label)
    if card:
        keys |= {_key(card[1]), _key(card[2])}
    return keys


def _key(value: Any) -> str:
    """An answer or option as a name key (numbers and words alike)."""
    return key(str(value))
