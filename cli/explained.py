"""What `dof explain` says of a game in progress: each lasting effect in
force (what it does, how long it lasts, what ends it) and the words of a
card's die-roll modifiers, said from the compiled programs the game runs
(dof.dsl.explain), so that the table and `dof explain` never say a card two
ways. The board's "In effect" labels, the `effects` command and the log's
card rolls read them here.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from dof.dsl.explain import Explainer, Explanation
from dof.dsl.explain.explanation import as_side
from dof.dsl.names import Names
from dof.engine.data.records import GameData
from dof.engine.data.terms import SIDES
from dof.engine.data.vocabulary import Op


@cache
def _names(data: GameData) -> Names:
    return Names(data)


def explainer(game) -> Explainer | None:
    """The explainer of the game's deck (None for a game with no card programs)."""
    deck = getattr(game.events, "deck", None)
    if deck is None:
        return None
    return _explainers(deck, game.data)


_EXPLAINERS: dict[int, tuple[Any, Explainer]] = {}


def _explainers(deck, data: GameData) -> Explainer:
    """One Explainer per deck: it reads the whole deck once."""
    kept = _EXPLAINERS.get(id(deck))
    if kept is None or kept[0] is not deck:
        kept = _EXPLAINERS[id(deck)] = (deck, Explainer(deck.cards, _names(data)))
    return kept[1]


def source_title(game, effect: dict) -> str:
    """The card or Tiananmen box an effect comes from: '#17 Roundtable
    Talks', 'Tiananmen box 3 Foreign News'."""
    card, box, owner = effect.get("card"), effect.get("box"), effect.get("owner")
    if isinstance(card, int):
        return game.card_name(card)
    if isinstance(box, int):
        names = game.data.tiananmen[box - 1].names
        return f"Tiananmen box {box} {names.get(owner, '')}".rstrip()
    return str(card or effect["hook"]).replace("_", " ")


def in_force(game, effect: dict) -> Explanation | None:
    """A lasting effect of the game's state explained (Explainer.effect):
    its lines say what it does and what ends it, its ``facts[0]`` how long
    it lasts. None without card programs."""
    found = explainer(game)
    return None if found is None else found.effect(source_title(game, effect), effect)


def effects_in_force(game) -> list[Explanation]:
    """Every lasting effect in force, explained (in_force), titled by its
    card or box and whose it is: '#17 Roundtable Talks (the Democrat's)'."""
    found = explainer(game)
    if found is None:
        return []
    out = []
    for effect in game.state["effects"]:
        owner = effect.get("owner")
        whose = f" (the {owner.capitalize()}'s)" if owner in SIDES else ""
        out.append(found.effect(source_title(game, effect) + whose, effect))
    return out


def roll_modifiers(game, at: str | None, you: str | None = None) -> list[str]:
    """The words of each modifier of the card roll written at ``at`` ('minus
    1 for each Worker space in Czechoslovakia controlled by the Democrat',
    "you" being the side ``you``), as the log's roll_total entries give
    their values; [] when unknown."""
    found = explainer(game)
    op = _roll_ops(game.events.deck).get(at or "") if found is not None else None
    if op is None or found is None:
        return []
    sp = found.speaker()
    mods = as_side(op["modifiers"], you) if you in SIDES else op["modifiers"]
    return [sp.expr(mod) for mod in mods]


_ROLLS: dict[int, tuple[Any, dict[str, dict]]] = {}


def _roll_ops(deck) -> dict[str, dict]:
    """Every die roll of the deck's programs, by its place in a card file."""
    kept = _ROLLS.get(id(deck))
    if kept is None or kept[0] is not deck:
        programs = [[c.event, c.on_ops] for c in deck.cards.values()]
        programs += [b.program for b in deck.boxes.values()]
        programs += list(deck.ps_cards.values())
        kept = _ROLLS[id(deck)] = (deck, {op["at"]: op for op in _ops(programs, Op.ROLL)
                                          if "at" in op})
    return kept[1]


def _ops(value: Any, kind: str) -> Iterator[dict]:
    """Every operation of ``kind`` anywhere in a program."""
    if isinstance(value, dict):
        if value.get("op") == kind:
            yield value
        for inner in value.values():
            yield from _ops(inner, kind)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _ops(inner, kind)
