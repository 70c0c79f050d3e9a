"""W508: a player removes his own SPs in his own event."""

from __future__ import annotations

import re

from dof.dsl.ast import CardDef, CardName, Node, player
from dof.dsl.lints.base import Lint, lint
from dof.dsl.lints.sides import OPPONENT, actor, as_side, event_side
from dof.engine.data.records import StrategyCard

#: The words of a summary that says a side's card costs its own side SPs.
_SIDE_WORDS = {side: re.compile(rf"\b({side}s?|{side}ic|own|your)\b", re.I) for side in OPPONENT}


@lint
class OwnSps(Lint):
    """The card's side removes his own SPs (``democrat removes 2 democrat
    SP``) and the summary does not say so: removing SPs takes the opponent's
    unless told otherwise, and a player's own event rarely costs him SPs;
    the rare card that does (Nagy Reburied) says so in its summary too."""

    code = "W508"

    def card(self, cdef: CardDef, facts: StrategyCard, statements: list[Node]) -> None:
        side = event_side(facts)
        if side is None:
            return
        summary = cdef.clause("summary")
        if summary is None or _SIDE_WORDS[side].search(summary.found(CardName)[0].text):
            return
        event = cdef.clause("event")
        if event is None:
            return
        for stmt in event.children[0].children:
            if stmt.kind != "action" or stmt.children[-1].kind != "remove":
                continue
            owners = stmt.children[-1].nodes("owner")
            if actor(stmt, side) == side and owners and as_side(player(owners[0]), side) == side:
                self.report(f"the {side} removes his own SPs here, in his own event",
                            owners[0].span, f"to remove the {OPPONENT[side]}'s SPs, leave out "
                            "the owner (removing takes the opponent's SPs); if the card really "
                            "costs its player SPs, say so in its summary")
