"""One idea, one name (issue 20, item 7): what the engine, the card language
and the command line each need of one idea, they take from one place."""

from __future__ import annotations

import gc
import weakref

from dof.engine import game
from dof.engine.programs import program
from dof.engine.rules import power_struggle, protocols, turn
from dof.engine.rules.machine import Sequencer


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
