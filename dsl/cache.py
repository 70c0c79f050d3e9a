"""Compiled decks and the parser's table, kept between processes.

Parsing, checking and compiling the built-in cards costs more than all the
rest of a short command (`dof sim --games 1`, `dof cards 3`), yet the result
only changes when a card file, the game data or dof itself does. So a deck is
stored in the user's cache folder under a hash of all of them, and the next
process unpickles it in a millisecond.

The folder is ``$DOF_CACHE_DIR``, else ``$XDG_CACHE_HOME/dof``, else
``~/.cache/dof``; ``DOF_NO_CACHE=1`` turns caching off. A cache is only ever
a shortcut: an entry that is missing, corrupt or unreadable is rebuilt, and a
folder that cannot be written is skipped, never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
import sys
from importlib import resources
from pathlib import Path

from dof.dsl.deck import Deck, builtin_cards_dir, card_files, load_deck
from dof.dsl.store import cache_dir, read_entry, write_entry
from dof.engine.data.files import CARDS, read_limited
from dof.engine.data.load import FILES as DATA_FILES
from dof.engine.data.records import GameData

#: Deck entries kept; older ones are removed when a new one is written (each
#: edit of a mod makes a new entry).
MAX_DECKS = 16


def load_deck_cached(paths: list[Path] | None = None, mod: Path | None = None,
                     data: GameData | None = None, jobs: int | None = None) -> Deck:
    """:func:`dof.dsl.load_deck`, from the cache when nothing it reads has
    changed. A deck with errors is not stored: it is being edited, and its
    diagnostics are best fresh; warnings are kept with the deck."""
    if cache_dir() is None:
        return load_deck(paths, mod, data, jobs)
    name = f"deck-{deck_key(paths, mod, data)}.pickle"
    stored = read_entry(name)
    if stored is not None:
        try:
            deck = pickle.loads(stored)
        except Exception:  # a corrupt entry of any kind is rebuilt
            deck = None
        if isinstance(deck, Deck):
            return deck
    deck = load_deck(paths, mod, data, jobs)
    if not deck.errors:
        write_entry(name, pickle.dumps(deck, pickle.HIGHEST_PROTOCOL))
        _prune("deck-*.pickle", MAX_DECKS)
    return deck


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
        for name in DATA_FILES:
            _add_file(digest, builtin_cards_dir() / name)
    return digest.hexdigest()[:32]


def source_hash() -> str:
    """A hash of the dof code a compiled deck depends on (the card language
    and the engine, every folder of them), and of the Python that pickled
    it: a new version of either makes new entries."""
    digest = hashlib.sha256(sys.version.encode())
    for package in ("dof.dsl", "dof.engine"):
        folder = Path(str(resources.files(package)))
        for path in sorted(folder.rglob("*.py")) + sorted(folder.rglob("*.lark")):
            _add_file(digest, path)
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
