"""Every `dof` command fed broken input on purpose: a user's mistake gets one
line that says what is wrong, and a non-zero exit; never a traceback, and
never "unexpected error", which is kept for dof's own bugs.

Each case is a command line and the files it reads, written into a fresh
folder; ``{dir}`` in an argument is that folder. Add a case for each class of
broken input a command meets (saves, scenario and position files, card
files, command-line values, answers at a prompt).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dof.cli.main import main


@dataclass(frozen=True)
class Case:
    """``argv`` run in a folder holding ``files`` (name: text or bytes);
    ``stdin`` is what the user types; ``says`` a phrase the message holds."""

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
    # Issue 19 item 3: a whole name means that name, never the start of another's.
    Case("play: a space's whole name that is no option", ["play", "--seed", "11"],
         stdin="sofia\n", says="Sofia (68) is not an option. Other spaces: they hold opponent"),
    Case("play: a card's whole name that is no option", ["play", "--seed", "11"],
         stdin="1\n2\n4\n5\n6\n7\n8\nthe wall\n",  # 7 setup SPs, then a card
         says="#9 The Wall is not an option here"),
]


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
    code = main([arg.replace("{dir}", str(folder)) for arg in case.argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_input_gets_one_clear_message(case: Case, tmp_path, monkeypatch, capsys):
    code, out, err = run(case, tmp_path, monkeypatch, capsys)
    assert code != 0, out + err
    assert "unexpected error" not in err and "Traceback" not in err + out
    assert case.says in err + out


def test_the_corpus_names_each_case_once():
    names = [c.name for c in CASES]
    assert len(names) == len(set(names)), json.dumps(names)
