"""dof's cache folder and its entries: bytes stored under a name, read back
by a later process. A cache is only ever a shortcut: an entry that is
missing or unreadable reads as None, and a folder that cannot be written is
skipped, never an error. What is kept there (compiled decks, the game data,
the parser's table) is decided by dsl/cache.py and dsl/grammar.py.

The folder is ``$DOF_CACHE_DIR``, else ``$XDG_CACHE_HOME/dof``, else
``~/.cache/dof``; ``DOF_NO_CACHE=1`` turns caching off.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def cache_dir() -> Path | None:
    """dof's cache folder, or None when DOF_NO_CACHE turns caching off."""
    if os.environ.get("DOF_NO_CACHE", "") not in ("", "0"):
        return None
    if os.environ.get("DOF_CACHE_DIR"):
        return Path(os.environ["DOF_CACHE_DIR"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "dof"


def read_entry(name: str) -> bytes | None:
    """The bytes of a cache entry, or None (no cache, no entry, unreadable)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        return (folder / name).read_bytes()
    except OSError:
        return None


def write_entry(name: str, data: bytes) -> None:
    """Store a cache entry all at once (a temporary file renamed over it), so
    that a process reading it meanwhile sees the old entry or the new one,
    never half of one. Any failure leaves the cache as it was, silently."""
    folder = cache_dir()
    if folder is None:
        return
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, folder / name)
    except OSError:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
