"""The bottom layer: the game's printed facts and the words and numbers the
rules are written in, read from YAML and checked (the map, decks, tracks and
tables; sides, suits, hooks; the game state's shape and its check; the one
seeded source of chance). Nothing here knows a rule.

``load_data`` is loaded on first use, so that importing ``terms`` does not
read the YAML machinery.
"""

from importlib import import_module
from typing import Any

__all__ = ["load_data"]


def __getattr__(name: str) -> Any:
    if name != "load_data":
        raise AttributeError(f"module 'dof.engine.data' has no attribute {name!r}")
    value = import_module("dof.engine.data.load").load_data
    globals()[name] = value
    return value
