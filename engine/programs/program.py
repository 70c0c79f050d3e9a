"""What the handlers of compiled operations share: the handler table, keyed
by vocabulary.Op names, and the choices many operations make (a space, cards
from a pool) or report (an SP change).

Each ``ops_*`` module files its handlers here with ``@handles(Op.X)``; the
event runner (events.py) dispatches through ``HANDLERS`` with one dict
lookup per operation. A handler that asks a player nothing is a plain
function; one that may ask is a generator (its questions are ``yield``-ed
Decisions), and the registry notes which is which when it files it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TypeVar

from dof.engine.data.vocabulary import Hook
from dof.engine.programs.selectors import Context, amount, card_matches, drawn, ops_value_for, who
from dof.engine.rules import hooks
from dof.engine.rules.decisions import Ahead
from dof.engine.rules.protocols import RulesGame, Steps


class Runner(Protocol):
    """The part of the event runner that handlers call back: running a
    nested program (a branch, a loop body, a chosen option), or a trigger's
    whole program (hook_rules)."""

    def run(self, game: RulesGame, program: list[dict], ctx: Context) -> Steps: ...
    def run_whole(self, game: RulesGame, program: list[dict], ctx: Context) -> Steps: ...


#: A handler: a plain function (returns None) or a generator function (Steps).
Handler = Callable[[Runner, RulesGame, dict, Context], Any]
H = TypeVar("H", bound=Handler)


class Filed(NamedTuple):
    """An operation's handler, and whether it is a generator function (the
    runner ``yield from``-s it) or a plain one (the runner calls it)."""

    handler: Handler
    steps: bool


#: Operation kind -> the function that carries it out.
HANDLERS: dict[str, Filed] = {}


def handles(kind: str) -> Callable[[H], H]:
    """File the decorated function as the handler of operation ``kind``."""
    def register(fn: H) -> H:
        if kind in HANDLERS:
            raise ValueError(f"operation {kind!r} has two handlers")
        HANDLERS[kind] = Filed(fn, inspect.isgeneratorfunction(fn))
        return fn
    return register


class EventEnds(Exception):  # a control-flow signal, not an error
    """A ``choose`` found nothing to choose: the rest of the event cannot
    act, so the event ends there (it still counts as played; rulings R43,
    R50)."""


def source_name(game: RulesGame, ctx: Context) -> str:
    """The card or Tiananmen box whose program runs in ``ctx`` (for the log)."""
    if ctx.get("card") is not None:
        return game.card_name(ctx["card"])
    return f"Tiananmen box {ctx.get('box')}"


def change_sp(game: RulesGame, owner: str, space: int, delta: int) -> None:
    """Add (or with a negative ``delta`` remove) ``owner``'s SPs in ``space``."""
    if not delta:
        return
    game.state["sp"][owner][space] += delta
    game.note("sp", f"{owner} SPs in {game.space_name(space)} {delta:+d}",
              player=owner, space=space, delta=delta)


def settle(game: RulesGame) -> Steps:
    """After SPs changed: the ``as_soon_as`` triggers whose condition now holds."""
    yield from hooks.run(game, Hook.AS_SOON_AS)


def pick_space(game: RulesGame, ctx: Context, options: list, what: str,
               ahead: Ahead | None = None) -> Steps:
    """The actor's choice among ``options`` (no question for a single one);
    ``ahead`` is the question's Decision.ahead."""
    side = ctx["actor"]
    if len(options) == 1:
        return options[0]
    return (yield game.ask(
        "space", side, options, f"{side}: {what}",
        describe=lambda o: "Done" if o == "done" else game.space_name(o), ahead=ahead,
        card=ctx.get("card")))


def card_pool(game: RulesGame, sel: dict, ctx: Context, owner: str) -> list[int]:
    """The cards of a card phrase's pool that pass its filters; Ops are
    read as ``owner`` would use them (7.3.3)."""
    pool = sel.get("pool", "hand")
    if pool == "hand":
        cards = game.hand(owner)
    elif pool == "discard":
        cards = game.state["discard"]
    elif pool == "drawn":
        cards = drawn(ctx, "strategy")
    else:
        cards = ctx.get(pool, [])
    return [c for c in cards if card_matches(game, c, sel, ctx, owner)]


def pick_cards(game: RulesGame, ctx: Context, sel: dict, pool: list[int], verb: str,
               power_struggle: bool = False) -> Steps:
    """Choose cards from ``pool``: at random, all of them, the highest
    Ops (ties: the chooser picks, B.10), or one at a time."""
    n, optional = amount(game, sel.get("count", 1), ctx)
    pool = list(pool)
    if sel.get("highest_ops") and pool:
        holder = who(ctx, sel.get("of")) or ctx["actor"]
        worth = {c: ops_value_for(game, c, holder) for c in pool}
        top = max(worth.values())
        pool = [c for c in pool if worth[c] == top]  # the chooser picks a tie (R42)
    if n is None and not optional:
        return pool
    if sel.get("random"):
        assert n is not None  # the card files never pick "any number of random" cards
        picked = []
        for _ in range(min(n, len(pool))):
            picked.append(game.chance.pick(pool))
        return picked
    side = ctx["actor"]
    describe = (lambda c: game.data.ps_cards[c].name) if power_struggle else game.card_name
    picked = []
    while pool and (n is None or len(picked) < n):
        options = pool + (["done"] if optional else [])
        if len(options) == 1 and not optional:
            card = pool[0]
        else:
            card = yield game.ask("pick_card", side, options, f"{side}: {verb} a card",
                                  describe=lambda c: "Done" if c == "done" else describe(c),
                                  card=ctx.get("card"))
        if card == "done":
            break
        pool.remove(card)
        picked.append(card)
    return picked
