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

import dof
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
                           "1:124", "E004", "lists or mappings nest too deeply here"),
]


def edited_save(*edits: tuple[str, str]) -> Callable[[Path], None]:
    """Write s.json: a new game's save (seed 1) as dof writes it, with each
    ``(old, new)`` text of ``edits`` replaced everywhere, as a person edits it."""
    def make(folder: Path) -> None:
        text = json.dumps(dof.new_game(seed=1).to_json(), separators=(",", ":"))
        for old, new in edits:
            assert old in text
            text = text.replace(old, new)
        (folder / "s.json").write_text(text, encoding="utf-8")
    return make


# Issue 19, item 4: saves. Every command that reads a save checks all of it first.
DEEP = {"deep.json": '{"x": ' + "[" * 1000 + "]" * 1000 + "}"}
TOO_DEEP = "the save nests lists and objects more than 256 levels deep, deeper than any dof save"
NO_BID = '"extra_sps":{"democrat":0,"communist":0}'
IN_STRUGGLE = ('{"step":"rounds","country":"Poland","scorer":"democrat","attacker":"democrat",'
               '"hands":{"democrat":[],"communist":[]},"dealt":{"democrat":[],"communist":[]},'
               '"deck":[],"discard":[],"raised":{"democrat":false,"communist":false},'
               '"revealed":{"democrat":false,"communist":false},"blocked":[],"attack":null,'
               '"round":1,"winner":null,"suit":null,"vp_total":null,"takes_power":false,'
               '"surrendered":false}')
CASES += [
    Case("replay a save nested 1000 deep", ["replay", "deep.json"], files=DEEP, says=TOO_DEEP),
    Case("play --load a save nested 1000 deep", ["play", "--load", "deep.json"], files=DEEP,
         says=TOO_DEEP),
    Case("board of a save nested 1000 deep", ["board", "deep.json", "-o", "b.svg"], files=DEEP,
         says=TOO_DEEP),
    Case("play --load a save whose bid is text", ["play", "--load", "s.json"],
         make=edited_save((NO_BID, '"extra_sps":{"democrat":0,"communist":"2"}')),
         says="the save's options are impossible: extra_sps.communist: expected a whole "
              "number, found text '2'"),
    Case("play --load a save whose bid names no side", ["play", "--load", "s.json"],
         make=edited_save((NO_BID, '"extra_sps":{"x":1}')),
         says="the save's options are impossible: extra_sps.x: not a player"),
    Case("play --load a save whose bid is over the cap", ["play", "--load", "s.json"],
         make=edited_save((NO_BID, '"extra_sps":{"democrat":0,"communist":400}')),
         says="the save's options are impossible: extra_sps.communist: 400 is more than the "
              "10 a bid allows (13.0, ruling R3)"),
    Case("replay a save whose bid is a million SPs", ["replay", "s.json"],
         make=edited_save((NO_BID, '"extra_sps":{"democrat":1000000,"communist":0}')),
         says="extra_sps.democrat: 1000000 is more than the 10 a bid allows"),
    Case("replay --to 0 a save that starts inside a Power Struggle",
         ["replay", "s.json", "--to", "0"], make=edited_save(('"ps":null', f'"ps":{IN_STRUGGLE}')),
         says="the save's start is impossible: ps: a game starts at a turn step or an action "
              "round, never inside a Power Struggle"),
    Case("board of a save with a result but no VP", ["board", "s.json", "-o", "b.svg"],
         make=edited_save(('"result":null', '"result":{"winner":"democrat"}')),
         says="the save's start is impossible: result: the game is not over (phase setup)"),
    Case("board of a save whose result has VP as text", ["board", "s.json", "-o", "b.svg"],
         make=edited_save(('"phase":"setup"', '"phase":"game_over"'),
                          ('"result":null', '"result":{"winner":"democrat","how":'
                           '"final_scoring","detail":"","vp":"17","turn":10}')),
         says="result.vp: expected a whole number, found text '17'"),
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
         files={"pos\udcff.yaml": "a: ["},
         says="pos\ufffd.yaml:1:5: a value is missing before the end of the file"),
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
    # Issue 20, items 7 and 8: one reader of hand-written YAML, alike with libyaml and without.
    *read_by_every_command("lists nested 150 deep",
                           "play: {card: 4, answers: " + "[" * 150 + "]" * 150 + "}\n",
                           "1:124", "E004", "lists or mappings nest too deeply here"),
    *read_by_every_command("a list never closed", "play: {card: 4, as: [\n\n", "1:22", "E001",
                           "a value is missing before the end of the file"),
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
