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


_SCENARIO = "play:\n  card: {card}\n  by: democrat\n{use}"


def _card(name: str, facts: str, event: str) -> str:
    """A new card 111 of the Early Year with this event."""
    return (f'card 111 "{name}" {{\n    period early; {facts}\n    summary "x"\n'
            f"    event {{\n        {event}\n    }}\n}}\n")


CASES = [
    Case("replay a file that is not there", ["replay", "{dir}/missing.json"],
         says="No such file"),
    Case("replay a file that is not JSON", ["replay", "{dir}/bad.json"],
         files={"bad.json": "{\n"}, says="not a JSON save file"),
    # Issue 19, item 8: card programs the engine cannot play as written are
    # refused by lint, and so by every command that loads the mod.
    *(Case(f"scenario run with a mod card that {what}",
           ["scenario", "run", "--mod", "{dir}/mod", "{dir}/s.scenario.yaml"],
           files={"mod/cards.card": text, "s.scenario.yaml": _SCENARIO.format(
               card=card, use="" if "Scoring" in card else "  as: event\n")},
           says=says)
      for what, card, text, says in [
          ("is a Scoring card holding no power struggle", "Baltic Scoring",
           _card("Baltic Scoring", "side scoring; no ops", "score Poland"),
           "is a Scoring card but holds no power struggle"),
          ("plays itself", "Echo", _card("Echo", "side democrat; ops 2",
                                         "democrat plays the event of this card"),
           'card 111 "Echo" plays itself'),
          ("draws Power Struggle cards outside a power struggle", "Draw",
           _card("Draw", "side democrat; ops 2", "democrat draws 2 power struggle cards"),
           "acts on Power Struggle cards where no power struggle is being fought"),
          ("is a wild card holding a power struggle", "Poland Scoring",
           'power struggle card "Scare Tactics" {\n    summary "x"\n'
           "    when played to attack: hold a power struggle in Poland\n}\n",
           "holds a power struggle during another"),
      ]),
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
