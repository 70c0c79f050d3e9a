"""Hook points where lasting effects (rule 7.2) change the rules.

A lasting effect is plain data in ``state['effects']``: which hook it sits on,
whose it is, its arguments and how long it lasts. The engine consults hooks at
fixed points (operations value, placement, support checks, Tiananmen rolls,
power-struggle deal and rolls, action rounds, end of turn...) without knowing
which card put the effect there. What an effect computes or does is written
in the card files and evaluated by the event runner (``game.events``).
"""

from __future__ import annotations

from typing import Any

from dof.engine.data.state import Effect
from dof.engine.rules.protocols import RulesGame, Steps


def active(game: RulesGame, hook: str) -> list[Effect]:
    """The lasting effects currently attached to ``hook`` (a list the caller
    must not change)."""
    return _index(game).get(hook, _NONE)


def any_active(game: RulesGame, hooks: tuple[str, ...]) -> bool:
    """Whether a lasting effect is attached to any of ``hooks``."""
    return not _index(game).keys().isdisjoint(hooks)


def _index(game: RulesGame) -> dict[str, list[Effect]]:
    """The lasting effects by hook, kept in ``game.hook_index``.

    The engine asks thousands of times a game while the effects change a few
    dozen times, so the effects are indexed by hook once per change. Effects
    are only ever appended with a new ``effect_seq`` or removed, so the list
    object, its length and the sequence number tell whether it changed."""
    st = game.state
    effects = st["effects"]
    cached = game.hook_index
    if cached[0] is effects and cached[1] == len(effects) and cached[2] == st["effect_seq"]:
        return cached[3]
    index: dict[str, list[Effect]] = {}
    for effect in effects:
        index.setdefault(effect["hook"], []).append(effect)
    game.hook_index = (effects, len(effects), st["effect_seq"], index)
    return index


#: What ``game.hook_index`` holds before the first look-up: matches no list.
NO_INDEX: tuple = (None, 0, 0, {})


_NONE: list[Effect] = []


def total(game: RulesGame, hook: str, **ctx: Any) -> int:
    """Sum of the integer modifiers the effects on ``hook`` give in ``ctx``."""
    effects = active(game, hook)
    if not effects:
        return 0
    events = game.events
    assert events is not None  # lasting effects come only from card programs
    return sum(events.effect_value(game, e, ctx) for e in effects)


def banned_spaces(game: RulesGame, hook: str, player: str) -> set[int]:
    """The spaces where effects on a ban ``hook`` forbid ``player`` to act;
    one set for a whole list of candidate spaces keeps the hot path lean."""
    found: set[int] = set()
    effects = active(game, hook)
    if not effects:
        return found
    events = game.events
    assert events is not None  # lasting effects come only from card programs
    for effect in effects:
        found |= events.banned(game, effect, player)
    return found


def idle(game: RulesGame, hook: str, **ctx: Any) -> bool:
    """Whether :func:`run` at ``hook`` in ``ctx`` would do nothing: no
    effect there applies (its filter: whose action, where, its condition)."""
    effects = active(game, hook)
    if not effects:
        return True
    events = game.events
    assert events is not None  # lasting effects come only from card programs
    return not any(events.applies(game, effect, ctx) for effect in effects)


def run(game: RulesGame, hook: str, **ctx: Any) -> Steps:
    """Run the programs of the effects on ``hook`` (triggers, obligations),
    with ``yield from``.

    Its value is true when one of them took the place of the action the
    hook announces (an obligation that replaces an action round, say). Most
    hooks hold no effect most of the time: then it is an empty tuple, whose
    ``yield from`` gives None at once without starting a generator."""
    effects = active(game, hook)
    if not effects:
        return ()  # type: ignore[return-value]  # a finished Steps, minus the generator
    return _run(game, effects, ctx)


def _run(game: RulesGame, effects: list[Effect], ctx: dict) -> Steps:
    events = game.events
    assert events is not None  # lasting effects come only from card programs
    replaced = False
    for effect in effects:
        if effect in game.state["effects"]:
            replaced = (yield from events.run_effect(game, effect, ctx)) or replaced
    return replaced
