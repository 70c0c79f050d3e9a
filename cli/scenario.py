"""`dof scenario run`: check what cards do, from YAML scenario files.

A scenario sets a position, plays one or more cards answering every question
from a script with fixed dice, and states what the game must look like
afterwards (docs/scenarios.md). Each scenario passes, fails (an expectation
not met, or the script does not fit the questions asked) or is in error (the
file cannot be read as a scenario); every problem points at its line.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text
from yaml.nodes import MappingNode, Node, ScalarNode

from dof.cli.lint import display_path, print_diagnostic
from dof.cli.located import FileProblem, YamlFile
from dof.cli.position import (
    FileChance,
    Play,
    PositionSpec,
    Script,
    YamlNames,
    build_state,
    card_node,
    describe,
    matches,
    not_yet,
    parse_play,
    parse_position,
    pick,
    put_in_effect,
)
from dof.dsl.diagnostics import Diagnostic, Span
from dof.engine.data.chance import PS_DECK
from dof.engine.data.outcome import Termination
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.position import at_action_round, play_round, unstarted_game, year_cards
from dof.engine.rules.decisions import Decision, GameOver
from dof.engine.rules.piles import move_card
from dof.engine.rules.power_struggle import controlled_count, deal_count

SCENARIO_KEYS = ("name", "seed", "position", "play", "power_struggle", "expect")
EXPECT_KEYS = ("democrat", "communist", "vp", "tiananmen", "ussr", "power", "hands",
               "discard", "removed", "display", "events_played", "in_effect", "log",
               "not_in_log", "asked", "game_over")
SUFFIXES = (".scenario.yaml", ".scenario.yml")

#: How many log lines a failure shows.
LOG_SHOWN = 40


# ------------------------------------------------------------------ model
@dataclass
class Result:
    """What the plays did: the game afterwards, the log lines they wrote,
    the questions the scripts answered, and the end of the game if it came."""

    game: Game
    log: list[dict]
    asked: list[Decision]
    game_over: GameOver | None


Check = Callable[[Result], list[str]]


@dataclass
class PsScript:
    """The Power Struggle cards dealt at the next struggle (names), by side,
    then the next ones drawn."""

    node: Node
    hands: dict[str, list[tuple[str, Node]]]
    draws: list[tuple[str, Node]]


@dataclass
class Scenario:
    """One scenario document of a file; ``error`` when it cannot run."""

    file: YamlFile
    node: Node
    name: str
    seed: int = 0
    spec: PositionSpec | None = None
    plays: list[Play] = field(default_factory=list)
    power_struggle: PsScript | None = None
    checks: list[tuple[Node, str, Check]] = field(default_factory=list)
    error: Diagnostic | None = None

    @property
    def line(self) -> int:
        return self.node.start_mark.line + 1

    @property
    def id(self) -> str:
        return f"{display_path(self.file.path)}::{self.name}"


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


def load_file(path: Path, names: YamlNames) -> tuple[list[Scenario], Diagnostic | None]:
    """The scenarios of one file (one per YAML document), or the problem
    that stops the whole file from being read."""
    try:
        f = YamlFile.read(path)
    except FileProblem as problem:
        return [], problem.diagnostic
    return [parse_scenario(f, node, i, names) for i, node in enumerate(f.documents)], None


def parse_scenario(f: YamlFile, node: Node, index: int, names: YamlNames) -> Scenario:
    """One YAML document as a scenario; a mistake in it becomes its
    ``error``, so that the file's other scenarios still run."""
    scenario = Scenario(f, node, f"scenario {index + 1}")
    named = [v for k, v in node.value if k.value == "name"] if isinstance(
        node, MappingNode) else []
    if named and isinstance(named[0], ScalarNode) and named[0].value:
        scenario.name = named[0].value  # known even when the rest is wrong
    try:
        entries = f.mapping(node, "a scenario", SCENARIO_KEYS, required=("play",))
        if "name" in entries:
            scenario.name = f.text(entries["name"][1], "name")
        if "seed" in entries:
            scenario.seed = f.integer(entries["seed"][1], "seed", 0)
        scenario.spec = parse_position(f, entries.get("position", (None, None))[1], names)
        plays = entries["play"][1]
        scenario.plays = [parse_play(f, item, names, "play") for item in
                          ([plays] if isinstance(plays, MappingNode) else
                           f.sequence(plays, "play", single=True))]
        if not scenario.plays:
            raise f.problem(plays, "E602", "play: give at least one card to play")
        for play in scenario.plays:
            if play.card not in year_cards(names.data, scenario.spec.position.turn):
                raise f.problem(card_node(play.node), "E604", not_yet(
                    names.data, play.card, scenario.spec.position.turn))
        if "power_struggle" in entries:
            scenario.power_struggle = parse_ps(f, entries["power_struggle"][1], names)
        if "expect" in entries:
            scenario.checks = parse_expect(f, entries["expect"][1], names)
    except FileProblem as problem:
        scenario.error = problem.diagnostic
    return scenario


def parse_ps(f: YamlFile, node: Node, names: YamlNames) -> PsScript:
    entries = f.mapping(node, "power_struggle", (*SIDES, "draws"))
    hands = {side: [(names.ps_card(f, item), item) for item in
                    f.sequence(entries[side][1], f"the {side}'s cards", single=True)]
             for side in SIDES if side in entries}
    draws = [(names.ps_card(f, item), item)
             for item in f.sequence(entries["draws"][1], "draws", single=True)
             ] if "draws" in entries else []
    return PsScript(node, hands, draws)


# ----------------------------------------------------------- expectations
def parse_expect(f: YamlFile, node: Node, names: YamlNames) -> list[tuple[Node, str, Check]]:
    """Each expectation as (its node, its key, a check of the result)."""
    checks = []
    data = names.data
    for name, (key_node, value) in f.mapping(node, "expect", EXPECT_KEYS).items():
        if name in SIDES:
            check = _sps(name, {data.spaces[names.space(f, k)].name:
                                f.integer(v, f"{name} SPs", 0)
                                for k, v in _pairs(f, value, f"{name} SPs")})
        elif name == "vp":
            check = _equal("VP", f.integer(value, "vp"), lambda r: r.game.state["vp"],
                           "{:+d}")
        elif name == "ussr":
            check = _equal("the U.S.S.R. track", names.ussr_box(f, value),
                           lambda r: r.game.state["ussr"])
        elif name == "tiananmen":
            check = _per_key({names.side(f, k): f.integer(v, "a Tiananmen Square track box",
                                                          0, len(data.tiananmen))
                              for k, v in _pairs(f, value, name)},
                             lambda r: r.game.state["tiananmen"], "Tiananmen track")
        elif name == "power":
            check = _per_key({names.country(f, k): names.side(f, v)
                              for k, v in _pairs(f, value, name)},
                             lambda r: r.game.state["power"], "Power")
        elif name == "hands":
            check = _hands({names.side(f, k): [c for c, _ in names.cards_of(f, v, "a hand")]
                            for k, v in _pairs(f, value, name)})
        elif name in ("discard", "removed", "display", "events_played"):
            check = _cards(name, [c for c, _ in names.cards_of(f, value, name)],
                           _pile(name))
        elif name == "in_effect":
            check = _cards("in effect", [c for c, _ in names.cards_of(f, value, name)],
                           lambda r: list(dict.fromkeys(
                               e["card"] for e in r.game.state["effects"]
                               if e["card"] is not None)))
        elif name == "log":
            check = _log([f.text(item, "a log text") for item in
                          f.sequence(value, "log", single=True)])
        elif name == "not_in_log":
            check = _not_in_log([f.text(item, "a log text") for item in
                                 f.sequence(value, "not_in_log", single=True)])
        elif name == "asked":
            check = _asked([_question(f, item) for item in
                            f.sequence(value, "asked", single=True)])
        else:
            check = _game_over(f.choice(value, "game_over", (*SIDES, "draw")))
        checks.append((key_node, name, check))
    return checks


def _pairs(f: YamlFile, node: Node, what: str) -> list[tuple[Node, Node]]:
    return list(f.mapping(node, what).values())


def _equal(what: str, want: Any, got: Callable[[Result], Any], fmt: str = "{}") -> Check:
    def check(result: Result) -> list[str]:
        value = got(result)
        return [] if value == want else [f"{what}: expected {fmt.format(want)}, "
                                         f"got {fmt.format(value)}"]
    return check


def _per_key(want: dict, got: Callable[[Result], dict], what: str) -> Check:
    def check(result: Result) -> list[str]:
        values = got(result)
        return [f"{what} of {k}: expected {v}, got {values[k]}"
                for k, v in want.items() if values[k] != v]
    return check


def _pile(name: str) -> Callable[[Result], list[int]]:
    """The cards of the pile ``name`` after a play."""
    return lambda result: result.game.state[name]  # type: ignore[literal-required]


def _sps(side: str, want: dict[str, int]) -> Check:
    """Every space where ``side`` has SPs, exactly."""
    def check(result: Result) -> list[str]:
        game = result.game
        have = {game.space_name(s): n for s, n in enumerate(game.state["sp"][side]) if n}
        wrong = [f"{name}: expected {want.get(name, 0)}, got {have.get(name, 0)}"
                 for name in sorted(set(want) | set(have), key=game.space_ids.__getitem__)
                 if want.get(name, 0) != have.get(name, 0)]
        return [f"{side} SPs differ: " + "; ".join(wrong)] if wrong else []
    return check


def _card_diff(game: Game, want: list[int], have: list[int]) -> str:
    missing = Counter(want) - Counter(have)
    extra = Counter(have) - Counter(want)
    parts = []
    if missing:
        parts.append("missing " + ", ".join(game.card_name(c) for c in sorted(missing)))
    if extra:
        parts.append("not expected " + ", ".join(game.card_name(c) for c in sorted(extra)))
    return "; ".join(parts)


def _cards(what: str, want: list[int], got: Callable[[Result], list[int]]) -> Check:
    """Exactly these cards, in any order."""
    def check(result: Result) -> list[str]:
        diff = _card_diff(result.game, want, list(got(result)))
        return [f"{what}: {diff}"] if diff else []
    return check


def _hands(want: dict[str, list[int]]) -> Check:
    def check(result: Result) -> list[str]:
        out = []
        for side, cards in want.items():
            diff = _card_diff(result.game, cards, result.game.hand(side))
            if diff:
                out.append(f"the {side}'s hand: {diff}")
        return out
    return check


def _log_lines(result: Result) -> str:
    lines = [entry["text"] for entry in result.log]
    cut = lines[-LOG_SHOWN:]
    head = [f"... {len(lines) - len(cut)} earlier lines"] if len(cut) < len(lines) else []
    return "the plays logged:\n" + "\n".join("    " + line for line in head + cut)


def _log(texts: list[str]) -> Check:
    """Each text in a log line of the plays, in this order."""
    def check(result: Result) -> list[str]:
        lines = [entry["text"].casefold() for entry in result.log]
        at = 0
        for text in texts:
            found = next((i for i in range(at, len(lines)) if text.casefold() in lines[i]),
                         None)
            if found is None:
                after = " after the previous one" if at else ""
                return [f"no log line contains {text!r}{after}\n{_log_lines(result)}"]
            at = found + 1
        return []
    return check


def _not_in_log(texts: list[str]) -> Check:
    def check(result: Result) -> list[str]:
        return [f"a log line contains {text!r}: {entry['text']!r}" for text in texts
                for entry in result.log if text.casefold() in entry["text"].casefold()][:1]
    return check


@dataclass
class Question:
    """An expected question: who, what kind, and optionally its options."""

    player: str
    kind: str
    options: list[tuple[Any, Node]] | None
    node: Node

    def __str__(self) -> str:
        return f"{self.player} {self.kind}"


def _question(f: YamlFile, node: Node) -> Question:
    """``communist space``, or ``communist space: [Gdansk, Lodz]`` with the
    options offered."""
    head, options = node, None
    if isinstance(node, MappingNode):
        entries = list(f.mapping(node, "an asked question").values())
        if len(entries) != 1:
            raise f.problem(node, "E201", "an asked question with options is one "
                                          "'PLAYER KIND: [options]' line")
        head, value = entries[0]
        options = [(f.scalar(item), item) for item in f.sequence(value, "options",
                                                                 single=True)]
    words = f.text(head, "an asked question").split()
    if len(words) != 2:
        raise f.problem(head, "E201", "an asked question is 'PLAYER KIND', such as "
                                      "'communist space' or 'democrat use'")
    return Question(_side_word(f, head, words[0]), words[1], options, node)


def _side_word(f: YamlFile, node: Node, word: str) -> str:
    found = [s for s in SIDES if s.startswith(word.casefold())]
    if len(found) != 1:
        raise f.problem(node, "E201", f"{word!r} is not a player (democrat or communist)")
    return found[0]


def _short(label: str) -> str:
    return re.sub(r"\s*\([^)]*\)$", "", label)


def _asked(want: list[Question]) -> Check:
    """The questions the scripts answered, in order, with their options
    (in any order) where given."""
    def check(result: Result) -> list[str]:
        got = [f"{d.player} {d.kind}" for d in result.asked]
        if got != [str(q) for q in want]:
            return ["the questions asked differ\nexpected: " + ", ".join(map(str, want))
                    + "\n   asked: " + ", ".join(got)]
        out = []
        for i, (question, decision) in enumerate(zip(want, result.asked, strict=True)):
            if question.options is None:
                continue
            labels = [_short(decision.label(j)) for j in range(len(decision.options))]
            named = []
            for value, _ in question.options:
                found = matches(result.game, decision, value)
                named.append(labels[found[0]] if found else str(value))
            missing = Counter(named) - Counter(labels)
            extra = Counter(labels) - Counter(named)
            if missing or extra:
                parts = ([f"not offered: {', '.join(missing)}"] if missing else []) + (
                    [f"offered too: {', '.join(extra)}"] if extra else [])
                out.append(f"question {i + 1} ({question}) options differ: "
                           + "; ".join(parts))
        return out
    return check


def _game_over(want: str) -> Check:
    def check(result: Result) -> list[str]:
        if result.game_over is None:
            expected = "a draw" if want == "draw" else f"a {want} win"
            return [f"the game did not end (expected {expected}; VP "
                    f"{result.game.state['vp']:+d})"]
        got = result.game_over.winner or "draw"
        return [] if got == want else [f"the game ended: expected {want}, got {got}"]
    return check


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
    except FileProblem as problem:
        outcome.status, outcome.problems = "error", [problem.diagnostic]
        return outcome
    try:
        result = play_scenario(scenario, game, chance)
    except FileProblem as problem:
        outcome.status, outcome.problems = "failed", [problem.diagnostic]
    else:
        outcome.problems = expectations(scenario, result)
        if outcome.problems:
            outcome.status = "failed"
    outcome.seconds = time.perf_counter() - start
    return outcome


def set_up(scenario: Scenario, data, events) -> tuple[Game, FileChance]:
    """The scenario's position with its events in force, on a game not yet
    started (engine/position.py), and the chance its plays draw from."""
    f, spec = scenario.file, scenario.spec
    assert spec is not None  # a scenario without an error has its position
    state = build_state(f, spec, data, scenario.seed)
    at_action_round(state, scenario.plays[0].by, spec.position.action_round)
    chance = FileChance(f)
    game = unstarted_game(data, state, events, chance)
    try:
        put_in_effect(f, spec, game, chance)
    except GameOver as end:
        raise f.problem(spec.node, "E604", f"the game ended while putting the events in "
                                           f"force: {end}") from None
    return game, chance


def play_scenario(scenario: Scenario, game: Game, chance: FileChance) -> Result:
    """Make the plays, each an action round started from the position the
    one before left (engine/position.py play_round) and answered through
    the game; the result is checked by :func:`expectations`."""
    f = scenario.file
    first_log = len(game.log)
    asked: list[Decision] = []
    over = None
    with stacked_ps_deck(f, chance, scenario.power_struggle):
        for play in scenario.plays:
            deal_play_card(game, play)
            game.state["phasing"] = play.by
            chance.start(play)
            game = play_round(game.data, game.state, game.events, game.log, chance)
            over = make_play(f, game, play, chance, asked)
            if over is not None:
                break
    # The game's own closing line is the game_over expectation's to check.
    log = [entry for entry in game.log[first_log:] if entry["kind"] != "game_over"]
    return Result(game, log, asked, over)


def deal_play_card(game: Game, play: Play) -> None:
    """Put the played card in the player's hand, from wherever it is (a
    card of a later year is refused when the file is read)."""
    if play.card not in game.hand(play.by):
        move_card(game, play.card, ("hand", play.by))


def make_play(f: YamlFile, game: Game, play: Play, chance: FileChance,
              asked: list[Decision]) -> GameOver | None:
    """Answer the round's questions through the game: the card chosen from
    the hand, its use (``as``), then every other from the script. How the
    game ended, if it did (then what the script left unused is not asked)."""
    script = Script(f, game, play, asked)
    chosen, used = False, play.use is None
    while (decision := game.pending) is not None:
        chance.check()
        if not chosen and decision.kind == "card" and decision.player == play.by:
            chosen = True
            if play.card not in decision.options:
                raise f.problem(card_node(play.node), "E611",
                                f"{game.card_name(play.card)} cannot be played now: "
                                f"{describe(decision)}", _offered_labels(decision))
            value = play.card
        elif not used and chosen:
            assert play.use is not None  # not used yet: there is an `as`
            if decision.kind != "use" or decision.player != play.by:
                raise f.problem(play.use[1], "E613", f"{game.card_name(play.card)} is not "
                                "asked how to be used (a Scoring card just scores)")
            used = True
            value = pick(f, game, decision, *play.use)
        else:
            value = script.answer(decision)
        game.answer(value)
    chance.check()
    result = game.result
    if result is not None:
        return GameOver(result["winner"], Termination(result["how"]), result["detail"])
    if not chosen:
        raise f.problem(card_node(play.node), "E612", f"{play.by} was not asked for a card: "
                        "the action round ended without it")
    if not used:
        assert play.use is not None
        raise f.problem(play.use[1], "E613", f"{game.card_name(play.card)} is not asked how "
                        "to be used (a Scoring card just scores)")
    script.done()
    chance.finish()
    return None


def _offered_labels(decision: Decision) -> str:
    return "offered: " + ", ".join(decision.label(i) for i in range(len(decision.options)))


@contextmanager
def stacked_ps_deck(f: YamlFile, chance: FileChance, script: PsScript | None) -> Iterator[None]:
    """Deal the scripted Power Struggle cards at the next struggle: the
    fresh deck is shuffled with the game's generator as usual, then the
    named cards are put where the deal (8.1.1) takes each side's cards."""
    if script is None:
        yield
        return
    used: list[bool] = []

    def layout(deck: list[int]) -> list[int]:
        if used:
            return deck
        used.append(True)
        try:
            return _stack(f, chance.game, script, deck)
        except FileProblem as problem:  # raised once the game stops (FileChance.check)
            chance.fail(problem)
            return deck

    chance.lay_out(PS_DECK, layout)
    yield
    if not used:
        raise f.problem(script.node, "E613", "power_struggle: no Power Struggle was held")


def _stack(f: YamlFile, game: Game, script: PsScript, deck: list[int]) -> list[int]:
    ps = game.state["ps"]
    assert ps is not None, "the deal is for a Power Struggle under way"
    free = list(deck)

    def take(name: str, node: Node) -> int:
        for cid in free:
            if game.data.ps_cards[cid].name == name:
                free.remove(cid)
                return cid
        raise f.problem(node, "E301", f"no {name!r} card is left in the Power Struggle deck")

    dealt = {}
    for side in (ps["scorer"], game.opponent(ps["scorer"])):
        listed = script.hands.get(side, [])
        n = deal_count(controlled_count(game, side, ps["country"]))
        if len(listed) > n:
            raise f.problem(listed[n][1], "E301", f"the {side} controls "
                            f"{controlled_count(game, side, ps['country'])} space(s) in "
                            f"{ps['country']} and is dealt {n} Power Struggle cards, "
                            f"not {len(listed)}")
        dealt[side] = [take(name, node) for name, node in listed]
    draws = [take(name, node) for name, node in script.draws]
    order = []  # in the order the deal takes them: scorer, opponent, then draws
    for side in (ps["scorer"], game.opponent(ps["scorer"])):
        n = deal_count(controlled_count(game, side, ps["country"]))
        fill = [free.pop() for _ in range(min(n - len(dealt[side]), len(free)))]
        order += dealt[side] + fill
    order += draws
    return free + list(reversed(order))


def expectations(scenario: Scenario, result: Result) -> list[Diagnostic]:
    """A diagnostic for each expectation not met (at its key), and for a
    game that ended when no ``game_over`` was expected."""
    f = scenario.file
    problems = []
    keys = {name for _, name, _ in scenario.checks}
    if result.game_over is not None and "game_over" not in keys:
        problems.append(f.diagnostic(scenario.node, "E620", f"the game ended: "
                                     f"{result.game_over} ({result.game_over.detail})",
                                     "add 'game_over: WINNER' to expect if it should"))
    for node, name, check in scenario.checks:
        for message in check(result):
            first, _, detail = message.partition("\n")
            problems.append(f.diagnostic(node, "E620", f"expect {name}: {first}",
                                         detail or None))
    return problems


# -------------------------------------------------------------------- CLI
def run_files(paths: list[Path], data, events) -> dict[str, list[Outcome]]:
    """The outcomes of every scenario found, by file, in the order given; a
    path or file that cannot be read is an outcome of its own."""
    files, problems = scenario_files(paths)
    by_file = {p.span.path: [Outcome(p.span.path, "", 1, "error", [p])] for p in problems}
    names = YamlNames(data)
    for path in files:
        scenarios, problem = load_file(path, names)
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
