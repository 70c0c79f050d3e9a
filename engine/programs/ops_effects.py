"""Card-program operations on lasting effects (7.2): register lasting rules
and triggers, cancel a card's effects, end the running one."""

from __future__ import annotations

from dof.engine.data.vocabulary import Hook, Op, Until
from dof.engine.programs.program import Runner, Steps, handles
from dof.engine.programs.selectors import Context
from dof.engine.rules import effects, hooks
from dof.engine.rules.protocols import RulesGame


@handles(Op.LASTING)
def op_lasting(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    group = None  # the rules of one lasting block end together (end_effect)
    for rule in op["rules"]:
        group = effects.register(game, ctx, rule, op["duration"], group)["group"]
    yield from hooks.run(game, Hook.AS_SOON_AS)


@handles(Op.TRIGGER)
def op_trigger(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    effects.register(game, ctx, op, {"until": Until.END_OF_GAME})
    yield from hooks.run(game, Hook.AS_SOON_AS)


@handles(Op.CANCEL)
def op_cancel(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    for card in op["cards"]:
        effects.cancel(game, card)


@handles(Op.END_EFFECT)
def op_end_effect(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    """End the lasting effect the running rule belongs to: every rule of
    its block (a capture ends the final-scoring penalty beside it)."""
    group = ctx.get("effect")
    for effect in [e for e in game.state["effects"] if e.get("group", e["id"]) == group]:
        effects.end(game, effect)
