"""Action rounds (4.5.2) and card play (5.0-5.4, 7.1-7.3)."""

from __future__ import annotations

from engine import hooks
from engine.operations import OPS_USES, ops_uses
from engine.scoring import play_scoring_card


def rounds_allowed(game, side: str) -> int:
    """4.5.2: seven action rounds, changed by lasting effects (an extra round)."""
    return game.data.action_rounds + hooks.total(game, "action_rounds", player=side)


def ops_value(game, side: str, card: int) -> int:
    """7.3: the card's Ops for ``side``: printed value plus every modifier in
    aggregate, then a minimum of 1 (7.3.2; ruling R8 follows B.4.5)."""
    printed = game.data.cards[card].ops
    return max(1, printed + hooks.total(game, "ops_value", player=side, card=card, printed=printed))


def event_available(game, card: int, side: str) -> bool:
    """Whether ``side`` may have this card's event happen now (7.1, B.4.1)."""
    events = game.events
    return events is not None and events.has_event(card) and events.playable(game, card, side)


def action_round(game):
    """One action round of the phasing player: play one card (5.1) or forfeit
    with an empty hand (4.5.2)."""
    st = game.state
    side = st["phasing"]
    st["rounds"][side] += 1
    if (yield from hooks.run(game, "action_round_start", player=side)):
        return
    hand = st["hands"][side]
    if not hand:
        game.note("forfeit", f"{side} has no card and forfeits action round {st['ar']}",
                  player=side)
        return
    options = playable_cards(game, side)
    card = yield game.ask("card", side, options, f"{side}: choose a card to play",
                          describe=game.card_name)
    yield from play_card(game, side, card)


def playable_cards(game, side: str) -> list[int]:
    """Any card in hand; but a card the player had to reveal as his next play
    must be played, and Scoring cards must be played in the turn they are
    drawn (4.5.4), so once they fill the remaining rounds only they may be."""
    hand = game.state["hands"][side]
    forced = game.state["must_play"][side]
    if forced is not None:
        game.state["must_play"][side] = None
        if forced in hand:
            return [forced]
    scoring = [c for c in hand if game.data.cards[c].side == "scoring"]
    left = rounds_allowed(game, side) - game.state["rounds"][side] + 1
    if scoring and len(scoring) >= left:
        return scoring
    return list(hand)


def play_card(game, side: str, card: int):
    """5.0: play ``card`` from ``side``'s hand as Event or for Operations."""
    st = game.state
    st["hands"][side].remove(card)
    st["played"] = card
    info = game.data.cards[card]
    game.note("play", f"{side} plays {game.card_name(card)}", player=side, card=card)
    if info.side == "scoring":
        yield from play_scoring_card(game, side, card)
        return
    uses = ops_uses(game, side)
    labels = [OPS_USES[u][0] for u in uses]
    if info.side in (side, "neutral") and event_available(game, card, side):
        uses.append("event")
        labels.append("Event")
    elif info.side in (side, "neutral") and not (game.events and game.events.has_event(card)):
        game.note("unwritten", f"The event of {game.card_name(card)} is not written yet; "
                  "the card plays for operations only", card=card)
    use = yield game.ask("use", side, uses, f"{side}: use {game.card_name(card)} for", labels,
                         card=card)
    happened = False
    if use == "event":
        happened = yield from run_event(game, card, side)
    else:
        happened = yield from play_for_ops(game, side, card, use)
    finish_card(game, card, happened)


def play_for_ops(game, side: str, card: int, use: str):
    """6.0 with 5.2: an opponent's event on the card happens too (not for a
    Tiananmen attempt, 6.3.6); the phasing player picks before or after."""
    opp = game.opponent(side)
    info = game.data.cards[card]
    trigger = (
        use != "tiananmen"
        and info.side == opp
        and event_available(game, card, opp)
        and not hooks.banned(game, "opponent_event_ban", player=side, card=card)
    )
    order = "after"
    if trigger:
        order = yield game.ask("event_order", side, ["before", "after"],
                               f"{side}: the {opp}'s event before or after your operations?",
                               ["Event before operations", "Event after operations"], card=card)
    happened = False
    if trigger and order == "before":
        happened = yield from run_event(game, card, opp)
    ops = ops_value(game, side, card)
    yield from OPS_USES[use][1](game, side, ops, card)
    if trigger and order == "after" and game.state["phase"] != "game_over":
        happened = yield from run_event(game, card, opp)
    return happened


def run_event(game, card: int, side: str):
    """7.0: the event happens for ``side``; returns whether it took effect."""
    game.note("event", f"Event: {game.card_name(card)} for the {side}", player=side, card=card)
    happened = yield from game.events.run_event(game, card, side)
    if happened:
        game.state["events_played"].append(card)
    return happened


def finish_card(game, card: int, happened: bool) -> None:
    """5.2 / 2.2.4: after the round the card goes to the discard pile, or out of
    the game when its asterisk event happened; an event may have put it on
    display already (lasting effects, 7.2)."""
    st = game.state
    if st["played"] != card:
        return
    st["played"] = None
    if happened and game.data.cards[card].removed:
        st["removed"].append(card)
    else:
        st["discard"].append(card)
