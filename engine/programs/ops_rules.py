"""Card-program operations that invoke a rule of the game: Operations played
by events (7.4), the VP, U.S.S.R. and Tiananmen tracks, power struggles and
scoring, and the end of the game (10.3)."""

from __future__ import annotations

from dof.engine.data.outcome import Termination
from dof.engine.data.vocabulary import Hook, Op, Until
from dof.engine.programs.program import Runner, Steps, handles, source_name
from dof.engine.programs.selectors import Context, countries, number, ops_source, spaces
from dof.engine.rules import effects
from dof.engine.rules import power_struggle as ps_rules
from dof.engine.rules.actions import choose_use, use_ops
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.operations import advance_tiananmen, use_odds
from dof.engine.rules.protocols import RulesGame
from dof.engine.rules.scoring import hold_power_struggle, score_country, vp_leader

#: Compiled Operations options (docs/operations.md) -> engine Ops uses (6.0).
_USES = {"place": "place", "support_checks": "check", "tiananmen": "tiananmen"}


@handles(Op.SUPPORT_CHECKS)
def op_support_checks(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    n = number(game, op["count"], ctx)
    card, printed = ops_source(game, op["ops"], ctx)
    if printed == 0:
        return
    within = spaces(game, op["where"], ctx) if op.get("where") is not None else None
    yield from use_ops(game, ctx["actor"], "check", card, printed, within, n,
                       bonus=op.get("bonus", 0),
                       need_opponent_sp=op.get("needs_opponent_sp", True))


@handles(Op.OPERATIONS)
def op_operations(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """An event's Operations (7.4): one use among those it names that the
    rules allow now, with the 7.3 modifiers and 11.1 declarations."""
    side = ctx["actor"]
    card, printed = ops_source(game, op["ops"], ctx)
    if printed == 0:
        game.note("wasted", f"{side} has no Ops to use", player=side)
        return
    allowed = [_USES[o] for o in op["options"]]
    use = yield from choose_use(game, side, allowed, ctx.get("card"),
                                odds=use_odds(game, side, card, printed))
    if use is None:
        game.note("wasted", f"{side} has no legal use for the Ops", player=side)
        return
    within = spaces(game, op["where"], ctx) if op.get("where") is not None else None
    yield from use_ops(game, side, use, card, printed, within)


@handles(Op.VP)
def op_vp(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    n = number(game, op["amount"], ctx)
    sign = 1 if ctx["actor"] == "democrat" else -1
    game.add_vp(sign * n, f"{source_name(game, ctx)}")


@handles(Op.USSR_ADVANCE)
def op_ussr_advance(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    game.state["ussr"] = op["to"]
    game.note("ussr", f"The U.S.S.R. marker moves to {op['name']} (12)")


@handles(Op.TIANANMEN_ADVANCE)
def op_tiananmen_advance(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    for _ in range(op["boxes"]):
        if game.state["tiananmen"][ctx["actor"]] < len(game.data.tiananmen):
            yield from advance_tiananmen(game, ctx["actor"])


@handles(Op.POWER_STRUGGLE)
def op_power_struggle(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """8.0; ruling R56: none is held during another, whose cards are all in
    play (8.1.1): a trigger or a Scoring card an event plays then finds the
    deck in the players' hands. Lint refuses what it can see (a wild card's
    play, a trigger at a deal)."""
    options = countries(game, op["country"], ctx)
    if not options:
        return
    if game.state["ps"] is not None:
        game.note("no_power_struggle", f"No power struggle can be held in "
                  f"{' or '.join(options)} during the one in {game.state['ps']['country']}: "
                  "its cards are all in play (8.1.1, ruling R56)")
        return
    country = options[0]
    if len(options) > 1:
        country = yield game.ask("country", ctx["actor"], options,
                                 f"{ctx['actor']}: hold a power struggle in",
                                 card=ctx.get("card"))
    ctx["power_struggle_country"] = country
    yield from hold_power_struggle(game, country, ctx["actor"], initiative=ctx["actor"])


@handles(Op.SCORE)
def op_score(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    for country in countries(game, op["country"], ctx):
        score_country(game, country)


#: 10.3 "the game ends at the end of this turn": a lasting rule that the
#: turn's step 4.5.5 finds (engine/rules/turn.py), for the rest of the game.
END_GAME_RULE = {"hook": Hook.NEW_YEARS_EVE, "do": []}
END_GAME_DURATION = {"until": Until.END_OF_GAME}


@handles(Op.END_GAME)
def op_end_game(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    """10.3: end now, or at step 4.5.5 of this turn (after 4.5.4)."""
    if op["when"] == "now":
        raise GameOver(vp_leader(game), Termination.EVENT, f"VP {game.state['vp']:+d}")
    effects.register(game, ctx, dict(END_GAME_RULE), END_GAME_DURATION)
    game.note("end_game", "The game will end at the end of this turn (10.3)")


@handles(Op.BAR_SUIT)
def op_bar_suit(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    """8.3.2 Step 2: the attacked suit may not be played, or named for a
    leader, for the rest of this Power Struggle."""
    ps = game.state["ps"]
    suit = ctx.get("attacked_suit")
    if ps is not None and suit and suit not in ps["blocked"]:
        ps["blocked"].append(suit)
        game.note("ps_blocked", f"{ps_rules.SUIT_NAMES[suit]} may not be played for the "
                  "rest of this Power Struggle", blocked=suit)
