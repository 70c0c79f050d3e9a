"""W510: a printed card's fact written differently from strategy.yaml."""

from __future__ import annotations

from dof.dsl.ast import CardDef, Node
from dof.dsl.facts import (
    FACT_CLAUSES,
    FLAGS,
    clause_or_head,
    clause_word,
    scoring_struggles,
    written_facts,
)
from dof.dsl.lints.base import Lint, lint
from dof.engine.data.records import StrategyCard
from dof.engine.data.terms import key


@lint
class PrintedFacts(Lint):
    """A printed card's fact (name, period, side, Ops, ``removed after
    event``, ``lasting``, ``red title``, a Scoring card's country) written
    differently from strategy.yaml; what the file writes is used (a name
    only differs when its lookup key does)."""

    code = "W510"

    def metadata(self, cdef: CardDef, facts: StrategyCard) -> None:
        printed = self.names.data.cards.get(cdef.number)
        if printed is None:
            return
        for field_name, value in written_facts(cdef).items():
            theirs = getattr(printed, field_name)
            if value != theirs and (field_name != "name" or key(value) != key(theirs)):
                if field_name in FLAGS:
                    differs = f"marked '{clause_word(FLAGS[field_name])}' here but not"
                else:
                    differs = f"{field_name} is {value!r} here but {theirs!r}"
                self.report(f"card {cdef.number}: {differs} in strategy.yaml",
                            clause_or_head(cdef, *FACT_CLAUSES[field_name]),
                            "leave it out to take strategy.yaml's, or add '# dof: ignore W510' "
                            "where a variant changes the card on purpose")

    def card(self, cdef: CardDef, facts: StrategyCard, statements: list[Node]) -> None:
        """A Scoring card's country (ruling R54): the one its power struggle is in."""
        printed = self.names.data.cards.get(cdef.number)
        if (facts.side != "scoring" or printed is None or printed.scores is None
                or facts.scores is None or facts.scores == printed.scores):
            return
        struggles = scoring_struggles(cdef)
        if struggles:
            self.report(f"card {cdef.number}: its power struggle is in {facts.scores!r} here "
                        f"but it scores {printed.scores!r} in strategy.yaml", struggles[0].span,
                        "add '# dof: ignore W510' where a variant changes the card on purpose")
