"""The registry of lasting effects (7.2): register, use, end, expire.

A lasting effect is plain data in ``state['effects']`` (see hooks); these
functions add and remove them and keep the display pile in step: a card
stays on display while an effect of it lasts. The rules below the card
interpreter end effects here (end of turn, of a round, of a power struggle)
without importing the interpreter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dof.engine.data.state import Effect
from dof.engine.data.validate import EFFECT_BINDINGS
from dof.engine.rules.piles import move_card
from dof.engine.rules.protocols import RulesGame

#: The bindings an effect keeps from the program that registered it.
_KEPT = tuple(EFFECT_BINDINGS)


def register(game: RulesGame, ctx: Mapping[str, Any], rule: dict, duration: dict,
             group: int | None = None) -> Effect:
    """Add a lasting rule or trigger to the state, keeping the bindings it was
    registered with; its card goes on display until its effects end (7.2).
    ``group`` is the id of the first rule of the same lasting block."""
    st = game.state
    st["effect_seq"] += 1
    effect: Effect = {
        "id": st["effect_seq"],
        "card": ctx.get("card"),
        "box": ctx.get("box"),
        "owner": ctx["you"],
        "hook": rule["hook"],
        "rule": rule,
        "until": duration["until"],
        "uses": duration.get("uses"),
        "country": duration.get("country"),
        "vars": {k: ctx[k] for k in _KEPT if k in ctx},
        "group": group or st["effect_seq"],
    }
    st["effects"].append(effect)
    card = ctx.get("card")
    if card is not None and card not in st["display"] and ctx.get("box") is None:
        move_card(game, card, "display")
    return effect


def use(game: RulesGame, effect: Effect) -> None:
    """Count one use of an effect that lasts for a number of uses."""
    uses = effect["uses"]
    if uses is None:
        return
    effect["uses"] = uses - 1
    if uses <= 1:
        end(game, effect)


def end(game: RulesGame, effect: Effect) -> None:
    """Unregister an effect; a card with no effect left leaves the display:
    out of the game if it has an asterisk, else to the discard pile (7.2)."""
    st = game.state
    if effect in st["effects"]:
        st["effects"].remove(effect)
    card = effect.get("card")
    if card is not None and card in st["display"] and not any(
            e["card"] == card for e in st["effects"]):
        st["display"].remove(card)
        (st["removed"] if game.data.cards[card].removed else st["discard"]).append(card)
        game.note("effect_ends", f"{game.card_name(card)} is no longer in effect")


def cancel(game: RulesGame, card: int) -> None:
    """7.2: ``card``'s event is cancelled: its lasting effects end now, and
    played later it has no effect (events.run_event reads ``cancelled``)."""
    st = game.state
    if card not in st["cancelled"]:
        st["cancelled"].append(card)
    for effect in [e for e in st["effects"] if e["card"] == card]:
        end(game, effect)


def expire(game: RulesGame, until: str, **match: Any) -> None:
    """End the effects whose duration ``until`` has come (end of turn, next
    deal, end of an action round or of a power struggle)."""
    for effect in [e for e in game.state["effects"] if e["until"] == until]:
        if "country" in match and effect.get("country"):
            events = game.events
            assert events is not None  # lasting effects come only from card programs
            if match["country"] not in events.effect_countries(game, effect):
                continue
        end(game, effect)
