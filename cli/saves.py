"""Reading a save file a user names (`dof play --load`, `dof replay`, `dof
board`): every way it can fail is one LoadError line, "cannot VERB PATH:
why", never a traceback."""

from __future__ import annotations

import json
from typing import Any

from dof.cli.files import user_path
from dof.engine.data.files import SAVE, read_limited
from dof.engine.game import Game
from dof.engine.saves import TOO_DEEP, SaveError


class LoadError(Exception):
    """A save file that cannot be read or replayed."""


def read_save_file(path: str, verb: str = "load") -> Any:
    """The JSON of a save file; LoadError (one line: cannot VERB PATH: why)
    when it cannot be read."""
    try:
        return json.loads(read_limited(user_path(path), SAVE).decode("utf-8"))
    except OSError as exc:
        raise LoadError(f"cannot {verb} {path}: {exc.strerror or exc}") from None
    except RecursionError:  # json nests a Python call per level: a thousand is too many
        raise LoadError(f"cannot {verb} {path}: {TOO_DEEP}") from None
    except ValueError as exc:  # not UTF-8, not JSON, a number of thousands of digits
        raise LoadError(f"cannot {verb} {path}: not a JSON save file ({exc})") from None


def load_game(path: str, data, events) -> Game:
    """Read a save file; every failure becomes one LoadError line."""
    obj = read_save_file(path)
    try:
        return Game.from_json(obj, data, events)
    except SaveError as exc:
        raise LoadError(f"cannot load {path}: {exc}") from None
    except Exception as exc:  # the replay ran into anything else: still a bad save
        raise LoadError(f"cannot load {path}: the save does not replay "
                        f"({type(exc).__name__}: {exc})") from None
