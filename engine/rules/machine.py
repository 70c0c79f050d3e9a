"""The one way the rules drive a `transitions` state machine: the turn
sequence (4.5, engine/rules/turn.py) and the Power Struggle (8,
engine/rules/power_struggle.py).

A step is plain data saved with the game (``state['phase']``,
``state['ps']['step']``), so no machine can own it. Each machine is built
once per process: one per game (and per look-ahead copy) cost more than the
transitions themselves. :meth:`Sequencer.fire` gives the machine's model
the data's step, fires the trigger and writes the new step back, so that
the machine never holds a game; nothing yields in between.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from transitions import Machine, State

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict

# A machine logs every transition at debug level: a game makes a hundred,
# so a program that turns debug logging on for itself must not get them.
logging.getLogger("transitions").setLevel(logging.WARNING)


class _Model:
    """The machine's model: ``step`` holds the bound dict's step while the
    machine fires (a plain attribute, read and written by the machine at
    every transition)."""

    def __init__(self, step: str) -> None:
        self.step = step


class _Step(State):
    """A step: no step has callbacks on entering or leaving it, so a
    transition skips their (empty) rounds and their logging."""

    def enter(self, event_data: Any) -> None:
        if self.on_enter:
            super().enter(event_data)

    def exit(self, event_data: Any) -> None:
        if self.on_exit:
            super().exit(event_data)


class _Machine(Machine):
    state_cls = _Step


class Sequencer:
    """A process-wide machine over the steps of ``states`` (the first is
    where a dict starts), each kept in the ``field`` of a plain-data dict;
    ``trigger`` moves a dict to its next step, the transitions' callbacks
    and conditions taking the arguments given to :meth:`fire`."""

    def __init__(self, field: str, states: Sequence[str],
                 transitions: list[TransitionConfigDict], trigger: str) -> None:
        self._field = field
        self._model = _Model(states[0])
        _Machine(model=self._model, states=list(states), transitions=transitions,
                 initial=states[0], model_attribute="step", auto_transitions=False)
        self._trigger = getattr(self._model, trigger)

    def fire(self, data: Any, *args: Any) -> None:
        """Move ``data`` to its next step, firing with ``args``."""
        model = self._model
        model.step = data[self._field]
        self._trigger(*args)
        data[self._field] = model.step
