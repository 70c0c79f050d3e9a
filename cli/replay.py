"""`dof replay SAVE`: a saved game move by move, as it was played.

At a terminal it waits after each move for a key (Enter: the next move,
b: back one, g N: go to move N, t TURN [AR]: go to a turn or an action
round, r: the moves to the end of this round in short, board, q: quit); piped,
it prints the whole game as text, move by move or (``--rounds``) each
action round in short, as the play screen tells the opponent's round;
``--format json`` prints the moves as data. The save is
replayed and checked against itself first (engine/history.py), so what is
shown is the game that was saved, and a save that cannot be shown gets one
line on stderr.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import groupby

from rich.console import Console
from rich.text import Text

from dof.cli.board_view import board_lines, format_result, log_text, side_text
from dof.cli.files import shown
from dof.cli.round_summary import summary_lines
from dof.cli.saves import LoadError, read_save_file
from dof.engine.history import Move, Replay
from dof.engine.rules.turn import turn_words
from dof.engine.saves import SaveError

HELP = """\
  Enter     the next move
  b         back one move
  g N       go to move N (g 0: the start)
  t N [R]   go to the first move of turn N, or of its action round R
  r         the moves to the end of this action round in short, then on to
            the next round
  board     the board after the move shown
  q         quit"""


class ReplayError(Exception):
    """A replay that cannot be shown as asked (--to past the last move)."""


@dataclass(frozen=True)
class Round:
    """An action round of a replayed game (its ``phasing`` player's round
    ``ar`` of ``turn``), or a turn step outside them (``ar`` 0: setup, the
    deal, the end of a turn), as the moves ``first`` to ``last`` made in it."""

    turn: int
    ar: int
    phasing: str | None
    first: int
    last: int
    #: A round past the seven of 4.5.2, that a lasting effect gave (Honecker).
    extra: bool = False

    def title(self) -> str:
        """"Turn 3, the Communist's action round 5"; "Turn 3" outside them."""
        if not self.ar or self.phasing is None:
            return f"Turn {self.turn}"
        which = f"{'extra ' if self.extra else ''}action round {self.ar}"
        return f"Turn {self.turn}, the {self.phasing.capitalize()}'s {which}"


def rounds(replay: Replay) -> list[Round]:
    """The moves of a replay by action round, in order."""
    out: list[Round] = []
    seven = replay.final.data.action_rounds
    for move in replay.moves:
        where = (move.turn, move.ar, move.phasing)
        if out and (out[-1].turn, out[-1].ar, out[-1].phasing) == where:
            out[-1] = replace(out[-1], last=move.number)
        else:
            out.append(Round(*where, move.number, move.number, extra=move.ar > seven))
    return out


def round_at(replay: Replay, turn: int, ar: int | None = None) -> Round | None:
    """The first round of ``turn`` (with ``ar``, its action round ``ar``:
    the Communist's, who plays first in a round, 4.5.2), or None."""
    return next((r for r in rounds(replay) if r.turn == turn and (ar is None or r.ar == ar)),
                None)


def _where(entry: dict) -> tuple[int, int]:
    return entry.get("turn", 0), entry.get("ar", 0)


def told(replay: Replay, rounds_: list[Round]) -> list[tuple[Round, list[dict]]]:
    """``rounds_`` (consecutive rounds of ``replay``) with the log lines each
    made. A round's last answer also leads to what follows it up to the next
    question: those lines go where they were written, a turn step's (the
    end of the turn, the deal, final scoring: action round 0) as a round of
    its own with no moves, the next round's to its start."""
    out: list[tuple[Round, list[dict]]] = []
    carried: list[dict] = []
    for found in rounds_:
        made = [e for move in replay.moves[found.first - 1:found.last] for e in move.log]
        cut = next((i for i, e in enumerate(made) if _where(e) != (found.turn, found.ar)),
                   len(made))
        out.append((found, carried + made[:cut]))
        carried = []
        for (turn, ar), lines in groupby(made[cut:], key=_where):
            if ar:
                carried += lines
            else:
                out.append((Round(turn, 0, None, found.last + 1, found.last), list(lines)))
    if carried:
        turn, ar = _where(carried[0])
        last = rounds_[-1].last
        out.append((Round(turn, ar, None, last + 1, last), carried))
    return out


def round_lines(replay: Replay, found: Round, entries: list[dict], width: int) -> list[Text]:
    """An action round in short: its title, then each card played in it
    with what it did (cli/round_summary.py, as the play screen says it)."""
    moves = f" (moves {found.first}-{found.last})" if found.first <= found.last else ""
    head = Text(found.title() + moves, style="bold")
    return [head, *summary_lines(replay.final, entries, width, 10 ** 6)[1:]]


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
            text = input_fn(Text(f"move {at}/{last} [Enter, b, g N, t N, r, board, q, help]> ",
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
    elif word in ("t", "turn") and all(n.isdecimal() for n in rest.split()) and \
            1 <= len(rest.split()) <= 2:
        return _to_round(console, replay, *map(int, rest.split()))
    elif word in ("r", "round"):
        return _rest_of_round(console, replay, at)
    elif word == "board":
        show_board(console, replay, at)
    elif word in ("h", "help", "?"):
        console.print(HELP, markup=False, highlight=False)
    else:
        console.print(f"'{text}' is not a command; type help", style="yellow", markup=False)
    return None


def _to_round(console: Console, replay: Replay, turn: int, ar: int | None = None) -> int | None:
    """``t N [R]``: the first move of turn N (or of its action round R)."""
    found = round_at(replay, turn, ar)
    if found is None:
        where = f"turn {turn}" + (f", action round {ar}," if ar is not None else "")
        console.print(f"The game has no {where} in its moves (turns {replay.moves[0].turn} "
                      f"to {replay.moves[-1].turn}).", style="yellow", highlight=False)
        return None
    console.print(Text(found.title(), style="bold"))
    return found.first


def _rest_of_round(console: Console, replay: Replay, at: int) -> int | None:
    """``r``: the moves after move ``at`` to the end of their action round
    in short, then on to the first move of the next round."""
    found = next((r for r in rounds(replay) if r.last > at), None)
    if found is None:
        console.print("This is the last action round.", style="yellow")
        return None
    rest = replace(found, first=max(found.first, at + 1))
    for part, entries in told(replay, [rest]):
        for line in round_lines(replay, part, entries, console.width):
            console.print(line, highlight=False)
    return min(found.last + 1, len(replay.moves))


def run_replay(path: str, to: int | None, fmt: str, data, events, console: Console,
               input_fn: Callable[[Text | str], str] | None = None,
               interactive: bool | None = None, turn: tuple[int, int | None] | None = None,
               in_short: bool = False) -> int:
    """`dof replay`: exit code 0; LoadError or ReplayError (one line) when
    the save cannot be replayed or ``to`` is past its last move, or
    ``turn`` (a turn, and an action round or None) is not in it: then
    ``to`` is the move before that round's first. At a terminal (or
    ``interactive``) it steps through the moves reading keys from
    ``input_fn``; else it prints them all (or up to ``to``), each action
    round in short with ``in_short``."""
    replay = read_replay(path, data, events)
    if turn is not None:
        to = _round_start(path, replay, *turn)
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
    lines = _in_short(replay, to, console.width) if in_short else (
        line for number in range(len(replay.moves) + 1 if to is None else to + 1)
        for line in move_lines(replay, number))
    for line in lines:
        console.print(line, highlight=False, soft_wrap=True)
    if to is not None:
        show_board(console, replay, to)
    return 0


def _in_short(replay: Replay, to: int | None, width: int) -> list[Text]:
    """Each action round in short (up to the one of move ``to``), then how
    the game ended."""
    shown = [r for r in rounds(replay) if to is None or r.first <= to]
    out = [line for found, entries in told(replay, shown)
           for line in round_lines(replay, found, entries, width)]
    return [*out, Text(ending(replay), style="bold")]


def _round_start(path: str, replay: Replay, turn: int, ar: int | None) -> int:
    """The move before the first of turn ``turn`` (or of its action round
    ``ar``): the position at its start; ReplayError when the game has none."""
    found = round_at(replay, turn, ar)
    if found is None:
        where = f"--turn {turn}" + (f" --ar {ar}" if ar is not None else "")
        turns = f"turns {replay.moves[0].turn} to {replay.moves[-1].turn}" if replay.moves \
            else "no moves"
        raise ReplayError(f"{where}: the game in {path} has no such round in its moves "
                          f"({turns})")
    return found.first - 1
