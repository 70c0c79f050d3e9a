"""The rules engine, in layers, bottom to top (docs/architecture.md):
``data`` (the printed facts, the state's shape, chance), ``rules`` (the game's
rules as generators yielding Decisions), ``programs`` (the card-program
interpreter on the rules' hook points), the driver with saves, positions and
the API for agents (this folder), and ``bots``.

The names below are the public API for bots, tools and servers (docs/api.md).
They are loaded on first use, so that importing one module of the engine
(``dof.engine.data`` for the map, say) does not load the rules.
"""

from importlib import import_module

_EXPORTS = {
    "Agent": "api", "View": "api", "StaleView": "api", "UndoError": "api",
    "play": "api", "undo": "api", "view": "api",
    "Outcome": "data.outcome", "Termination": "data.outcome",
    "Chance": "data.chance", "ScriptedChance": "data.chance", "NoDieLeft": "data.chance",
    "Decision": "rules.decisions", "IllegalAnswer": "rules.decisions", "Odds": "rules.odds",
    "Game": "game", "SaveError": "saves", "Move": "history", "Replay": "history",
    "Position": "data.positions", "PositionError": "data.positions",
    "start_position": "position", "ScriptError": "script",
    "deal_power_struggles": "script", "answer_by_name": "script",
    "GreedyAgent": "bots.agents", "RandomAgent": "bots.agents", "ScriptedAgent": "bots.agents",
    "SearchAgent": "bots.search",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'dof.engine' has no attribute {name!r}")
    value = getattr(import_module(f"dof.engine.{_EXPORTS[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
