"""E404: a prerequisite that can never be met, across the deck."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dof.dsl.ast import CardDef, CardName, Node
from dof.dsl.diagnostics import Span
from dof.dsl.lints.base import Lint, lint
from dof.dsl.lints.outcomes import FIRST_TURN, hits
from dof.engine.data.records import StrategyCard
from dof.engine.data.terms import key

if TYPE_CHECKING:
    from dof.dsl.compiled import CompiledCard

#: What a card's 'requires' clause asks: the events it tests (card name,
#: whether it must have occurred) and the findings (message, where) about
#: turns on which it can never be met.
Requirement = tuple[list[tuple[CardName, bool]], list[tuple[str, Span]]]


@lint
class Prerequisites(Lint):
    """A prerequisite never met (rule 7.1): a card requiring its own event,
    cards requiring each other's events (directly or through others), a
    turn before the card's period joins the deck or outside the game."""

    code = "E404"

    def gather(self, cdef: CardDef, facts: StrategyCard) -> list[Requirement]:
        """What each of a written card's 'requires' clauses asks, in order."""
        turns = self.names.data.turns
        return [(list(_required_events(clause.children[0], True)),
                 _turn_never(facts.period, clause.children[0], turns))
                for clause in cdef.all("requires")]

    def deck(self, cards: dict[int, CompiledCard], gathered: dict[int, list[Requirement]]) -> None:
        by_key = {key(c.printed.name): number for number, c in cards.items()}
        needs: dict[int, list[tuple[int, CardName]]] = {}
        for number in cards:
            for events, never in gathered.get(number, ()):
                for name, positive in events:
                    other = by_key.get(key(name.text))
                    if other is None:
                        continue
                    if positive:
                        needs.setdefault(number, []).append((other, name))
                        if other == number:
                            self.report(f"card {number} requires its own event", name.span,
                                        "an event cannot occur before it is played")
                for message, span in never:
                    self.report(message, span)
        loops = _cycles(needs)
        for start, edges in needs.items():
            for other, name in edges:
                if other != start and loops.get(other) == loops.get(start, -1):
                    self.report(f"\"{cards[start].printed.name}\" and \"{name.text}\" require "
                                "each other, so neither can ever be played as an event",
                                name.span, "break the cycle of 'requires event'")


def _cycles(needs: dict[int, list[tuple[int, CardName]]]) -> dict[int, int]:
    """The strongly connected component of each card in the 'requires event'
    graph (Tarjan's algorithm, without recursion): two cards in the same one
    require each other, directly or through others. Linear in the graph."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    component: dict[int, int] = {}
    path: list[int] = []
    for root in needs:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        path.append(root)
        todo = [(root, iter(needs.get(root, [])))]
        while todo:
            card, edges = todo[-1]
            other = next((o for o, _ in edges if o not in component), None)
            if other is not None and other not in index:
                index[other] = low[other] = len(index)
                path.append(other)
                todo.append((other, iter(needs.get(other, []))))
            elif other is not None:
                low[card] = min(low[card], index[other])
            else:
                todo.pop()
                if todo:
                    low[todo[-1][0]] = min(low[todo[-1][0]], low[card])
                if low[card] == index[card]:
                    while True:
                        member = path.pop()
                        component[member] = card
                        if member == card:
                            break
    return component


def _required_events(node: Node, positive: bool) -> Iterable[tuple[CardName, bool]]:
    """(card, whether it must have occurred) for each event test in a condition."""
    if node.kind == "cond_not":
        yield from _required_events(node.children[0], not positive)
    elif node.kind == "cond_and":
        for child in node.nodes():
            yield from _required_events(child, positive)
    elif node.kind == "cond_event":
        yield node.found(CardName)[0], positive


def _turn_never(period: str | None, cond: Node, turns: int) -> list[tuple[str, Span]]:
    """The findings for 'requires the turn is ...' on no turn of the game, or
    only on turns before the card's period joins the deck (rule 4.1)."""
    first = FIRST_TURN.get(period or "", 1)
    found = []
    for n in cond.walk():
        if n.kind != "cond_compare" or n.children[0].kind != "the_turn":
            continue
        held = hits(n, "turn", range(1, turns + 1))
        if held is None or any(t >= first for t in held):
            continue
        if held:
            found.append((f"this {period} card joins the deck on turn {first} "
                          f"(rule 4.1), so this prerequisite is never met", n.span))
        else:
            found.append((f"the game lasts turns 1 to {turns}, so this prerequisite "
                          "is never met", n.span))
    return found
