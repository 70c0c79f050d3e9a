"""`dof replay SAVE`: a saved game move by move, as it was played.

At a terminal it waits after each move for a key (Enter: the next move,
b: back one, g N: go to move N, board, q: quit); piped, it prints the whole
game as text; ``--format json`` prints the moves as data. The save is
replayed and checked against itself first (engine/history.py), so what is
shown is the game that was saved, and a save that cannot be shown gets one
line on stderr.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from dof.cli.board_view import board_lines, format_result, log_text, side_text
from dof.cli.files import shown
from dof.cli.saves import LoadError, read_save_file
from dof.engine.history import Move, Replay
from dof.engine.rules.turn import turn_words
from dof.engine.saves import SaveError

HELP = """\
  Enter     the next move
  b         back one move
  g N       go to move N (g 0: the start)
  board     the board after the move shown
  q         quit"""


class ReplayError(Exception):
    """A replay that cannot be shown as asked (--to past the last move)."""


def read_replay(path: str, data, events) -> Replay:
    """The replay of a save file; every failure becomes one LoadError line."""
    obj = read_save_file(path, verb="replay")
    try:
        return Replay(obj, data, events)
    except SaveError as exc:
        raise LoadError(f"cannot replay {path}: {exc}") from None
    except Exception as exc:  # the replay ran into anything else: still a bad save
        raise LoadError(f"cannot replay {path}: the save does not replay "
                        f"({type(exc).__name__}: {exc})") from None


def where(state: dict) -> str:
    """Where a game stands: turn, action round, and the turn step."""
    return f"{turn_words(state['turn'], state['ar'])} ({state['phase'].replace('_', ' ')})"


def header(path: str, replay: Replay) -> Text:
    """What is replayed, and that the replay was checked against the save."""
    count = len(replay.moves)
    return Text.assemble((f"Replay of {path}: seed {replay.start['seed']}, {count} move"
                          f"{'' if count == 1 else 's'} from {where(replay.start)}", "bold"),
                         ("\nChecked: the answers replayed give the saved game.", "dim"))


def move_lines(replay: Replay, number: int) -> list[Text]:
    """Move ``number`` as lines of text: who answered what, then the log
    lines it led to; move 0 is the start and the log before the first move."""
    if number == 0:
        lines = [Text(f"Move 0/{len(replay.moves)}  the start, {where(replay.start)}",
                      style="bold")]
        entries = replay.opening
    else:
        move: Move = replay.moves[number - 1]
        lines = [Text.assemble((f"Move {number}/{len(replay.moves)}  ", "bold"),
                               side_text(move.player),
                               (f"  {turn_words(move.turn, move.ar)}", "dim")),
                 Text.assemble(f"  {move.prompt} -> ", (move.label, "bold"))]
        entries = move.log
    lines += [Text("    ").append_text(log_text(replay.final, entry)) for entry in entries]
    if number == len(replay.moves):
        lines.append(Text(ending(replay), style="bold"))
    return lines


def ending(replay: Replay) -> str:
    """How the saved game ended, or whose decision it was waiting for."""
    game = replay.final
    if game.pending is None:
        return format_result(game)
    return (f"The game was saved here: the {game.pending.player} is to answer "
            f"'{game.pending.prompt}'.")


def show_board(console: Console, replay: Replay, number: int) -> None:
    """The board after move ``number``, with the hand of the side to act."""
    game = replay.game_at(number)
    viewer = game.pending.player if game.pending else None
    for line in board_lines(game, viewer, console.width):
        console.print(line, soft_wrap=True)


def as_json(path: str, replay: Replay, to: int | None) -> dict:
    """The moves (up to ``to``) as data; with ``to``, the state after it."""
    moves = replay.moves if to is None else replay.moves[:to]
    out = {"file": shown(path), "seed": replay.start["seed"], "start": replay.start,
           "opening": replay.opening, "moves": [m.to_json() for m in moves],
           "result": replay.final.result}
    if to is not None:
        out["state"] = replay.game_at(to).state
    return out


def step_through(console: Console, replay: Replay, at: int,
                 input_fn: Callable[[Text | str], str]) -> int:
    """Show move ``at`` and wait for a key after each move (module doc)."""
    last = len(replay.moves)
    show: int | None = at  # the move to print next, if any
    while True:
        if show is not None:
            at = show
            for line in move_lines(replay, at):
                console.print(line, highlight=False)
            show = None
        try:
            text = input_fn(Text(f"move {at}/{last} [Enter, b, g N, board, q, help]> ",
                                 style="dim"))
        except EOFError:
            return 0
        word, _, rest = text.strip().casefold().partition(" ")
        if word in ("q", "quit") or (not word and at == last):
            return 0
        show = _command(console, replay, at, word, rest.strip(), text.strip())


def _command(console: Console, replay: Replay, at: int, word: str, rest: str,
             text: str) -> int | None:
    """Carry out a command typed at move ``at`` (other than quitting): the
    move to show next, or None to stay."""
    last = len(replay.moves)
    if not word:
        return at + 1
    if word in ("b", "back"):
        if at > 0:
            return at - 1
        console.print("This is the start.", style="yellow")
    elif word in ("g", "go") and rest.isdecimal():
        if int(rest) <= last:
            return int(rest)
        console.print(f"There is no move {rest}: the game has moves 1 to {last}.",
                      style="yellow")
    elif word == "board":
        show_board(console, replay, at)
    elif word in ("h", "help", "?"):
        console.print(HELP, markup=False, highlight=False)
    else:
        console.print(f"'{text}' is not a command; type help", style="yellow", markup=False)
    return None


def run_replay(path: str, to: int | None, fmt: str, data, events, console: Console,
               input_fn: Callable[[Text | str], str] | None = None,
               interactive: bool | None = None) -> int:
    """`dof replay`: exit code 0; LoadError or ReplayError (one line) when
    the save cannot be replayed or ``to`` is past its last move. At a
    terminal (or ``interactive``) it steps through the moves reading keys
    from ``input_fn``; else it prints them all (or up to ``to``)."""
    replay = read_replay(path, data, events)
    if to is not None and to > len(replay.moves):
        raise ReplayError(f"--to {to}: the game in {path} has moves 1 to {len(replay.moves)}")
    if fmt == "json":
        print(json.dumps(as_json(path, replay, to)))
        return 0
    console.print(header(path, replay), highlight=False, soft_wrap=True)
    if console.is_terminal if interactive is None else interactive:
        if to is not None:
            show_board(console, replay, to)
        return step_through(console, replay, to or 0,
                            input_fn or (lambda prompt: console.input(prompt)))
    for number in range(len(replay.moves) + 1 if to is None else to + 1):
        for line in move_lines(replay, number):
            console.print(line, highlight=False, soft_wrap=True)
    if to is not None:
        show_board(console, replay, to)
    return 0
