"""Compiled decks, the game data and the parser's table, kept between processes.

Parsing, checking and compiling the built-in cards costs more than all the
rest of a short command (`dof sim --games 1`, `dof cards 3`), yet the result
only changes when a card file, the game data or dof itself does. So a deck is
stored in the user's cache folder under a hash of all of them, and the next
process unpickles it in a millisecond. The game data read from its YAML
files is kept the same way: reading and checking them, and importing the
YAML reader, cost a short command more than the rest of its start-up.

A deck or data found in the cache costs no import of what builds them (the
parser, checker, compiler and lints; the YAML reader): they are imported on
a miss only.

The folder is ``$DOF_CACHE_DIR``, else ``$XDG_CACHE_HOME/dof``, else
``~/.cache/dof``; ``DOF_NO_CACHE=1`` turns caching off. A cache is only ever
a shortcut: an entry that is missing, corrupt or unreadable is rebuilt, and a
folder that cannot be written is skipped, never an error.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import pickle
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TypeVar

from dof.dsl.compiled import Deck
from dof.dsl.folders import builtin_cards_dir, card_files
from dof.dsl.store import cache_dir, read_entry, write_entry
from dof.engine.data.files import CARDS, DATA_FILES, read_limited
from dof.engine.data.records import GameData

#: Deck entries kept; older ones are removed when a new one is written (each
#: edit of a mod makes a new entry).
MAX_DECKS = 16
#: Game data entries kept (a new one for each new dof or edit of the data).
MAX_DATA = 4

Kept = TypeVar("Kept")


def load_deck_cached(paths: list[Path] | None = None, mod: Path | None = None,
                     data: GameData | None = None, jobs: int | None = None) -> Deck:
    """:func:`dof.dsl.load_deck`, from the cache when nothing it reads has
    changed. A deck with errors is not stored: it is being edited, and its
    diagnostics are best fresh; warnings are kept with the deck."""
    if cache_dir() is None:
        return load_deck(paths, mod, data, jobs)
    return _kept("deck", deck_key(paths, mod, data), Deck,
                 lambda: load_deck(paths, mod, data, jobs),
                 lambda deck: not deck.errors, MAX_DECKS)


def load_data_cached() -> GameData:
    """:func:`dof.engine.data.load_data` of the built-in game data, from the
    cache when neither its files nor dof have changed. Data with a mistake
    raises DataError as load_data does, and nothing is stored."""
    if cache_dir() is None:
        return load_data()
    digest = hashlib.sha256(source_hash().encode())
    _add_data_files(digest)
    return _kept("data", digest.hexdigest()[:32], GameData, load_data,
                 lambda data: True, MAX_DATA)


def load_deck(paths: list[Path] | None = None, mod: Path | None = None,
              data: GameData | None = None, jobs: int | None = None) -> Deck:
    """:func:`dof.dsl.deck.load_deck`, imported for a miss only."""
    from dof.dsl.deck import load_deck as compile_deck

    return compile_deck(paths, mod, data, jobs)


def load_data() -> GameData:
    """:func:`dof.engine.data.load_data`, imported for a miss only."""
    from dof.engine.data import load_data as read_data

    return read_data()


def _kept(prefix: str, key: str, kind: type[Kept], build: Callable[[], Kept],
          storable: Callable[[Kept], bool], keep: int) -> Kept:
    """The entry ``PREFIX-KEY.pickle`` when it holds a ``kind``; else what
    ``build`` makes, stored when ``storable`` (the ``keep`` newest entries
    of the prefix are kept)."""
    name = f"{prefix}-{key}.pickle"
    stored = read_entry(name)
    if stored is not None:
        try:
            found = pickle.loads(stored)
        except Exception:  # a corrupt entry of any kind is rebuilt
            found = None
        if isinstance(found, kind):
            return found
    built = build()
    if storable(built):
        write_entry(name, pickle.dumps(built, pickle.HIGHEST_PROTOCOL))
        _prune(f"{prefix}-*.pickle", keep)
    return built


def deck_key(paths: list[Path] | None, mod: Path | None, data: GameData | None = None) -> str:
    """A hash of everything a deck is made from: the card files (names and
    contents), the mod folder, the game data, and dof's own code."""
    digest = hashlib.sha256(source_hash().encode())
    given = paths if paths is not None else [builtin_cards_dir()]
    # The folders' listings too: a folder without card files is reported
    # with the other files it holds.
    for path in [*given, *([mod] if mod is not None else [])]:
        digest.update(f"{path}\0{_listing(path)}\n".encode(errors="surrogateescape"))
    files = card_files(given)
    if mod is not None and mod.is_dir():
        files += card_files([mod])
    for path in files:
        _add_file(digest, path)
    if data is not None:
        # GameData holds no sets or addresses: its repr is its content.
        digest.update(repr(data).encode())
    else:
        _add_data_files(digest)
    return digest.hexdigest()[:32]


def _add_data_files(digest: hashlib._Hash) -> None:
    """Add the built-in game data's files to a hash."""
    for name in DATA_FILES:
        _add_file(digest, builtin_cards_dir() / name)


@functools.cache
def source_hash() -> str:
    """A hash of the dof code a compiled deck depends on (the card language
    and the engine, every folder of them), and of the Python that pickled
    it: a new version of either makes new entries. Taken once a process:
    the code that runs is the code that was imported.

    Each file counts by its name, size and time of last change, the test
    Python itself makes of a compiled .pyc: reading and hashing the files'
    contents cost every command that finds its deck here some 3 ms more."""
    digest = hashlib.sha256(sys.version.encode())
    for package in ("dof.dsl", "dof.engine"):
        folder = Path(str(resources.files(package)))
        for path in sorted(folder.rglob("*.py")) + sorted(folder.rglob("*.lark")):
            try:
                found = path.stat()
                mark = f"{found.st_size}\0{found.st_mtime_ns}"
            except OSError:
                mark = "unreadable"
            digest.update(f"{path}\0{mark}\n".encode(errors="surrogateescape"))
    return digest.hexdigest()


def _add_file(digest: hashlib._Hash, path: Path) -> None:
    """Add a file's name and contents to a hash (a mark when it cannot be
    read: the deck then has an error, and is not stored)."""
    try:
        content = read_limited(path, CARDS)
    except OSError:
        content = b"\0unreadable"
    digest.update(f"{path}\0{len(content)}\0".encode(errors="surrogateescape"))
    digest.update(content)


def _listing(path: Path) -> list[str]:
    """The names of the files directly in a folder (none for a file)."""
    try:
        return sorted(p.name for p in path.iterdir() if p.is_file()) if path.is_dir() else []
    except OSError:
        return []


def _prune(pattern: str, keep: int) -> None:
    """Remove all but the ``keep`` most recently written entries."""
    folder = cache_dir()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        entries = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[keep:]:
            old.unlink()
