"""Reading a file a person names (a save, a card file, a scenario) within
bounds.

A path to an endless device (/dev/zero), a pipe or a file far larger than
any real one of its kind would be read until memory runs out, or wait for
ever; such a file is refused before it is read, with the reason, as an
OSError: every "cannot read PATH: why" message already reports one. The card
language and the command line both read through here, so it sits below
them, in the engine's lowest layer.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import BinaryIO

MB = 1_000_000


@dataclass(frozen=True)
class Kind:
    """A kind of file a person gives dof, and the most bytes one may hold."""

    name: str
    limit: int


#: A whole game saved is about 130 kB (README, "Saves"); the longest games
#: stay far below a megabyte.
SAVE = Kind("save file", 8 * MB)
#: The built-in cards are 116 kB; generated mods of a few megabytes are
#: linted on every core (docs/modding.md measures a 5 MB file).
CARDS = Kind("card file", 32 * MB)
#: A scenario is some 2 kB; a file of a thousand of them stays under this.
SCENARIO = Kind("scenario or position file", 4 * MB)
#: The game data's largest file (map.yaml) is 19 kB.
DATA = Kind("game data file", 4 * MB)

#: The game data's files, in the ``cards`` package's folder: what
#: engine/data/load.py reads, and what the card language's cache hashes
#: without importing the YAML reader.
DATA_FILES = ("map.yaml", "countries.yaml", "tables.yaml", "power_struggle.yaml",
              "strategy.yaml")


class FileRefused(OSError):
    """A file that is not read: no regular file, or too large for its kind.
    ``strerror`` says why, as for any OSError."""

    def __init__(self, why: str):
        super().__init__(None, why)

    def __str__(self) -> str:
        return str(self.strerror)


def open_regular(path: str | os.PathLike[str], what: str) -> BinaryIO:
    """``path`` open for reading when it is a regular file; FileRefused when
    it is a device, a pipe, a socket or a folder (``what`` names the file it
    should be). A pipe is opened without waiting for a writer."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(f"it is {_file_type(mode)}, not a {what}")
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_limited(path: str | os.PathLike[str], kind: Kind) -> bytes:
    """The bytes of the regular file ``path``; FileRefused when it is none
    (open_regular) or holds more than ``kind`` allows."""
    with open_regular(path, kind.name) as f:
        size = os.fstat(f.fileno()).st_size
        data = f.read(kind.limit + 1) if size <= kind.limit else b""
    if size > kind.limit or len(data) > kind.limit:
        raise FileRefused(f"it holds {max(size, len(data)) / MB:.1f} MB, more than a "
                          f"{kind.name} does (at most {kind.limit // MB} MB)")
    return data


def _file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"
