"""Every `dof` command fed broken input on purpose: a user's mistake gets one
line that says what is wrong, and a non-zero exit; never a traceback, and
never "unexpected error", which is kept for dof's own bugs.

Each case is a command line and the files it reads, written into a fresh
folder; ``{dir}`` in an argument is that folder. Add a case for each class of
broken input a command meets (saves, scenario and position files, card
files, command-line values, answers at a prompt).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dof.cli.main import main


@dataclass(frozen=True)
class Case:
    """``argv`` run in a folder holding ``files`` (name: text or bytes);
    ``stdin`` is what the user types; ``says`` a phrase the message holds
    (``{dir}`` there too is the folder)."""

    name: str
    argv: list[str]
    files: dict[str, str | bytes] = field(default_factory=dict)
    stdin: str = ""
    says: str = ""
    make: Callable[[Path], None] | None = None


CASES = [
    Case("replay a file that is not there", ["replay", "{dir}/missing.json"],
         says="No such file"),
    Case("replay a file that is not JSON", ["replay", "{dir}/bad.json"],
         files={"bad.json": "{\n"}, says="not a JSON save file"),
    # Issue 19, items 1, 2 and 6: the files a user names, and the command line.
    # A new game, a report or a picture never replaces a file unasked.
    Case("a new game's --save names an existing file",
         ["play", "--democrat", "random", "--communist", "random", "--seed", "4",
          "--save", "{dir}/old.json"], files={"old.json": "the first game"},
         says="old.json: the file exists; add --overwrite to replace it"),
    Case("sim --out names an existing file", ["sim", "--games", "1", "--out", "{dir}/old.jsonl"],
         files={"old.jsonl": "old results"},
         says="--out {dir}/old.jsonl: the file exists; add --overwrite"),
    Case("balance -o names an existing file",
         ["balance", "--games", "1", "--mod", "{dir}", "--format", "json", "-o", "{dir}/old.json"],
         files={"old.json": "old report"}, says="-o {dir}/old.json: the file exists"),
    Case("board -o names an existing file", ["board", "{dir}/game.json", "-o", "{dir}/old.svg"],
         files={"old.svg": "<svg/>", "game.json": "{}"}, says="-o {dir}/old.svg: the file exists"),
    # Endless, blocking or huge input: refused before it is read.
    Case("play --load /dev/zero", ["play", "--load", "/dev/zero"],
         says="cannot load /dev/zero: it is a device, not a save file"),
    Case("play --position /dev/zero", ["play", "--position", "/dev/zero"],
         says="/dev/zero: cannot read the file: it is a device, not a scenario or position file"),
    Case("replay /dev/zero", ["replay", "/dev/zero"],
         says="cannot replay /dev/zero: it is a device, not a save file"),
    Case("board /dev/zero", ["board", "/dev/zero", "-o", "{dir}/b.svg"],
         says="cannot read /dev/zero: it is a device, not a save, scenario or position file"),
    Case("lint /dev/zero", ["lint", "/dev/zero"],
         says="/dev/zero:1:1: E002 cannot read file: it is a device, not a card file"),
    Case("scenario run /dev/zero", ["scenario", "run", "/dev/zero"],
         says="it is a device, not a scenario or position file"),
    Case("replay a pipe", ["replay", "{dir}/pipe.json"],
         make=lambda d: os.mkfifo(d / "pipe.json"), says="it is a pipe, not a save file"),
    Case("lint a pipe", ["lint", "{dir}/pipe.card"],
         make=lambda d: os.mkfifo(d / "pipe.card"), says="it is a pipe, not a card file"),
    Case("scenario run a folder holding a pipe", ["scenario", "run", "{dir}"],
         make=lambda d: os.mkfifo(d / "pipe.scenario.yaml"), says="it is a pipe"),
    Case("replay a 9 MB save", ["replay", "{dir}/huge.json"],
         make=lambda d: os.truncate(_new(d / "huge.json"), 9_000_000),
         says="it holds 9.0 MB, more than a save file does (at most 8 MB)"),
    Case("lint a 33 MB card file", ["lint", "{dir}/huge.card"],
         make=lambda d: os.truncate(_new(d / "huge.card"), 33_000_000),
         says="more than a card file does (at most 32 MB)"),
    Case("play --position a 5 MB file", ["play", "--position", "{dir}/huge.yaml"],
         make=lambda d: os.truncate(_new(d / "huge.yaml"), 5_000_000),
         says="more than a scenario or position file does (at most 4 MB)"),
    # File and folder names that are not UTF-8 (byte 0xff): printed with
    # replacement characters.
    Case("lint a card file named with byte 0xff", ["lint", "{dir}/bad\udcff.card"],
         files={"bad\udcff.card": "bad"}, says="bad\ufffd.card:1:1: E001"),
    Case("lint --mod a card file named with byte 0xff", ["lint", "--mod", "{dir}/mod"],
         files={"mod/\udcff.card": "x"}, says="\ufffd.card:1:1: E001"),
    Case("cards --mod a card file named with byte 0xff", ["cards", "3", "--mod", "{dir}/mod"],
         files={"mod/\udcff.card": "x"}, says="\ufffd.card:1:1: E001"),
    Case("play --mod a card file named with byte 0xff", ["play", "--mod", "{dir}/mod"],
         files={"mod/\udcff.card": "x"}, says="\ufffd.card:1:1: E001"),
    Case("sim --mod a folder named with byte 0xff",
         ["sim", "--games", "1", "--mod", "{dir}/mod\udcff"],
         files={"mod\udcff/notes\udcff.txt": "x"}, says="found notes\ufffd.txt"),
    Case("balance --mod a folder named with byte 0xff",
         ["balance", "--games", "1", "--mod", "{dir}/mod\udcff"],
         files={"mod\udcff/notes.txt": "x"}, says="mod\ufffd:1:1: E005"),
    Case("play --mod a missing folder named with byte 0xff", ["play", "--mod", "none\udcff"],
         says="not a folder: none\ufffd"),
    Case("play --load a missing file named with byte 0xff",
         ["play", "--load", "{dir}/missing\udcff.json"],
         says="missing\ufffd.json: No such file or directory"),
    Case("replay a file named with byte 0xff", ["replay", "{dir}/bad\udcff.json"],
         files={"bad\udcff.json": "{"}, says="bad\ufffd.json: not a JSON save file"),
    Case("board a file named with byte 0xff", ["board", "{dir}/bad\udcff.json", "-o",
                                              "{dir}/b.svg"],
         files={"bad\udcff.json": "{"}, says="bad\ufffd.json: not a JSON save file"),
    Case("play --position a file named with byte 0xff",
         ["play", "--position", "{dir}/pos\udcff.yaml"],
         files={"pos\udcff.yaml": "a: ["}, says="pos\ufffd.yaml:2:1: YAML syntax error"),
    Case("scenario run a folder named with byte 0xff", ["scenario", "run", "{dir}/s\udcff"],
         files={"s\udcff/notes.txt": "x"}, says="s\ufffd:1:1: E005"),
    # Command-line values.
    Case("cards with a superscript digit", ["cards", "\u00b2"],
         says="no card or box matches '\u00b2'"),
    Case("play --deal a superscript digit",
         ["play", "--deal", "\u00b2", "--democrat", "random", "--communist", "random"],
         says="--deal: unknown card '\u00b2'"),
    Case("cards --format json with no match", ["cards", "--format", "json", "Atlantis"],
         says='"error": "no card or box matches \'Atlantis\'"'),
    Case("sim --games beyond any run", ["sim", "--games", "99999999999999999999999999"],
         says="at most 100000 games a run"),
    Case("balance --games beyond any run", ["balance", "--games", "60000", "--mod", "{dir}"],
         says="at most 50000 games a run"),
]


def _address_space() -> int | None:
    """The bytes of address space this process holds (Linux), or None."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def _new(path: Path) -> Path:
    """An empty file at ``path``, to be made huge (sparse) with os.truncate."""
    path.touch()
    return path


def run(case: Case, folder: Path, monkeypatch, capsys) -> tuple[int, str, str]:
    for name, text in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    if case.make:
        case.make(folder)
    monkeypatch.chdir(folder)
    monkeypatch.setattr("sys.stdin", io.StringIO(case.stdin))
    try:
        with bounded():
            code = main([arg.replace("{dir}", str(folder)) for arg in case.argv])
    except SystemExit as exit:  # argparse's usage message (exit code 2)
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err


class StillRunning(BaseException):
    """A case ran too long: not an Exception, which dof might catch."""


@contextlib.contextmanager
def bounded(seconds: int = 60, memory: int = 4 * 2**30) -> Iterator[None]:
    """A case that reads /dev/zero or a pipe without bound fails within
    ``seconds`` and some GB of more memory (MemoryError, or StillRunning),
    instead of stopping the suite."""
    def timeout(*_: object) -> None:
        raise StillRunning(f"still running after {seconds} s")

    old_limit = resource.getrlimit(resource.RLIMIT_AS)
    used = _address_space()
    old_handler = signal.signal(signal.SIGALRM, timeout)
    if used is not None:
        resource.setrlimit(resource.RLIMIT_AS, (used + memory, old_limit[1]))
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old_handler)
        resource.setrlimit(resource.RLIMIT_AS, old_limit)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_input_gets_one_clear_message(case: Case, tmp_path, monkeypatch, capsys):
    code, out, err = run(case, tmp_path, monkeypatch, capsys)
    assert code != 0, out + err
    assert "unexpected error" not in err and "Traceback" not in err + out
    assert case.says.replace("{dir}", str(tmp_path)) in err + out


def test_the_corpus_names_each_case_once():
    names = [c.name for c in CASES]
    assert len(names) == len(set(names)), json.dumps(names)
