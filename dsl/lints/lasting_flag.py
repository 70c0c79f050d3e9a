"""W502: the underlined title disagrees with the event."""

from __future__ import annotations

from dof.dsl.ast import CardDef, Node
from dof.dsl.facts import clause_or_head, keyword
from dof.dsl.lints.base import Lint, lint
from dof.engine.data.records import StrategyCard


@lint
class LastingFlag(Lint):
    """`lasting` disagrees with the event: an underlined title (2.2.5) means
    the event leaves something in play beyond its action round (a lasting
    rule or trigger, a change to the map, cards set aside, an end of the
    game still to come). A 'cancel' neither needs nor forbids the underline."""

    code = "W502"

    def card(self, cdef: CardDef, facts: StrategyCard, statements: list[Node]) -> None:
        registers = any(_persists(n) for n in statements)
        flagged = facts.lasting
        if registers == flagged:
            return
        event = cdef.clause("event")
        if event is None:
            return
        if flagged and any(n.kind == "cancel" for n in statements):
            return  # a cancellation may last the rest of the game (Army Backs Revolution)
        if registers:
            self.report("the event sets up a lasting effect but the card is not marked "
                        "'lasting'", keyword(event, "event"), "add 'lasting' (rule 2.2.5)")
        else:
            self.report("the card is marked 'lasting' but its event sets up no lasting effect "
                        "or trigger", clause_or_head(cdef, "lasting_flag"))


def _persists(node: Node) -> bool:
    """Whether a statement leaves an effect in play after its action round."""
    kind = node.kind
    if kind == "lasting":
        return node.children[0].kind != "until_round_end"
    if kind == "trigger":
        return node.children[0].kind != "at_end_of_this_round"
    if kind == "action":
        return node.children[-1].kind in ("set_aside", "end_game")
    return kind in ("next_rule", "eliminate")
