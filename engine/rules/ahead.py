"""What an answer does before the rules ask again, told without running the
rules (Decision.ahead), for a look-ahead: a bot weighs every answer of
every decision, and replaying the rules from the last checkpoint for each
costs several times what the answer itself does.

A rule that asks a question may tell, for an answer, the changes it makes
to the state up to its next question, when it can say that this is all
that happens then (no lasting effect acts, the next question follows at
once); otherwise the look-ahead replays. It checks the conditions with the
rules' own functions on :func:`after`, the game as it would then be.

When the rule returns after the answer instead (the last SP of a card's
Ops), the rules that called it go on: each says what it does then (its
*rest*, :func:`rest`), read from its suspended frame, until one reaches a
checkpoint (the next action round begins), from where a game goes on from
the state alone. A look-ahead then copies the state at that quiet point
rather than replaying the rules up to the question.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from types import CodeType
from typing import Any, cast

from dof.engine.rules.decisions import Changes
from dof.engine.rules.protocols import RulesGame


def changed(state: dict, changes: Changes) -> dict:
    """``state`` with ``changes`` made, sharing with it every list and dict
    they leave alone: one on a changed path is copied first, once."""
    out = dict(state)
    fresh = {id(out)}
    for path, value in changes:
        holder = out
        for key in path[:-1]:
            inner = holder[key]
            if id(inner) not in fresh:
                inner = holder[key] = inner.copy()
                fresh.add(id(inner))
            holder = inner
        holder[path[-1]] = value
    return out


class _After:
    """A game read as it would be after some changes: its own state, all
    else the game's (the map, the events, the names)."""

    __slots__ = ("_game", "hook_index", "state")

    def __init__(self, game: RulesGame, changes: Changes) -> None:
        self._game = game
        self.state = changed(cast(dict, game.state), changes)
        self.hook_index = game.hook_index  # the same effects: the same index

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def after(game: RulesGame, changes: Changes) -> RulesGame:
    """``game`` as it would be after ``changes``, to read (never to play on);
    the game itself is left as it is."""
    return cast(RulesGame, _After(game, changes))


# ------------------------------------------------------------ the rest of a play
#: What a rest returns when it reaches a checkpoint: from there the rules
#: go on from the state alone (Game.checkpoint), as a look-ahead's copy can.
CHECKPOINT: Any = object()


class Unforeseen(Exception):  # a control-flow signal, not an error
    """A rest would do more than its rule can tell (a question, a lasting
    effect that acts, an event): the look-ahead replays the rules."""


#: Rest(game, frame, value): see :func:`rest`.
Rest = Callable[[RulesGame, dict[str, Any], Any], Any]
#: Whether a rest cannot be foreseen, from its frame and the card events alone.
Unless = Callable[[dict[str, Any], Any], bool]

_RESTS: dict[tuple[CodeType, CodeType], tuple[Rest, Unless | None]] = {}


def rest(outer: Callable[..., Any], inner: Callable[..., Any],
         unless: Unless | None = None) -> Callable[[Rest], Rest]:
    """Register what the rule ``outer`` does, as its code goes on, once the
    rule ``inner`` it waits on returns: ``rest(game, frame, value)`` does it
    to ``game``, reading ``outer``'s suspended locals (``frame``) and
    ``inner``'s ``value``; it returns ``outer``'s own value, or CHECKPOINT
    when it reaches one, or raises Unforeseen. ``unless(frame, events)``
    tells beforehand, when it can, that the rest is not to be foreseen. A
    rest stands beside its rule and says the same; the tests compare what it
    reaches with a replay."""
    def register(fn: Rest) -> Rest:
        _RESTS[outer.__code__, inner.__code__] = fn, unless
        return fn
    return register


Rests = list[tuple[Rest, dict[str, Any]]]


def rests(steps: Generator, events: Any) -> Rests | None:
    """The rests of the rules suspended in ``steps`` (a game's generator,
    waiting on its question) around the asking one, innermost first, each
    with its rule's frame; None when one is unknown or cannot be foreseen."""
    chain = []
    inner: Generator | None = steps
    while inner is not None:
        chain.append(inner)
        inner = getattr(inner, "gi_yieldfrom", None)  # the rule it waits on
    out = []
    for outer, waited in zip(reversed(chain[:-1]), reversed(chain[1:]), strict=True):
        found = _RESTS.get((outer.gi_code, waited.gi_code))
        if found is None:
            return None
        fn, unless = found
        frame = outer.gi_frame.f_locals
        if unless is not None and unless(frame, events):
            return None
        out.append((fn, frame))
    return out


def go_on(found: Rests, game: RulesGame, value: Any) -> bool:
    """Run ``found`` (:func:`rests`) on ``game``, the first given the asking
    rule's ``value``, up to a checkpoint: True when one is reached, False
    where a rest is unforeseen (``game`` is then half-made)."""
    for fn, frame in found:
        try:
            value = fn(game, frame, value)
        except Unforeseen:
            return False
        if value is CHECKPOINT:
            return True
    return False


def apply(state: dict, changes: Changes) -> None:
    """Make ``changes`` to ``state`` itself (a look-ahead's own copy)."""
    for path, value in changes:
        holder = state
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = value
