"""W511: a card's summary names a number, a place, a card or a duration
that its explanation (what the engine will do) does not."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from dof.dsl.ast import CardDef, CardName
from dof.dsl.explain import Explainer
from dof.dsl.explain.english import listing
from dof.dsl.explain.mentions import Reader
from dof.dsl.lints.base import Lint, lint
from dof.engine.data.records import StrategyCard

if TYPE_CHECKING:
    from dof.dsl.compiled import CompiledCard


@lint
class SummaryFacts(Lint):
    """A card's summary and its explanation disagree: the summary names a
    number, a space, country, region, space type or card, or a duration
    ("this turn", "for good") that the explanation of its compiled program
    (``dof explain``) does not name. The summary is what a player reads;
    the program is what the engine does. The cards shipped with the game
    data are checked by dof's own tests (tests/test_explain.py), so the
    lint reads the others: a mod's, or any card file of its own."""

    code = "W511"

    def gather(self, cdef: CardDef, facts: StrategyCard) -> Any:
        """Where the summary is written (the warning points at it)."""
        summary = cdef.clause("summary")
        return summary.found(CardName)[0].span if summary is not None else None

    def deck(self, cards: dict[int, CompiledCard], gathered: dict[int, Any]) -> None:
        shipped = self.names.data.source_dir
        mine = {n: span for n, span in gathered.items()
                if span is not None and cards[n].summary and cards[n].event is not None
                and not Path(span.path).is_relative_to(shipped)}
        if not mine:
            return
        explainer = Explainer(cards, self.names)
        reader = Reader(self.names, explainer.titles)
        for number, span in sorted(mine.items()):
            card = cards[number]
            said = reader.read(card.summary)
            if not (said.numbers or said.names or said.durations):
                continue
            missing = said.missing_from(reader.read(explainer.card(card).text))
            if missing:
                self.report(f"card {number}'s summary says {listing(missing)}; its event does "
                            "not", span,
                            f"`dof explain {number}` shows what the engine will do; make the "
                            "summary say that, or the event say what the summary means")
