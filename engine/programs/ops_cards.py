"""Card-program operations on cards: draw, discard, reveal, take, give, set
aside, show the next play, and play another card's event or Ops (5.3, 7.4).
"""

from __future__ import annotations

from dof.engine.data.vocabulary import Op
from dof.engine.programs.program import Runner, Steps, card_pool, handles, pick_cards
from dof.engine.programs.selectors import (
    Context,
    card_ref,
    drawn,
    number,
    side_of,
    who,
)
from dof.engine.rules import power_struggle as ps_rules
from dof.engine.rules.actions import (
    choose_use,
    event_available,
    legal_cards,
    note_play,
    play_for_ops,
    run_event,
)
from dof.engine.rules.operations import use_odds
from dof.engine.rules.piles import dispose, move_card
from dof.engine.rules.protocols import RulesGame
from dof.engine.rules.scoring import play_scoring_card


@handles(Op.DRAW)
def op_draw(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> None:
    n = number(game, op["count"], ctx)
    side = ctx["actor"]
    if op["deck"] == "power_struggle":
        drawn = ps_rules.draw_ps_cards(game, side, n)
    else:
        drawn = []
        for _ in range(n):
            card = game.draw_card()
            if card is None:
                break
            game.hand(side).append(card)
            drawn.append(card)
    ctx["drawn"] = drawn
    ctx["drawn_deck"] = op["deck"]
    game.note("draw", f"{side} draws {len(drawn)} card(s)", player=side)


@handles(Op.DISCARD)
def op_discard(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    sel = op["cards"]
    if sel.get("pool") == "power_struggle_hand":
        n = number(game, sel["count"], ctx)
        ctx["discarded"] = ps_rules.discard_random_ps_cards(game, ctx["actor"], n)
        ctx["acted"] = bool(ctx["discarded"])
        return
    if sel.get("pool") == "drawn" and ctx.get("drawn_deck") == "power_struggle":
        # Ruling R57: the drawn cards still held, by whoever drew them.
        held = ps_rules.held_ps_cards(game, drawn(ctx, "power_struggle"))
        chosen = yield from pick_cards(game, ctx, sel, held, "discard", power_struggle=True)
        ps_rules.discard_ps_cards(game, ctx["actor"], chosen)
        ctx["discarded"] = chosen
        ctx["acted"] = bool(chosen)
        return
    owner = who(ctx, sel.get("of")) or ctx["actor"]
    pool = card_pool(game, sel, ctx, owner)
    chosen = yield from pick_cards(game, ctx, sel, pool, "discard")
    for card in chosen:
        move_card(game, card, "discard")
    ctx["discarded"] = chosen
    ctx["acted"] = bool(chosen)
    if chosen:
        game.note("discard", f"{owner} discards "
                  + ", ".join(game.card_name(c) for c in chosen), player=owner)


@handles(Op.REVEAL)
def op_reveal(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    sel = op["cards"]
    if sel.get("pool") == "power_struggle_hand":
        ctx["revealed"] = ps_rules.reveal_ps_hand(game, ctx["actor"])
        return
    pool = card_pool(game, sel, ctx, ctx["actor"])
    chosen = yield from pick_cards(game, ctx, sel, pool, "reveal")
    ctx["revealed"] = chosen
    game.note("reveal", f"{ctx['actor']} reveals "
              + (", ".join(game.card_name(c) for c in chosen) or "no card"))


@handles(Op.DECLARE_NEXT_CARD)
def op_declare_next_card(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """Show the card for the player's next round: one he may play then."""
    side = ctx["actor"]
    options = legal_cards(game, side, game.state["rounds"][side] + 1)
    if not options:
        return
    card = yield game.ask("declare", side, options,
                          f"{side}: reveal the card you will play next",
                          describe=game.card_name)
    game.state["must_play"][side] = card
    game.note("reveal", f"{side} reveals {game.card_name(card)} as his next play")


@handles(Op.TAKE)
def op_take(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    sel = op["cards"]
    side = ctx["actor"]
    if sel.get("pool") == "power_struggle_hand":
        n = number(game, sel["count"], ctx)
        ctx["taken"] = ps_rules.take_random_ps_cards(game, side, side_of(ctx, sel["of"]), n)
        return
    pool = card_pool(game, sel, ctx, who(ctx, sel.get("of")) or side)
    chosen = yield from pick_cards(game, ctx, sel, pool, "take")
    for card in chosen:
        move_card(game, card, ("hand", side))
    ctx["taken"] = chosen
    ctx["acted"] = bool(chosen)
    if chosen:
        game.note("take", f"{side} takes " + ", ".join(game.card_name(c) for c in chosen))


@handles(Op.GIVE)
def op_give(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    side = ctx["actor"]
    to = who(ctx, op["to"])
    pool = card_pool(game, op["cards"], ctx, side)
    chosen = yield from pick_cards(game, ctx, op["cards"], pool, "give")
    for card in chosen:
        move_card(game, card, ("hand", to))
    ctx["given"] = chosen
    ctx["acted"] = bool(chosen)
    game.note("give", f"{side} gives {to} "
              + (", ".join(game.card_name(c) for c in chosen) or "no card"))


@handles(Op.PLAY_EVENT)
def op_play_event(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """5.3 / ruling R35: the referenced card's event, carried out by the actor;
    an asterisk card whose event happens leaves the game. A Scoring card
    is played as if from the hand (8.0): its struggle, its scoring, the
    10.1 check after both, and out of the game if the Democrat took
    Power (8.4.4)."""
    card = card_ref(ctx, op["card"])
    side = ctx["actor"]
    ctx["acted"] = False
    if card is None or not event_available(game, card, side):
        return
    move_card(game, card, "played_aside")
    ctx["acted"] = True
    if game.data.cards[card].side == "scoring":
        note_play(game, side, card, "scoring")
        yield from play_scoring_card(game, side, card)
        return
    happened = yield from run_event(game, card, side)
    dispose(game, card, happened)


@handles(Op.PLAY_OPS)
def op_play_ops(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    side = ctx["actor"]
    if "cards" in op:
        pool = card_pool(game, op["cards"], ctx, side)
        chosen = yield from pick_cards(game, ctx, op["cards"], pool, "play")
        card = chosen[0] if chosen else None
    else:
        card = card_ref(ctx, op["card"])
    if card is None or game.data.cards[card].ops is None:
        return
    move_card(game, card, "played_aside")
    use = yield from choose_use(game, side, card=card,
                                prompt=f"{side}: use {game.card_name(card)} for",
                                odds=use_odds(game, side, card))
    note_play(game, side, card, use, "uses")
    happened = yield from play_for_ops(game, side, card, use,
                                       allow_event=not op.get("without_event"))
    dispose(game, card, happened)


@handles(Op.SET_ASIDE)
def op_set_aside(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """Cards leave the hand until the start of the next turn (ruling R45)."""
    side = ctx["actor"]
    pool = card_pool(game, op["cards"], ctx, side)
    chosen = yield from pick_cards(game, ctx, op["cards"], pool, "set aside")
    for card in chosen:
        game.hand(side).remove(card)
        game.state["set_aside"][side].append(card)
    ctx["acted"] = bool(chosen)
    if chosen:
        game.note("set_aside", f"{side} sets aside {len(chosen)} card(s) until next turn")
