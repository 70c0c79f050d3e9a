"""Scenario and position files are YAML written by hand. dof reads the plain
values they hold (text, whole numbers, true/false, empty, lists, mappings);
any other YAML (a tag, a number of 5,000 digits, a control character, a
syntax error) is one message at its PATH:LINE:COL in dof's words, from
`dof scenario run`, `dof play --position` and `dof board` alike (issue 19,
item 5)."""

from __future__ import annotations

import re
from pathlib import Path
from unittest.mock import patch

import pytest

from dof.cli.main import main
from dof.cli.pytest_scenarios import game_for
from dof.engine.data import located

BIG = "9" * 5000

#: What PyYAML says that a person editing the file should never read.
INTERNALS = re.compile(r"<unicode string>|position \d|<[a-z ]+>|while (parsing|scanning)|"
                       r"unexpected error|Traceback")


def scenario_run(capsys, path: Path) -> tuple[int, str]:
    """`dof scenario run PATH`, with the game data loaded once."""
    loaded = game_for(None)
    with patch("dof.cli.main.load_game", lambda mod: loaded):
        code = main(["scenario", "run", str(path)])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.fixture(params=["libyaml", "PyYAML"])
def loader(request, monkeypatch) -> str:
    """Read with libyaml (as dof does when PyYAML has it) and with PyYAML's
    own reader (as without): the same words at the same place."""
    if request.param not in located.READERS:
        pytest.skip("PyYAML without libyaml")
    monkeypatch.setattr(located, "READER", request.param)
    return request.param


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "example.scenario.yaml"
    path.write_text(text, encoding="utf-8", newline="")
    return path


def refused(tmp_path, capsys, text: str, where: str, message: str) -> str:
    """The scenario is an error at ``where`` saying ``message``; the output."""
    path = write(tmp_path, text)
    code, out = scenario_run(capsys, path)
    assert code == 1 and f"{path}:{where}: {message}\n" in out, out
    assert not INTERNALS.search(out), out
    return out


# ------------------------------------------------------------------- tags
@pytest.mark.parametrize("text, where, message", [
    ("play: {card: 4, as: !!timestamp 2001-12-14x}\n", "1:21",
     "E201 dof reads no YAML tag such as !!timestamp: write the value without it"),
    ("play: {card: 4, as: !!binary ZXZlbnQ=}\n", "1:21",
     "E201 dof reads no YAML tag such as !!binary: write the value without it"),
    ("play: {card: 4, as: !!python/object/apply:os.system [echo]}\n", "1:21",
     "E201 dof reads no YAML tag such as !!python/object/apply:os.system: write the value "
     "without it"),
    ("play: {card: 4, as: event, dice: !!set {3}}\n", "1:34",
     "E201 dof reads no YAML tag such as !!set: write the value without it"),
    ("play: {card: !mine 4}\n", "1:14",
     "E201 dof reads no YAML tag such as !mine: write the value without it"),
    ("play: {card: !<tag:example.com,2000:card> 4}\n", "1:14",
     "E201 dof reads no YAML tag such as !<tag:example.com,2000:card>: write the value "
     "without it"),
    ("play: {card: 4, !!python/name:os.system as: event}\n", "1:17",
     "E201 dof reads no YAML tag such as !!python/name:os.system: write the value without it"),
    ("play: {card: 4, as: event}\nposition: {turn: !!int one}\n", "2:18",
     "E201 'one' is not a whole number, as its tag !!int says"),
    ("play: {card: 4, as: event}\nposition: {turn: !!float 1}\n", "2:18",
     "E201 dof reads no YAML tag such as !!float: write the value without it"),
])
def test_a_yaml_tag_is_refused_at_its_place(tmp_path, capsys, text, where, message):
    refused(tmp_path, capsys, text, where, message)


def test_the_plain_tags_read_as_they_say(tmp_path, capsys):
    """``!!str`` makes a number text; ``!!int`` on a whole number changes nothing."""
    path = write(tmp_path, "play: {card: !!str 4, as: event}\nposition: {turn: !!int 1}\n"
                           "expect: {democrat: {Polish Writers: 3}}\n")
    assert scenario_run(capsys, path)[0] == 0


def test_a_date_or_a_fraction_written_plainly_is_text(tmp_path, capsys):
    refused(tmp_path, capsys, "play: {card: 4, as: 2001-12-14}\n", "1:21",
            "E611 '2001-12-14' is not among the options: the democrat is asked "
            "'democrat: use #4 Michnik for' (use)")
    refused(tmp_path, capsys, "play: {card: 4}\nposition: {vp: 1.5}\n", "2:16",
            "E201 vp must be a whole number, not '1.5'")


# ---------------------------------------------------------------- numbers
@pytest.mark.parametrize("text, where, message", [
    (f"play: {{card: 4}}\nposition: {{turn: {BIG}}}\n", "2:18",
     "E301 a number of 5000 digits is too big: dof reads at most 20"),
    (f"play: {{card: 4}}\nposition: {{turn: -{BIG}}}\n", "2:18",
     "E301 a number of 5001 digits is too big: dof reads at most 20"),
    (f"play: {{card: 4}}\nposition: {{turn: 0x{'f' * 5000}}}\n", "2:18",
     "E301 a number of 5002 digits is too big: dof reads at most 20"),
    ("play: {card: 4}\nposition: {turn: 99999999999999999999}\n", "2:18",
     "E301 turn must be from 1 to 10, not 99999999999999999999"),
    (f"play: {{card: 4, as: event, answers: [{BIG}]}}\n", "1:38",
     "E301 a number of 5000 digits is too big: dof reads at most 20"),
    (f"play: {{card: '#{BIG}'}}\n", "1:14",
     "E102 there is no card '#99999999999999999999999999999999999999999999999999999999'..."),
    (f"play: {{card: {BIG}}}\n", "1:14",
     "E301 a number of 5000 digits is too big: dof reads at most 20"),
    ("play: {card: 4}\nposition: {vp: 0x_}\n", "2:16",
     "E201 '0x_' is not a number dof can read"),
])
def test_a_huge_number_is_refused_at_its_place(tmp_path, capsys, text, where, message):
    out = refused(tmp_path, capsys, text, where, message)
    assert len(max(out.splitlines(), key=len)) < 300  # nothing quoted whole


def test_a_64_bit_seed_is_read(tmp_path, capsys):
    path = write(tmp_path, "seed: 18446744073709551615\nplay: {card: 4, as: event}\n"
                           "expect: {democrat: {Polish Writers: 3}}\n")
    assert scenario_run(capsys, path)[0] == 0


# ----------------------------------------------------- control characters
@pytest.mark.parametrize("char", ["\x07", "\x00", "\x1b", "\x7f", "\x9b", "\ufffe"])
def test_a_control_character_is_refused_where_it_is(tmp_path, capsys, char):
    """The issue's case: on line 3, inside the line (it was reported at 1:1 on
    two lines, with PyYAML's '<unicode string>, position 45')."""
    text = f"name: Michnik\nplay: {{card: 4, as: event}}\nexpect: {{vp: 0, log: [a{char}b]}}\n"
    kind = "character" if char == "\ufffe" else "control character"
    out = refused(tmp_path, capsys, text, "3:24",
                  f"E001 the {kind} U+{ord(char):04X} is not allowed in YAML")
    # The line is shown with the character replaced, the caret under it.
    assert "expect: {vp: 0, log: [a\ufffdb]}\n" + " " * 23 + "^\n" in out
    assert "hint: delete it" in out


def test_a_control_character_after_accents_and_crlf_is_at_its_column(tmp_path, capsys):
    refused(tmp_path, capsys, "name: Wałęsa\r\nplay: {card: 4}\r\nposition: {vp: 1\x01}\r\n",
            "3:17", "E001 the control character U+0001 is not allowed in YAML")


# ---------------------------------------------------------- syntax errors
@pytest.mark.parametrize("text, where, message", [
    ("play:\n\tcard: 4\n", "2:1", "a tab: YAML files are indented with spaces, not tabs"),
    ("name: 'Michnik\nplay: {card: 4}\n", "1:7", "this quote is never closed"),
    ("play: {card: 4, as: event\n", "1:7", "this bracket is never closed with '}'"),
    ("play: {card: 4, as: event\nexpect: {vp: 0}\n", "2:7",
     "',' or '}' is missing before ':' (the bracket at 1:7 is not closed)"),
    ("play:\n  card: 4\n    as: event\n", "3:7",
     "':' cannot start a value here: put a value that holds ': ' in quotes, and check the "
     "indentation and the ':' of the lines above"),
    ("play:\n    card: 4\n  as: event\n", "3:3",
     "this line's indentation does not match the lines above it (the keys of a mapping start "
     "in one column)"),
    ("play:\n  card: 4\n- event\n", "3:1",
     "a list item '-' where the mapping expects a key: check the indentation"),
    ("name: Michnik\nplay\n", "2:1", "this key has no ':' after it (a list item starts with '- ')"),
    ("  name: Michnik\nplay: {card: 4}\n", "2:1",
     "this does not fit in the document above it: check the indentation, or start a new "
     "document with '---'"),
    ("play: {card: *michnik}\n", "1:14",
     "*michnik names no anchor: write &michnik on a value before it, in the same document"),
    ("name: &a x\nplay: &a {card: 4}\n", "2:7", "this anchor is given twice (first at 1:7)"),
    ('name: "Michnik\\q"\nplay: {card: 4}\n', "1:15",
     "unknown escape in double quotes: write '\\\\' for a backslash, or use single quotes"),
    ('name: "Michnik\\x4"\nplay: {card: 4}\n', "1:15",
     "this escape needs hexadecimal digits: 2 after \\x, 4 after \\u, 8 after \\U"),
    ("name: &\nplay: {card: 4}\n", "1:8",
     "an anchor '&' or alias '*' needs a name of letters or digits"),
    ("name: |x\n  Michnik\nplay: {card: 4}\n", "1:8",
     "'|' and '>' start a block of text on the lines below, and only a digit 1-9, '+' or '-' "
     "may follow them: put a value that starts with them in quotes"),
    ("name: !x!y Michnik\nplay: {card: 4}\n", "1:7",
     "dof reads no YAML tags ('!...'): write the value without it"),
    ("%YAML 1.1\n%YAML 1.1\n---\nplay: {card: 4}\n", "2:1",
     "a line that starts with '%' is a YAML directive: put a value that starts with '%' in "
     "quotes"),
    ("name: 'Michnik\n---\nplay: {card: 4}\n", "1:7",
     "this quote is not closed before the '---' that starts the next document"),
    ("name: @michnik\nplay: {card: 4}\n", "1:7",
     "a value cannot start with '@': put the value in quotes"),
    ("name: 'x' y\nplay: {card: 4}\n", "1:11",
     "more text after a value: put the whole value in quotes"),
    ("play: {card: [4,, 5]}\n", "1:17", "a value is missing before ','"),
    ("play: {card: 4, as: [\n\n", "1:22", "a value is missing before the end of the file"),
])
def test_a_yaml_syntax_error_is_one_line_in_dofs_words(tmp_path, capsys, loader, text, where,
                                                       message):
    refused(tmp_path, capsys, text, where, f"E001 {message}")


def test_a_tab_between_values_is_read_with_libyaml(tmp_path, capsys, loader):
    """YAML allows a tab between values; PyYAML's own reader does not."""
    path = write(tmp_path, "play: {card: 4,\tas: event}\t# a tab\n"
                           "expect: {democrat: {Polish Writers: 3}}\n")
    code, out = scenario_run(capsys, path)
    if loader == "libyaml":
        assert code == 0, out
    else:
        assert f"{path}:1:16: E001 a tab: YAML files are indented with spaces" in out


@pytest.mark.parametrize("levels", [150, 5000])
def test_lists_nested_too_deep_are_refused_where_it_gets_too_deep(tmp_path, capsys, loader,
                                                                   levels):
    """PyYAML's reader recurses, and stops at 100 levels; libyaml stops at
    1000, and dof at 100 all the same, so both refuse the same files."""
    refused(tmp_path, capsys, "play: {card: 4, answers: " + "[" * levels + "]" * levels
            + "}\n", "1:124", "E004 lists or mappings nest too deeply here")


def test_an_alias_bomb_is_read_at_once_and_refused(tmp_path, capsys):
    """A 'billion laughs': each list holds nine of the one before, 9**12
    'lol' in all; dof never copies a list an alias names, so it reads the
    file at once."""
    lists = ["&l0 [" + ", ".join(["lol"] * 9) + "]"]
    lists += [f"&l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, 12)]
    text = f"position: {{hands: {{democrat: [{', '.join(lists)}]}}}}\nplay: {{card: 4}}\n"
    refused(tmp_path, capsys, text, "1:31", "E201 expected a single value, not a list")


def test_a_byte_order_mark_does_not_move_the_caret(tmp_path, capsys):
    path = tmp_path / "example.scenario.yaml"
    path.write_bytes(b"\xef\xbb\xbfplay: {card: Michnk}\n")
    code, out = scenario_run(capsys, path)
    assert code == 1 and f"{path}:1:14: E102 unknown card 'Michnk'\n" \
                         "play: {card: Michnk}\n" + " " * 13 + "^^^^^^\n" in out


# ------------------------------------------------- documents stand alone
@pytest.mark.parametrize("broken, where, message", [
    ("play: {card: Michnik, as: [event}\n", "6:33",
     "E001 ',' or ']' is missing before '}' (the bracket at 6:27 is not closed)"),
    ("play: {card: Michnik, answers: [a\x07]}\n", "6:34",
     "E001 the control character U+0007 is not allowed in YAML"),
    ("play: {card: Michnik}\n  as: event\n", "7:3",
     "E001 this line's indentation does not match"),
])
def test_a_document_that_is_no_yaml_leaves_the_others_to_run(tmp_path, capsys, loader,
                                                               broken, where, message):
    """Each document of a file stands alone (issue 21, item 8): the one in
    error is reported at its line, with the line shown, and the others run."""
    good = "name: {}\nplay: {{card: Michnik, as: event}}\nexpect: {{vp: 0}}\n"
    path = write(tmp_path, good.format("one") + "---\nname: two\n" + broken + "---\n"
                 + good.format("three"))
    code, out = scenario_run(capsys, path)
    assert code == 1 and f"{path}:{where}: {message}" in out, out
    assert "example.scenario.yaml .E.\n" in out and "2 passed, 1 error" in out
    line = path.read_text().splitlines()[int(where.split(":")[0]) - 1]
    assert f"\n{line.replace(chr(7), chr(0xFFFD))}\n" in out  # the source line, under it a caret


# ------------------------------------------------- play --position, board
CLASSES = [
    ("play: {card: 4, as: !!timestamp 2001-12-14x}\n",
     "1:21: dof reads no YAML tag such as !!timestamp: write the value without it"),
    (f"play: {{card: 4}}\nposition: {{turn: {BIG}}}\n",
     "2:18: a number of 5000 digits is too big: dof reads at most 20 (put it in quotes if it "
     "is a name or text)"),
    ("name: Michnik\nplay: {card: 4}\nposition: {vp: 1\x07}\n",
     "3:17: the control character U+0007 is not allowed in YAML (delete it)"),
    ("play:\n\tcard: 4\n", "2:1: a tab: YAML files are indented with spaces, not tabs"),
]


@pytest.mark.parametrize("text, message", CLASSES)
@pytest.mark.parametrize("command", [["play", "--position"], ["board"]])
def test_play_and_board_say_it_in_one_line(tmp_path, capsys, text, message, command):
    path = write(tmp_path, text)
    argv = [*command, str(path)] + (["-o", str(tmp_path / "b.svg")] if command == ["board"]
                                    else [])
    assert main(argv) == 1
    assert capsys.readouterr().err == f"dof: {path}:{message}\n"
