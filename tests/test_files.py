"""The files a user names (issue 19, items 1, 2 and 6): nothing is lost,
nothing is read without bound, and every name can be printed.

`main([...])` is the `dof` command; a terminal is a stdin that says it is
one and answers with the lines given.
"""

from __future__ import annotations

import io
import json
import os

import pytest

from dof.cli.files import claim, shown, write_atomic
from dof.cli.main import main
from dof.engine.data.files import FileRefused, Kind, read_limited

BOTS = ["--democrat", "random", "--communist", "random"]


class Terminal(io.StringIO):
    """A keyboard: what the person types, a line at a time."""

    def isatty(self) -> bool:
        return True


# ------------------------------------------------------ a new game's save
def test_a_new_game_keeps_an_existing_save(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["play", *BOTS, "--seed", "3", "--save", "old.json"]) == 0
    first = (tmp_path / "old.json").read_text()
    assert main(["play", *BOTS, "--seed", "4", "--save", "old.json"]) == 1
    assert capsys.readouterr().err == ("dof: --save old.json: the file exists; add --overwrite "
                                       "to replace it\n")
    assert (tmp_path / "old.json").read_text() == first
    assert main(["play", *BOTS, "--seed", "4", "--save", "old.json", "--overwrite"]) == 0
    assert json.loads((tmp_path / "old.json").read_text())["state"]["seed"] == 4


def test_a_game_loaded_from_its_save_saves_there_without_a_question(tmp_path, monkeypatch,
                                                                     capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["play", *BOTS, "--seed", "3", "--turn", "9", "--save", "game.json"]) == 0
    capsys.readouterr()
    assert main(["play", *BOTS, "--load", "game.json", "--save", "./game.json"]) == 0
    assert capsys.readouterr().err == ""


def test_at_a_terminal_the_player_is_asked_until_yes_or_no(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.json").write_text("the first game")
    monkeypatch.setattr("sys.stdin", Terminal("maybe\nno\n"))
    assert main(["play", *BOTS, "--seed", "4", "--save", "old.json"]) == 1
    assert capsys.readouterr().err == (
        "old.json exists. Replace it? (yes/no) Replace old.json? Type yes or no: "
        "dof: --save old.json: the file is kept; nothing was written\n")
    assert (tmp_path / "old.json").read_text() == "the first game"
    monkeypatch.setattr("sys.stdin", Terminal("yes\n"))
    assert main(["play", *BOTS, "--seed", "4", "--save", "old.json"]) == 0
    assert json.loads((tmp_path / "old.json").read_text())["state"]["seed"] == 4


def test_the_end_of_input_at_the_question_keeps_the_file(tmp_path, monkeypatch):
    (tmp_path / "b.svg").write_text("<svg/>")
    monkeypatch.setattr("sys.stdin", Terminal(""))
    with pytest.raises(Exception, match="the file is kept"):
        claim(tmp_path / "b.svg", "-o", overwrite=False)


@pytest.mark.parametrize("argv", [
    ["sim", "--games", "1", "--out", "{dir}/old"],
    ["balance", "--games", "1", "--mod", "{dir}", "--format", "json", "-o", "{dir}/old"],
    ["board", "{dir}/game.json", "-o", "{dir}/old"],
])
def test_reports_and_pictures_keep_an_existing_file(argv, tmp_path, capsys):
    (tmp_path / "old").write_text("kept")
    assert main([a.replace("{dir}", str(tmp_path)) for a in argv]) == 1
    option = argv[argv.index("{dir}/old") - 1]
    assert capsys.readouterr().err == (f"dof: {option} {tmp_path}/old: the file exists; add "
                                       "--overwrite to replace it\n")
    assert (tmp_path / "old").read_text() == "kept"


def test_board_overwrite_replaces_the_picture(tmp_path, capsys):
    main(["play", *BOTS, "--seed", "3", "--turn", "9", "--save", str(tmp_path / "g.json")])
    (tmp_path / "b.svg").write_text("kept")
    assert main(["board", str(tmp_path / "g.json"), "-o", str(tmp_path / "b.svg"),
                 "--overwrite"]) == 0
    assert (tmp_path / "b.svg").read_text().startswith("<?xml")


# ---------------------------------------------------------------- writing
@pytest.mark.parametrize("name", ["a" * 245 + ".json", "é" * 122 + ".json"],
                         ids=["250 ASCII characters", "249 bytes of UTF-8"])
def test_a_save_may_have_the_longest_name_the_file_system_allows(name, tmp_path):
    assert len(os.fsencode(name)) in (249, 250)
    written = write_atomic(tmp_path / name, "{}")
    assert written.read_text() == "{}"
    assert os.listdir(tmp_path) == [name]  # no temporary file left


def test_play_saves_under_a_250_character_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "a" * 245 + ".json"
    assert main(["play", *BOTS, "--seed", "3", "--turn", "9", "--save", name]) == 0
    assert json.loads((tmp_path / name).read_text())["state"]["seed"] == 3


# ---------------------------------------------------------------- reading
def test_a_file_of_the_size_limit_is_read_one_byte_more_is_refused(tmp_path):
    tiny = Kind("test file", 10)
    (tmp_path / "ten").write_bytes(b"0123456789")
    (tmp_path / "eleven").write_bytes(b"0123456789A")
    assert read_limited(tmp_path / "ten", tiny) == b"0123456789"
    with pytest.raises(FileRefused) as refused:
        read_limited(tmp_path / "eleven", tiny)
    assert str(refused.value) == "it holds 0.0 MB, more than a test file does (at most 0 MB)"


@pytest.mark.parametrize("make, says", [
    (lambda d: "/dev/zero", "it is a device, not a test file"),
    (lambda d: str(d), "it is a folder, not a test file"),
    (lambda d: os.mkfifo(d / "pipe") or str(d / "pipe"), "it is a pipe, not a test file"),
])
def test_only_regular_files_are_read(make, says, tmp_path):
    with pytest.raises(FileRefused) as refused:
        read_limited(make(tmp_path), Kind("test file", 10))
    assert refused.value.strerror == says


# ----------------------------------------------------------------- names
def test_a_name_that_is_not_utf8_is_shown_with_a_replacement_character():
    assert shown(os.fsdecode(b"save\xff.json")) == "save\ufffd.json"


def test_lint_prints_a_name_that_is_not_utf8_as_text_and_as_json(tmp_path, capsys):
    """A real file whose name holds byte 0xff, through Rich and plain print."""
    bad = tmp_path / os.fsdecode(b"bad\xff.card")
    bad.write_text("card 1 {")
    assert main(["lint", str(bad)]) == 1
    assert capsys.readouterr().out.startswith(f"{tmp_path}/bad\ufffd.card:1:8: E001")
    assert main(["lint", "--format", "json", str(bad)]) == 1
    assert json.loads(capsys.readouterr().out)["checked"] == [f"{tmp_path}/bad\ufffd.card"]


# ------------------------------------------------------- command-line values
def test_cards_as_json_with_no_match_prints_json(capsys):
    assert main(["cards", "--format", "json", "Atlantis"]) == 1
    assert json.loads(capsys.readouterr().out) == {
        "error": "no card or box matches 'Atlantis'", "matches": []}


def test_cards_as_json_with_several_matches_names_them(capsys):
    assert main(["cards", "--format", "json", "Stas"]) == 0
    assert main(["cards", "--format", "json", "Sta"]) == 1
    out = capsys.readouterr().out
    assert json.loads(out[out.rindex('{\n  "error"'):])["matches"] == [
        {"number": 7, "name": "State Run Media"}, {"number": 13, "name": "Stasi"},
        {"number": 100, "name": "Stand Fast"}]


def test_sim_plays_at_most_100000_games_a_run(capsys):
    with pytest.raises(SystemExit):
        main(["sim", "--games", "100001"])
    assert capsys.readouterr().err.endswith(
        "argument --games: at most 100000 games a run (each game's record is kept for the "
        "summary, some 35 kB), got 100001; play more as several runs, each from its own "
        "--seed\n")
