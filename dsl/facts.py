"""A card's printed facts (rule 2.2) as its file writes them, and where a
finding about a card, a box or one of their clauses points.

The checker (dsl/checker.py), the lints (dsl/lints/) and the deck
(dsl/deck.py) all read them: a mod card's facts are what its file writes,
a printed card's the rest from strategy.yaml.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dof.dsl.ast import BoxDef, CardDef, Name, Node, PsCardDef, player
from dof.dsl.diagnostics import Span
from dof.dsl.names import Names
from dof.engine.data.records import StrategyCard

#: StrategyCard flag -> the clause that sets it.
FLAGS = {"removed": "removed", "lasting": "lasting_flag", "red_title": "red_title"}
#: StrategyCard field -> the clauses that write it (the name is in the header).
FACT_CLAUSES = {"name": (), "period": ("period",), "side": ("side",), "ops": ("ops", "no_ops"),
                **{flag: (kind,) for flag, kind in FLAGS.items()}}


def written_facts(cdef: CardDef) -> dict[str, Any]:
    """The printed facts (rule 2.2) a card file writes, by StrategyCard field.
    A flag (``removed after event``, ``lasting``, ``red title``) counts as
    written only when present: its absence cannot say "not printed"."""
    facts: dict[str, Any] = {"name": cdef.name}
    period, side, ops = cdef.clause("period"), cdef.clause("side"), cdef.clause("ops")
    if period:
        facts["period"] = period.children[0].kind
    if side:
        facts["side"] = player(side.children[0])
    if ops:
        facts["ops"] = int(ops.ints()[0])
    elif cdef.clause("no_ops"):
        facts["ops"] = None
    for field_name, kind in FLAGS.items():
        if cdef.clause(kind):
            facts[field_name] = True
    return facts


def card_facts(cdef: CardDef, printed: StrategyCard | None, names: Names) -> StrategyCard:
    """A card's printed facts: what its file writes, the rest from strategy.yaml
    (``printed``). A new mod card (``printed`` None) must write them all;
    what it leaves out is empty here and an E401 from the checker. A Scoring
    card's country is the one its event holds its power struggle in."""
    written = written_facts(cdef)
    if printed is not None:
        facts = replace(printed, **written)
    else:
        facts = StrategyCard(number=cdef.number, name=cdef.name,
                             period=written.get("period", ""), side=written.get("side", ""),
                             ops=written.get("ops"),
                             **{flag: written.get(flag, False) for flag in FLAGS})
    return replace(facts, scores=_scored(cdef, facts, printed, names))


def _scored(cdef: CardDef, facts: StrategyCard, printed: StrategyCard | None,
            names: Names) -> str | None:
    """Ruling R54: the country a Scoring card scores, which its event names
    in the power struggle it holds (8.0); a printed Scoring card whose file
    writes no event keeps strategy.yaml's. None when there is none."""
    if facts.side != "scoring":
        return None
    if cdef.clause("event") is None:
        return printed.scores if printed is not None else None
    struggles = scoring_struggles(cdef)
    return _struggle_country(struggles[0], names) if struggles else None


def scoring_struggles(cdef: CardDef) -> list[Node]:
    """The statements at the top level of a card's event that hold a power
    struggle: a Scoring card's must be one, held every time, in one named
    country (8.0, ruling R54)."""
    event = cdef.clause("event")
    if event is None:
        return []
    return [s for s in event.children[0].nodes("action")
            if s.children[-1].kind == "power_struggle"]


def _struggle_country(stmt: Node, names: Names) -> str | None:
    """The one country a 'hold a power struggle' statement names, when it
    is held every time ('may' is not) in that country."""
    where = struggle_where(stmt)
    if optional(stmt) or where.kind != "cty_names":
        return None
    found = [names.resolve_place(n.text) for n in where.found(Name)]
    if len(found) != 1 or found[0] is None or found[0][0] != "country":
        return None
    return found[0][1]


def struggle_where(stmt: Node) -> Node:
    """Where a 'hold a power struggle' statement holds it: names, 'the
    chosen country', a description..."""
    where = stmt.children[-1].children[0]
    return where.children[0] if where.kind == "countries" else where


def optional(action: Node) -> bool:
    """Whether an action is a 'may'."""
    return any(c.kind == "may" for c in action.children[:-1])


def head(item: CardDef | BoxDef | PsCardDef) -> Span:
    """Where a finding about a whole card points: its header line."""
    return item.head or item.span


def clause_or_head(cdef: CardDef, *kinds: str) -> Span:
    """Where a finding about a printed fact points: the clause that writes it,
    else the card's header (the name, or a fact taken from strategy.yaml)."""
    clause = next((c for c in cdef.clauses if c.kind in kinds), None)
    return clause.span if clause else head(cdef)


def keyword(node: Node, word: str) -> Span:
    """The keyword that starts a clause, for a finding about the clause as a whole."""
    at = node.span
    return Span(at.path, at.line, at.col, at.line, at.col + len(word))


def clause_word(kind: str) -> str:
    """How a card file writes a clause, for messages."""
    return {"removed": "removed after event", "lasting_flag": "lasting",
            "red_title": "red title", "on_ops": "when played for operations"}.get(kind, kind)
