"""Decisions: every choice a player makes, with its legal answers, and the
end of the game (GameOver), the one way the rules stop asking.

The engine yields a Decision and waits; agents (a person at the terminal, a
bot, a scripted list) answer it. The engine never reads the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dof.engine.data.outcome import Termination

#: What an answer changes in the state before the next question (see
#: Decision.ahead): (path, value) pairs, each setting ``state[k1][k2]...``
#: to a new value, in order; a value is never a list or dict the state holds.
Changes = list[tuple[tuple[Any, ...], Any]]


#: Decision.ahead's type.
Ahead = Callable[[Any, Any], "Changes | None"]


class GameOver(Exception):
    """Raised anywhere in the rules to end the game at once (10.1, 10.2...);
    the driver records it in ``state["result"]``, where ``how`` is plain
    JSON (the Termination's value)."""

    def __init__(self, winner: str | None, how: Termination, detail: str = ""):
        super().__init__(f"{winner or 'draw'} by {how}")
        self.winner = winner
        self.how = how
        self.detail = detail


class IllegalAnswer(ValueError):
    """An answer that is not among a decision's legal answers."""


@dataclass(slots=True)
class Decision:
    """A pending choice.

    ``kind`` names the kind of choice (``card``, ``use``, ``place``, ``check``...),
    ``options`` are the legal answers (JSON-able values) and ``labels`` their
    display text, in the same order. Bots never read labels, so a decision may
    instead carry ``describe`` to make them only when a person looks. For the
    same reason ``why_not`` says only when asked which answers a player might
    expect are missing, and why (see :meth:`unavailable`).

    ``ahead``, where the rules give it, tells a look-ahead what an answer
    changes in the state before the rules ask again, when that is all that
    happens: ``ahead(answer, chance)`` returns those changes (``Changes``)
    or None (the answer does more, or more than the rules foretell: replay
    it). ``chance`` draws the dice the look-ahead would draw. Agents never
    see it (engine/api.py hands them a copy without it).
    """

    kind: str
    player: str
    options: list[Any]
    prompt: str
    labels: list[str] | None = None
    context: dict[str, Any] = field(default_factory=dict)
    describe: Callable[[Any], str] | None = None
    why_not: Callable[[], list[tuple[str, str]]] | None = None
    #: The odds of an answer that rolls a die (a support check's space, a
    #: Tiananmen attempt), worked out only when asked (see :meth:`odds`).
    foresee: Callable[[Any], Any] | None = None
    ahead: Ahead | None = None

    def label(self, i: int) -> str:
        """Display text of option ``i``."""
        if self.labels:
            return self.labels[i]
        if self.describe:
            return self.describe(self.options[i])
        return str(self.options[i])

    def unavailable(self) -> list[tuple[str, str]]:
        """(what, why with the rule number) for each answer a player might
        expect but is not offered, or offered but unable to act, worked out
        from the game as it stands at this decision; plain data."""
        return self.why_not() if self.why_not else []

    def odds(self, answer: Any) -> Any:
        """What rolling the die for ``answer`` can give (an odds.Odds),
        from the game as it stands at this decision; None for an answer
        that rolls none."""
        return self.foresee(answer) if self.foresee else None

    def check(self, answer: Any) -> Any:
        """Return ``answer`` when it is legal, else raise IllegalAnswer."""
        if answer in self.options:
            return answer
        if isinstance(answer, tuple) and list(answer) in self.options:
            return list(answer)
        raise IllegalAnswer(
            f"{answer!r} is not a legal answer to '{self.prompt}'"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "prompt": self.prompt,
            "options": self.options,
            "labels": [self.label(i) for i in range(len(self.options))],
            "context": self.context,
            "unavailable": [list(item) for item in self.unavailable()],
        }
