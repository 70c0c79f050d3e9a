"""One idea, one name (issue 20, item 7): what the engine, the card language
and the command line each need of one idea, they take from one place."""

from __future__ import annotations

import ast
import gc
import sys
import weakref
from pathlib import Path

import pytest

from dof.dsl.names import Names
from dof.engine import game
from dof.engine.data import load_data
from dof.engine.data.positions import Reader
from dof.engine.data.terms import key
from dof.engine.programs import program
from dof.engine.rules import power_struggle, protocols, turn
from dof.engine.rules.machine import Sequencer

ROOT = Path(__file__).resolve().parent.parent


def test_a_rule_that_may_ask_is_one_steps_type_everywhere():
    """The driver, the interpreter and the rules type a generator of
    Decisions with the one alias the rules define."""
    assert game.Steps is protocols.Steps
    assert program.Steps is protocols.Steps


class Plain(dict):
    """A plain-data dict that a test can hold a weak reference to."""


def fails(machine: Sequencer, data: Plain) -> bool:
    """Whether firing ``machine`` on ``data`` raises (the traceback, which
    holds the data, is let go of here)."""
    try:
        machine.fire(data, data, None)
    except RuntimeError:
        return True
    return False


def test_both_machines_go_through_one_adapter_that_lets_go_of_the_data():
    """The turn sequence and the Power Struggle each bind the one machine of
    the process to a dict's step field, fire, and unbind, whatever happens."""
    def ready(data, go):
        if go is None:
            raise RuntimeError("a condition failed")
        return go

    machine = Sequencer("step", ["idle", "ready", "waiting"], [
        {"trigger": "advance", "source": "idle", "dest": "ready", "conditions": [ready]},
        {"trigger": "advance", "source": "idle", "dest": "waiting"},
    ], "advance")
    first, second, third = Plain(step="idle"), Plain(step="idle"), Plain(step="idle")
    machine.fire(first, first, True)
    machine.fire(second, second, False)
    assert fails(machine, third)
    assert (first["step"], second["step"], third["step"]) == ("ready", "waiting", "idle")
    held = [weakref.ref(first), weakref.ref(second), weakref.ref(third)]
    del first, second, third
    gc.collect()  # a traceback and its frames refer to each other
    assert [ref() for ref in held] == [None, None, None]
    assert isinstance(turn._TURN, Sequencer) and isinstance(power_struggle._STRUGGLE, Sequencer)


def comparisons_with_stability(folder: Path) -> set[str]:
    """'path:function' of every function comparing with a stability
    number, but the game data's own checks (a stability is at least 1)."""
    found = set()
    for path in sorted(folder.rglob("*.py")):
        if path.parent.name == "data":
            continue
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(function, ast.FunctionDef) and any(
                    isinstance(node, ast.Compare) and "stab" in ast.unparse(node)
                    for node in ast.walk(function)):
                found.add(f"{path.relative_to(ROOT).as_posix()}:{function.name}")
    return found


def test_who_controls_a_space_is_decided_in_one_place():
    """2.1.7 (control: one's SPs exceed the opponent's by the stability) is
    board.controls; the rules, the bots and the command line call it."""
    assert comparisons_with_stability(ROOT / "engine") | comparisons_with_stability(
        ROOT / "cli") == {"engine/rules/board.py:controls"}


# ------------------------------------------------------------------ names
def test_the_card_language_and_the_command_line_read_one_name_index():
    """dsl/names.py and the reader of positions, scenarios and --deal
    (engine/data/positions.py) look names up in the game data's one index
    (engine/data/names.py); neither builds tables of its own."""
    data = load_data()
    index = data.names
    assert data.names is index  # built once
    card_language = Names(data)
    assert (card_language.spaces, card_language.countries, card_language.regions,
            card_language.types, card_language.ussr, card_language.ps_cards) == (
        index.spaces, index.countries, index.regions, index.types, index.ussr, index.ps_cards)
    assert Reader(data).names is index


@pytest.mark.parametrize("written, place", [
    ("Łódź", "Lodz"), ("  lodz ", "Lodz"), ("KRAKÓW", "Krakow"), ("Poland", "Poland"),
    ("BALKANS", "Balkans"), ("eastern  europe", "Eastern Europe")])
def test_a_name_is_found_by_any_spelling_the_key_allows(written, place):
    data = load_data()
    kind = "region" if place in ("Balkans", "Eastern Europe") else \
        "country" if place == "Poland" else "space"
    assert Names(data).resolve_place(written) == (kind, place)
    table = {"space": data.names.spaces, "country": data.names.countries,
             "region": data.names.regions}[kind]
    assert table[written] == table.get(key(written)) == place


def test_a_card_is_found_by_name_or_number_the_same_way_in_every_table():
    data = load_data()
    reader = Reader(data)
    assert reader.card_number("michnik") == reader.card_number("#4 MICHNIK") == 4
    assert data.names.cards["Michnik"] == 4 and data.names.ussr["Breakaway Baltic Republics"] == 3
    with pytest.raises(KeyError, match="unknown card 'Michnk'; did you mean 'Michnik'"):
        data.names.cards["Michnk"]


def test_a_key_is_its_own_key():
    """A table is looked up by any spelling, a key among them: keying twice
    changes nothing, for every character."""
    once = [key.__wrapped__(chr(c)) for c in range(sys.maxunicode + 1)]
    assert [c for c, k in enumerate(once) if key.__wrapped__(k) != k] == []
