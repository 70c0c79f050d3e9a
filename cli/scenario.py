"""`dof scenario run`: check what cards do, from YAML scenario files.

A scenario sets a position, plays one or more cards answering every question
from a script with fixed dice, may run the turn on to its end or the next
deal, and states what the game must look like afterwards
(docs/scenarios.md). Each scenario passes, fails (an expectation not met,
or the script does not fit the questions asked) or is in error (the file
cannot be read as a scenario); every problem points at its line.

A scenario document is read as plain data (cli/located.py) by the engine's
readers of positions and plays (engine/data/positions.py) and played
through the engine's position facility (engine/position.py) and scripts
(engine/script.py); a mistake they find says where it is as a path into
the data, which becomes its ``PATH:LINE:COL`` here.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text
from yaml.error import Mark
from yaml.nodes import MappingNode, Node, ScalarNode

from dof.cli.expectations import Expectation, Result, read_expect
from dof.cli.lint import display_path, print_diagnostic
from dof.cli.located import FileProblem, YamlFile
from dof.dsl.diagnostics import Diagnostic, Span
from dof.engine.data.outcome import Termination
from dof.engine.data.positions import (
    Play,
    Position,
    PositionError,
    Reader,
    not_yet,
    read_play,
    year_cards,
)
from dof.engine.game import Game
from dof.engine.position import (
    at_action_round,
    play_on,
    play_round,
    position_state,
    put_in_force,
    unstarted_game,
)
from dof.engine.rules.decisions import Decision, GameOver
from dof.engine.script import (
    PlayChance,
    PsDeal,
    PsDeals,
    Script,
    ScriptError,
    describe,
    matches,
    names_something,
    offered,
    pick,
    read_deals,
)

SCENARIO_KEYS = ("name", "seed", "position", "play", "power_struggle", "expect")
SUFFIXES = (".scenario.yaml", ".scenario.yml")


# ------------------------------------------------------------------ model
@dataclass
class Scenario:
    """One scenario document of a file; ``error`` when it cannot run."""

    file: YamlFile
    node: Node
    name: str
    seed: int = 0
    position: Position = field(default_factory=Position)
    plays: list[Play] = field(default_factory=list)
    deals: list[PsDeal] = field(default_factory=list)
    expectations: list[Expectation] = field(default_factory=list)
    error: Diagnostic | None = None

    @property
    def line(self) -> int:
        return self.node.start_mark.line + 1

    @property
    def id(self) -> str:
        return f"{display_path(self.file.path)}::{self.name}"

    def problem(self, error: PositionError) -> Diagnostic:
        """A mistake the engine found, at its place in this document."""
        return self.file.mistaken(self.node, error).diagnostic


@dataclass
class Outcome:
    """How a scenario went: passed, failed or error, and why."""

    path: str
    name: str
    line: int
    status: str
    problems: list[Diagnostic]
    seconds: float = 0.0

    def to_json(self) -> dict:
        problems = []
        for problem in self.problems:
            out = problem.to_json()
            out["path"] = display_path(out["path"])
            problems.append(out)
        return {"path": display_path(self.path), "name": self.name, "line": self.line,
                "status": self.status, "seconds": round(self.seconds, 4),
                "problems": problems}


# ---------------------------------------------------------------- loading
def scenario_files(paths: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The scenario files named or found (recursively, ``*.scenario.yaml``)
    under the given folders; a missing path or an empty folder is reported."""
    found: list[Path] = []
    problems = []
    for path in paths:
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*") if p.name.endswith(SUFFIXES))
            if not inside:
                problems.append(Diagnostic("E005", "no *.scenario.yaml files in this folder",
                                           Span(str(path), 1, 1)))
            found += inside
        elif path.exists():  # a device or a pipe too: YamlFile.read says why it is refused
            found.append(path)
        else:
            problems.append(Diagnostic("E002", "no such file or folder", Span(str(path), 1, 1)))
    return found, problems


def load_file(path: Path, reader: Reader) -> tuple[list[Scenario], Diagnostic | None]:
    """The scenarios of one file (one per YAML document: a document that is
    no YAML is a scenario in error, the others still run), or the problem
    that stops the whole file from being read."""
    try:
        f = YamlFile.read(path)
    except FileProblem as problem:
        return [], problem.diagnostic
    return [parse_scenario(f, part, i, reader) if isinstance(part, Node)
            else broken(f, part, i) for i, part in enumerate(f.parts)], None


def broken(f: YamlFile, problem: Exception, index: int) -> Scenario:
    """A document that cannot be read as YAML, as a scenario in error at
    the line where its mistake is."""
    assert isinstance(problem, FileProblem)  # what a YamlFile's mistakes are
    span = problem.diagnostic.span
    node = ScalarNode("tag:yaml.org,2002:null", "",
                      Mark(f.path, 0, span.line - 1, span.col - 1, None, 0))
    return Scenario(f, node, f"scenario {index + 1}", error=problem.diagnostic)


def parse_scenario(f: YamlFile, node: Node, index: int, reader: Reader) -> Scenario:
    """One YAML document as a scenario; a mistake in it becomes its
    ``error``, so that the file's other scenarios still run."""
    scenario = Scenario(f, node, f"scenario {index + 1}")
    named = [v for k, v in node.value if k.value == "name"] if isinstance(
        node, MappingNode) else []
    if named and isinstance(named[0], ScalarNode) and named[0].value:
        scenario.name = named[0].value  # known even when the rest is wrong
    try:
        read_scenario(reader, scenario, f.value(node, "a scenario"))
    except FileProblem as problem:
        scenario.error = problem.diagnostic
    except PositionError as error:
        scenario.error = scenario.problem(error)
    return scenario


def read_scenario(reader: Reader, scenario: Scenario, value: Any) -> None:
    """Fill ``scenario`` from the plain data of its document."""
    entries = reader.mapping(value, (), "a scenario", SCENARIO_KEYS, required=("play",))
    if "name" in entries:
        scenario.name = reader.text(entries["name"], ("name",), "name")
    if "seed" in entries:
        scenario.seed = reader.integer(entries["seed"], ("seed",), "seed", 0)
    scenario.position = Position.read(reader.data, entries.get("position"), ("position",))
    scenario.plays = read_plays(reader, entries["play"], scenario.position.turn)
    if "power_struggle" in entries:
        scenario.deals = read_deals(reader, entries["power_struggle"], ("power_struggle",))
    if "expect" in entries:
        scenario.expectations = read_expect(reader, entries["expect"], ("expect",))


def read_plays(reader: Reader, value: Any, turn: int) -> list[Play]:
    """The plays: one, or a list, each a card of the game at ``turn``."""
    items = [(value, ("play",))] if isinstance(value, dict) else reader.items(
        value, ("play",), "play")
    plays = [read_play(reader, item, at, "play") for item, at in items]
    if not plays:
        raise PositionError("play: give at least one card to play", ("play",), "E602")
    for play in plays:
        if play.card is not None and play.card not in year_cards(reader.data, turn):
            raise PositionError(not_yet(reader.data, play.card, turn), play.path("card"))
    return plays


# ----------------------------------------------------------------- running
def run_scenario(scenario: Scenario, data, events) -> Outcome:
    """Set the position, make the plays, check the expectations."""
    start = time.perf_counter()
    outcome = Outcome(scenario.file.path, scenario.name, scenario.line, "passed", [])
    if scenario.error is not None:
        outcome.status, outcome.problems = "error", [scenario.error]
        return outcome
    try:
        game, chance = set_up(scenario, data, events)
    except PositionError as error:
        outcome.status, outcome.problems = "error", [scenario.problem(error)]
        return outcome
    try:
        result = play_scenario(scenario, game, chance)
    except PositionError as error:
        outcome.status, outcome.problems = "failed", [scenario.problem(error)]
    else:
        outcome.problems = expectations(scenario, result)
        if outcome.problems:
            outcome.status = "failed"
    outcome.seconds = time.perf_counter() - start
    return outcome


def set_up(scenario: Scenario, data, events) -> tuple[Game, PlayChance]:
    """The scenario's position with its events in force, on a game not yet
    started (engine/position.py), and the chance its plays draw from."""
    position = scenario.position
    state = position_state(data, scenario.seed, position)
    at_action_round(state, scenario.plays[0].by, position.action_round)
    chance = PlayChance()
    game = unstarted_game(data, state, events, chance)
    put_in_force(game, position, chance)
    return game, chance


def play_scenario(scenario: Scenario, game: Game, chance: PlayChance) -> Result:
    """Make the plays, each an action round (engine/position.py play_round)
    or a run of the turn (play_on) started from the game the one before
    left, and answered through the game; the result is checked by
    :func:`expectations`."""
    first_log = len(game.log)
    result = Result(game, [])
    deals = PsDeals(chance, scenario.deals) if scenario.deals else None
    for play in scenario.plays:
        result.game = make_play(result, play, chance)
        if result.game_over is not None:
            break
    if deals is not None:
        deals.check()
    # The game's own closing line is the game_over expectation's to check.
    result.log = [entry for entry in result.game.log[first_log:]
                  if entry["kind"] != "game_over"]
    return result


def make_play(result: Result, play: Play, chance: PlayChance) -> Game:
    """The game after ``play``, made after ``result.game``: an action round
    answered from the play's script, or the turn run on; a play refused as
    expected leaves the game as it was. How the game ended, if it did, goes
    in ``result``."""
    before = result.game
    script: Round | Script
    if play.to is not None:
        game = play_on(before, play.to, chance)
        script = Script(game, play, result.asked)
    else:
        if before.state["phase"] != "action_rounds":
            raise ScriptError("no action round now: the turn has ended (to: next deal starts "
                              "the next one)", play.path("card"), "E604")
        game = play_round(before, play.by, play.card, chance)
        script = Round(game, play, result)
    chance.start(play)
    try:
        while (decision := game.pending) is not None:
            chance.check()
            game.answer(script.answer(decision))
    except Refused:
        return before
    chance.check()
    if game.result is not None:
        end = game.result
        result.game_over = GameOver(end["winner"], Termination(end["how"]), end["detail"])
        return game
    script.done()
    chance.finish()
    return game


class Refused(Exception):
    """The answer a play expects to be refused was not offered: the play
    ends there, as expected."""


class Round:
    """The questions of a scenario's action round, answered from its play:
    the card chosen from the hand, its use (``as``), then every other from
    the script; ``refused`` must not be offered at the question after them
    (at the card choice, when it names the played card and nothing else is
    scripted)."""

    def __init__(self, game: Game, play: Play, result: Result) -> None:
        self.game, self.play, self.result = game, play, result
        self.script = Script(game, play, result.asked)
        self.chosen, self.used = False, play.use is None
        self.refusal = "refused" in play.written

    def answer(self, decision: Decision) -> Any:
        play = self.play
        if not self.chosen and decision.kind == "card" and decision.player == play.by:
            return self._card(decision)
        if not self.used:
            return self._use(decision)
        if self.refusal and self.script.finished:
            self._refuse(decision)
        return self.script.answer(decision)

    def _card(self, decision: Decision) -> Any:
        play = self.play
        assert play.card is not None  # a round plays a card
        self.chosen = True
        self.result.asked.append(decision)
        self.result.chosen.append(decision)
        if self.refusal and play.use is None and not play.answers and self._names_card():
            self._refuse(decision)
        if play.card not in decision.options:
            raise ScriptError(f"{self.game.card_name(play.card)} cannot be played now: "
                              f"{describe(decision)}", play.path("card"), "E611",
                              offered(decision))
        return play.card

    def _names_card(self) -> bool:
        """Whether the refused answer names the played card itself."""
        refused = self.play.refused
        if not isinstance(refused, int | str) or isinstance(refused, bool):
            return False
        try:
            return Reader(self.game.data).card_number(refused) == self.play.card
        except PositionError:
            return False

    def _use(self, decision: Decision) -> Any:
        play = self.play
        assert play.use is not None  # not used yet: there is an `as`
        if decision.kind != "use" or decision.player != play.by:
            raise self._not_asked_how()
        self.used = True
        return pick(self.game, decision, play.use, play.path("as"))

    def _refuse(self, decision: Decision) -> None:
        """Refused when the refused answer is not offered at ``decision``,
        else the failure that it is."""
        play = self.play
        self.refusal = False
        if not matches(self.game, decision, play.refused):
            if decision.kind != "option" and not names_something(self.game, play.refused):
                raise ScriptError(f"{play.refused!r} names nothing a question could offer: "
                                  f"{describe(decision)}", play.path("refused"), "E611",
                                  offered(decision))
            raise Refused
        raise ScriptError(f"{play.refused!r} is offered, and the play expects it refused: "
                          f"{describe(decision)}", play.path("refused"), "E620",
                          offered(decision))

    def _not_asked_how(self) -> ScriptError:
        assert self.play.card is not None
        return ScriptError(f"{self.game.card_name(self.play.card)} is not asked how to be "
                           "used (a Scoring card just scores)", self.play.path("as"), "E613")

    def done(self) -> None:
        """The round is over: its card chosen, its use asked, its script
        used, its refusal met."""
        play = self.play
        if not self.chosen:
            raise ScriptError(f"{play.by} was not asked for a card: the action round ended "
                              "without it", play.path("card"), "E612")
        if not self.used:
            raise self._not_asked_how()
        self.script.done()
        if self.refusal:
            raise ScriptError(f"the play ended before a question that could refuse "
                              f"{play.refused!r}", play.path("refused"), "E620")


def expectations(scenario: Scenario, result: Result) -> list[Diagnostic]:
    """A diagnostic for each expectation not met (at its key), and for a
    game that ended when no ``game_over`` was expected."""
    f = scenario.file
    problems = []
    keys = {e.name for e in scenario.expectations}
    if result.game_over is not None and "game_over" not in keys:
        problems.append(f.diagnostic(scenario.node, "E620", f"the game ended: "
                                     f"{result.game_over} ({result.game_over.detail})",
                                     "add 'game_over: WINNER' to expect if it should"))
    for expectation in scenario.expectations:
        for message in expectation.check(result):
            first, _, detail = message.partition("\n")
            problems.append(f.diagnostic(f.node_at(scenario.node, expectation.at), "E620",
                                         f"expect {expectation.name}: {first}",
                                         detail or None))
    return problems


# -------------------------------------------------------------------- CLI
def run_files(paths: list[Path], data, events) -> dict[str, list[Outcome]]:
    """The outcomes of every scenario found, by file, in the order given; a
    path or file that cannot be read is an outcome of its own."""
    files, problems = scenario_files(paths)
    by_file = {p.span.path: [Outcome(p.span.path, "", 1, "error", [p])] for p in problems}
    reader = Reader(data)
    for path in files:
        scenarios, problem = load_file(path, reader)
        outcomes = [run_scenario(scenario, data, events) for scenario in scenarios]
        if problem is not None:
            outcomes.append(Outcome(str(path), "", problem.span.line, "error", [problem]))
        by_file[str(path)] = outcomes
    return by_file


def run_scenarios(paths: list[Path], fmt: str, verbose: bool, data, events,
                  console: Console) -> int:
    """Run every scenario; exit code 0 when all pass, else 1."""
    start = time.perf_counter()
    by_file = run_files(paths, data, events)
    every = [o for file_outcomes in by_file.values() for o in file_outcomes]
    counts = Counter(o.status for o in every)
    seconds = time.perf_counter() - start
    if fmt == "json":
        print(json.dumps({"scenarios": [o.to_json() for o in every],
                          "passed": counts["passed"], "failed": counts["failed"],
                          "errors": counts["error"], "seconds": round(seconds, 3)}, indent=2))
    else:
        report(by_file, verbose, counts, seconds, console)
    return 0 if every and counts["passed"] == len(every) else 1


MARKS = {"passed": (".", "PASS", "green"), "failed": ("F", "FAIL", "red"),
         "error": ("E", "ERROR", "red")}


def report(by_file: dict[str, list[Outcome]], verbose: bool, counts: Counter,
           seconds: float, console: Console) -> None:
    """pytest-like: one line of marks per file (one line per scenario when
    verbose), then each problem, then the totals."""
    for path, outcomes in by_file.items():
        if verbose:
            for o in outcomes:
                mark, word, style = MARKS[o.status]
                line = Text(f"{display_path(path)}::{o.name or '(file)'} ")
                line.append(word, style=style)
                console.print(line, soft_wrap=True)
        else:
            line = Text(f"{display_path(path)} ")
            for o in outcomes:
                mark, _, style = MARKS[o.status]
                line.append(mark, style=style if o.status != "passed" else "green")
            console.print(line, soft_wrap=True)
    bad = [o for outcomes in by_file.values() for o in outcomes if o.status != "passed"]
    for o in bad:
        _, word, style = MARKS[o.status]
        title = f"{display_path(o.path)}::{o.name}" if o.name else display_path(o.path)
        console.print(Text(f"\n{word} {title}", style=f"bold {style}"), soft_wrap=True)
        for problem in o.problems:
            print_diagnostic(console, problem)
    parts = [f"{counts[k]} {w}" for k, w in (("passed", "passed"), ("failed", "failed"),
                                             ("error", "error" if counts["error"] == 1
                                              else "errors")) if counts[k]]
    style = "bold red" if bad or not parts else "bold green"
    console.print(Text(f"\n{', '.join(parts) or 'no scenarios'} in {seconds:.2f}s",
                       style=style))
