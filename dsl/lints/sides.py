"""Who carries out a Democratic or Communist card's event, and who an action
is by: what the lints of a side's event (W507, W508) read (rule 5.2)."""

from __future__ import annotations

from dof.dsl.ast import Node, player
from dof.engine.data.records import StrategyCard

OPPONENT = {"democrat": "communist", "communist": "democrat"}


def event_side(facts: StrategyCard) -> str | None:
    """'democrat' or 'communist' for a card whose event belongs to a side."""
    return facts.side if facts.side in OPPONENT else None


def as_side(who: str, side: str) -> str:
    """A player phrase as a side, in an event carried out by ``side``."""
    return {"you": side, "opponent": OPPONENT[side]}.get(who, who)


def actor(action: Node, side: str) -> str:
    """Who carries out an action of a ``side`` card's event ('he' is left as is)."""
    who = next((player(c) for c in action.children[:-1] if c.kind != "may"), "you")
    return as_side(who, side)
