"""Action rounds (4.5.2) and card play (5.0-5.4, 6.3.5, 7.1-7.4)."""

from __future__ import annotations

from functools import partial

from dof.engine.data.state import Effect
from dof.engine.data.vocabulary import Cond, Hook, Until
from dof.engine.rules import hooks
from dof.engine.rules.board import phasing
from dof.engine.rules.decisions import Changes
from dof.engine.rules.effects import expire
from dof.engine.rules.operations import (
    OPS_USES,
    check_targets,
    ops_uses,
    ops_value,
    place_with_ops,
    placement_costs,
    reach,
    support_checks,
    tiananmen_attempt,
    use_odds,
    uses_missing,
)
from dof.engine.rules.piles import finish_card
from dof.engine.rules.protocols import RulesGame
from dof.engine.rules.scoring import play_scoring_card


def event_available(game: RulesGame, card: int, side: str) -> bool:
    """Whether ``side`` may have this card's event happen now (7.1, ruling R43)."""
    events = game.events
    return events is not None and events.has_event(card) and events.playable(game, card, side)


def rounds_allowed(game: RulesGame, side: str) -> int:
    """4.5.2: seven action rounds, changed by lasting effects (an extra round)."""
    return game.data.action_rounds + hooks.total(game, Hook.ACTION_ROUNDS, player=side)


def optional_round(game: RulesGame, side: str) -> bool:
    """Whether ``side``'s current round is an extra one he may pass (an
    effect that lets him take it rather than gives it, 4.1)."""
    effects = hooks.active(game, Hook.ACTION_ROUNDS)
    if not any(e["rule"].get("optional") for e in effects):
        return False
    events = game.events
    assert events is not None  # lasting effects come only from card programs
    owed = game.data.action_rounds + sum(
        events.effect_value(game, e, {"player": side})
        for e in effects if not e["rule"].get("optional"))
    return game.state["rounds"][side] > owed


def choose_use(game: RulesGame, side: str, allowed=None, card: int | None = None, prompt: str = "",
               odds=None):
    """6.0: the player picks one Operations use among ``allowed`` that the
    rules let him make now (ops_uses: the one gate for 6.3.3 and 6.3.7);
    None when none is left. ``odds`` foresees an attempt (use_odds)."""
    uses = ops_uses(game, side, allowed)
    if len(uses) <= 1:
        return uses[0] if uses else None
    return (yield game.ask("use", side, uses, prompt or f"{side}: use the Ops for",
                           [OPS_USES[u] for u in uses],
                           why_not=lambda: uses_missing(game, side, allowed), odds=odds,
                           card=card))


def use_ops(game: RulesGame, side: str, use: str, card: int | None, printed: int | None = None,
            within=None, checks: int = 2, bonus: int = 0, need_opponent_sp: bool = True):
    """6.0 / 7.3 / 7.4: spend a card's Ops (or an event's "as if" Ops) on one
    use: declarations first (11.1, ruling R37), then the modified value."""
    declared, within = yield from declare_spending(game, side, use, within)
    ops = ops_value(game, side, card, declared, printed)
    if use == "place":
        yield from place_with_ops(game, side, ops, card, within)
    elif use == "check":
        yield from support_checks(game, side, ops, checks, card, within, bonus, need_opponent_sp)
    else:
        yield from tiananmen_attempt(game, side, ops, card)


def action_round(game: RulesGame):
    """One action round of the phasing player: lasting obligations first, then
    one card (5.1), or a forfeit with an empty hand (4.5.2)."""
    st = game.state
    side = phasing(game)
    st["rounds"][side] += 1
    if (yield from pass_extra_round(game, side)):
        return
    yield from hooks.run(game, Hook.ACTION_ROUND_START, player=side)
    if not st["hands"][side]:
        # 4.5.2: no card, no round, so no obligation to meet either (ruling R38).
        game.note("forfeit", f"{side} has no card and forfeits action round {st['ar']}",
                  player=side)
        yield from hooks.run(game, Hook.CARD_PLAYED, player=side, played=None, played_use=None)
    elif not (yield from obligation(game, side)):
        options = playable_cards(game, side)
        card = yield game.ask("card", side, options, f"{side}: choose a card to play",
                              describe=game.card_name,
                              why_not=lambda: round_cards_missing(game, side, options),
                              ahead=partial(card_ahead, game, side))
        yield from play_card(game, side, card)
    yield from hooks.run(game, Hook.ACTION_ROUND_END, player=side)
    expire(game, Until.END_OF_ACTION_ROUND)
    yield from hooks.run(game, Hook.AS_SOON_AS)


def card_ahead(game: RulesGame, side: str, card: int, chance: object) -> Changes | None:
    """Decision.ahead of the card for an action round (5.0): it leaves
    the hand and is the card played, the question of its use next; a
    Scoring card is scored at once (a look-ahead replays it)."""
    if game.data.cards[card].side == "scoring":
        return None
    return [(("hands", side), [c for c in game.hand(side) if c != card]), (("played",), card)]


def pass_extra_round(game: RulesGame, side: str):
    """An extra round the player may take (4.1): he is asked, unless he
    holds a Scoring card, which he must still play (4.5.4; ruling R52). True
    when he passes it."""
    if not optional_round(game, side) or not game.hand(side) or any(
            game.data.cards[c].side == "scoring" for c in game.hand(side)):
        return False
    take = yield game.ask("extra_round", side, ["yes", "no"],
                         f"{side}: take your extra action round?", ["Yes", "No"])
    if take == "yes":
        return False
    game.note("pass", f"{side} passes his extra action round", player=side)
    return True


def obligation(game: RulesGame, side: str):
    """A lasting effect that replaces the round (a strike, 11.2); the player
    may still play a Scoring card instead (4.5.4), and with only Scoring cards
    in hand he must (ruling R38). True when it took the round. Only an
    obligation that binds ``side`` counts (a strike binds one player)."""
    effects = hooks.active(game, Hook.ACTION_ROUND_REPLACE)
    if not effects:
        return False
    events = game.events
    assert events is not None  # lasting effects come only from card programs
    if not any(events.applies(game, e, {"player": side}) for e in effects):
        return False
    scoring = [c for c in game.hand(side) if game.data.cards[c].side == "scoring"]
    if scoring:
        # Meeting the obligation plays no card, so it is offered only while the
        # Scoring cards still fit in the rounds left after this one (4.5.4):
        # once they fill them (legal_cards), a Scoring card must be played.
        must_score = legal_cards(game, side, game.state["rounds"][side]) == scoring
        meet = [] if must_score or len(scoring) == len(game.hand(side)) else ["obligation"]
        pick = yield game.ask("card", side, [*scoring, *meet],
                              f"{side}: play a Scoring card or meet the lasting obligation",
                              describe=lambda c: "Meet the obligation" if c == "obligation"
                              else game.card_name(c))
        if pick != "obligation":
            yield from play_card(game, side, pick)
            return True
    replaced = yield from hooks.run(game, Hook.ACTION_ROUND_REPLACE, player=side)
    if replaced:  # no card was played this round
        yield from hooks.run(game, Hook.CARD_PLAYED, player=side, played=None, played_use=None)
    return replaced


def playable_cards(game: RulesGame, side: str) -> list[int]:
    """Any card in hand; but a card the player had to reveal as his next play
    must be played, and Scoring cards must be played in the turn they are
    drawn (4.5.4), so once they fill the remaining rounds only they may be."""
    hand = game.state["hands"][side]
    forced = game.state["must_play"][side]
    if forced is not None:
        game.state["must_play"][side] = None
        if forced in hand:
            return [forced]
    return legal_cards(game, side, game.state["rounds"][side])


def legal_cards(game: RulesGame, side: str, round_no: int) -> list[int]:
    """The cards ``side`` may play in his action round number ``round_no``
    of this turn (4.5.4: Scoring cards first once they fill the rounds left);
    also what he may show as his next play before that round."""
    hand = game.state["hands"][side]
    cards = game.data.cards
    scoring = [c for c in hand if cards[c].side == "scoring"]
    if scoring and len(scoring) >= rounds_allowed(game, side) - round_no + 1:
        return scoring
    return list(hand)


def round_cards_missing(game: RulesGame, side: str, options: list[int]) -> list[tuple[str, str]]:
    """Why strategy cards in hand are not offered for the action round
    (Decision.unavailable): Scoring cards must be played first (4.5.4), or a
    card shown in advance must be played now (playable_cards)."""
    if len(options) == len(game.hand(side)):
        return []
    if options == legal_cards(game, side, game.state["rounds"][side]):
        why = ("your Scoring cards fill the action rounds left, and a Scoring card may never "
               "be held (4.5.2, 4.5.4)")
    else:
        why = "a lasting event made you show the card you must play now (7.2)"
    return [("Other cards", why)]


def event_missing(game: RulesGame, side: str, card: int) -> str | None:
    """Why ``side`` is not offered the event of the card he plays, for a
    player (None when it is offered)."""
    owner = game.data.cards[card].side
    if owner not in (side, "neutral"):
        if event_available(game, card, owner):
            return f"the {owner}'s; it happens unless you attempt Tiananmen (5.2, 6.3.6)"
        return f"the {owner}'s, and it cannot happen now (5.2)"
    events = game.events
    if events is None or not events.has_event(card):
        return "not written yet: the card plays for Operations only"
    cond = events.unmet(game, card, side)
    if cond is None:
        return None
    arg = cond.get("arg")
    if cond["cond"] == Cond.EVENT_OCCURRED:
        return f"needs the event {game.card_name(cond['card'])} first (2.2.6)"
    if cond["cond"] == Cond.NOT and isinstance(arg, dict) and arg["cond"] == Cond.EVENT_OCCURRED:
        return f"the event {game.card_name(arg['card'])} has taken place and prevents it (7.5)"
    return "its prerequisite does not hold now (7.1)"


def play_missing(game: RulesGame, side: str, card: int) -> list[tuple[str, str]]:
    """Why a way to play ``card`` is not offered, for Decision.unavailable:
    the event (5.2, 7.1), a Tiananmen attempt (6.3.3, 6.3.7), or a once-per-turn
    award already used this turn (6.3.5)."""
    out = uses_missing(game, side, futile_checks=True)
    why = event_missing(game, side, card)
    if why:
        out.append(("Event", why))
    elif not play_option(game, side, "ops_and_event") and any(
            e["rule"]["mode"] == "ops_and_event" and e.get("used_turn") == game.state["turn"]
            and e["owner"] == side for e in hooks.active(game, Hook.PLAY_OPTION)):
        out.append(("Operations and Event", "already used this turn (6.3.5)"))
    return out


def _own_event(game: RulesGame, side: str, card: int) -> bool:
    return game.data.cards[card].side in (side, "neutral") and event_available(game, card, side)


def play_option(game: RulesGame, side: str, mode: str) -> Effect | None:
    """A once-per-turn way to play a card that a lasting effect grants
    (6.3.5: Tiananmen boxes 7 and 8), if unused this turn."""
    for effect in hooks.active(game, Hook.PLAY_OPTION):
        assert game.events is not None  # lasting effects come only from card programs
        if game.events.effect_value(game, effect, {"player": side, "mode": mode}):
            return effect
    return None


def play_card(game: RulesGame, side: str, card: int):
    """5.0: play ``card`` from ``side``'s hand as Event or for Operations."""
    st = game.state
    st["hands"][side].remove(card)
    st["played"] = card
    info = game.data.cards[card]
    if info.side == "scoring":
        note_play(game, side, card, "scoring")
        yield from hooks.run(game, Hook.CARD_PLAYED, player=side, played=card,
                             played_use="scoring")
        yield from play_scoring_card(game, side, card)
        return
    uses = ops_uses(game, side)
    labels = [OPS_USES[u] for u in uses]
    both = None
    if _own_event(game, side, card):
        uses.append("event")
        labels.append("Event")
        both = play_option(game, side, "ops_and_event")
        if both is not None:
            uses.append("ops_and_event")
            labels.append("Operations and Event (once per turn)")
    use = yield game.ask("use", side, uses, f"{side}: use {game.card_name(card)} for", labels,
                         why_not=lambda: play_missing(game, side, card),
                         odds=use_odds(game, side, card),
                         ahead=partial(use_ahead, game, side, card), card=card)
    note_play(game, side, card, use)
    if info.side in (side, "neutral") and not (game.events and game.events.has_event(card)):
        game.note("unwritten", f"The event of {game.card_name(card)} is not written yet; "
                  "the card plays for operations only", card=card)
    # After the choice and before the card's effects: a watch on how the
    # next card is played is settled here (ruling R53).
    yield from hooks.run(game, Hook.CARD_PLAYED, player=side, played=card, played_use=use)
    if use == "event":
        happened = yield from run_event(game, card, side)
    elif use == "ops_and_event":
        assert both is not None  # offered only with the option
        happened = yield from ops_and_event(game, side, card, both)
    else:
        happened = yield from play_for_ops(game, side, card, use)
    finish_card(game, card, happened)


#: How a card was played (5.0), as the log says it after its name.
PLAY_WORDS = {
    "scoring": "",
    "event": " for its event",
    "place": " for Operations: place SPs",
    "check": " for Operations: support checks",
    "tiananmen": " for Operations: a Tiananmen Square attempt",
    "ops_and_event": " for its Operations and its event (6.3.5)",
}


def note_play(game: RulesGame, side: str, card: int, use: str, verb: str = "plays") -> None:
    """Log a card play once its use is chosen: 'plays #N Name for
    Operations: support checks' (5.0), with the ``use`` as data (an event
    that has a card used for its Operations says 'uses')."""
    game.note("play", f"{side} {verb} {game.card_name(card)}{PLAY_WORDS[use]}", player=side,
              card=card, use=use)


def ops_and_event(game: RulesGame, side: str, card: int, effect: Effect):
    """6.3.5 box 8: one card for its Ops and its event, in either order (ruling R34)."""
    effect["used_turn"] = game.state["turn"]
    uses = ops_uses(game, side)
    use = yield game.ask("use", side, uses, f"{side}: use the Ops for",
                         [OPS_USES[u] for u in uses],
                         why_not=lambda: uses_missing(game, side, futile_checks=True),
                         odds=use_odds(game, side, card), card=card)
    first = yield game.ask("order", side, ["event", "ops"], f"{side}: which first?",
                           ["Event first", "Operations first"])
    if first == "event":
        happened = yield from run_event(game, card, side)
        yield from play_for_ops(game, side, card, use)
    else:
        yield from play_for_ops(game, side, card, use)
        happened = yield from run_event(game, card, side)
    return happened


def play_for_ops(game: RulesGame, side: str, card: int, use: str, allow_event: bool = True):
    """6.0 with 5.2: an opponent's event on the card happens too (not for a
    Tiananmen attempt, 6.3.6, nor when an effect prevents it); the phasing
    player picks before or after. Returns whether that event happened."""
    opp = game.opponent(side)
    trigger = allow_event and opponent_event(game, side, card, use)
    option = play_option(game, side, "ops_without_opponent_event") if trigger else None
    if option is not None:
        skip = yield game.ask("suppress", side, ["yes", "no"],
                              f"{side}: stop the {opp}'s event (once per turn)?", ["Yes", "No"])
        if skip == "yes":
            option["used_turn"] = game.state["turn"]
            game.note("suppress", f"The {opp}'s event on {game.card_name(card)} does not happen")
            trigger = False
    order = "after"
    if trigger:
        order = yield game.ask("event_order", side, ["before", "after"],
                               f"{side}: the {opp}'s event before or after your operations?",
                               ["Event before operations", "Event after operations"],
                               ahead=partial(event_order_ahead, game, side, card, use),
                               card=card)
    happened = False
    if trigger and order == "before":
        happened = yield from run_event(game, card, opp)
    yield from use_ops(game, side, use, card)
    if game.events is not None:
        yield from game.events.on_ops(game, card, side)
    if trigger and order == "after":
        happened = yield from run_event(game, card, opp)
    return happened


def opponent_event(game: RulesGame, side: str, card: int, use: str) -> bool:
    """5.2: whether the opponent's event on ``card`` happens when ``side``
    plays it for ``use`` (never for a Tiananmen attempt, 6.3.6)."""
    opp = game.opponent(side)
    return (use != "tiananmen" and game.data.cards[card].side == opp
            and event_available(game, card, opp))


def use_ahead(game: RulesGame, side: str, card: int, use: str,
              chance: object) -> Changes | None:
    """Decision.ahead of a card's use (5.0): nothing changes before the
    next question, when no trigger acts on the card played and the Ops go to
    SPs or checks: the question of the opponent's event comes first, or the
    Ops' first one (:func:`ops_ahead`)."""
    if use not in ("place", "check") or not hooks.idle(
            game, Hook.CARD_PLAYED, player=side, played=card, played_use=use):
        return None
    return [] if opponent_event(game, side, card, use) else ops_ahead(game, side, card, use)


def event_order_ahead(game: RulesGame, side: str, card: int, use: str, order: str,
                      chance: object) -> Changes | None:
    """Decision.ahead of the opponent's event put after the operations
    (5.2): the Ops' first question comes first (:func:`ops_ahead`)."""
    return ops_ahead(game, side, card, use) if order == "after" else None


def ops_ahead(game: RulesGame, side: str, card: int, use: str) -> Changes | None:
    """Nothing changes before the first question of a card's Ops spent on
    SPs or checks (6.1, 6.2) when there is one: a bonus to declare first
    (11.1), a space the Ops pay an SP in, or a check's target."""
    if game.events is not None and game.events.declarations(game, side):
        return []
    if use == "place":
        ops = ops_value(game, side, card)
        costs = placement_costs(game, side, reach(game, side))
        return [] if any(cost <= ops for cost in costs.values()) else None
    return [] if check_targets(game, side) else None


def declare_spending(game: RulesGame, side: str, use: str, within=None):
    """11.1 / ruling R37: a bonus that needs every Op spent in some spaces is
    declared before the Ops are used, and then binds the play to them. Ops
    an event already confines to those spaces earn it without a question;
    Ops it confines elsewhere cannot."""
    if game.events is None or use == "tiananmen":
        return (), within
    declared = []
    for effect, spaces in game.events.declarations(game, side):
        area = set(spaces)
        if within is not None and not area & set(within):
            continue
        if within is None or not set(within) <= area:
            pick = yield game.ask("declare", side, ["yes", "no"],
                                  f"{side}: spend every Op in the bonus area for +1 Ops?",
                                  ["Yes", "No"])
            if pick != "yes":
                continue
        declared.append(effect["id"])
        within = sorted(area) if within is None else [s for s in within if s in area]
    return declared, within


def run_event(game: RulesGame, card: int, side: str):
    """7.0: the event happens for ``side``; returns whether it took effect."""
    game.note("event", f"Event: {game.card_name(card)} for the {side}", player=side, card=card)
    assert game.events is not None  # callers check has_event: a card with an event
    happened = yield from game.events.run_event(game, card, side)
    if happened and card not in game.state["events_played"]:
        game.state["events_played"].append(card)
    return happened
