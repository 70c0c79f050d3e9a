"""What an answer does before the rules ask again, told without running the
rules (Decision.ahead), for a look-ahead: a bot weighs every answer of
every decision, and replaying the rules from the last checkpoint for each
costs several times what the answer itself does.

A rule that asks a question may tell, for an answer, the changes it makes
to the state up to its next question, when it can say that this is all
that happens then (no lasting effect acts, the next question follows at
once); otherwise the look-ahead replays. It checks the conditions with the
rules' own functions on :func:`after`, the game as it would then be.
"""

from __future__ import annotations

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
