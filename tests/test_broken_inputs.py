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


def read_by_every_command(what: str, text: str, where: str, code: str,
                          message: str) -> list[Case]:
    """A scenario or position file given to each command that reads one;
    `dof scenario run` shows the message's code."""
    files: dict[str, str | bytes] = {"s.scenario.yaml": text}
    path = "{dir}/s.scenario.yaml"
    says = f"s.scenario.yaml:{where}: {message}"
    return [Case(f"scenario run: {what}", ["scenario", "run", path], files,
                 says=f"s.scenario.yaml:{where}: {code} {message}"),
            Case(f"play --position: {what}", ["play", "--position", path], files, says=says),
            Case(f"board: {what}", ["board", path, "-o", "{dir}/b.svg"], files, says=says)]


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
    # Issue 19, item 5: YAML in scenario and position files that dof does not read.
    *read_by_every_command("a YAML tag", "play: {card: 4, as: !!timestamp 2001-12-14x}\n",
                           "1:21", "E201", "dof reads no YAML tag such as !!timestamp"),
    *read_by_every_command("a number of 5000 digits",
                           "play: {card: 4}\nposition: {turn: " + "9" * 5000 + "}\n", "2:18",
                           "E301", "a number of 5000 digits is too big"),
    *read_by_every_command("a control character", "name: x\nplay: {card: 4}\nvp: 1\x07\n",
                           "3:6", "E001", "the control character U+0007 is not allowed"),
    *read_by_every_command("a tab", "play:\n\tcard: 4\n", "2:1", "E001",
                           "a tab: YAML files are indented with spaces, not tabs"),
    *read_by_every_command("a bracket never closed", "play: {card: 4\n", "1:7", "E001",
                           "this bracket is never closed with '}'"),
    *read_by_every_command("lists nested too deep",
                           "play: {card: 4, answers: " + "[" * 5000 + "]" * 5000 + "}\n",
                           "1:1024", "E004", "lists or mappings nest too deeply here"),
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
