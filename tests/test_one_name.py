"""One idea, one name (issue 20, item 7): what the engine, the card language
and the command line each need of one idea, they take from one place."""

from __future__ import annotations

from dof.engine import game
from dof.engine.programs import program
from dof.engine.rules import protocols


def test_a_rule_that_may_ask_is_one_steps_type_everywhere():
    """The driver, the interpreter and the rules type a generator of
    Decisions with the one alias the rules define."""
    assert game.Steps is protocols.Steps
    assert program.Steps is protocols.Steps
