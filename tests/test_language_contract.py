"""The contract between the card language and the engine (issue: lint-clean
means runs-as-written).

Every name a compiled program can hold (operation, expression, condition,
duration, hook) has a handler in the engine and a line in
docs/operations.md; every hook the engine consults is emitted by some
construct; and every example of docs/language.md runs in a whole game.
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
from dof.engine import selectors
from dof.engine.data import load_data
from dof.engine.events import END_OF_TURN_GAME_END, EventRunner, move_card
from dof.engine.game import Game

ROOT = Path(__file__).parent.parent
COMPILER = (ROOT / "dsl" / "compiler.py").read_text(encoding="utf-8")
ENGINE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "engine").glob("*.py")}
OPERATIONS_DOC = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
EXAMPLES = [text for kind, text in BLOCKS if kind == "card"]

#: Durations that never expire on a step of the turn: they end by a cancel,
#: by being used up, never, or when the opponent reaches a box (6.3.5).
STANDING_DURATIONS = {"end_of_game", "cancelled", "used", "opponent_reaches_box"}


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


def empty() -> dict[str, set[str]]:
    return {"op": set(), "expr": set(), "cond": set(), "hook": set(), "until": set()}


@functools.cache
def compiled_names() -> dict[str, set[str]]:
    """Names in the built-in deck and in every example of the docs."""
    found = empty()
    names_in(programs_of(load_deck()), found)
    with tempfile.TemporaryDirectory() as folder:
        for i, text in enumerate(EXAMPLES):
            path = Path(folder) / f"example{i}.card"
            path.write_text(as_file(text), encoding="utf-8")
            names_in(programs_of(load_deck([path])), found)
    return found


def literal_names() -> dict[str, set[str]]:
    """Names the compiler can emit, read from its source."""
    return {
        "op": set(re.findall(r'"op": "(\w+)"', COMPILER)),
        "expr": set(re.findall(r'"expr": "(\w+)"', COMPILER)),
        "cond": set(re.findall(r'"cond": "(\w+)"', COMPILER)),
        "hook": set(re.findall(r'"hook": "(\w+)"', COMPILER))
        | set(re.findall(r'\("(\w+)", (?:True|False)\)', COMPILER)),
        "until": set(re.findall(r'"until": "(\w+)"', COMPILER)) - {"next_turn"},
    }


def consulted_hooks() -> set[str]:
    """Hooks the engine looks effects up on."""
    pattern = r'hooks\.(?:active|run|total|banned_spaces)\(game, "(\w+)"'
    return {hook for text in ENGINE.values() for hook in re.findall(pattern, text)}


def expired_durations() -> set[str]:
    return {until for text in ENGINE.values()
            for until in re.findall(r'expire\(game, "(\w+)"', text)}


def handled() -> dict[str, set[str]]:
    return {
        "op": {n[3:] for n in dir(EventRunner) if n.startswith("op_")},
        "expr": set(selectors.EXPRESSIONS),
        "cond": set(selectors.CONDITIONS),
        "hook": consulted_hooks(),
        "until": expired_durations() | STANDING_DURATIONS,
    }


@pytest.mark.parametrize("kind", ["op", "expr", "cond", "hook", "until"])
def test_every_name_the_compiler_emits_has_a_handler(kind):
    emitted = literal_names()[kind] | compiled_names()[kind]
    assert emitted - handled()[kind] == set()


@pytest.mark.parametrize("kind", ["op", "expr", "cond", "hook", "until"])
def test_every_handler_is_reachable_from_the_language(kind):
    """Each handler is used by a printed card or by an example of the docs
    (so the docs show every construct, and the engine has no dead handler).
    The engine registers the end-of-turn game end itself (10.3)."""
    assert handled()[kind] - compiled_names()[kind] - {END_OF_TURN_GAME_END} == set()


def test_hooks_consulted_are_exactly_the_hooks_emitted():
    """No hook is consulted that no construct can put an effect on, and no
    construct puts an effect on a hook nobody consults."""
    emitted = literal_names()["hook"] | {END_OF_TURN_GAME_END}
    assert consulted_hooks() == emitted


@pytest.mark.parametrize("kind", ["op", "expr", "cond", "hook", "until"])
def test_every_name_is_documented(kind):
    names = literal_names()[kind] | compiled_names()[kind] | handled()[kind]
    missing = {n for n in names if f"`{n}`" not in OPERATIONS_DOC
               and f'"{n}"' not in OPERATIONS_DOC}
    assert missing == set()


def test_the_deck_uses_most_of_the_language():
    """A sanity check on the collector: the 110 cards use dozens of names."""
    found = compiled_names()
    assert len(found["op"]) > 30 and len(found["cond"]) > 10 and len(found["hook"]) > 15


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


@pytest.fixture(scope="module")
def data():
    return load_data()


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
