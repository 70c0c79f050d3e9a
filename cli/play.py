"""`dof play`: one game between people and bots at the terminal.

People see the board redrawn before each of their decisions; a game between
bots only prints the log as it happens, then the result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from dof.cli.board_view import board_lines, format_result, log_text
from dof.cli.human import HumanAgent, Quit, Undone, write_save
from dof.cli.round_summary import news_lines
from dof.cli.saves import load_game
from dof.cli.sim import bot_seed
from dof.cli.start import Start, started_game
from dof.engine.api import view
from dof.engine.bots.agents import make_agent
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.rules.turn import turn_words


class SaveFailure(Exception):
    """The --save file cannot be written."""


def new_game(data, events, seed: int | None, extra_sps: dict[str, int],
             console: Console, start: Start | None = None,
             humans: Sequence[str] = ()) -> Game:
    """A new game, at the opening or as ``start`` says; a random seed is
    printed so the game can be replayed."""
    if seed is None:
        seed = random.randrange(1_000_000)
    options = {"extra_sps": extra_sps}
    if start:
        game = started_game(data, events, seed, options, start, list(humans))
    else:
        game = Game.new(data, seed, options=options, events=events)
    again = f" {start.replay()}" if start else ""
    console.print(f"Seed {seed} (replay with --seed {seed}{again})", highlight=False,
                  soft_wrap=True)
    return game


def make_agents(kinds: dict[str, str], seed: int, console: Console, save: str | None,
                input_fn: Callable[[Text | str], str] | None = None) -> dict:
    """Agents by side; both human sides share one agent (hot seat)."""
    human = None
    agents = {}
    for side in SIDES:
        if kinds[side] == "human":
            human = human or HumanAgent(console, input_fn, save_path=save)
            agents[side] = human
        else:
            agents[side] = make_agent(kinds[side], bot_seed(seed, side))
    return agents


def autosave(game: Game, path: str | None, console: Console) -> None:
    if not path:
        return
    try:
        write_save(game, path)
    except OSError as exc:
        console.print(f"Warning: cannot save to {path}: {exc.strerror or exc}", style="yellow",
                      markup=False)


def drive(game: Game, agents: dict, console: Console, echo: bool, save: str | None,
          printed: int = 0) -> None:
    """Answer decisions until the game ends; ``echo`` prints the log lines from
    index ``printed`` on as they come."""
    while True:
        if echo:
            for entry in game.log[printed:]:
                console.print(log_text(game, entry), highlight=False, soft_wrap=True)
            printed = len(game.log)
        decision = game.pending
        if decision is None:
            return
        agent = agents[decision.player]
        if isinstance(agent, HumanAgent):  # a person at this terminal sees his board
            autosave(game, save, console)
            game.answer(agent.choose(game, decision))
        else:
            seen = view(game, decision.player)
            game.answer(agent.choose(seen, seen.decision))


def run_play(kinds: dict[str, str], seed: int | None, load: str | None, save: str | None,
             extra_sps: dict[str, int], data, events, console: Console,
             input_fn: Callable[[Text | str], str] | None = None,
             start: Start | None = None) -> int:
    """Play one game; returns the exit code (0, or 1 when input ended).
    ``start`` begins it elsewhere than at the opening (cli/start.py)."""
    humans = [side for side in SIDES if kinds[side] == "human"]
    if load:
        game = load_game(load, data, events)
        console.print(f"Loaded {load} ({turn_words(game.state['turn'], game.state['ar'])})",
                      highlight=False)
        if game.restored:
            console.print(f"Note: {game.restored}", style="yellow", highlight=False)
    else:
        game = new_game(data, events, seed, extra_sps, console, start, humans)
    if save:
        try:
            write_save(game, save)
        except OSError as exc:
            raise SaveFailure(f"cannot save to {save}: {exc.strerror or exc}") from None
    agents = make_agents(kinds, game.state["seed"], console, save, input_fn)
    printed = len(game.log) if load else 0
    try:
        while True:
            try:
                drive(game, agents, console, echo=not humans, save=save, printed=printed)
                break
            except Undone as back:  # the person took back a decision
                game, printed = back.game, len(back.game.log)
            except KeyboardInterrupt:
                # Ctrl-C while a bot thinks: the game is back at its last decision
                # (Game.answer), so a person is offered to save it as at a prompt.
                if not humans:
                    raise
                console.print("\nInterrupted.", markup=False)
                agents[humans[0]].quit(game, code=130)
                printed = len(game.log)
    except Quit as left:
        return left.code
    autosave(game, save, console)
    if humans:
        viewer = humans[0] if len(humans) == 1 else None
        width, height = console.size
        board = board_lines(game, viewer, width)
        news = news_lines(game, height - 2 - len(board), agents[humans[0]].shown, width)
        console.print(Text("\n").join([*board, *news]))
    console.print(Text(format_result(game), style="bold"))
    return 0
