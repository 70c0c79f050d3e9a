"""dof: 1989: Dawn of Freedom as a rules engine (dof.engine), a card
language (dof.dsl), the printed deck (dof.cards) and a command line (dof.cli).

The repository keeps these as top-level folders; pyproject.toml installs them
under this one package.

Bots, tools and servers start here (docs/api.md)::

    import dof
    game = dof.new_game(seed=7)

Building a game with mods needs the card compiler, which the engine never
imports; that is why ``new_game`` lives at the top. Its imports wait until it
is called, so ``import dof`` stays cheap.
"""

from __future__ import annotations

import functools
import os

# typing's own flag would import typing, and with pathlib that is a fifth of
# `dof --help`'s start-up (the command line imports this package first): the
# names below are for mypy, which reads this flag as typing's, and Path is
# imported where a mod folder is read.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path
    from typing import Any

    from dof.engine.game import Game

__all__ = ["DeckError", "load_rules", "new_game", "position_game"]

Folder = str | os.PathLike


class DeckError(Exception):
    """The cards (built-in plus mods) have errors: the message gives one line
    for each (``PATH:LINE:COL: CODE message``); ``diagnostics`` holds them
    with their source excerpts and hints (``d.format()``)."""

    def __init__(self, diagnostics: list) -> None:
        self.diagnostics = diagnostics
        lines = "\n".join(f"{d.span}: {d.code} {d.message}" for d in diagnostics)
        super().__init__(f"the cards have {len(diagnostics)} error(s):\n{lines}")


def new_game(seed: int = 0, *, mods: Folder | Sequence[Folder] = (),
             extra_sps: Mapping[str, int] | None = None) -> Game:
    """A new game, set up (3.0) and waiting for its first decision.

    ``mods``: a folder of card files that add or replace cards (one folder
    for now); ``extra_sps``: 13.0 bid SPs by side, e.g. {"democrat": 2}, for
    one side, at most 10 (ruling R3). DeckError when the cards have errors;
    ValueError for a bid no game can have.
    """
    from dof.engine.game import Game

    data, events = load_rules(mods)
    return Game.new(data, seed, options={"extra_sps": dict(extra_sps or {})}, events=events)


def position_game(position: Mapping | None = None, seed: int = 0, *,
                  mods: Folder | Sequence[Folder] = (), phasing: str | None = None,
                  chance: Any = None) -> Game:
    """A game at ``position``, written as a scenario's position block is
    (docs/scenarios.md): names as the cards print them, its events put in
    force with their answers and dice. It waits at the deal of the
    position's turn (4.5.1), or with ``phasing`` ("democrat",
    "communist") at that player's action round ``action_round``, his card
    to choose. ``chance`` rolls the dice and shuffles from then on (a
    ``ScriptedChance``, docs/api.md). ``dof.engine.PositionError`` says
    what is wrong with a position and where (``.at``, a path into it).
    """
    from dof.engine.data.positions import Position
    from dof.engine.position import start_position

    data, events = load_rules(mods)
    return start_position(data, events, Position.read(data, position), seed,
                          phasing=phasing, chance=chance)


def load_rules(mods: Folder | Sequence[Folder] = ()) -> tuple[Any, Any]:
    """The game data and card programs for games with ``mods`` (see new_game):
    what Game.new and Game.from_json take. Loaded once per process and mod
    contents, so that starting many games costs one compile."""
    folders = [mods] if isinstance(mods, str | os.PathLike) else list(mods)
    if len(folders) > 1:
        raise ValueError(f"mods: one mod folder at a time, got {len(folders)}")
    from pathlib import Path

    mod = Path(folders[0]).resolve() if folders else None
    return _rules(mod, _stamp(mod))


def _stamp(mod: Path | None) -> tuple:
    """A mod's card files with their sizes and times: an edited file means a
    fresh compile."""
    if mod is None or not mod.is_dir():
        return ()
    files = sorted(p for p in mod.rglob("*.card") if p.is_file())
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


@functools.lru_cache(maxsize=8)
def _rules(mod: Path | None, stamp: tuple) -> tuple[Any, Any]:
    from dof.dsl.cache import load_data_cached, load_deck_cached
    from dof.engine.programs.events import EventRunner

    data = load_data_cached()
    deck = load_deck_cached(mod=mod, data=data)
    if deck.errors:
        raise DeckError([d for d in deck.diagnostics if d.is_error])
    return data.with_cards(deck.card_facts()), EventRunner(deck)
