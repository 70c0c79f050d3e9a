"""Agents answer Decisions: random, greedy and scripted bots, and by name
the search bot too (engine/bots/search.py).

Each follows the Agent protocol (engine/api.py): it sees its side's view, not
the game. The human agent lives in the command line (it reads the keyboard;
the engine never does).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from dof.engine.api import View
from dof.engine.bots.search import SearchAgent, search_budget
from dof.engine.data.records import GameData
from dof.engine.rules.board import opponent, tally
from dof.engine.rules.decisions import Decision


class RandomAgent:
    """Picks a legal answer uniformly at random from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: View, decision: Decision) -> Any:
        return self.rng.choice(decision.options)  # draws as randrange(len(options)) does


class ScriptedAgent:
    """Answers from a list, in order; for tests and replays."""

    def __init__(self, answers: Iterable[Any]):
        self.answers = list(answers)

    def choose(self, view: View, decision: Decision) -> Any:
        if not self.answers:
            raise LookupError(f"no scripted answer left for: {decision.prompt}")
        return self.answers.pop(0)


def evaluate(view: View, side: str) -> float:
    """A simple judgement of a view's position for ``side``: VP, controlled
    spaces and Battlegrounds weighted by each country's value, SPs on the map
    and the Tiananmen track."""
    state = view.state
    sp = state["sp"]
    score = state["vp"] if side == "democrat" else -state["vp"]
    dem, com = sp["democrat"], sp["communist"]
    for presence, members in _countries(view.data):
        nd, nc, bd, bc, _ = tally(members, dem, com)
        for who, held, bgs in (("democrat", nd, bd), ("communist", nc, bc)):
            value = presence * (0.3 * held + 0.6 * bgs)
            score += value if who == side else -value
    score += 0.05 * (sum(sp[side]) - sum(sp[opponent(side)]))
    score += 0.5 * (state["tiananmen"][side] - state["tiananmen"][opponent(side)])
    if state["result"]:
        winner = state["result"]["winner"]
        score += 1000 if winner == side else -1000 if winner else 0
    return score


@lru_cache(maxsize=8)
def _countries(data: GameData) -> tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]:
    """Each country's presence value and its spaces as (id, stability,
    1 for a Battleground): :func:`evaluate` reads them for every option of
    every greedy decision."""
    spaces = data.spaces
    return tuple((info.presence, tuple((s, spaces[s].stability, int(spaces[s].battleground))
                                       for s in info.spaces))
                 for info in data.countries.values())


class GreedyAgent:
    """Looks one decision ahead: answers with the option whose previewed view
    (with dice and cards it cannot foresee) evaluates best for its side; ties
    and very wide choices are broken by its own seeded generator."""

    def __init__(self, seed: int = 0, width: int = 24):
        self.rng = random.Random(seed)
        self.width = width

    def choose(self, view: View, decision: Decision) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        if len(options) > self.width:
            options = self.rng.sample(options, self.width)
        side = decision.player
        best, best_score = None, None
        for option in options:
            score = evaluate(view.preview(option), side) + self.rng.random() * 1e-3
            if best_score is None or score > best_score:
                best, best_score = option, score
        return best


def make_agent(kind: str, seed: int) -> Any:
    """An agent by name: 'random', 'greedy' or 'search', the last with an
    optional budget, 'search:500' playouts or 'search:1.5s' seconds a
    decision (the CLI adds 'human')."""
    name, sep, budget = kind.partition(":")
    if name == "search":
        return SearchAgent(seed, **(search_budget(budget) if sep else {}))
    if not sep and name == "random":
        return RandomAgent(seed)
    if not sep and name == "greedy":
        return GreedyAgent(seed)
    raise ValueError(f"unknown agent {kind!r} (expected random, greedy or search)")
