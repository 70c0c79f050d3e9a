"""What the renderers of a compiled program share: the lines said so far,
the rules each line relies on, and the tables of renderers, one per kind.

A compiled program is plain data whose every kind is a name of the
vocabulary (engine/data/vocabulary.py): an operation, an expression, a
condition, a lasting rule's hook, a duration. Each kind has one small
function that says it in English, filed here by kind as the engine files
its handlers (``@renders(Op.PLACE)``, like ``@handles(Op.PLACE)``); the
modules ``ops_*``, ``terms`` and ``rules`` hold them.
tests/test_explain.py checks that every name of the vocabulary has one, so
that a new operation cannot go unexplained.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from dof.dsl.explain.english import capital, quoted
from dof.dsl.names import Names


@dataclass(frozen=True)
class Line:
    """One sentence of an explanation, how deep it sits (under an ``if``, a
    lasting effect...) and the rules it relies on, by number."""

    text: str
    depth: int = 0
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "depth": self.depth, "rules": list(self.rules)}


def rule_order(rule: str) -> tuple[int, ...]:
    """Rules by number (6.1 < 6.1.3 < 6.10), then rulings (R50)."""
    if rule.startswith("R"):
        return (10_000, int(rule[1:]))
    return tuple(int(part) for part in rule.split(".") if part.isdecimal())


F = TypeVar("F", bound=Callable[..., Any])

#: Renderers by kind: an operation says its lines; an expression, a
#: condition and a duration give a phrase; a lasting rule's hook says its
#: lines (a trigger its heading and its program beneath).
OPS: dict[str, Callable[[Speaker, dict], None]] = {}
EXPRESSIONS: dict[str, Callable[[Speaker, dict], str]] = {}
CONDITIONS: dict[str, Callable[[Speaker, dict], str]] = {}
DURATIONS: dict[str, Callable[[Speaker, dict], str]] = {}
HOOKS: dict[str, Callable[[Speaker, dict], None]] = {}


def _filer(table: dict[str, Any], what: str) -> Callable[[str], Callable[[F], F]]:
    def files(kind: str) -> Callable[[F], F]:
        def register(fn: F) -> F:
            if kind in table:
                raise ValueError(f"{what} {kind!r} has two renderers")
            table[kind] = fn
            return fn
        return register
    return files


renders = _filer(OPS, "operation")
expression = _filer(EXPRESSIONS, "expression")
condition = _filer(CONDITIONS, "condition")
duration = _filer(DURATIONS, "duration")
hook = _filer(HOOKS, "hook")


class Speaker:
    """Says a program line by line. ``names`` is the game data's name
    index; ``cards`` names every card of the deck by number (a mod's too)."""

    def __init__(self, names: Names, cards: Mapping[int, str]) -> None:
        self.names = names
        self.cards = cards
        self.lines: list[Line] = []
        self.depth = 0
        self._cited: list[str] = []
        #: How many cards the last ``draw`` drew, when the program says
        #: (what a later discard of the drawn cards leaves).
        self.drawn: int | None = None
        #: Who was last asked whether to do something ('may'): the 'he'
        #: of a later 'if he did'.
        self.asked: str | None = None

    # ------------------------------------------------------------ lines
    def cite(self, *rules: str) -> None:
        """The line said next relies on these rules."""
        for rule in rules:
            if rule not in self._cited:
                self._cited.append(rule)

    def say(self, text: str) -> None:
        """A sentence, with the rules cited since the last one."""
        end = "" if text.endswith((":", ".", "!", "?")) else "."
        self.lines.append(Line(capital(text) + end, self.depth,
                               tuple(sorted(self._cited, key=rule_order))))
        self._cited = []

    @contextmanager
    def under(self, heading: str) -> Iterator[None]:
        """A heading ('If the roll is 6 or more:') and the lines below it."""
        self.say(heading.rstrip(":") + ":")
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    # ------------------------------------------------------------ dispatch
    def program(self, ops: list[dict]) -> None:
        for op in ops:
            OPS[op["op"]](self, op)
            if op.get("optional"):
                self.asked = op.get("player")

    def rule(self, rule: dict) -> None:
        HOOKS[rule["hook"]](self, rule)

    def expr(self, value: Any) -> str:
        """An integer expression: '3', 'the roll', 'the number of ...'."""
        if isinstance(value, dict):
            return EXPRESSIONS[value["expr"]](self, value)
        return str(value)

    def cond(self, cond: dict) -> str:
        return CONDITIONS[cond["cond"]](self, cond)

    def until(self, until: dict) -> str:
        return DURATIONS[until["until"]](self, until)

    # ------------------------------------------------------------ names
    def card(self, number: int) -> str:
        """A card of the deck by its name, quoted."""
        return quoted(self.cards.get(number, f"card {number}"))
