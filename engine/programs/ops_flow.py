"""Card-program operations that shape the program: choices, conditions,
loops, die rolls and roll-offs, and recording that an event succeeded."""

from __future__ import annotations

from dof.engine.data.vocabulary import Cond, Expr, Op
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
    """A die for the event, plus its modifiers: the total is logged with
    each modifier's value (``mods``, in the program's order, whose words
    the program at ``at`` gives, "you" being ``you``), and who rolled is
    kept for the outcome."""
    side = ctx["actor"]
    roll = game.roll(side, source_name(game, ctx))
    mods = [value(game, m, ctx) for m in op["modifiers"]]
    ctx["roll"] = roll + sum(mods)
    ctx["rolled_by"] = side
    shown = "".join(f" {m:+d}" for m in mods) + f" = {ctx['roll']}" if mods else \
        " (no modifier)"
    game.note("roll_total", f"{side}'s roll for {source_name(game, ctx)}: {roll}{shown}",
              player=side, roll=roll, total=ctx["roll"], mods=mods, you=ctx["you"],
              at=op.get("at"))


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
    held = holds(game, op["cond"], ctx)
    if _on_the_roll(op["cond"]):
        _note_outcome(game, op["cond"], ctx, held)
    yield from runner.run(game, op["then"] if held else op["else"], ctx)


def _on_the_roll(cond: dict) -> bool:
    """Whether a condition compares the event's die roll with a number."""
    return cond["cond"] == Cond.COMPARE and cond["left"] == {"expr": Expr.ROLL}


#: What a comparison of the roll needs, by its operator.
_NEEDS = {">=": "{} or more", "<=": "{} or less", ">": "more than {}", "<": "less than {}",
          "==": "exactly {}"}


def _note_outcome(game: RulesGame, cond: dict, ctx: Context, held: bool) -> None:
    """What an event's die roll did: the number it needed (an expression
    counted now: 'more than 3') and whether it got it."""
    target = cond["value"]
    if cond["cmp"] == "between":
        needs = f"{target[0]} to {target[1]}"
    else:
        needs = _NEEDS[cond["cmp"]].format(value(game, target, ctx))
    side = ctx.get("rolled_by", ctx["actor"])
    game.note("roll_outcome", f"{side}'s roll of {ctx.get('roll', 0)} for "
              f"{source_name(game, ctx)} needed {needs}: "
              + ("it succeeds" if held else "it fails"),
              player=side, total=ctx.get("roll", 0), success=held)


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
