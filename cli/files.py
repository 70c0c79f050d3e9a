"""The files a user names: never destroyed, never lost.

Writing: the text goes to a temporary file in the same folder, is flushed to
disk, and only then takes the old file's name; and new content replaces an
existing file only when the user says so (``claim``: --overwrite, or yes at
the terminal). Names: a file name that is not valid UTF-8 is printed with
replacement characters (``shown``, ``printable_output``)."""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
from collections.abc import Callable

# Every command imports this module first (printable_output), `dof --help`
# too, which needs no pathlib: it is imported where a path is made.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

#: tempfile's random part of a temporary name.
RANDOM_CHARACTERS = 8
TEMP_SUFFIX = ".tmp"


class FileKept(Exception):
    """A user's file that new content was not allowed to replace (one line, exit 1)."""


def user_path(text: str | Path) -> Path:
    """A path as the user typed it, with ``~`` expanded."""
    from pathlib import Path

    return Path(text).expanduser()


def shown(path: str | Path) -> str:
    """A path as text that can be printed or written anywhere: bytes of the
    name that are not UTF-8 (kept by Python as lone surrogates) become
    replacement characters."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _replace(error: UnicodeError) -> tuple[bytes, int]:
    """A codec error handler: what an output stream cannot encode (a lone
    surrogate from a file name) is printed as U+FFFD, or '?' where even
    that cannot be. Bytes: the UTF-8 codec takes only ASCII text back."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    try:
        mark = "\ufffd".encode(error.encoding)
    except (UnicodeError, LookupError):
        mark = b"?"
    return mark * (error.end - error.start), error.end


#: The error handler of every text dof prints or writes (_replace).
REPLACE = "dof.replace"
codecs.register_error(REPLACE, _replace)


def printable_output() -> None:
    """Make stdout and stderr print every text, as ``shown`` does: a
    message naming a file whose name is not UTF-8 would stop the command
    with UnicodeEncodeError. Streams that encode nothing are left alone."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=REPLACE)


# ------------------------------------------------------------------ replacing
def confirm_replace(path: str | Path, ask: Callable[[str], str]) -> bool:
    """Whether the person agrees that new content replaces the file at
    ``path``: asked with ``ask`` until the answer is yes or no; the end of
    input is a no."""
    question = f"{shown(path)} exists. Replace it? (yes/no) "
    while True:
        try:
            answer = ask(question).strip().casefold()
        except EOFError:
            return False
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        question = f"Replace {shown(path)}? Type yes or no: "


def claim(path: str | Path, option: str, overwrite: bool) -> Path:
    """The file the command-line ``option`` names, ``~`` expanded, once new
    content may go there: no file is there, ``overwrite`` (--overwrite)
    says so, or the person at the terminal agrees. FileKept otherwise: when
    no one can be asked (input is not a terminal), with the way to say so."""
    target = user_path(path)
    if overwrite or not occupied(target):
        return target
    if not sys.stdin.isatty():
        raise FileKept(f"{option} {shown(path)}: the file exists; add --overwrite to "
                       "replace it")
    if not confirm_replace(path, _ask_at_terminal):
        raise FileKept(f"{option} {shown(path)}: the file is kept; nothing was written")
    return target


def occupied(path: str | Path) -> bool:
    """Whether a file is at ``path`` that new content would replace (a
    folder is not: writing there fails with its own reason)."""
    target = user_path(path)
    return os.path.lexists(target) and not target.is_dir()


def same_file(one: str | Path, other: str | Path) -> bool:
    """Whether two names the user gave are one existing file."""
    try:
        return os.path.samefile(user_path(one), user_path(other))
    except OSError:
        return False


def _ask_at_terminal(question: str) -> str:
    """One answer from the terminal, asked on stderr (stdout may be data)."""
    print(question, end="", file=sys.stderr, flush=True)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


# -------------------------------------------------------------------- writing
def write_atomic(path: str | Path, text: str | bytes) -> Path:
    """Write ``text`` (or bytes, a picture) to ``path`` all at once; on any
    failure (a full disk, a missing folder) the old file is left as it was
    and OSError is raised. A file name in the text that is not UTF-8 is
    written as ``shown`` prints it."""
    # Imported here (see TYPE_CHECKING above): tempfile, with random, would
    # cost each start-up some milliseconds more.
    import tempfile
    from pathlib import Path

    target = user_path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target.name, folder), suffix=TEMP_SUFFIX,
                               dir=folder)
    try:
        if isinstance(text, bytes):
            with os.fdopen(fd, "wb") as binary:
                binary.write(text)
                binary.flush()
                os.fsync(binary.fileno())
        else:
            with os.fdopen(fd, "w", encoding="utf-8", errors=REPLACE) as out:
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


def _temp_prefix(name: str, folder: Path) -> str:
    """'.NAME.', with NAME cut so that the temporary name (the prefix, the
    random part and '.tmp') fits the file system's limit on a name, which
    a legal NAME of 250 bytes alone would pass."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no such folder, or no pathconf
        limit = -1
    limit = limit if limit > 0 else 255  # the common limit, where none is known
    room = limit - len("..") - RANDOM_CHARACTERS - len(TEMP_SUFFIX)
    return f".{os.fsdecode(os.fsencode(name)[:max(room, 0)])}."


def _mode(target: Path) -> int:
    """The old file's permissions, or those a new file gets (umask)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
