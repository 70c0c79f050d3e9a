"""Tests of the `dof` command line (cli/): sim, play, the human prompt, saves.

They read as examples of use: `main([...])` is the `dof` command with its
arguments, and a HumanAgent takes its keyboard from a list of lines.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from helpers import crash_at_seed, scripted
from rich.console import Console

from dof.cli.human import HumanAgent, Quit, resolve
from dof.cli.main import extra_sps, load_game, main
from dof.cli.play import run_play
from dof.cli.screen import make_choice, not_offered
from dof.cli.sim import play_one
from dof.engine.data import load_data
from dof.engine.game import Game
from dof.engine.rules.decisions import Decision

DATA = load_data()
TIMING = ("seconds", "games_per_second")


def console() -> Console:
    return Console(file=io.StringIO(), width=200, force_terminal=False)


def output(con: Console) -> str:
    return con.file.getvalue()


@pytest.fixture
def game() -> Game:
    """A new game at its first decision: the Communist's first free setup SP."""
    return Game.new(DATA, seed=1)


# ---------------------------------------------------------------------- sim
def test_sim_json_shape_and_same_seed_same_numbers(capsys):
    assert main(["sim", "--games", "5", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert set(first) == {"games", "seed", "winners", "endings", "mean_final_vp", "failures",
                          "events_fired", *TIMING}
    assert all(k.isdigit() and v > 0 for k, v in first["events_fired"].items())
    assert first["failures"] == []
    assert first["games"] == 5 and first["seed"] == 3
    assert set(first["winners"]) == {"democrat", "communist", "draw"}
    assert sum(first["winners"].values()) == 5
    assert set(first["endings"]) == {
        "automatic_victory", "final_scoring", "held_scoring_card", "new_years_eve"}
    assert sum(first["endings"].values()) == 5
    assert main(["sim", "--games", "5", "--seed", "3", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    for key in TIMING:
        del first[key], second[key]
    assert first == second


def test_sim_reports_a_failing_game_and_keeps_the_summary(capsys, monkeypatch):
    """One game that crashes does not lose the batch: the others are counted,
    the failure names its seed and the command that replays it, exit 1."""
    crash_at_seed(monkeypatch, 4)
    assert main(["sim", "--games", "3", "--seed", "3", "--json", "--jobs", "1"]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and sum(summary["winners"].values()) == 2
    [failure] = summary["failures"]
    assert failure["seed"] == 4 and "IndexError" in failure["error"]
    assert failure["replay"] == "dof play --democrat random --communist random --seed 4"
    assert main(["sim", "--games", "3", "--seed", "3", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "Game with seed 4 failed" in out and "replay: dof play" in out


def test_sim_text_summary(capsys):
    assert main(["sim", "--games", "3", "--seed", "10"]) == 0
    out = capsys.readouterr().out
    assert "Democrat wins" in out and "Communist wins" in out and "Mean final VP" in out


# --------------------------------------------------------------------- play
def test_play_bot_against_bot_names_the_winner(capsys):
    assert main(["play", "--democrat", "random", "--communist", "random", "--seed", "5"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("Seed 5")
    assert any(" rolls " in line or "roll" in line for line in out)  # dice are shown
    assert re.match(r"(Democrat|Communist) wins by .+ \(VP [+-]?\d+, turn \d+\)|"
                    r"The game is a draw", out[-1])
    # `dof play` with bots and `dof sim` agree on a seed.
    result = play_one(*load_game(None), 5, {"democrat": "random", "communist": "random"})
    assert f"(VP {result['vp']:+d}, turn {result['turn']})" in out[-1]


def test_human_plays_then_quits_with_a_save(tmp_path):
    save = tmp_path / "game.json"
    con = console()
    code = run_play({"democrat": "human", "communist": "greedy"}, seed=2, load=None,
                    save=None, extra_sps={}, data=DATA, events=None, console=con,
                    input_fn=scripted(["1", "Szczecin", "3", "quit", str(save)]))
    assert code == 0
    assert "Saved to" in output(con)
    loaded = Game.from_json(json.loads(save.read_text()), DATA)
    assert loaded.pending.player == "democrat"


def test_undo_at_a_prompt_takes_back_the_last_decision(tmp_path):
    """'undo' goes back to the person's previous decision (the SP placed on
    space 3, map number 4, leaves again) and the game goes on from there."""
    saves = []
    for script in (["1", "Szczecin", "4"], ["1", "Szczecin", "4", "undo"]):
        save = tmp_path / f"game{len(saves)}.json"
        con = console()
        assert run_play({"democrat": "human", "communist": "greedy"}, seed=2, load=None,
                        save=None, extra_sps={}, data=DATA, events=None, console=con,
                        input_fn=scripted([*script, "quit", str(save)])) == 0
        saves.append(Game.from_json(json.loads(save.read_text()), DATA))
    before, after = (g.state["sp"]["democrat"] for g in saves)
    assert before[3] == 1 and after[3] == 0
    assert [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b] == [3]
    assert "Took back your last decision" in output(con)
    assert saves[1].pending.player == "democrat"


def test_undo_with_nothing_to_take_back_asks_again(tmp_path):
    save = tmp_path / "game.json"
    con = console()
    assert run_play({"democrat": "human", "communist": "greedy"}, seed=2, load=None,
                    save=None, extra_sps={}, data=DATA, events=None, console=con,
                    input_fn=scripted(["undo", "quit", str(save)])) == 0
    assert "Cannot undo: nothing to undo" in output(con)


def test_load_a_save_and_let_bots_finish(tmp_path, capsys, game):
    path = tmp_path / "save.json"
    path.write_text(json.dumps(game.to_json()))
    assert main(["play", "--load", str(path), "--democrat", "random",
                 "--communist", "random"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert " wins by " in last or "draw" in last


@pytest.mark.parametrize("text", ["{not json", '{"format": "chess"}', ""])
def test_load_of_a_corrupt_file_is_one_clean_line(tmp_path, capsys, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["play", "--load", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"dof: cannot load {path}: ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_load_of_a_tampered_save_is_refused(tmp_path, capsys, game):
    obj = game.to_json()
    obj["state"]["vp"] = 7
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(obj))
    assert main(["play", "--load", str(path)]) == 1
    assert "inconsistent" in capsys.readouterr().err


def test_load_of_a_missing_file(tmp_path, capsys):
    assert main(["play", "--load", str(tmp_path / "nope.json")]) == 1
    assert "dof: cannot load" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["play", "--democrat", "genius"],
    ["sim", "--games", "0"],
    ["sim", "--games", "2", "--mod", "/no/such/folder"],
    ["play", "--extra-sps", "martian:2"],
])
def test_bad_arguments_exit_with_a_usage_message(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_extra_sps_accepts_an_abbreviated_side():
    assert extra_sps("dem:2") == ("democrat", 2)
    assert extra_sps("communist:0") == ("communist", 0)


# ------------------------------------------------------- the human prompt
def test_resolve_by_number_label_and_prefix():
    labels = ["Warszawa", "Walter Ulbricht Academy", "#12 Walesa", "Praha"]
    assert resolve("2", labels) == 1
    assert resolve("PRAHA", labels) == 3
    assert resolve("pr", labels) == 3
    assert resolve("#12", labels) == 2  # a card by its number
    assert resolve("walE", labels) == 2  # a card by its name
    with pytest.raises(ValueError, match="'wa' matches Warszawa, Walter Ulbricht Academy"):
        resolve("wa", labels)


def test_human_answers_by_number(game):
    agent = HumanAgent(console(), scripted(["3"]), show_board=False)
    assert agent.choose(game, game.pending) == game.pending.options[2]


def test_human_answers_by_exact_label_in_any_case(game):
    agent = HumanAgent(console(), scripted(["warszawa"]), show_board=False)
    assert agent.choose(game, game.pending) == DATA.space("Warszawa").id


def test_human_answers_by_unambiguous_prefix(game):
    agent = HumanAgent(console(), scripted(["walt"]), show_board=False)
    assert agent.choose(game, game.pending) == DATA.space("Walter Ulbricht Academy").id


@pytest.mark.parametrize("slip, told", [
    ("wa", "'wa' matches Walter Ulbricht Academy and Warszawa; type more"),
    ("Warzsawa", "'Warzsawa' is not an option: did you mean 'Warszawa'?"),
])
def test_an_ambiguous_or_misspelt_name_asks_again(game, slip, told):
    con = console()
    agent = HumanAgent(con, scripted([slip, "Warszawa"]), show_board=False)
    assert agent.choose(game, game.pending) == DATA.space("Warszawa").id
    assert told in output(con)


@pytest.mark.parametrize("typed", ["Gdansk", "gdansk", "14"])
def test_a_space_that_is_no_option_is_named_with_the_reason(game, typed):
    """The Communist's free setup SP may not go where the Democrat has SPs
    (3.4): Gdansk, typed by its name or its map number, is refused with why."""
    con = console()
    agent = HumanAgent(con, scripted([typed, "Warszawa"]), show_board=False)
    assert agent.choose(game, game.pending) == DATA.space("Warszawa").id
    assert ("Gdansk (14) is not an option. Other spaces: they hold opponent SPs (3.4). "
            "Type one of the numbers shown or a name") in " ".join(output(con).split())


def test_a_space_refused_by_a_lasting_event_says_so():
    """A reason that names the space is the one given (here a lasting
    event's ban on placing, 7.2), not the one for all other spaces."""
    game = Game.new(DATA, seed=1)
    choice = make_choice(Decision("place", "democrat", [12], "place an SP", why_not=lambda: [
        ("Gdansk, Poznan", "a lasting event forbids placing SPs there (7.2)"),
        ("Other spaces", "out of reach of your SPs (6.1.2)")]), DATA)
    assert not_offered(game, choice, "14") == (
        "Gdansk (14) is not an option: a lasting event forbids placing SPs there (7.2)")
    assert not_offered(game, choice, "Krakow") == (
        "Krakow (23) is not an option. Other spaces: out of reach of your SPs (6.1.2)")
    assert not_offered(game, choice, "Warszawa, please") is None  # names no space
    assert not_offered(game, choice, "99") is None
    assert not_offered(game, choice, "14 ") is not None


def test_a_whole_space_name_is_that_space_even_where_it_starts_another(tmp_path):
    """Issue 19 item 3, at `dof play --seed 11`: 'sofia' names Sofia, which
    holds Communist SPs (3.4), so it is refused with why, and never read as
    the start of Sofia University; 'sofia u' is Sofia University."""
    save = tmp_path / "game.json"
    con = console()
    assert run_play({"democrat": "human", "communist": "greedy"}, seed=11, load=None,
                    save=None, extra_sps={}, data=DATA, events=None, console=con,
                    input_fn=scripted(["sofia", "sofia u", "quit", str(save)])) == 0
    told = " ".join(output(con).split())
    assert ("Sofia (68) is not an option. Other spaces: they hold opponent SPs (3.4). "
            "Type one of the numbers shown or a name") in told
    sp = Game.from_json(json.loads(save.read_text()), DATA).state["sp"]["democrat"]
    assert (sp[DATA.space("Sofia").id], sp[DATA.space("Sofia University").id]) == (0, 1)


def ask(decision: Decision, typed: list[str], game: Game | None = None) -> tuple[object, str]:
    """What a person typing ``typed`` answers ``decision``, and what he was told."""
    con = console()
    agent = HumanAgent(con, scripted(typed), show_board=False)
    answer = agent.choose(game or Game.new(DATA, seed=1), decision)
    return answer, " ".join(output(con).split())


def test_a_space_alias_picks_its_space_and_a_refused_alias_says_why():
    game = Game.new(DATA, seed=1)
    poznan, church = DATA.space("Poznan").id, DATA.space("Polish Catholic Church").id
    decision = Decision("place", "democrat", [poznan], "place an SP",
                        describe=lambda s: f"{DATA.spaces[s].name} (cost 2)",
                        why_not=lambda: [("Other spaces", "out of reach of your SPs (6.1.2)")])
    answer, told = ask(decision, ["catholic church, poland", "posnan"], game)
    assert answer == poznan
    assert (f"Polish Catholic Church ({church + 1}) is not an option. Other spaces: out of "
            "reach of your SPs (6.1.2)") in told


def test_a_whole_card_name_is_that_card_even_where_it_starts_another():
    """#9 The Wall is no option: 'the wall' is refused, not read as the
    start of #86 The Wall Must Go!; a card's number names it too."""
    game = Game.new(DATA, seed=1)
    decision = Decision("card", "democrat", [86, 72], "democrat: choose a card to play",
                        describe=game.card_name)
    answer, told = ask(decision, ["the wall", "9", "peasant parties", "the wall m"], game)
    assert answer == 86
    assert "#9 The Wall is not an option here. Type one of the numbers shown" in told
    assert told.count("#9 The Wall is not an option here") == 2
    assert "#32 Peasant Parties is not an option here" in told


def test_a_card_in_hand_that_is_no_option_gets_the_screens_reason():
    game = Game.new(DATA, seed=1)
    held, offered = game.state["hands"]["democrat"][0], game.state["hands"]["democrat"][1]
    why = "a lasting event made you show the card you must play now (7.2)"
    decision = Decision("card", "democrat", [offered], "democrat: choose a card to play",
                        describe=game.card_name, why_not=lambda: [("Other cards", why)])
    answer, told = ask(decision, [DATA.cards[held].name, str(offered)], game)
    assert answer == offered
    assert f"{game.card_name(held)} is not an option. Other cards: {why}" in told


def test_a_country_that_is_no_option_is_refused_and_a_start_picks_one():
    decision = Decision("country", "democrat", ["Romania", "Hungary"],
                        "democrat: choose a country")
    answer, told = ask(decision, ["poland", "rom"])
    assert answer == "Romania"
    assert "Poland is not an option here. Type one of the numbers shown or a name" in told


def test_a_use_the_screen_says_is_missing_is_refused_with_its_reason():
    why = "the communist's, and it cannot happen now (5.2)"
    decision = Decision("use", "democrat", ["place", "check"], "democrat: use #4 Michnik for",
                        labels=["Place SPs (6.1)", "Support checks (6.2)"],
                        why_not=lambda: [("Event", why)])
    answer, told = ask(decision, ["event", "place"])
    assert answer == "place"
    assert "Event is not an option: the Communist's, and it cannot happen now (5.2)" in told


def test_an_event_option_by_whole_name_start_or_asked_again_when_ambiguous():
    decision = Decision("option", "communist", [0, 1], "communist: choose one",
                        labels=["purge", "purge the Elite spaces"])
    assert ask(decision, ["PURGE"])[0] == 0  # whole, though it starts the other
    answer, told = ask(decision, ["pu", "purge  the"])  # spacing is no matter
    assert answer == 1
    assert "'pu' matches Purge and Purge the Elite spaces; type more" in told


def test_power_struggle_cards_by_name_with_why_one_is_refused():
    """A leader answers to its name for each suit it may be played as (so
    the name alone asks which); a card the screen says cannot attack is
    refused with why (2.3.2)."""
    leader, strike = 44, 26  # Worker Leader, Strike 3
    why = "you control no Church space in Poland, whose leaders you could use (2.3.2, ruling R25)"
    decision = Decision("ps_attack", "democrat", [strike, [leader, "march"], [leader, "strike"]],
                        "democrat: attack in Poland",
                        labels=["Strike 3", "Worker Leader as March", "Worker Leader as Strike"],
                        why_not=lambda: [("Church Leader", why)])
    answer, told = ask(decision, ["church leader", "worker leader", "worker leader as m"])
    assert answer == [leader, "march"]
    assert f"Church Leader is not an option: {why}" in told
    assert ("'worker leader' matches Worker Leader as March and Worker Leader as Strike; "
            "type more") in told


@pytest.mark.parametrize("typed, told", [
    ("\u00b2", "'\u00b2' is not an option; type one of the numbers shown or a name"),
    ("log \u00b2", "Usage: log [N] (the last N log entries)"),
])
def test_a_superscript_digit_at_a_prompt_asks_again(game, typed, told):
    con = console()
    agent = HumanAgent(con, scripted([typed, "1"]), show_board=False)
    assert agent.choose(game, game.pending) == game.pending.options[0]
    assert told in output(con)


def test_illegal_answer_asks_again(game):
    con = console()
    agent = HumanAgent(con, scripted(["Atlantis", "0", "999", "", "1"]), show_board=False)
    assert agent.choose(game, game.pending) == game.pending.options[0]
    assert "'Atlantis' is not an option" in output(con)
    assert "There is no option 999" in output(con)


def test_save_command_writes_a_loadable_save_and_play_goes_on(game, tmp_path):
    path = tmp_path / "mid.json"
    con = console()
    agent = HumanAgent(con, scripted([f"save {path}", "save /no/such/dir/x.json", "2"]),
                       show_board=False)
    assert agent.choose(game, game.pending) == game.pending.options[1]
    assert "Cannot save to /no/such/dir/x.json" in output(con)
    loaded = Game.from_json(json.loads(path.read_text()), DATA)
    assert loaded.pending.options == game.pending.options


def test_save_at_a_prompt_asks_before_replacing_a_file(game, tmp_path):
    """A file the game did not write is replaced only after a yes; the
    question is asked until yes or no, and the game goes on either way."""
    path = tmp_path / "old.json"
    path.write_text("another game")
    con = console()
    agent = HumanAgent(con, scripted([f"save {path}", "maybe", "no", f"save {path}", "yes",
                                      f"save {path}", "1"]), show_board=False)
    assert agent.choose(game, game.pending) == game.pending.options[0]
    assert re.findall(r"Kept .*|Saved to .*", output(con)) == [
        f"Kept {path}: nothing written.", f"Saved to {path}", f"Saved to {path}"]
    assert Game.from_json(json.loads(path.read_text()), DATA).state == game.state


def test_board_svg_at_a_prompt_asks_before_replacing_a_picture(game, tmp_path):
    picture = tmp_path / "b.svg"
    picture.write_text("kept")
    asked = []
    answers = scripted([f"board svg {picture}", "no", "1"])

    def read(prompt) -> str:
        asked.append(str(prompt))
        return answers(prompt)

    HumanAgent(console(), read, show_board=False).choose(game, game.pending)
    assert asked[1] == f"{picture} exists. Replace it? (yes/no) "
    assert picture.read_text() == "kept"


def test_the_game_s_own_save_file_is_saved_again_without_a_question(game, tmp_path):
    path = tmp_path / "game.json"
    path.write_text("this game, saved before")
    con = console()
    agent = HumanAgent(con, scripted(["save", f"save {path}", "1"]), show_board=False,
                       save_path=str(path))
    agent.choose(game, game.pending)
    assert output(con).count(f"Saved to {path}") == 2 and "Replace" not in output(con)


def test_board_help_and_log_commands_then_answer(game):
    con = console()
    agent = HumanAgent(con, scripted(["board", "help", "log 5", "1"]))
    assert agent.choose(game, game.pending) == game.pending.options[0]
    text = output(con)
    assert "Tiananmen" in text and "Warszawa" in text and "save FILE" in text


def test_end_of_input_saves_the_game_and_leaves(game, tmp_path):
    """Ctrl-D: nothing can be asked any more, so the game is saved to a new
    file (never over an old one) and the way back is printed."""
    (tmp_path / "dof-recovered-seed1.json").write_text("an older rescue")
    con = console()
    agent = HumanAgent(con, scripted([]), show_board=False, recovery_dir=tmp_path)
    with pytest.raises(Quit) as left:
        agent.choose(game, game.pending)
    assert left.value.code == 1
    path = tmp_path / "dof-recovered-seed1-2.json"
    assert "End of input" in output(con)
    assert f"Continue with: dof play --load {path}" in output(con)
    assert Game.from_json(json.loads(path.read_text()), DATA).state == game.state
    assert (tmp_path / "dof-recovered-seed1.json").read_text() == "an older rescue"


def interrupting(lines: list[str]):
    """An input function that answers ``lines`` and raises KeyboardInterrupt
    (Ctrl-C) where a line is None."""
    queue = list(lines)

    def read(prompt) -> str:
        if not queue:
            raise EOFError
        line = queue.pop(0)
        if line is None:
            raise KeyboardInterrupt
        return line

    return read


def test_ctrl_c_at_a_prompt_offers_to_save(game, tmp_path):
    path = tmp_path / "kept.json"
    con = console()
    agent = HumanAgent(con, interrupting([None, str(path)]), show_board=False)
    with pytest.raises(Quit) as left:
        agent.choose(game, game.pending)
    assert left.value.code == 130
    assert f"Saved to {path}" in output(con)
    assert Game.from_json(json.loads(path.read_text()), DATA).state == game.state


def test_ctrl_c_twice_still_saves(game, tmp_path):
    agent = HumanAgent(console(), interrupting([None, None]), show_board=False,
                       save_path=str(tmp_path / "auto.json"))
    with pytest.raises(Quit):
        agent.choose(game, game.pending)
    assert (tmp_path / "auto.json").exists()


def test_ctrl_c_inside_the_engine_offers_to_save(tmp_path, monkeypatch):
    """The interrupt lands in the middle of the rules (after the bot answered,
    while the SP is being placed): the game goes back to its last decision,
    whole, and the person is offered to save it."""
    monkeypatch.chdir(tmp_path)
    real_note = Game.note
    interrupted = []

    def note(self, kind, text, **fields):
        if kind == "place" and not interrupted:
            interrupted.append(kind)
            raise KeyboardInterrupt
        real_note(self, kind, text, **fields)

    monkeypatch.setattr(Game, "note", note)
    path = tmp_path / "interrupted.json"
    con = console()
    code = run_play({"democrat": "human", "communist": "random"}, seed=2, load=None,
                    save=None, extra_sps={}, data=DATA, events=None, console=con,
                    input_fn=scripted([str(path)]))
    assert code == 130 and interrupted
    loaded = Game.from_json(json.loads(path.read_text()), DATA)
    assert loaded.pending.player == "communist" and loaded.decisions == 0
    assert sum(loaded.state["sp"]["communist"]) == sum(Game.new(DATA, 2).state["sp"]["communist"])


def test_save_command_expands_the_home_folder(game, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    agent = HumanAgent(console(), scripted(["save ~/x.json", "1"]), show_board=False)
    agent.choose(game, game.pending)
    assert (tmp_path / "x.json").exists()


def test_a_failed_save_keeps_the_old_save(game, tmp_path, monkeypatch):
    """A full disk while saving over an old save: the old save is intact."""
    import os

    from dof.cli.human import write_save

    path = tmp_path / "game.json"
    write_save(game, path)
    before = path.read_text()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    con = console()
    agent = HumanAgent(con, scripted([f"save {path}", "yes", "1"]), show_board=False)
    agent.choose(game, game.pending)
    assert "Cannot save to" in output(con) and "No space left on device" in output(con)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_quit_with_yes_saves_to_the_save_file_not_to_a_file_named_yes(game, tmp_path,
                                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "game.json"
    agent = HumanAgent(console(), scripted(["quit", "yes"]), show_board=False, save_path=str(path))
    with pytest.raises(Quit):
        agent.choose(game, game.pending)
    assert Game.from_json(json.loads(path.read_text()), DATA).pending.kind == "setup_place"
    con = console()
    agent = HumanAgent(con, scripted(["quit", "y", "mine.json"]), show_board=False)
    with pytest.raises(Quit):
        agent.choose(game, game.pending)  # no save file given: a yes asks for its name
    assert "Type the file name to save to" in output(con)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "mine.json"]


def test_quit_without_saving_exits_zero(game):
    agent = HumanAgent(console(), scripted(["quit", "no"]), show_board=False)
    with pytest.raises(Quit) as left:
        agent.choose(game, game.pending)
    assert left.value.code == 0


# ------------------------------------------------------- lint and cards
def test_lint_and_cards_delegate_with_the_mod_folder(monkeypatch, tmp_path):
    calls = []
    lint = types.ModuleType("dof.cli.lint")
    lint.run_lint = lambda paths, fmt, strict, mod, console, jobs: calls.append(
        ("lint", paths, fmt, strict, mod, jobs)) or 0
    cards = types.ModuleType("dof.cli.cards_view")
    cards.run_cards = lambda query, fmt, mod, console: calls.append(("cards", query, fmt, mod)) or 3
    monkeypatch.setitem(sys.modules, "dof.cli.lint", lint)
    monkeypatch.setitem(sys.modules, "dof.cli.cards_view", cards)
    assert main(["lint", "a.card", "--strict", "--mod", str(tmp_path), "--jobs", "2"]) == 0
    assert main(["cards", "Walesa", "--format", "json"]) == 3
    assert calls == [("lint", [Path("a.card")], "text", True, tmp_path, 2),
                     ("cards", "Walesa", "json", None)]


# ---------------------------------------------------- the installed script
def dof_command() -> list[str]:
    """The installed `dof` script next to this Python, else `python -m cli.main`."""
    script = Path(sys.executable).parent / "dof"
    return [str(script)] if script.exists() else [sys.executable, "-m", "dof.cli.main"]


def test_installed_script_runs_from_another_folder(tmp_path):
    run = subprocess.run([*dof_command(), "sim", "--games", "2", "--json"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["games"] == 2


def test_play_with_no_input_ends_cleanly(tmp_path):
    run = subprocess.run([*dof_command(), "play", "--seed", "1"], cwd=tmp_path,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "End of input" in run.stdout and "Traceback" not in run.stderr


@pytest.mark.parametrize("argv, message", [
    (["play", "--extra-sps", "democrat:999"], "a 13.0 bid is at most 10 SPs"),
])
def test_extra_sps_is_bounded_by_the_bid_rule(argv, message, capsys):
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err


def test_extra_sps_for_both_sides_is_refused(capsys):
    assert main(["play", "--extra-sps", "dem:2", "--extra-sps", "com:1"]) == 1
    assert "one side only" in capsys.readouterr().err


def _parsers(parser, name="dof"):
    """Every parser of the command line: dof's and each command's, by name."""
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub, child in action.choices.items():
                yield from _parsers(child, f"{name} {sub}")


def test_every_help_describes_each_argument_and_states_its_default():
    """Issue 23: subcommand --help texts did not state the defaults (the
    default bots) or describe several arguments."""
    from dof.cli.main import build_parser

    checked = 0
    for name, parser in _parsers(build_parser()):
        text = " ".join(parser.format_help().split())
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction | argparse._HelpAction) or \
                    action.dest == "version":
                continue
            assert action.help, f"{name} {action.option_strings or action.dest}: no help"
            if action.default not in (None, False, [], argparse.SUPPRESS):
                assert f"default: {action.default}" in text or "default" in action.help, \
                    f"{name} {action.option_strings}"
                checked += 1
    assert checked > 10
    play = next(p for n, p in _parsers(build_parser()) if n == "dof play")
    play = " ".join(play.format_help().split())
    assert "(default: human)" in play and "(default: greedy)" in play
