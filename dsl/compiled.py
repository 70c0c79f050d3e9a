"""A compiled deck as the engine and the tools read it: its cards, boxes and
wild cards' programs, with what lint found.

These records are all that a deck from the cache (dsl/cache.py) needs: a
short command that finds its deck there unpickles them without importing
the parser, the checker, the compiler or the lints (dsl/deck.py), which
cost more than the rest of its start-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dof.dsl.diagnostics import Diagnostic
    from dof.engine.data.records import StrategyCard


@dataclass(frozen=True)
class CompiledCard:
    """A strategy card as the engine sees it: its printed facts (strategy.yaml,
    or what a mod's card file writes) plus its compiled event."""

    printed: StrategyCard
    summary: str
    span: str | None
    source: str
    event: list[dict[str, Any]] | None
    requires: list[dict[str, Any]] = field(default_factory=list)
    no_effect_after: list[int] = field(default_factory=list)
    cancels: list[int] = field(default_factory=list)
    on_ops: list[dict[str, Any]] | None = None

    @property
    def written(self) -> bool:
        """True when the card's event is written in the language."""
        return self.event is not None

    def to_json(self) -> dict[str, Any]:
        p = self.printed
        return {"number": p.number, "name": p.name, "period": p.period, "side": p.side,
                "ops": p.ops, "removed": p.removed, "lasting": p.lasting,
                "red_title": p.red_title, "summary": self.summary,
                "span": self.span, "written": self.written, "event": self.event,
                "requires": self.requires, "no_effect_after": self.no_effect_after,
                "cancels": self.cancels, "on_ops": self.on_ops}


@dataclass(frozen=True)
class CompiledBox:
    """A Tiananmen Square box (rule 6.3): names, thresholds and award."""

    number: int
    names: dict[str, str]
    needs: dict[str, int]
    award: str | None
    summary: str
    span: str
    source: str
    program: list[dict[str, Any]]

    @property
    def written(self) -> bool:
        return bool(self.program)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "names": self.names, "needs": self.needs,
                "award": self.award, "summary": self.summary, "span": self.span,
                "written": self.written, "program": self.program}


@dataclass
class Deck:
    """Compiled cards and boxes, with everything lint found."""

    cards: dict[int, CompiledCard]
    boxes: dict[int, CompiledBox]
    diagnostics: list[Diagnostic]
    compiled_cards: int = 0
    compiled_boxes: int = 0
    #: The mod's card files: {"file": name within the mod folder, "sha256": ...}.
    mods: list[dict[str, str]] = field(default_factory=list)
    #: Power Struggle wild cards by name: {"attack"|"match": program} (8.3.2).
    ps_cards: dict[str, dict[str, list]] = field(default_factory=dict)
    #: The question of each optional statement ("may"), in its card file's
    #: words ("discard 1 non-scoring card"), by its operation's "at".
    questions: dict[str, str] = field(default_factory=dict)

    def card(self, number: int) -> CompiledCard:
        return self.cards[number]

    def card_facts(self) -> dict[int, StrategyCard]:
        """The printed facts of every card of the deck, for a game whose deck
        includes a mod's new or replaced cards (``GameData.with_cards``)."""
        return {n: c.printed for n, c in self.cards.items()}

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(not d.is_error for d in self.diagnostics)
