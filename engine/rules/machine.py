"""The one way the rules drive a `transitions` state machine: the turn
sequence (4.5, engine/rules/turn.py) and the Power Struggle (8,
engine/rules/power_struggle.py).

A step is plain data saved with the game (``state['phase']``,
``state['ps']['step']``), so no machine can own it. Each machine is built
once per process: one per game (and per look-ahead copy) cost more than the
transitions themselves. :meth:`Sequencer.fire` binds the machine's model to
the data, fires the trigger and lets go of the data again, so that the
machine never keeps a game alive; nothing yields in between.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from transitions import Machine

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict

# A machine logs every transition at debug level: a game makes a hundred,
# so a program that turns debug logging on for itself must not get them.
logging.getLogger("transitions").setLevel(logging.WARNING)


class _Model:
    """The machine's model: a view on one field of the dict it is bound to."""

    def __init__(self, field: str, idle: dict[str, Any]) -> None:
        self.field = field
        self.idle = idle
        self.data = idle

    @property
    def step(self) -> str:
        return self.data[self.field]

    @step.setter
    def step(self, value: str) -> None:
        self.data[self.field] = value


class Sequencer:
    """A process-wide machine over the steps of ``states`` (the first is
    where a dict starts), each kept in the ``field`` of a plain-data dict;
    ``trigger`` moves a dict to its next step, the transitions' callbacks
    and conditions taking the arguments given to :meth:`fire`."""

    def __init__(self, field: str, states: Sequence[str],
                 transitions: list[TransitionConfigDict], trigger: str) -> None:
        self._model = _Model(field, {field: states[0]})
        Machine(model=self._model, states=list(states), transitions=transitions,
                initial=states[0], model_attribute="step", auto_transitions=False)
        self._trigger = getattr(self._model, trigger)

    def fire(self, data: Any, *args: Any) -> None:
        """Move ``data`` to its next step: bind, fire with ``args``, unbind."""
        self._model.data = data
        try:
            self._trigger(*args)
        finally:
            self._model.data = self._model.idle
