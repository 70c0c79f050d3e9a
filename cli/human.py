"""A person at the terminal as an agent: numbered options, names or prefixes.

The engine never reads the keyboard; this agent does, and it only ever
returns one of the decision's own options, so a typo can never reach the
game. The screen it draws fits the terminal (cli/screen.py). Commands (help,
board, board COUNTRY, board svg, card, hand, log, undo, save, quit) work at
every prompt and then ask the same question again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from dof.cli.board_view import (
    card_facts,
    card_text,
    country_table,
    find_country,
    log_lines,
    side_text,
)
from dof.cli.explain import render
from dof.cli.explained import effects_in_force
from dof.cli.files import confirm_replace, occupied, same_file, user_path, write_atomic
from dof.cli.screen import (
    Choice,
    make_choice,
    not_offered,
    odds_table,
    prompt_screen,
    question,
    reason_lines,
)
from dof.engine.data.names import did_you_mean
from dof.engine.data.positions import PositionError, Reader
from dof.engine.data.terms import key
from dof.engine.rules.decisions import Decision
from dof.engine.rules.turn import turn_words

HELP = """\
Answer with the option's number, its name or the start of its name ('wa' is
enough when only one option starts with it; a whole name means that name:
'sofia' is Sofia, never Sofia University). Numbers stay the same from one
question to the next: a space is its map number, a card its card number.
Commands (not answers: the question is asked again):
  help            this text
  board           the screen again. A country's line gives who holds Power,
                  then each side's controlled spaces and Battlegrounds (of
                  all), SPs and scoring level (pres, dom, ctrl), and its VP now
  board COUNTRY   one country's spaces in full (board poland); a country's
                  name does the same when you are asked for a space
  board svg FILE  write a picture of the board (.svg, or .png with cairosvg)
  card N          a card's text and facts, by number or name (card walesa)
  hand            your hand with each card's Ops and summary
  log [N]         the last N log lines (the screen has them in short)
  effects         each effect in force: what it does, what ends it (7.2)
  odds            each option's chance of a support check or Tiananmen
                  attempt, from the die and the modifiers in force
  undo            take back your last decision (never across a die roll or a
                  card drawn or shown)
  save FILE       save the game and play on (dof play --load FILE)
  quit            leave (you are offered to save first; Ctrl-C does the same)"""

_CARD_NUMBER = re.compile(r"^(#\d+)\s+(.*)$")


class Quit(Exception):  # a control-flow signal, not an error
    """The person left the game (quit command or end of input); ``code`` is the exit code."""

    def __init__(self, code: int, message: str = ""):
        super().__init__(message)
        self.code = code


class Undone(Exception):  # a control-flow signal, not an error
    """The person took back a decision: play goes on with ``game``."""

    def __init__(self, game):
        super().__init__("undone")
        self.game = game


class AnswerError(ValueError):
    """Typed text that does not pick exactly one option; the message says why."""


def _keys(name: str) -> list[str]:
    """The name keys a name answers to: its own, and for '#12 Name' also
    '#12' and 'Name' (case, accents and spacing ignored: engine.terms.key)."""
    keys = [key(name)]
    found = _CARD_NUMBER.match(name)
    if found:
        keys += [key(found.group(1)), key(found.group(2))]
    return keys


def _one_of(text: str, matches: list[int], labels: list[str]) -> int:
    """The match, when there is one or all matches read the same (identical
    cards); AnswerError naming them otherwise."""
    if len({labels[i].casefold() for i in matches}) == 1:
        return matches[0]
    raise AnswerError(f"'{text}' matches {_names(matches, labels)}; type more")


def _names(matches: list[int], labels: list[str], most: int = 4) -> str:
    names = list(dict.fromkeys(labels[i] for i in matches))
    shown = names[:most]
    if len(names) > most:
        return ", ".join(shown) + f" and {len(names) - most} more"
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def resolve(text: str, labels: list[str], numbers: list[int] | None = None,
            names: list[list[str]] | None = None, whole: Container[str] = ()) -> int:
    """The index of the option ``text`` picks: its number (``numbers``, by
    default 1 to n); else a whole name of an option, its label or one of its
    ``names`` (by name key); else the start of one option's name, unless
    ``text`` is itself a whole name of something else (a key in ``whole``):
    'sofia' is Sofia, never Sofia University. AnswerError otherwise."""
    text = text.strip()
    n = len(labels)
    numbers = numbers or list(range(1, n + 1))
    which = (f"a number from 1 to {n}" if numbers == list(range(1, n + 1))
             else "one of the numbers shown")
    if not text:
        raise AnswerError(f"Type {which} or a name ('help' for commands)")
    if text.isdecimal():
        if int(text) in numbers:
            return numbers.index(int(text))
        raise AnswerError(f"There is no option {text}; type {which}")
    want = key(text)
    keys = [{k for name in (labels[i], *(names[i] if names else [])) for k in _keys(name)}
            for i in range(n)]
    exact = [i for i in range(n) if want in keys[i]]
    if exact:
        return _one_of(text, exact, labels)
    if want in whole:  # the whole name of something that is no option
        raise AnswerError(f"'{text}' is not an option; type {which} or a name")
    started = [i for i in range(n) if any(k.startswith(want) for k in keys[i])]
    if started:
        return _one_of(text, started, labels)
    hint = did_you_mean(text, dict.fromkeys(labels))
    if hint:  # a slip of the keyboard: "did you mean 'Gdansk'?"
        raise AnswerError(f"'{text}' is not an option: {hint} Type {which} or a name")
    raise AnswerError(f"'{text}' is not an option; type {which} or a name")


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
        #: The files this game wrote (its saves, its pictures): written again
        #: without a question.
        self.written = [save_path] if save_path else []
        self.shown = 0  # log entries already on screen
        self.since = 0  # the first log entry the current question's screen shows

    # ----------------------------------------------------------- agent
    def choose(self, game, decision: Decision) -> Any:
        """Show the screen and read until one option is picked."""
        choice = make_choice(decision, game.data)
        self.since = self.shown
        if self.show_board:
            self.draw(game, choice)
        else:
            self.show_options(choice)
        while True:
            text = self.read(game, Text.assemble(side_text(decision.player),
                                                 f" [{choice.hint()}]> "))
            if self.command(game, choice, text):
                continue
            # Asked for a space, a country's name lists its spaces: its full
            # name even where it starts a space's ('Romania', 'Romanian
            # Writers'), the start of it when that is no option's.
            country = find_country(game, text, exact=True) if choice.spaces else None
            if country is None:
                try:
                    return choice.option(resolve(text, choice.labels, choice.numbers,
                                                 choice.names, choice.whole))
                except AnswerError as exc:
                    # A whole name (or a map number) of no option: why not.
                    missing = not_offered(game, choice, text)
                    country = find_country(game, text) if choice.spaces and not missing else None
                    if country is None:
                        self.console.print(f"{missing}. Type one of the numbers shown or a name"
                                           if missing else str(exc), style="yellow",
                                           markup=False, highlight=False)
                        continue
            self.console.print(country_table(game, country, choice.spaces))

    # ---------------------------------------------------------- output
    def draw(self, game, choice: Choice) -> None:
        """The whole screen for a question, fitted to the terminal."""
        if self.clear:
            self.console.clear()
        width, height = self.console.size
        lines = prompt_screen(game, choice, self.since, width, height)
        self.console.print(Text("\n").join(lines))
        self.shown = len(game.log)

    def show_options(self, choice: Choice) -> None:
        """The question and its numbered options alone (no board)."""
        width = self.console.size.width
        self.console.print(Text(question(choice.decision), style="bold"))
        for number, label in zip(choice.numbers, choice.labels, strict=True):
            self.console.print(Text(f"{number:>2}. {label}"))
        for reason in reason_lines(choice.decision, width):
            self.console.print(reason)

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

    def command(self, game, choice: Choice, text: str) -> bool:
        """Run ``text`` when it is a command; False when it should be an answer."""
        word, _, rest = text.strip().partition(" ")
        run = self.commands().get(word.casefold())
        if run is None:
            return False
        run(game, choice, rest.strip())
        return True

    def commands(self) -> dict[str, Callable[[Any, Choice, str], None]]:
        """The commands by name, each given the game, the question and the
        rest of the line (HELP says what they do)."""
        return {
            "help": lambda game, choice, rest: self.console.print(HELP, markup=False,
                                                                  highlight=False),
            "?": lambda game, choice, rest: self.console.print(HELP, markup=False,
                                                               highlight=False),
            "board": self.board,
            "card": lambda game, choice, rest: self.card(game, rest, choice.decision.player),
            "hand": lambda game, choice, rest: self.hand(game, choice.decision.player),
            "log": lambda game, choice, rest: self.log(game, rest),
            "odds": lambda game, choice, rest: self.odds(choice),
            "effects": lambda game, choice, rest: self.effects(game),
            "save": lambda game, choice, rest: self.save_as(game, rest),
            "quit": lambda game, choice, rest: self.quit(game),
            "undo": lambda game, choice, rest: self.undo(game, choice.decision.player),
        }

    def hand(self, game, side: str) -> None:
        """``hand``: each card with its Ops and summary."""
        for number in sorted(game.state["hands"][side]):
            self.console.print(card_text(game, number))

    def save_as(self, game, path: str) -> None:
        """``save [FILE]``: to FILE, or to the game's own save file."""
        path = path or self.save_path or ""
        if not path:
            self.console.print("Usage: save FILE", markup=False)
        else:
            self.save(game, path)

    def log(self, game, rest: str) -> None:
        """``log [N]``: the last N entries (a screenful by default)."""
        width, height = self.console.size
        if rest and not rest.isdecimal():
            self.console.print("Usage: log [N] (the last N log entries)", markup=False)
            return
        count = int(rest) if rest else height - 2
        lines = log_lines(game, 10 ** 6, max(0, len(game.log) - count), width)
        self.console.print(Text("\n").join(lines) if lines else Text("(empty)"))

    def effects(self, game) -> None:
        """``effects``: each lasting effect in force in full, as `dof explain`
        says it (explained.in_force), then the cards on display without one."""
        found = effects_in_force(game)
        for i, said in enumerate(found):
            if i:
                self.console.print()
            self.console.print(render(said), highlight=False)
        display = [c for c in game.state["display"]
                   if not any(e.get("card") == c for e in game.state["effects"])]
        if display:
            names = ", ".join(game.card_name(c) for c in display)
            self.console.print(f"On display (7.2): {names}", markup=False, highlight=False)
        if not found and not display:
            self.console.print("No effect is in force.", markup=False)

    def odds(self, choice: Choice) -> None:
        """``odds``: each option's roll in full, one line each (odds_table)."""
        width = self.console.size.width
        lines = odds_table(choice, width)
        self.console.print(Text("\n").join(lines) if lines else
                           Text("No option of this question rolls a die."))

    def board(self, game, choice: Choice, rest: str) -> None:
        """``board`` draws the screen again, ``board svg FILE`` writes a
        picture; ``board COUNTRY`` shows one country's spaces, numbered when
        the question offers them."""
        if not rest:
            self.draw(game, choice)
            return
        kind, _, path = rest.partition(" ")
        if kind.casefold() == "svg":
            self.picture(game, path.strip())
            return
        country = find_country(game, rest)
        if country is None:
            names = ", ".join(game.data.countries)
            self.console.print(f"Usage: board COUNTRY (one of {names}) or board svg FILE",
                               markup=False, highlight=False)
            return
        self.console.print(country_table(game, country, choice.spaces))

    def card(self, game, text: str, viewer: str) -> None:
        """``card N``: a card's facts and text, by number or name; a name
        that matches nothing gets a 'did you mean' hint."""
        if not text:
            self.console.print("Usage: card N (a card's number or name: card 12, card walesa)",
                               markup=False)
            return
        number, problem = find_card(game.data, text)
        if number is None:
            self.console.print(problem[:1].upper() + problem[1:], style="yellow", markup=False,
                               highlight=False)
            return
        self.console.print(card_facts(game, number, viewer))

    def undo(self, game, side: str) -> None:
        """Back to this player's previous decision, as a new game (raises
        Undone); when the rules forbid it, say why and ask again."""
        from dof.engine.api import UndoError, undo

        try:
            earlier = undo(game, side)
        except UndoError as exc:
            self.console.print(f"Cannot undo: {exc}", style="yellow", markup=False)
            return
        when = turn_words(earlier.state["turn"], earlier.state["ar"])
        self.console.print(f"Took back your last decision ({when}).", markup=False,
                           highlight=False)
        raise Undone(earlier)

    def picture(self, game, path: str) -> None:
        """``board svg FILE``: the board as a picture; play goes on whatever happens."""
        from dof.cli.board_svg import BoardError, write_board

        if not path:
            self.console.print("Usage: board svg FILE", markup=False)
            return
        if not self.may_write(path):
            return
        try:
            written = write_board(game, user_path(path))
        except BoardError as exc:
            self.console.print(str(exc), style="red", markup=False)
        except OSError as exc:
            self.console.print(f"Cannot write {path}: {exc.strerror or exc}",
                               style="red", markup=False)
        else:
            self.console.print(f"Wrote {written}", markup=False, highlight=False)
            self.written.append(path)

    def save(self, game, path: str) -> bool:
        """Write the game to ``path``; a failure is reported and play goes on."""
        if not self.may_write(path):
            return False
        try:
            written = write_save(game, path)
        except OSError as exc:
            self.console.print(f"Cannot save to {path}: {exc.strerror or exc}", style="red",
                               markup=False)
            return False
        self.console.print(f"Saved to {written}", markup=False, highlight=False)
        self.written.append(path)
        return True

    def may_write(self, path: str) -> bool:
        """Nothing lost: a file that exists and that this game did not write
        is replaced only if the person says yes (asked until yes or no)."""
        if not occupied(path) or any(same_file(path, p) for p in self.written):
            return True
        if confirm_replace(path, lambda question: self.input_fn(Text(question))):
            return True
        self.console.print(f"Kept {path}: nothing written.", markup=False, highlight=False)
        return False

    def quit(self, game, code: int = 0) -> None:
        """Offer to save, then leave (exit code ``code``). A second Ctrl-C or
        the end of input at the offer saves without asking."""
        default = self.save_path
        hint = f"Enter or 'yes' saves to {default}, 'no' skips" if default else "Enter skips"
        answer = word = ""
        while True:
            try:
                answer = self.input_fn(Text(f"Save before quitting? File name ({hint}): "))
            except (EOFError, KeyboardInterrupt):
                self.console.print("")
                self.rescue(game)
                raise Quit(code, "quit") from None
            answer = answer.strip()
            word = answer.casefold()
            if word in ("y", "yes") and not default:
                # A yes answers the question, but names no file to save to.
                self.console.print("Type the file name to save to, or Enter to quit without "
                                   "saving", markup=False)
                continue
            break
        if word in ("n", "no"):
            answer = ""
        elif not answer or word in ("y", "yes"):
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


def find_card(data, text: str) -> tuple[int | None, str]:
    """A strategy card by number ('12', '#12') or name (exact, or a unique
    start of it; case and accents ignored): (number, '') or (None, why not,
    with a 'did you mean' hint)."""
    try:
        return Reader(data).card_number(text), ""
    except PositionError as exc:
        problem = exc.message + (f"; {exc.hint}" if exc.hint else "")
    want = key(text)
    if want and not want.lstrip("#").isdecimal():
        found = sorted(n for n, c in data.cards.items() if key(c.name).startswith(want))
        if len(found) == 1:
            return found[0], ""
        if found:
            names = ", ".join(f"#{n} {data.cards[n].name}" for n in found[:5])
            more = f" and {len(found) - 5} more" if len(found) > 5 else ""
            problem = f"'{text}' matches {names}{more}; type more"
    return None, problem
