"""Writing the files a user cares about (saves, reports) without ever
destroying the old one: the text goes to a temporary file in the same
folder, is flushed to disk, and only then takes the old file's name."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def user_path(text: str | Path) -> Path:
    """A path as the user typed it, with ``~`` expanded."""
    return Path(text).expanduser()


def write_atomic(path: str | Path, text: str | bytes) -> Path:
    """Write ``text`` (or bytes, a picture) to ``path`` all at once; on any
    failure (a full disk, a missing folder) the old file is left as it was
    and OSError is raised."""
    target = user_path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                               dir=target.parent if str(target.parent) else ".")
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes)
              else os.fdopen(fd, "w", encoding="utf-8")) as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, _mode(target))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


def _mode(target: Path) -> int:
    """The old file's permissions, or those a new file gets (umask)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
