"""The contract between the card language and the engine (issue: lint-clean
means runs-as-written).

engine/data/vocabulary.py names every kind a compiled program can hold
(operation, expression, condition, hook, duration). That list is exactly
what the engine handles, exactly what the compiler emits (it spells each
through the vocabulary) and exactly what docs/operations.md documents; every
example of docs/language.md runs in a whole game; and a save records the
format of the programs it holds.
"""

from __future__ import annotations

import functools
import random
import re
import tempfile
from pathlib import Path

import pytest
from test_docs_examples import BLOCKS, as_file

from dof.dsl import load_deck
from dof.engine.data import load_data
from dof.engine.data.vocabulary import PROGRAM_FORMAT, Cond, Expr, Hook, Op, Until
from dof.engine.game import Game, SaveError
from dof.engine.programs import selectors
from dof.engine.programs.events import OPERATION_MODULES, EventRunner
from dof.engine.programs.hook_rules import BANS, MODIFIERS, TRIGGERS
from dof.engine.programs.program import HANDLERS
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
