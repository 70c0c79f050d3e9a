"""W512: a printed card written without its event."""

from __future__ import annotations

from dof.dsl.ast import CardDef
from dof.dsl.facts import head
from dof.dsl.lints.base import Lint, lint
from dof.engine.data.records import StrategyCard


@lint
class DroppedEvent(Lint):
    """A card file that writes a printed card (its number in strategy.yaml)
    with no ``event``: every printed card has one (2.2.1), which the file
    drops, so the card is played for its Ops only. A Scoring card is not
    one: with no event the rules hold its power struggle and score it
    themselves (8.0)."""

    code = "W512"

    def metadata(self, cdef: CardDef, facts: StrategyCard) -> None:
        printed = self.names.data.cards.get(cdef.number)
        if printed is None or facts.side == "scoring" or cdef.clause("event") is not None:
            return
        self.report(f'card {cdef.number} "{cdef.name}" has no event: the printed event '
                    f'"{printed.name}" (2.2.1) is dropped, and the card is played for its Ops '
                    "only", head(cdef),
                    f"write its 'event {{ ... }}' ('dof cards {cdef.number}' shows the printed "
                    "one), or add '# dof: ignore W512' where a variant drops the event on purpose")
