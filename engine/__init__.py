"""The rules engine: game state, rules, decisions, agents.

The names below are the public API for bots, tools and servers (docs/api.md).
They are loaded on first use, so that importing one module of the engine
(``dof.engine.data`` for the map, say) does not load the rules.
"""

from importlib import import_module

_EXPORTS = {
    "Agent": "api", "View": "api", "StaleView": "api", "UndoError": "api",
    "play": "api", "undo": "api", "view": "api",
    "Outcome": "outcome", "Termination": "outcome",
    "Decision": "decisions", "IllegalAnswer": "decisions",
    "Game": "game", "SaveError": "game", "Move": "history", "Replay": "history",
    "GreedyAgent": "agents", "RandomAgent": "agents", "ScriptedAgent": "agents",
    "SearchAgent": "search",
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
