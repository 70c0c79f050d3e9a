"""W507: the card's side does not act in its event."""

from __future__ import annotations

from dof.dsl.ast import CardDef, Node, player
from dof.dsl.lints.base import Lint, lint
from dof.dsl.lints.sides import OPPONENT, actor, as_side, event_side
from dof.engine.data.records import StrategyCard


@lint
class SideActs(Lint):
    """A Democratic or Communist card whose event only the other side
    carries out, to his own gain (SPs, VP, checks, Ops, cards). The event of
    a side's card is carried out by that side (rule 5.2), so the card most
    likely names the wrong side. The other side may act in an event (General
    Strike, Stasi): only when he gains and the card's side does nothing is
    it flagged."""

    code = "W507"

    def card(self, cdef: CardDef, facts: StrategyCard, statements: list[Node]) -> None:
        side = event_side(facts)
        if side is None:
            return
        other = OPPONENT[side]
        gains = None
        for node in statements:
            if node.kind != "action":
                continue
            who = actor(node, side)
            if who == side:
                return
            if gains is None and who == other and _gains(node.children[-1], who, side):
                gains = node
        if gains is not None:
            self.report(f"card {cdef.number} is a {side} card, but only the {other} acts in its "
                        "event, to his own gain", gains.span,
                        f"the event of a {side} card is carried out by the {side} (rule 5.2): "
                        "check 'side' and the players the event names")


def _gains(verb: Node, who: str, side: str) -> bool:
    """Whether an action is to its actor's gain: his SPs, VP, checks, Ops, cards."""
    if verb.kind in ("place", "place_enough", "remove", "replace"):
        owners = [as_side(player(o), side) for o in verb.nodes("owner")]
        if verb.kind == "remove":
            return not owners or owners[0] != who
        if verb.kind == "replace":
            return bool(owners) and owners[-1] == who
        return not owners or owners[0] == who
    return verb.kind in ("checks", "operations", "gain_vp", "draw_cards", "take", "play_event",
                         "play_ops", "play_ops_from", "tiananmen_advance")
