"""`dof replay` and the history a save keeps (engine/history.py).

A save holds the game's start and every answer since, so a finished or
saved game can be stepped through move by move; the replay is checked to
give the saved game, and a save that cannot be replayed gets one line.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import scripted
from rich.console import Console

import dof
from dof.cli.board_view import entry_text, format_result, when
from dof.cli.human import write_save
from dof.cli.main import main
from dof.cli.play import run_play
from dof.cli.replay import run_replay
from dof.engine import Game, RandomAgent, Replay, SaveError, play
from dof.engine.saves import save_header

DATA, EVENTS = dof.load_rules()


@pytest.fixture(scope="module")
def finished() -> Game:
    game = dof.new_game(seed=5)
    play(game, {"democrat": RandomAgent(1), "communist": RandomAgent(2)})
    return game


@pytest.fixture
def save_file(tmp_path, finished):
    return write_save(finished, tmp_path / "game.json")


def console() -> Console:
    return Console(file=io.StringIO(), width=100, force_terminal=False)


def log_lines(game: Game) -> list[str]:
    """A game's log entries as `dof replay` prints them, in a player's words."""
    return [f"{when(e)}{entry_text(game, e)}" for e in game.log]


def version_1(game: Game) -> dict:
    """The game as dof saved it before saves kept the whole game: the last
    checkpoint, the answers since it and the log before it."""
    save = game.to_json()
    return {**save_header(game.events), "version": 1, "checkpoint": save["start"]["state"],
            "journal": save["answers"], "log": [], "state": save["state"]}


# ------------------------------------------------------------------ engine
def test_a_finished_game_replays_move_by_move_to_its_final_state(finished):
    replay = Replay(json.loads(json.dumps(finished.to_json())), DATA, EVENTS)
    assert replay.final.state == finished.state and replay.final.result == finished.result
    assert len(replay.moves) == finished.decisions
    assert replay.opening + [line for move in replay.moves for line in move.log] == finished.log
    first = replay.moves[0]
    assert (first.number, first.player, first.kind, first.turn) == (1, "communist",
                                                                   "setup_place", 1)
    assert first.label == DATA.spaces[first.answer].name
    tenth = replay.game_at(10)
    assert tenth.log == replay.opening + [line for m in replay.moves[:10] for line in m.log]
    assert tenth.pending.player == replay.moves[10].player


def test_a_save_keeps_the_start_and_every_answer(finished):
    save = finished.to_json()
    assert save["version"] == 2
    assert save["start"]["state"] == dof.new_game(seed=5).to_json()["start"]["state"]
    assert len(save["answers"]) == finished.decisions
    assert save["log"] == finished.log[len(save["start"]["log"]):]


def test_a_game_loaded_from_a_save_replays_from_the_first_move(finished):
    """Saving, loading and saving again keeps the whole history."""
    game = dof.new_game(seed=9)
    play(game, {"democrat": RandomAgent(1), "communist": RandomAgent(2)}, limit=150)
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())), DATA, EVENTS)
    play(loaded, {"democrat": RandomAgent(3), "communist": RandomAgent(4)}, limit=50)
    replay = Replay(json.loads(json.dumps(loaded.to_json())), DATA, EVENTS)
    assert len(replay.moves) == loaded.decisions == 200
    assert replay.final.state == loaded.state


def test_an_old_save_loads_but_cannot_be_replayed(finished):
    old = version_1(finished)
    loaded = Game.from_json(old, DATA, EVENTS)
    assert loaded.state == finished.state
    with pytest.raises(SaveError, match=r"older dof \(save version 1\).*cannot be replayed"):
        Replay(old, DATA, EVENTS)
    again = Replay(loaded.to_json(), DATA, EVENTS)  # saved again, it replays from its checkpoint
    assert again.start == old["checkpoint"] and len(again.moves) == len(old["journal"])


def test_an_answer_changed_in_the_save_names_the_move_where_it_goes_another_way(finished):
    save = json.loads(json.dumps(finished.to_json()))
    save["answers"][0], save["answers"][1] = save["answers"][1], save["answers"][0]
    with pytest.raises(SaveError, match=r"from move 1 \(turn 1\) the game "
                                        "goes another way"):
        Replay(save, DATA, EVENTS)
    with pytest.raises(SaveError, match="from move 1"):
        Game.from_json(save, DATA, EVENTS)  # loading checks it too


def test_a_save_worded_and_numbered_by_an_earlier_dof_loads_as_it_was(finished):
    """An earlier dof wrote other log lines ('+ 1 battlegrounds') and counted
    both players' action rounds (the Democrat's third was 6): the same game,
    so its save loads from its start, with no fallback, and replays."""
    save = json.loads(json.dumps(finished.to_json()))
    for entry in save["log"]:
        entry["text"] = entry["text"].replace(" battleground ", " battlegrounds ") + "."
        entry["ar"] = 2 * entry["ar"] - (entry["ar"] > 0)
    save["state"]["ar"] = 11
    loaded = Game.from_json(save, DATA, EVENTS)
    assert loaded.restored is None
    assert loaded.state == finished.state
    assert json.loads(json.dumps(loaded.log)) == json.loads(json.dumps(finished.log))
    assert len(Replay(save, DATA, EVENTS).moves) == finished.decisions


def test_a_save_the_rules_now_play_another_way_goes_on_from_its_checkpoint():
    """A dof that plays an early move another way (here: two early answers
    swapped, as if a card had changed) does not lose the game: it loads
    from the save's last checkpoint and says so; the game is the saved one."""
    game = dof.new_game(seed=9)
    game.to_json()  # saved once: from then on the game keeps checkpoints
    play(game, {"democrat": RandomAgent(1), "communist": RandomAgent(2)}, limit=150)
    save = json.loads(json.dumps(game.to_json()))
    assert 0 < save["checkpoint"]["answers"] <= 150
    save["answers"][0], save["answers"][1] = save["answers"][1], save["answers"][0]
    loaded = Game.from_json(save, DATA, EVENTS)
    assert loaded.state == game.state and loaded.log == json.loads(json.dumps(game.log))
    assert loaded.restored.startswith("the save does not replay as it was played: from move 1")
    assert f"goes on from its last checkpoint (turn {game.state['turn']}" in loaded.restored
    again = Replay(loaded.to_json(), DATA, EVENTS)  # saved again, it starts at that checkpoint
    assert len(again.moves) == 150 - save["checkpoint"]["answers"]
    assert Game.from_json(game.to_json(), DATA, EVENTS).restored is None


def test_a_save_made_by_another_install_replays(finished):
    """Lasting effects note where their rule is written, a path of the
    install; those paths are no part of the game."""
    text = json.dumps(finished.to_json())
    moved = re.sub(r'"at": "[^"]*?(\w+\.card:\d+:\d+)"', r'"at": "/elsewhere/cards/\1"', text)
    assert moved != text
    assert Replay(json.loads(moved), DATA, EVENTS).final.result == finished.result


# --------------------------------------------------------------------- CLI
def test_piped_replay_prints_the_whole_game(save_file, finished, capsys):
    assert main(["replay", str(save_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    n = finished.decisions
    assert out[:2] == [f"Replay of {save_file}: seed 5, {n} moves from turn 1 (setup)",
                       "Checked: the answers replayed give the saved game."]
    assert [line.split()[1] for line in out if line.startswith("Move ")] == \
        [f"{i}/{n}" for i in range(n + 1)]
    first = DATA.spaces[finished.to_json()["answers"][0]].name
    assert out[2:6] == [f"Move 0/{n}  the start, turn 1 (setup)",
                        "    T1      Cards dealt; fixed SPs placed (3.2, 3.3)",
                        f"Move 1/{n}  Communist  turn 1",
                        f"  Place a free SP (1 of 2) in a space with no opponent SPs -> {first}"]
    assert [line[4:] for line in out if line.startswith("    T")] == log_lines(finished)
    assert out[-1] == format_result(finished)


def test_replay_to_a_move_shows_the_board_after_it(save_file, finished, capsys):
    n = finished.decisions
    assert main(["replay", str(save_file), "--to", "12"]) == 0
    out = capsys.readouterr().out
    assert f"Move 12/{n}" in out and "Move 13/" not in out
    assert "Tiananmen: " in out and "\nPoland " in out  # the board: status and countries
    assert main(["replay", str(save_file), "--to", str(n + 1)]) == 1
    assert capsys.readouterr().err == f"dof: --to {n + 1}: the game in {save_file} has " \
                                      f"moves 1 to {n}\n"


def test_replay_as_json_lists_the_moves(save_file, finished, capsys):
    assert main(["replay", str(save_file), "--format", "json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert every["seed"] == 5 and every["result"] == finished.result
    assert [m["number"] for m in every["moves"]] == list(range(1, finished.decisions + 1))
    assert main(["replay", str(save_file), "--format", "json", "--to", "20"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["moves"] == every["moves"][:20]
    game = dof.new_game(seed=5)  # the answers listed give the state listed
    for move in first["moves"]:
        assert game.pending.player == move["player"] and game.pending.prompt == move["prompt"]
        game.answer(move["answer"])
    assert first["state"] == game.state


def test_stepping_through_at_a_terminal(save_file, finished):
    con = console()
    keys = ["", "", "b", "g 300", "g 9999", "board", "x", "q"]
    assert run_replay(str(save_file), None, "text", DATA, EVENTS, con,
                      input_fn=scripted(keys), interactive=True) == 0
    out = con.file.getvalue()
    n = finished.decisions
    shown = [line.split()[1] for line in out.splitlines() if line.startswith("Move ")]
    assert shown == [f"{i}/{n}" for i in (0, 1, 2, 1, 300)]
    assert f"There is no move 9999: the game has moves 1 to {n}." in out
    assert "Tiananmen: " in out and "\nPoland " in out  # the board after move 300
    assert "'x' is not a command; type help" in out


def test_go_to_a_superscript_digit_is_no_command(save_file):
    con = console()
    assert run_replay(str(save_file), None, "text", DATA, EVENTS, con,
                      input_fn=scripted(["g \u00b2", "q"]), interactive=True) == 0
    assert "'g \u00b2' is not a command; type help" in con.file.getvalue()


def test_enter_after_the_last_move_ends_the_replay(save_file, finished):
    con = console()
    assert run_replay(str(save_file), finished.decisions - 1, "text", DATA, EVENTS, con,
                      input_fn=scripted(["", ""]), interactive=True) == 0
    assert con.file.getvalue().rstrip().endswith(format_result(finished))


def test_a_game_saved_by_dof_play_replays(tmp_path, capsys):
    """A person plays three moves against the greedy bot and quits; the
    save replays them with the bot's answers in between."""
    save = tmp_path / "play.json"
    assert run_play({"democrat": "human", "communist": "greedy"}, seed=2, load=None,
                    save=str(save), extra_sps={}, data=DATA, events=EVENTS, console=console(),
                    input_fn=scripted(["1", "Szczecin", "3", "quit", ""])) == 0
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Democrat  turn 1\n  Place a free SP (2 of 3) in a space with no " \
           "opponent SPs -> Szczecin" in out
    assert "The game was saved here: the democrat is to answer" in out


def test_a_game_begun_at_a_position_replays_from_there(tmp_path, capsys):
    scenario = Path(__file__).parent / "scenarios/middle/047-bulgarian-turks-expelled.scenario.yaml"
    save = tmp_path / "position.json"
    assert main(["play", "--democrat", "random", "--communist", "random", "--seed", "3",
                 "--position", str(scenario), "--save", str(save)]) == 0
    capsys.readouterr()
    assert main(["replay", str(save), "--format", "json"]) == 0
    replay = json.loads(capsys.readouterr().out)
    assert replay["start"]["phase"] == "deal" and replay["start"]["turn"] == 4
    game = Game.from_json(json.loads(save.read_text()), DATA, EVENTS)
    assert len(replay["moves"]) == game.decisions and replay["result"] == game.result


@pytest.mark.parametrize("make, message", [
    (None, "No such file or directory"),
    (lambda game: "{not json", "not a JSON save file"),
    (lambda game: json.dumps({"format": "chess"}), "not a dof save file"),
    (lambda game: json.dumps(version_1(game)), "older dof (save version 1)"),
    (lambda game: json.dumps({**game.to_json(), "mods": [{"file": "x.card", "sha256": "0"}]}),
     "made with x.card, but the game now has no mod"),
    (lambda game: json.dumps({**game.to_json(), "state": {**game.state, "vp": 3}}),
     "does not give its state (different: vp)"),
    (lambda game: json.dumps({**game.to_json(), "answers": [*game.to_json()["answers"][:300],
                                                            "Moscow"]}),
     "move 301: 'Moscow' is not a legal answer"),
])
def test_a_save_that_cannot_be_replayed_is_one_line(tmp_path, capsys, finished, make, message):
    path = tmp_path / "save.json"
    if make:
        path.write_text(make(finished))
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith(f"dof: cannot replay {path}: ") and message in captured.err
    assert len(captured.err.splitlines()) == 1 and captured.out == ""


# ------------------------------------------------------------ turns and rounds
def test_the_moves_are_grouped_by_action_round(finished):
    from dof.cli.replay import round_at, rounds

    replay = Replay(json.loads(json.dumps(finished.to_json())), DATA, EVENTS)
    found = rounds(replay)
    assert [n for r in found for n in range(r.first, r.last + 1)] == \
        list(range(1, finished.decisions + 1))
    assert found[0].title() == "Turn 1" and found[0].phasing is None  # setup
    assert found[1].title() == "Turn 1, the Communist's action round 1"
    assert found[2].title() == "Turn 1, the Democrat's action round 1"
    third = round_at(replay, 3, 2)
    move = replay.moves[third.first - 1]
    assert (move.turn, move.ar, move.phasing) == (3, 2, "communist")
    assert replay.moves[third.first - 2].ar != 2  # the round's first move
    assert round_at(replay, 3).first < third.first and round_at(replay, 99) is None


def test_a_round_past_the_seven_is_called_an_extra_round():
    """4.5.2 gives seven action rounds; an eighth comes from a lasting effect
    (Honecker's: this game's Communist takes one in turn 2)."""
    from dof.cli.replay import rounds

    game = dof.new_game(seed=3)
    play(game, {"democrat": RandomAgent(1), "communist": RandomAgent(2)})
    replay = Replay(json.loads(json.dumps(game.to_json())), DATA, EVENTS)
    [extra] = [r for r in rounds(replay) if r.extra]
    assert extra.title() == "Turn 2, the Communist's extra action round 8"
    assert all(r.ar <= 7 for r in rounds(replay) if not r.extra)


def test_replay_to_a_turn_or_an_action_round_shows_the_board_at_its_start(save_file, capsys):
    assert main(["replay", str(save_file), "--turn", "3", "--ar", "2"]) == 0
    out = capsys.readouterr().out
    assert "Turn 3/10: Communist's round 2 of 7" in out
    moves = [line for line in out.splitlines() if line.startswith("Move ")]
    assert "turn 3, action round 1" in moves[-1]  # up to the round before it
    assert main(["replay", str(save_file), "--turn", "99"]) == 1
    assert capsys.readouterr().err.startswith(f"dof: --turn 99: the game in {save_file} has "
                                              "no such round in its moves (turns 1 to ")
    assert main(["replay", str(save_file), "--ar", "2"]) == 1
    assert "add --turn N" in capsys.readouterr().err


def test_piped_replay_in_short_tells_each_action_round(save_file, finished, capsys):
    assert main(["replay", str(save_file), "--rounds"]) == 0
    out = capsys.readouterr().out.splitlines()
    heads = [line for line in out if line.startswith("Turn ")]
    assert heads[1].startswith("Turn 1, the Communist's action round 1 (moves ")
    plays = [e for e in finished.log if e["kind"] == "play"]
    told = [line for line in out if line.startswith("T")
            and (" plays #" in line or " uses #" in line)]
    assert len(told) == len(plays) and told[0].startswith("T1 AR1  Communist plays #")
    assert out[-1] == format_result(finished)


def test_in_short_the_deal_is_a_turn_step_of_its_own_after_the_round_that_ended(save_file,
                                                                               finished, capsys):
    assert main(["replay", str(save_file), "--rounds"]) == 0
    out = capsys.readouterr().out.splitlines()
    deals = [i for i, line in enumerate(out) if line.endswith(": cards dealt")]
    assert len(deals) >= 2
    for i in deals[1:]:  # turn 1's deal comes before the first move
        turn = out[i].split()[0][1:]
        assert out[i - 1] == f"Turn {turn}"  # under its own head, not the last round's
        assert out[i + 1].startswith(f"Turn {turn}")  # then the turn's first round or step
    ended = [e for e in finished.log if e["kind"] == "effect_ends"]
    assert len([line for line in out if line.endswith(" is no longer in effect")]) == len(ended)


def test_at_a_terminal_t_goes_to_a_turn_and_r_tells_the_rest_of_a_round(save_file):
    con = console()
    keys = ["t 2", "r", "t 2 3", "t 40", "q"]
    assert run_replay(str(save_file), None, "text", DATA, EVENTS, con,
                      input_fn=scripted(keys), interactive=True) == 0
    out = con.file.getvalue()
    # Turn 2 begins with the deal, which asks nothing: its first move is in a round.
    assert "\nTurn 2, the Communist's action round 1\nMove " in out
    # r: the moves up to the end of the next move's round in short (here the
    # Democrat's first: the Communist's asked one question only).
    assert re.search(r"\nTurn 2, the Democrat's action round 1 \(moves \d+-\d+\)\nT2 AR1  "
                     r"Democrat plays #", out)
    assert "\nTurn 2, the Communist's action round 3\n" in out
    assert "The game has no turn 40 in its moves" in out
    shown = [line for line in out.splitlines() if line.startswith("Move ")]
    assert "turn 2, action round 3" in shown[-1]


def test_a_closed_pipe_ends_the_output_quietly(save_file):
    """`dof replay SAVE | head`: the reader leaves early; dof ends with exit
    code 0 and says nothing (issue 23)."""
    for extra in ([], ["--format", "json"]):
        proc = subprocess.Popen([sys.executable, "-m", "dof", "replay", str(save_file), *extra],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(10)
        proc.stdout.close()
        assert proc.wait(timeout=120) == 0
        assert proc.stderr.read() == b""
