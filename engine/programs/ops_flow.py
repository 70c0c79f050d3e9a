"""Card-program operations that shape the program: choices, conditions,
loops, die rolls and roll-offs, and recording that an event succeeded."""

from __future__ import annotations

from dof.engine.data.vocabulary import Op
from dof.engine.programs.program import (
    EventEnds,
    Runner,
    Steps,
    card_pool,
    handles,
    pick_cards,
    pick_space,
    source_name,
)
from dof.engine.programs.selectors import Context, countries, holds, spaces, value, who
from dof.engine.rules.protocols import RulesGame


@handles(Op.CHOOSE)
def op_choose(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """Bind a chosen space, country or card; with nothing to choose the
    statements that refer to it cannot act, so the event ends here."""
    side = ctx["actor"]
    kind = op["kind"]
    options: list[int] | list[str]  # spaces or cards, or countries
    if kind == "space":
        options = spaces(game, op["among"], ctx)
        if options:
            ctx["chosen_space"] = yield from pick_space(game, ctx, options, "choose")
    elif kind == "country":
        options = countries(game, op["among"], ctx)
        if len(options) == 1:
            ctx["chosen_country"] = options[0]
        elif options:
            ctx["chosen_country"] = yield game.ask("country", side, options,
                                                   f"{side}: choose a country",
                                                   card=ctx.get("card"))
    else:
        options = card_pool(game, op["among"], ctx, who(ctx, op["among"].get("of")) or side)
        chosen = yield from pick_cards(game, ctx, op["among"], options, "choose")
        ctx["chosen"] = chosen
        options = chosen
    if not options:
        raise EventEnds
    ctx["acted"] = True


@handles(Op.CHOOSE_ONE)
def op_choose_one(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """The actor picks one of the options offered now (an option's
    ``if`` must hold); a single option needs no question (ruling R51)."""
    side = ctx["actor"]
    open_ = [i for i, o in enumerate(op["options"])
             if o.get("if") is None or holds(game, o["if"], ctx)]
    if not open_:
        return
    pick = open_[0]
    if len(open_) > 1:
        pick = yield game.ask("option", side, open_, f"{side}: choose one",
                              [op["options"][i]["label"] for i in open_], card=ctx.get("card"))
    yield from runner.run(game, op["options"][pick]["do"], ctx)


@handles(Op.SUCCEED)
def op_succeed(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    """Record that this event succeeded, for later cards to test."""
    done = game.state["succeeded"]
    if ctx.get("card") is not None and ctx["card"] not in done:
        done.append(ctx["card"])


@handles(Op.ROLL)
def op_roll(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    side = ctx["actor"]
    roll = game.roll(side, source_name(game, ctx))
    mods = [value(game, m, ctx) for m in op["modifiers"]]
    ctx["roll"] = roll + sum(mods)
    if any(mods):
        game.note("roll", f"{side}'s modified roll: {roll} "
                  + " ".join(f"{m:+d}" for m in mods if m) + f" = {ctx['roll']}")


@handles(Op.ROLL_OFF)
def op_roll_off(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    need = op["best_of"] // 2 + 1
    wins = dict.fromkeys(op["players"], 0)
    while max(wins.values()) < need:
        totals = {}
        for side in op["players"]:
            ctx["roller"] = side
            totals[side] = game.roll(side, "roll-off") + value(game, op["add"], ctx)
        a, b = op["players"]
        if totals[a] != totals[b]:
            wins[a if totals[a] > totals[b] else b] += 1
        game.note("roll_off", f"Roll-off: {a} {totals[a]}, {b} {totals[b]}; "
                  f"rounds {wins[a]}-{wins[b]}")
    ctx["roll_off_winner"] = max(wins, key=wins.__getitem__)
    ctx.pop("roller", None)


@handles(Op.IF)
def op_if(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    branch = op["then"] if holds(game, op["cond"], ctx) else op["else"]
    yield from runner.run(game, branch, ctx)


@handles(Op.FOR_EACH)
def op_for_each(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    if op["kind"] == "country":
        for country in countries(game, op["among"], ctx):
            ctx["this_country"] = country
            yield from runner.run(game, op["do"], ctx)
    else:
        for space in spaces(game, op["among"], ctx):
            ctx["this_space"] = space
            yield from runner.run(game, op["do"], ctx)
