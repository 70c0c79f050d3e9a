"""A person at the terminal as an agent: numbered options, names or prefixes.

The engine never reads the keyboard; this agent does, and it only ever
returns one of the decision's own options, so a typo can never reach the
game. Commands (help, board, board svg, log, save, quit) work at every prompt.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from dof.cli.board_view import board_view, log_view, side_text
from dof.cli.files import user_path, write_atomic
from dof.engine.decisions import Decision

HELP = """\
Answer with the option's number, its name, or the start of its name
(case does not matter; 'wa' is enough when only one option starts with it).
Commands:
  help            this text
  board           draw the board again
  board svg FILE  write a picture of the board to FILE (.svg, or .png with cairosvg)
  log [N]         show the last N log entries (default 60)
  undo            take back your previous decision (never across a die roll or a card
                  drawn or shown)
  save FILE       save the game to FILE and keep playing (load it with: dof play --load FILE)
  quit            leave the game (you are offered to save first; Ctrl-C does the same)"""

_CARD_NUMBER = re.compile(r"^(#\d+)\s+(.*)$")


class Quit(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The person left the game (quit command or end of input); ``code`` is the exit code."""

    def __init__(self, code: int, message: str = ""):
        super().__init__(message)
        self.code = code


class Undone(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The person took back a decision: play goes on with ``game``."""

    def __init__(self, game):
        super().__init__("undone")
        self.game = game


class AnswerError(ValueError):
    """Typed text that does not pick exactly one option; the message says why."""


def _keys(label: str) -> list[str]:
    """The texts a label answers to: itself, and for '#12 Name' also '#12' and 'Name'."""
    keys = [label.casefold()]
    found = _CARD_NUMBER.match(label)
    if found:
        keys += [found.group(1).casefold(), found.group(2).casefold()]
    return keys


def _one_of(matches: list[int], labels: list[str]) -> int | None:
    """The match, when there is one or all matches read the same (identical cards)."""
    if len({labels[i].casefold() for i in matches}) == 1:
        return matches[0]
    return None


def _names(matches: list[int], labels: list[str], most: int = 4) -> str:
    names = list(dict.fromkeys(labels[i] for i in matches))
    shown = names[:most]
    if len(names) > most:
        return ", ".join(shown) + f" and {len(names) - most} more"
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def resolve(text: str, labels: list[str]) -> int:
    """The index of the option ``text`` picks: a 1-based number, a label
    (case-insensitive) or an unambiguous prefix of one; AnswerError otherwise."""
    text = text.strip()
    n = len(labels)
    if not text:
        raise AnswerError(f"Type a number from 1 to {n} or a name ('help' for commands)")
    if text.isdigit():
        if 1 <= int(text) <= n:
            return int(text) - 1
        raise AnswerError(f"There is no option {text}; choose 1 to {n}")
    want = text.casefold()
    keys = [_keys(label) for label in labels]
    for test in (lambda k: k == want, lambda k: k.startswith(want)):
        matches = [i for i in range(n) if any(test(k) for k in keys[i])]
        if not matches:
            continue
        picked = _one_of(matches, labels)
        if picked is not None:
            return picked
        raise AnswerError(f"'{text}' matches {_names(matches, labels)}; type more")
    raise AnswerError(f"'{text}' is not an option; type a number from 1 to {n} or a name")


class HumanAgent:
    """Answers decisions from the keyboard (or ``input_fn``, for scripts and tests).

    ``save_path`` is the default file for ``save`` and for the offer to save
    on ``quit`` or Ctrl-C; when input ends (Ctrl-D) the game is saved there,
    or to a new file in ``recovery_dir``, so that nothing is lost.
    ``show_board`` redraws the board before every decision.
    """

    def __init__(self, console: Console, input_fn: Callable[[Text | str], str] | None = None,
                 save_path: str | None = None, show_board: bool = True,
                 clear: bool | None = None, recovery_dir: Path | None = None):
        self.console = console
        self.input_fn = input_fn or (lambda prompt: console.input(prompt))
        self.save_path = save_path
        self.show_board = show_board
        self.clear = console.is_terminal if clear is None else clear
        self.recovery_dir = recovery_dir
        self.shown = 0  # log entries already on screen

    # ----------------------------------------------------------- agent
    def choose(self, game, decision: Decision) -> Any:
        """Redraw, list the options and read until one option is picked."""
        if self.show_board:
            self.draw(game, decision.player)
        labels = [decision.label(i) for i in range(len(decision.options))]
        self.show_options(decision, labels)
        while True:
            text = self.read(game, Text.assemble(side_text(decision.player),
                                                 f" [1-{len(labels)}]> "))
            if self.command(game, decision, text):
                continue
            try:
                return decision.options[resolve(text, labels)]
            except AnswerError as exc:
                self.console.print(str(exc), style="yellow", markup=False, highlight=False)

    # ---------------------------------------------------------- output
    def draw(self, game, viewer: str) -> None:
        if self.clear:
            self.console.clear()
        self.console.print(board_view(game, viewer, new_from=self.shown))
        self.shown = len(game.log)

    def show_options(self, decision: Decision, labels: list[str]) -> None:
        self.console.print(Text(decision.prompt, style="bold"))
        items = [Text(f"{i + 1:>2}. {label}") for i, label in enumerate(labels)]
        if len(items) <= 8:
            for item in items:
                self.console.print(item)
        else:
            self.console.print(Columns(items, column_first=True, padding=(0, 3)))

    # ------------------------------------------------------------ input
    def read(self, game, prompt: Text | str) -> str:
        """One line of input. Ctrl-C offers to save and leave (as ``quit``);
        the end of input (Ctrl-D) saves the game and leaves with exit code 1."""
        try:
            return self.input_fn(prompt)
        except KeyboardInterrupt:
            self.console.print("\nInterrupted.", markup=False)
            self.quit(game, code=130)
            return ""
        except EOFError:
            self.console.print("\nEnd of input: leaving the game.", markup=False)
            self.rescue(game)
            raise Quit(1, "end of input") from None

    def rescue(self, game) -> None:
        """Save the game where a person will find it, without asking (the
        input is gone or the person insists on leaving)."""
        path = self.save_path or self._recovery_path(game)
        if self.save(game, str(path)):
            self.console.print(f"Continue with: dof play --load {path}", markup=False,
                               highlight=False)

    def command(self, game, decision: Decision, text: str) -> bool:
        """Run ``text`` when it is a command; False when it should be an answer."""
        word, _, rest = text.strip().partition(" ")
        word, rest = word.casefold(), rest.strip()
        if word in ("help", "?"):
            self.console.print(HELP, markup=False, highlight=False)
        elif word == "board" and rest:
            self.picture(game, rest)
        elif word == "board":
            self.draw(game, decision.player)
            self.show_options(decision, [decision.label(i) for i in range(len(decision.options))])
        elif word == "log":
            count = int(rest) if rest.isdigit() else 60
            self.console.print(log_view(game, count))
        elif word == "save":
            path = rest or self.save_path
            if not path:
                self.console.print("Usage: save FILE", markup=False)
            else:
                self.save(game, path)
        elif word == "quit":
            self.quit(game)
        elif word == "undo":
            self.undo(game, decision.player)
        else:
            return False
        return True

    def undo(self, game, side: str) -> None:
        """Back to this player's previous decision, as a new game (raises
        Undone); when the rules forbid it, say why and ask again."""
        from dof.engine.api import UndoError, undo

        try:
            earlier = undo(game, side)
        except UndoError as exc:
            self.console.print(f"Cannot undo: {exc}", style="yellow", markup=False)
            return
        state = earlier.state
        self.console.print(f"Took back your last decision (turn {state['turn']}, action round "
                           f"{state['ar']}).", markup=False, highlight=False)
        raise Undone(earlier)

    def picture(self, game, rest: str) -> None:
        """``board svg FILE``: the board as a picture; play goes on whatever happens."""
        from dof.cli.board_svg import BoardError, write_board

        kind, _, path = rest.partition(" ")
        if kind.casefold() != "svg" or not path.strip():
            self.console.print("Usage: board svg FILE", markup=False)
            return
        try:
            written = write_board(game, user_path(path.strip()))
        except BoardError as exc:
            self.console.print(str(exc), style="red", markup=False)
        except OSError as exc:
            self.console.print(f"Cannot write {path.strip()}: {exc.strerror or exc}",
                               style="red", markup=False)
        else:
            self.console.print(f"Wrote {written}", markup=False, highlight=False)

    def save(self, game, path: str) -> bool:
        """Write the game to ``path``; a failure is reported and play goes on."""
        try:
            written = write_save(game, path)
        except OSError as exc:
            self.console.print(f"Cannot save to {path}: {exc.strerror or exc}", style="red",
                               markup=False)
            return False
        self.console.print(f"Saved to {written}", markup=False, highlight=False)
        return True

    def quit(self, game, code: int = 0) -> None:
        """Offer to save, then leave (exit code ``code``). A second Ctrl-C or
        the end of input at the offer saves without asking."""
        default = self.save_path
        hint = f"Enter saves to {default}, 'no' skips" if default else "Enter skips"
        try:
            answer = self.input_fn(Text(f"Save before quitting? File name ({hint}): ")).strip()
        except (EOFError, KeyboardInterrupt):
            self.console.print("")
            self.rescue(game)
            raise Quit(code, "quit") from None
        if answer.casefold() in ("n", "no"):
            answer = ""
        elif not answer:
            answer = default or ""
        if answer and not self.save(game, answer):
            self.console.print("Not quitting, as the game is not saved.", markup=False)
            return
        raise Quit(code, "quit")

    def _recovery_path(self, game) -> Path:
        folder = self.recovery_dir or Path.cwd()
        stem = f"dof-recovered-seed{game.state['seed']}"
        path, n = folder / f"{stem}.json", 1
        while path.exists():
            n += 1
            path = folder / f"{stem}-{n}.json"
        return path


def write_save(game, path: str | Path) -> Path:
    """Save ``game`` as JSON (load it with ``dof play --load``); an old save
    of that name survives any failure. Returns the path written (``~``
    expanded)."""
    return write_atomic(path, json.dumps(game.to_json(), separators=(",", ":")))
