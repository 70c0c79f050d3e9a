"""The registry of lasting effects (7.2): register, use, end, expire.

A lasting effect is plain data in ``state['effects']`` (see hooks); these
functions add and remove them and keep the display pile in step: a card
stays on display while an effect of it lasts. The rules below the card
interpreter end effects here (end of turn, of a round, of a power struggle)
without importing the interpreter.
"""

from __future__ import annotations

from typing import Any

from dof.engine.piles import move_card
from dof.engine.protocols import RulesGame
from dof.engine.selectors import Context, countries
from dof.engine.validate import EFFECT_BINDINGS

#: The bindings an effect keeps from the program that registered it.
_KEPT = tuple(EFFECT_BINDINGS)


def context(effect: dict) -> Context:
    """The context an effect's rule runs in: its owner, its card and the
    bindings it was registered with."""
    ctx = Context(effect.get("vars") or {})
    ctx["you"] = effect["owner"]
    ctx["card"] = effect.get("card")
    return ctx


def register(game: RulesGame, ctx: Context, rule: dict, duration: dict,
             group: int | None = None) -> dict:
    """Add a lasting rule or trigger to the state, keeping the bindings it was
    registered with; its card goes on display until its effects end (7.2).
    ``group`` is the id of the first rule of the same lasting block."""
    st = game.state
    st["effect_seq"] += 1
    effect = {
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


def use(game: RulesGame, effect: dict) -> None:
    """Count one use of an effect that lasts for a number of uses."""
    if effect.get("uses") is None:
        return
    effect["uses"] -= 1
    if effect["uses"] <= 0:
        end(game, effect)


def end(game: RulesGame, effect: dict) -> None:
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


def expire(game: RulesGame, until: str, **match: Any) -> None:
    """End the effects whose duration ``until`` has come (end of turn, next
    deal, end of an action round or of a power struggle)."""
    for effect in [e for e in game.state["effects"] if e["until"] == until]:
        if "country" in match and effect.get("country"):
            if match["country"] not in countries(game, effect["country"], context(effect)):
                continue
        end(game, effect)
