"""What a lint is: a check of card files beyond names, scope and types.

The idea is miniwdl's (WDL/Lint.py): each lint is a small class in a module
of its own, filed by :func:`lint` under its code, which is its name: a
``# dof: ignore CODE`` comment silences a warning on its line
(docs/language.md, "Diagnostics"; an error cannot be ignored). A lint
listens to the checker's walk (:class:`~dof.dsl.checker.Hooks`: a card's
metadata, a statement, a condition, each once the checker has read it, with
what the statements before it made available); a check of the deck as a
whole gathers what it needs of each card (:meth:`Lint.gather`, where the
card is built, maybe in another process) and reads the built deck
(:meth:`Lint.deck`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from dof.dsl.ast import CardDef
from dof.dsl.checker import Hooks
from dof.dsl.diagnostics import CODES, Reporter, Span, severity
from dof.dsl.names import Names
from dof.engine.data.records import StrategyCard

if TYPE_CHECKING:  # the deck is built with the lints: they read it once built
    from dof.dsl.compiled import CompiledCard

#: Every lint by its code; they run in the order of their codes.
LINTS: dict[str, type[Lint]] = {}
#: The hooks of the checker's walk, by name.
HOOKS = tuple(name for name, value in vars(Hooks).items() if callable(value)
              and not name.startswith("_"))
#: The hooks each lint class listens to (see :func:`listens`).
_LISTENS: dict[type[Lint], tuple[str, ...]] = {}

L = TypeVar("L", bound="type[Lint]")


class Lint(Hooks):
    """A check filed under its code; the first line of its docstring says
    what it finds, as its row in docs/language.md's table does."""

    code: ClassVar[str]

    def __init__(self, names: Names, reporter: Reporter) -> None:
        self.names = names
        self.reporter = reporter

    @classmethod
    def severity(cls) -> str:
        """'error' or 'warning', as the code says (E or W): only a warning may be ignored."""
        return severity(cls.code)

    def report(self, message: str, span: Span, hint: str | None = None) -> None:
        self.reporter.report(self.code, message, span, hint)

    def gather(self, cdef: CardDef, facts: StrategyCard) -> Any:
        """What the deck-wide check needs of a written card (sent between
        processes: plain data and tree leaves)."""

    def deck(self, cards: dict[int, CompiledCard], gathered: dict[int, Any]) -> None:
        """Check the deck as a whole: every card by number, and what
        :meth:`gather` gave for each written card."""


def lint(cls: L) -> L:
    """File a lint under its code: a code of the one table (CODES), given to one lint."""
    if cls.code not in CODES or cls.code in LINTS:
        raise ValueError(f"{cls.__name__}: {cls.code} is not a code of CODES of its own")
    LINTS[cls.code] = cls
    return cls


def listens(cls: type[Lint]) -> tuple[str, ...]:
    """The hooks a lint listens to (defines, rather than Hooks or Lint), and
    'gather' and 'deck' for a check of the deck as a whole; found once a class."""
    found = _LISTENS.get(cls)
    if found is None:
        found = _LISTENS[cls] = tuple(
            name for name in (*HOOKS, "gather", "deck")
            if getattr(cls, name) not in (getattr(Hooks, name, None), getattr(Lint, name)))
    return found


class Lints(Hooks):
    """The filed lints as one listener of the checker's walk: each hook is
    bound straight to the lints that define it, in the order of their codes
    (most hooks have one lint, and the walk calls them often)."""

    def __init__(self, names: Names, reporter: Reporter) -> None:
        self.lints = [LINTS[code](names, reporter) for code in sorted(LINTS)]
        heard: dict[str, list[Lint]] = {}
        for each in self.lints:
            for name in listens(type(each)):
                heard.setdefault(name, []).append(each)
        for hook in HOOKS:
            listening = [getattr(each, hook) for each in heard.get(hook, [])]
            if len(listening) == 1:
                setattr(self, hook, listening[0])
            elif listening:
                setattr(self, hook, _each(listening))
        #: The lints that gather what they need of each written card, and
        #: those that check the deck as a whole.
        self.gathering = heard.get("gather", [])
        self.deck_wide = heard.get("deck", [])


def _each(hooks: list[Callable[..., None]]) -> Callable[..., None]:
    """One hook that calls each of ``hooks`` in turn."""
    def call(*args: Any) -> None:
        for hook in hooks:
            hook(*args)
    return call
