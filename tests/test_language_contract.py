"""The contract between the card language and the engine (issue: lint-clean
means runs-as-written).

engine/data/vocabulary.py names every kind a compiled program can hold
(operation, expression, condition, hook, duration). That list is exactly
what the engine handles, exactly what the compiler emits (it spells each
through the vocabulary) and exactly what docs/operations.md documents; every
example of docs/language.md runs in a whole game; a save records the format
of the programs it holds; and each operation declares its fields, the only
ones the compiler writes and the engine reads (Forge's contract).
"""

from __future__ import annotations

import ast
import functools
import random
import re
import tempfile
from pathlib import Path

import pytest
from test_docs_examples import BLOCKS, as_file

from dof.dsl import load_deck
from dof.engine.data import load_data
from dof.engine.data.vocabulary import (
    OP_COMMON,
    OP_FIELDS,
    PROGRAM_FORMAT,
    Cond,
    Expr,
    Hook,
    Op,
    Until,
)
from dof.engine.game import Game, SaveError
from dof.engine.programs import selectors
from dof.engine.programs.events import OPERATION_MODULES, EventRunner
from dof.engine.programs.hook_rules import BANS, MODIFIERS, TRIGGERS
from dof.engine.programs.program import HANDLERS, Filed
from dof.engine.rules.piles import move_card

ROOT = Path(__file__).parent.parent
COMPILER = (ROOT / "dsl" / "compiler.py").read_text(encoding="utf-8")
ENGINE = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
          for p in (ROOT / "engine").rglob("*.py")}
OPERATIONS_DOC = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
EXAMPLES = [text for kind, text in BLOCKS if kind == "card"]

#: The vocabulary by the key a compiled program holds it under.
KINDS = {"op": Op, "expr": Expr, "cond": Cond, "hook": Hook, "until": Until}
VOCABULARY = {kind: names.every() for kind, names in KINDS.items()}

#: Durations that never expire on a step of the turn: they end by a cancel,
#: by being used up, never, or when the opponent reaches a box (6.3.5).
STANDING_DURATIONS = {Until.END_OF_GAME, Until.CANCELLED, Until.USED,
                      Until.OPPONENT_REACHES_BOX}

#: Names only the engine writes: the end-of-turn game end (10.3).
ENGINE_ONLY = {"op": set(), "expr": set(), "cond": set(), "hook": {Hook.NEW_YEARS_EVE},
               "until": set()}


def names_in(program, found: dict[str, set[str]]) -> dict[str, set[str]]:
    """Collect the operation, expression, condition, hook and duration names
    used anywhere in a compiled program."""
    if isinstance(program, list):
        for item in program:
            names_in(item, found)
    elif isinstance(program, dict):
        for key in ("op", "expr", "cond", "hook"):
            if isinstance(program.get(key), str):
                found[key].add(program[key])
        duration = program.get("duration")
        if isinstance(duration, dict):
            found["until"].add(duration["until"])
        for item in program.values():
            names_in(item, found)
    return found


def programs_of(deck) -> list:
    """Everything the deck compiled: events, requirements, boxes, wild cards."""
    out: list = []
    for card in deck.cards.values():
        out += [card.event, card.requires, card.on_ops]
    out += [box.program for box in deck.boxes.values()]
    out += list(deck.ps_cards.values())
    return out


@functools.cache
def compiled_names() -> dict[str, set[str]]:
    """Names in the built-in deck and in every example of the docs."""
    found: dict[str, set[str]] = {kind: set() for kind in KINDS}
    names_in(programs_of(load_deck()), found)
    with tempfile.TemporaryDirectory() as folder:
        for i, text in enumerate(EXAMPLES):
            path = Path(folder) / f"example{i}.card"
            path.write_text(as_file(text), encoding="utf-8")
            names_in(programs_of(load_deck([path])), found)
    return found


def spelled(text: str, kind: str) -> set[str]:
    """The names of ``kind`` a source text spells through the vocabulary
    (``Op.PLACE``, ``Hook.AS_SOON_AS``...)."""
    names = KINDS[kind]
    return {getattr(names, attr) for attr in re.findall(rf"\b{names.__name__}\.([A-Z_]+)", text)}


def handled() -> dict[str, set[str]]:
    """What the engine acts on: the operation, expression, condition and
    hook registries, the durations it expires."""
    expired = r"expire\(game, Until\.(\w+)"
    return {
        "op": set(HANDLERS),
        "expr": set(selectors.EXPRESSIONS),
        "cond": set(selectors.CONDITIONS),
        "hook": set(MODIFIERS) | set(BANS) | set(TRIGGERS),
        "until": {getattr(Until, name) for text in ENGINE.values()
                  for name in re.findall(expired, text)} | STANDING_DURATIONS,
    }


def consulted() -> set[str]:
    """The hooks the engine consults (``hooks.total(game, Hook.X...``)."""
    found = r"hooks\.(?:active|run|total|banned_spaces)\(game, Hook\.(\w+)"
    return {getattr(Hook, name) for text in ENGINE.values() for name in re.findall(found, text)}


def tables(kind: str) -> list[set[str]]:
    """The names in the first column of each of docs/operations.md's tables
    headed ``kind`` (``| op | fields | meaning |``...), in order."""
    found: list[set[str]] = []
    header = None
    for line in OPERATIONS_DOC.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        first = line.strip("|").split("|")[0].strip()
        if header is None:
            header = first
            if header == kind:
                found.append(set())
        elif header == kind:
            found[-1].update(re.findall(r"`(\w+)`", first))
    return found


def documented(kind: str) -> set[str]:
    """The names of all the tables headed ``kind``."""
    return set().union(*tables(kind))


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_engine_handles_exactly_the_vocabulary(kind):
    """Every name has a handler (an operation, a registered expression,
    condition or hook meaning, a duration that ends), and no handler waits
    for a name nobody can write."""
    assert handled()[kind] == VOCABULARY[kind]


def test_the_rules_consult_every_hook():
    assert consulted() == VOCABULARY["hook"]


def test_each_hook_has_one_meaning_of_the_kind_the_docs_give_it():
    """Modifier and ban hooks are in the docs' first hook table, trigger
    hooks in the second; no hook has two meanings."""
    assert not (set(MODIFIERS) & set(BANS) or set(BANS) & set(TRIGGERS)
                or set(MODIFIERS) & set(TRIGGERS))
    rules, triggers = tables("hook")
    assert rules == set(MODIFIERS) | set(BANS)
    assert triggers == set(TRIGGERS)


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_compiler_emits_exactly_the_vocabulary(kind):
    assert spelled(COMPILER, kind) == VOCABULARY[kind] - ENGINE_ONLY[kind]


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_name_is_used_by_a_card_or_an_example_of_the_docs(kind):
    """What the compiler really produces, for the 110 cards and every
    example of docs/language.md, covers the vocabulary (so the docs show
    every construct) and stays inside it."""
    assert compiled_names()[kind] == VOCABULARY[kind] - ENGINE_ONLY[kind]


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_docs_document_exactly_the_vocabulary(kind):
    assert documented(kind) == VOCABULARY[kind]


def test_the_compiler_writes_no_kind_as_a_string_of_its_own():
    literals = re.findall(r'"(op|expr|cond|hook|until)": "(\w+)"', COMPILER)
    # set_aside's "until" is a field of that operation, not a lasting duration
    assert literals == [("until", "next_turn")]


def test_operation_handlers_are_filed_by_domain():
    by_module: dict[str, set[str]] = {}
    for kind, filed in HANDLERS.items():
        by_module.setdefault(filed.handler.__module__.rsplit(".", 1)[1], set()).add(kind)
    assert set(by_module) == {m.__name__.rsplit(".", 1)[1] for m in OPERATION_MODULES}
    assert by_module["ops_sps"] == {Op.PLACE, Op.PLACE_TO_CONTROL, Op.REMOVE, Op.REPLACE,
                                    Op.MOVE, Op.ELIMINATE}
    assert by_module["ops_effects"] == {Op.LASTING, Op.TRIGGER, Op.CANCEL, Op.END_EFFECT}


def test_the_deck_uses_most_of_the_language():
    """A sanity check on the collector: the 110 cards use dozens of names."""
    found = compiled_names()
    assert len(found["op"]) > 30 and len(found["cond"]) > 10 and len(found["hook"]) > 15


# ------------------------------------------ the program format in saves
@pytest.fixture(scope="module")
def data():
    return load_data()


def test_a_save_records_the_program_format(data):
    game = Game.new(data, 3, events=EventRunner(load_deck()))
    save = game.to_json()
    assert save["program_format"] == PROGRAM_FORMAT
    assert Game.from_json(save, data, game.events).state == game.state


@pytest.mark.parametrize("saved", [PROGRAM_FORMAT + 1, None])
def test_a_save_with_programs_in_another_format_is_refused(data, saved):
    game = Game.new(data, 3, events=EventRunner(load_deck()))
    save = game.to_json()
    save["program_format"] = saved
    with pytest.raises(SaveError) as refused:
        Game.from_json(save, data, game.events)
    assert str(refused.value) == (
        f"the save's card programs are in format {saved!r}, but this dof runs format "
        f"{PROGRAM_FORMAT}: the save was made by another version of dof")


# ------------------------------------------------ the examples, in play
class ExampleAgent:
    """Plays the example's cards as events whenever it can; otherwise random."""

    def __init__(self, cards: set[int], seed: int):
        self.cards = cards
        self.rng = random.Random(seed)

    def choose(self, game, decision):
        options = decision.options
        if decision.kind == "card":
            mine = [o for o in options if o in self.cards]
            if mine:
                return mine[0]
        if decision.kind == "use" and "event" in options and game.state["played"] in self.cards:
            return "event"
        return options[self.rng.randrange(len(options))]


@pytest.mark.parametrize("text", EXAMPLES, ids=[f"example{i}" for i in range(len(EXAMPLES))])
def test_every_example_runs_in_a_whole_game(tmp_path, data, text):
    """Each example joins the deck as a mod; its cards go to their side's hand
    at the start and are played as events when the rules allow; the game
    then runs to its end with random players."""
    (tmp_path / "example.card").write_text(as_file(text), encoding="utf-8")
    deck = load_deck(mod=tmp_path, data=data)
    assert [d.format() for d in deck.diagnostics if d.is_error] == []
    mine = {n for n, c in deck.cards.items() if Path(c.source).parent == tmp_path}
    game_data = data.with_cards(deck.card_facts())
    played = False
    for seed in range(3):
        game = Game.new(game_data, seed, events=EventRunner(deck))
        for number in mine:
            side = game_data.cards[number].side
            move_card(game, number, ("hand", "communist" if side == "communist" else "democrat"))
        game.play({side: ExampleAgent(mine, 10 * seed + i)
                   for i, side in enumerate(("democrat", "communist"))})
        assert game.result is not None
        played |= any(e["kind"] == "event" and e.get("card") in mine for e in game.log)
    if mine and all(deck.cards[n].event is not None and not deck.cards[n].requires
                    for n in mine):
        assert played, "the example's event never ran"


# ------------------------------------------ each operation declares its fields
def operations_in(program) -> list[dict]:
    """Every operation of a compiled program, at any depth."""
    found = []
    stack = [program]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "op" in node:
                found.append(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


@functools.cache
def compiled_operations() -> list[dict]:
    """The operations of the built-in deck and of every example of the docs."""
    found = operations_in(programs_of(load_deck()))
    with tempfile.TemporaryDirectory() as folder:
        for i, text in enumerate(EXAMPLES):
            path = Path(folder) / f"example{i}.card"
            path.write_text(as_file(text), encoding="utf-8")
            found += operations_in(programs_of(load_deck([path])))
    return found


def declared(kind: str) -> set[str]:
    """What an operation of ``kind`` may carry: its fields, and ``optional``
    when a player does it."""
    fields = set(OP_FIELDS[kind]) | OP_COMMON
    return fields | {"optional"} if "player" in fields else fields


def documented_fields() -> dict[str, set[str]]:
    """The fields column of docs/operations.md's operations table: the
    names in backquotes, less the values in parentheses and the parts of an
    option (``options: [{label, do}]``)."""
    found = {}
    for line in OPERATIONS_DOC.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 3 and cells[0].strip("`") in OP_FIELDS:
            fields = re.sub(r"\([^)]*\)|: \[[^]]*\]", "", cells[1])
            found[cells[0].strip("`")] = set(re.findall(r"\w+", " ".join(
                re.findall(r"`([^`]*)`", fields))))
    return found


def test_every_operation_declares_its_fields_as_the_docs_list_them():
    assert set(OP_FIELDS) == Op.every()
    assert documented_fields() == {kind: set(fields) for kind, fields in OP_FIELDS.items()}


def test_the_compiler_writes_the_fields_each_operation_declares():
    """No operation the compiler writes (for the 110 cards and every
    example of the docs) carries a field its kind does not declare, and
    every declared field is written somewhere."""
    written: dict[str, set[str]] = {kind: set() for kind in OP_FIELDS}
    for op in compiled_operations():
        assert set(op) <= declared(op["op"]), f"{op['at']}: {op['op']} with {set(op)}"
        written[op["op"]] |= set(op)
    assert {kind: set(fields) - written[kind] for kind, fields in OP_FIELDS.items()} == \
        {kind: set() for kind in OP_FIELDS}


def reads_of_op(path: Path) -> dict[str, tuple[set[str], set[str]]]:
    """For each function of ``path`` with a parameter ``op``: the fields it
    reads of it (``op["x"]``, ``op.get("x")``, ``"x" in op``) and the
    functions it passes ``op`` on to."""
    def is_op(node: ast.AST) -> bool:
        return isinstance(node, ast.Name) and node.id == "op"

    found = {}
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, ast.FunctionDef) or "op" not in [a.arg for a in fn.args.args]:
            continue
        fields: set[str] = set()
        calls: set[str] = set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Subscript) and is_op(node.value) and \
                    isinstance(node.slice, ast.Constant):
                fields.add(node.slice.value)
            elif isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In | ast.NotIn) \
                    and is_op(node.comparators[0]) and isinstance(node.left, ast.Constant):
                fields.add(node.left.value)
            elif isinstance(node, ast.Call):
                callee = node.func
                if isinstance(callee, ast.Attribute) and is_op(callee.value) \
                        and callee.attr == "get":
                    fields.add(node.args[0].value)  # type: ignore[attr-defined]
                elif isinstance(callee, ast.Name) and any(
                        is_op(a) for a in [*node.args, *(k.value for k in node.keywords)]):
                    calls.add(callee.id)
        assert fn.name not in found, f"two functions {fn.name} take an op"
        found[fn.name] = (fields, calls)
    return found


def test_no_handler_is_written_to_read_a_field_its_operation_does_not_declare():
    """What each handler's code reads of its operation, on every path, and
    what the functions of the interpreter it hands the operation to read."""
    functions: dict[str, tuple[set[str], set[str]]] = {}
    for path in sorted((ROOT / "engine" / "programs").glob("*.py")):
        functions.update(reads_of_op(path))
    undeclared = {}
    for kind, filed in HANDLERS.items():
        reads: set[str] = set()
        todo, done = [filed.handler.__name__], set()
        while todo:
            name = todo.pop()
            done.add(name)
            fields, calls = functions[name]
            reads |= fields
            todo += [c for c in calls if c in functions and c not in done]
        undeclared[kind] = reads - declared(kind)
    assert undeclared == {kind: set() for kind in HANDLERS}


def finish(game: Game, agent: ExampleAgent) -> None:
    """Play ``game`` to its end, ``agent`` answering for both players from
    the game itself (a player's view is a copy, which takes plain data)."""
    while (decision := game.pending) is not None:
        game.answer(agent.choose(game, decision))


class Reads(dict):
    """An operation that notes each field read of it (``op["x"]``,
    ``op.get("x")``, ``"x" in op``) in ``seen``, by its kind."""

    def __init__(self, op: dict, seen: dict[str, set[str]]):
        super().__init__(op)
        self.seen = seen.setdefault(op["op"], set())

    def __getitem__(self, key):
        self.seen.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.seen.add(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.seen.add(key)
        return super().__contains__(key)


def test_the_engine_reads_only_the_fields_each_operation_declares(monkeypatch, data):
    """Every handler, and what it calls with its operation (a lasting
    rule's registration, the test of whether an optional one can act), is
    given an operation that notes what is read of it, in random games with
    the built-in cards and with each example of the docs played as events;
    each kind of operation runs, and reads only its declared fields."""
    seen: dict[str, set[str]] = {}

    def noting(fn):
        return lambda runner, game, op, ctx: fn(runner, game, Reads(op, seen), ctx)

    for kind, filed in list(HANDLERS.items()):
        monkeypatch.setitem(HANDLERS, kind, Filed(noting(filed.handler), filed.steps))
    monkeypatch.setattr(EventRunner, "_can_act", noting(EventRunner._can_act))
    events = EventRunner(load_deck())
    for seed in range(40):
        finish(Game.new(data, seed, events=events), ExampleAgent(set(), seed))
    with tempfile.TemporaryDirectory() as folder:
        for i, text in enumerate(EXAMPLES):
            mod = Path(folder) / f"example{i}"
            mod.mkdir()
            (mod / "example.card").write_text(as_file(text), encoding="utf-8")
            deck = load_deck(mod=mod, data=data)
            mine = {n for n, c in deck.cards.items() if Path(c.source).parent == mod}
            game_data = data.with_cards(deck.card_facts())
            game = Game.new(game_data, i, events=EventRunner(deck))
            for number in mine:
                side = game_data.cards[number].side
                move_card(game, number, ("hand", "communist" if side == "communist"
                                         else "democrat"))
            finish(game, ExampleAgent(mine, i))
    assert set(seen) == Op.every()
    assert {kind: fields - declared(kind) for kind, fields in seen.items()} == \
        {kind: set() for kind in seen}
