"""The `dof` command: play, replay, sim, balance, lint, cards, explain, scenario, lsp and
board.

Every failure a user can cause ends with one line on stderr and a non-zero
exit code, never a traceback (set DOF_DEBUG=1 to see one anyway).
"""

from __future__ import annotations

import argparse
import os
import sys

# Each command imports what it needs: --help starts fast. Not even typing
# and pathlib (see dof/__init__.py): mypy reads this flag as typing's.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from rich.console import Console

BOTS = ("random", "greedy", "search")
PLAYERS = ("human", *BOTS)
BOT_HELP = "search:N or search:Ts sets the search bot's budget (N playouts, T seconds a decision)"


class CliError(Exception):
    """A user-facing error: printed as 'dof: MESSAGE', exit code 1."""


# ------------------------------------------------------------ argument types
def mod_dir(text: str) -> Path:
    """--mod must name an existing folder."""
    from pathlib import Path

    if not Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"not a folder: {text}")
    return Path(text)


def extra_sps(text: str) -> tuple[str, int]:
    """--extra-sps SIDE:N (13.0 bid SPs); the side may be abbreviated."""
    from dof.engine.data.state import MAX_BID

    side, sep, count = text.partition(":")
    sides = [s for s in ("democrat", "communist") if side and s.startswith(side.lower())]
    if not sep or len(sides) != 1 or not count.isdecimal():
        raise argparse.ArgumentTypeError(f"expected SIDE:N such as democrat:2, got {text!r}")
    if int(count) > MAX_BID:
        raise argparse.ArgumentTypeError(
            f"{text}: a 13.0 bid is at most {MAX_BID} SPs (a handful of 1-SP markers "
            "held in one hand; ruling R3)")
    return sides[0], int(count)


def whole(text: str) -> int:
    if not text.isdecimal():
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0, got {text!r}")
    return int(text)


def positive(text: str) -> int:
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)


#: The most games `dof sim` plays in one run. Every game's record is kept
#: until the summary is made (some 35 kB each: 100,000 games hold 3.5 GB);
#: a larger batch is several runs, each from its own --seed.
MAX_GAMES = 100_000


def game_count(most: int, why: str):
    """An argument type for --games: a whole number from 1 to ``most``."""
    def parse(text: str) -> int:
        count = positive(text)
        if count > most:
            raise argparse.ArgumentTypeError(
                f"at most {most} games a run ({why}), got {text}; play more as several runs, "
                "each from its own --seed")
        return count
    parse.__name__ = "games"
    return parse


def player(allowed: tuple[str, ...]):
    """An argument type for a player: one of ``allowed``; the search bot may
    carry its budget (search:500, search:1.5s)."""
    def parse(text: str) -> str:
        name, sep, budget = text.partition(":")
        if name in allowed and not sep:
            return text
        if name == "search" and name in allowed:
            from dof.engine.bots.search import search_budget

            try:
                search_budget(budget)
                return text
            except ValueError:
                pass
        raise argparse.ArgumentTypeError(
            f"expected one of {', '.join(allowed)} (or search:N, search:Ts), got {text!r}")
    parse.__name__ = "player"
    return parse


def add_overwrite(command: argparse.ArgumentParser, option: str) -> None:
    """--overwrite: new content may replace an existing file (cli/files.py claim)."""
    command.add_argument("--overwrite", action="store_true",
                         help=f"let {option} replace an existing file (else dof asks at a "
                              "terminal, and refuses elsewhere)")


def add_where(command: argparse.ArgumentParser) -> None:
    """--jobs N or --ray ADDRESS: where a command plays its games."""
    where = command.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=positive, metavar="N",
                       help="play on N processes (default: one per core)")
    where.add_argument("--ray", metavar="ADDRESS",
                       help="play on a Ray cluster: auto (the running one), local (start one) "
                            "or its address; needs pip install 'dof[ray]'")


class DefaultsFormatter(argparse.HelpFormatter):
    """Help that states each option's default: '(default: greedy)' after
    its text, unless the text says it already or there is none to say (no
    value, a flag that is off)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (not action.option_strings or default in (None, False, [], argparse.SUPPRESS)
                or "default" in text):
            return text
        return f"{text} (default: %(default)s)" if text else "default: %(default)s"


class Parser(argparse.ArgumentParser):
    """dof's argument parsers, its commands' too: help with the defaults."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", DefaultsFormatter)
        super().__init__(*args, **kwargs)


class VersionAction(argparse.Action):
    """--version: the installed version, looked up only when asked (reading
    the package metadata costs more than the rest of `dof --help`)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default,
                         help=help or "show program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from dof.cli.version import version

        print(f"dof {version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="dof", description="1989: Dawn of Freedom - rules engine and card language")
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game (you are the Democrat by default)")
    play.add_argument("--democrat", type=player(PLAYERS), default="human",
                      metavar="{" + ",".join(PLAYERS) + "}",
                      help=f"who plays the Democrat: human (at this terminal) or a bot; {BOT_HELP}")
    play.add_argument("--communist", type=player(PLAYERS), default="greedy",
                      metavar="{" + ",".join(PLAYERS) + "}",
                      help="who plays the Communist, as --democrat")
    play.add_argument("--seed", type=int, help="game seed (random and printed if omitted)")
    play.add_argument("--load", metavar="FILE", help="continue a saved game")
    play.add_argument("--save", metavar="FILE",
                      help="keep FILE saved before each of your decisions and at the end")
    add_overwrite(play, "--save")
    play.add_argument("--mod", type=mod_dir, metavar="DIR", help="play with a card mod folder")
    play.add_argument("--extra-sps", type=extra_sps, action="append", default=[],
                      metavar="SIDE:N", help="13.0 bid: extra SPs for SIDE after setup "
                      "(default: none)")
    play.add_argument("--turn", type=positive, metavar="N",
                      help="start at turn N, with the Middle/Late Year cards in the deck")
    play.add_argument("--position", metavar="FILE",
                      help="start from a position or scenario file (docs/scenarios.md)")
    play.add_argument("--deal", action="append", default=[],
                      metavar="[SIDE:]CARDS", help="put cards (numbers or names, comma "
                      "separated) in your hand (the Communist's if no or both players are "
                      "human), or SIDE's")
    play.set_defaults(handler=cmd_play)

    replay = sub.add_parser("replay", help="step through a saved game move by move")
    replay.add_argument("file", metavar="SAVE", help="a save file (dof play --save)")
    where = replay.add_mutually_exclusive_group()
    where.add_argument("--to", type=whole, metavar="N",
                       help="show the position after move N (0: the start)")
    where.add_argument("--turn", type=positive, metavar="N",
                       help="show the position at the start of turn N (with --ar, of its "
                            "action round R)")
    replay.add_argument("--ar", type=positive, metavar="R",
                        help="with --turn: the start of action round R of that turn")
    replay.add_argument("--rounds", action="store_true",
                        help="piped: each action round in short (the cards played and what "
                             "they did), not move by move")
    replay.add_argument("--format", dest="fmt", choices=("text", "json"), default="text",
                        help="text: the moves and their log lines; json: the moves as data")
    replay.add_argument("--mod", type=mod_dir, metavar="DIR",
                        help="the card mod folder the game was played with")
    replay.set_defaults(handler=cmd_replay)

    sim = sub.add_parser("sim", help="play many bot games and summarize them")
    sim.add_argument("--games", type=game_count(MAX_GAMES, "each game's record is kept for "
                                                "the summary, some 35 kB"), required=True,
                     help=f"how many games (at most {MAX_GAMES})")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--democrat", type=player(BOTS), default="random",
                     metavar="{" + ",".join(BOTS) + "}",
                     help=f"the bot playing the Democrat; {BOT_HELP}")
    sim.add_argument("--communist", type=player(BOTS), default="random",
                     metavar="{" + ",".join(BOTS) + "}",
                     help="the bot playing the Communist, as --democrat")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object rather than the tables")
    sim.add_argument("--mod", type=mod_dir, metavar="DIR", help="play with a card mod folder")
    sim.add_argument("--out", metavar="FILE", help="also write one JSON line per game to FILE")
    add_overwrite(sim, "--out")
    add_where(sim)
    sim.set_defaults(handler=cmd_sim)

    balance = sub.add_parser("balance", help="does a mod change who wins? the same bot games "
                             "with and without it")
    balance.add_argument("--mod", type=mod_dir, required=True, metavar="DIR",
                         help="the card mod folder whose games are compared with the "
                              "built-in deck's")
    balance.add_argument("--games", type=game_count(MAX_GAMES // 2, "each seed is played "
                                                    "twice, with and without the mod"),
                         required=True, help="games per arm (each seed is played with and "
                         f"without the mod; at most {MAX_GAMES // 2})")
    balance.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    balance.add_argument("--bot", type=player(BOTS), default="random",
                         metavar="{" + ",".join(BOTS) + "}",
                         help=f"the bot playing both sides (default random); {BOT_HELP}")
    add_where(balance)
    balance.add_argument("--format", dest="fmt", choices=("text", "json", "html"),
                         default="text", help="text: tables; json: one object (printed, or "
                         "to -o FILE); html: a page with a plot (to -o FILE)")
    balance.add_argument("-o", "--out", metavar="FILE",
                         help="write the json or html report to FILE (html needs it)")
    add_overwrite(balance, "-o")
    balance.set_defaults(handler=cmd_balance)

    lint = sub.add_parser("lint", help="check card files")
    lint.add_argument("paths", nargs="*", metavar="PATH",
                      help="card files or folders of them (none: the built-in cards)")
    lint.add_argument("--format", dest="fmt", choices=("text", "json"), default="text",
                      help="text: each problem at file:line:col with its line and a caret; "
                           "json: one object")
    lint.add_argument("--strict", action="store_true", help="treat warnings as errors")
    lint.add_argument("--mod", type=mod_dir, metavar="DIR",
                      help="check DIR's card files as one mod, with the built-in cards")
    lint.add_argument("--jobs", type=positive, metavar="N",
                      help="read more than a megabyte of card text on N processes "
                           "(default: one per core)")
    lint.set_defaults(handler=cmd_lint)

    cards = sub.add_parser("cards", help="show cards and their compiled effects")
    cards.add_argument("query", nargs="?",
                       help="card number or name, or a Tiananmen box (box 4, its name)")
    cards.add_argument("--format", dest="fmt", choices=("text", "json"), default="text",
                       help="text: a table, or the card with its compiled program; json: "
                            "the same as data")
    cards.add_argument("--mod", type=mod_dir, metavar="DIR", help="with a card mod folder")
    cards.set_defaults(handler=cmd_cards)

    explain = sub.add_parser("explain", help="what the engine will do with a card, in plain "
                             "English, with the rules it relies on")
    explain.add_argument("cards", nargs="*", metavar="CARD",
                         help="card number or name, a Tiananmen box (box 4, its name) or a "
                              "Power Struggle wild card")
    explain.add_argument("--all", action="store_true", dest="every",
                         help="every card, box and wild card of the deck")
    explain.add_argument("--format", dest="fmt", choices=("text", "json"), default="text",
                         help="text: the lines with their rules; json: the same as data")
    explain.add_argument("--mod", type=mod_dir, metavar="DIR", help="with a card mod folder")
    explain.set_defaults(handler=cmd_explain)

    lsp = sub.add_parser("lsp", help="serve card files to an editor (language server, stdio)")
    lsp.add_argument("--mod", type=mod_dir, metavar="DIR",
                     help="check the card files under DIR as one mod (default: each file's "
                     "own folder)")
    lsp.set_defaults(handler=cmd_lsp)

    scenario = sub.add_parser("scenario", help="check what cards do, from scenario files")
    scenario_sub = scenario.add_subparsers(dest="action", required=True, metavar="ACTION")
    run = scenario_sub.add_parser(
        "run", help="run scenario files (*.scenario.yaml; see docs/scenarios.md)")
    run.add_argument("paths", nargs="+", metavar="FILE_OR_DIR",
                     help="scenario files, or folders searched for *.scenario.yaml")
    run.add_argument("--format", dest="fmt", choices=("text", "json"), default="text",
                     help="text: a line per failure (-v: per scenario); json: one object")
    run.add_argument("-v", "--verbose", action="store_true", help="one line per scenario")
    run.add_argument("--mod", type=mod_dir, metavar="DIR", help="with a card mod folder")
    run.set_defaults(handler=cmd_scenario_run)

    board = sub.add_parser("board", help="draw a position as a picture (SVG, or PNG)")
    board.add_argument("file", metavar="SAVE_OR_SCENARIO",
                       help="a save file (dof play --save) or a scenario or position file")
    board.add_argument("-o", "--out", required=True, metavar="FILE",
                       help="the picture to write: FILE.svg, or FILE.png with cairosvg")
    add_overwrite(board, "-o")
    board.add_argument("--mod", type=mod_dir, metavar="DIR", help="with a card mod folder")
    board.set_defaults(handler=cmd_board)
    return parser


# ------------------------------------------------------------------ handlers
def terminal() -> Console:
    """The Rich console a command prints to, made by the commands that print
    with it: importing Rich costs more than the whole of `dof --help`."""
    from rich.console import Console

    class Terminal(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError  # main() ends quietly (rich would exit with code 1)

    return Terminal()


def load_game(mod: Path | None) -> tuple[Any, Any]:
    """The game data and card programs for play and sim: the built-in cards
    plus a mod, whose new or replaced cards join the deck with their printed
    facts (dof.load_rules). A mod with errors stops here with its
    diagnostics (exit 1)."""
    import dof

    try:
        return dof.load_rules([mod] if mod else ())
    except dof.DeckError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic.format(), file=sys.stderr)
        raise CliError(f"the cards have {len(exc.diagnostics)} error(s); "
                       f"see `dof lint --mod {mod}`") from None


def cmd_play(args: argparse.Namespace) -> int:
    from dof.cli.play import run_play

    console = terminal()
    kinds = {"democrat": args.democrat, "communist": args.communist}
    bids = dict(args.extra_sps)
    if (len(bids) == 2 and all(bids.values())) or len(args.extra_sps) > len(bids):
        raise CliError("--extra-sps: a 13.0 bid gives extra SPs to one side only, once "
                       "(bids for opposite sides are ignored)")
    if args.load and (args.seed is not None or args.extra_sps):
        console.print("Note: --seed and --extra-sps are ignored with --load", style="yellow")
    from dof.cli.files import claim, same_file
    from dof.cli.start import Start, StartError

    start = Start(args.turn, args.position, args.deal)
    if args.load and start:
        raise CliError("--load continues a saved game; --turn, --position and --deal start "
                       "a new one")
    if start.position and args.extra_sps:
        console.print("Note: --extra-sps is ignored with --position (no setup)", style="yellow")
    # A new game never replaces a file unasked; a game going on in the save
    # it was loaded from is the same game.
    if args.save and not (args.load and same_file(args.load, args.save)):
        claim(args.save, "--save", args.overwrite)
    try:
        return run_play(kinds, args.seed, args.load, args.save, dict(args.extra_sps),
                        *load_game(args.mod), console, start=start)
    except StartError as exc:
        raise CliError(str(exc)) from None


def cmd_replay(args: argparse.Namespace) -> int:
    from dof.cli.replay import ReplayError, run_replay

    if args.ar is not None and args.turn is None:
        raise CliError("--ar R names an action round of a turn: add --turn N")
    turn = (args.turn, args.ar) if args.turn is not None else None
    try:
        return run_replay(args.file, args.to, args.fmt, *load_game(args.mod), terminal(),
                          turn=turn, in_short=args.rounds)
    except ReplayError as exc:
        raise CliError(str(exc)) from None


def cmd_sim(args: argparse.Namespace) -> int:
    from dof.cli.files import claim
    from dof.cli.sim import SimError, run_sim

    out = claim(args.out, "--out", args.overwrite) if args.out else None
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        raise CliError(f"--out {args.out}: not a file in an existing folder")
    kinds = {"democrat": args.democrat, "communist": args.communist}
    try:
        return run_sim(args.games, args.seed, kinds, *load_game(args.mod),
                       None if args.json else terminal(), mod=args.mod, jobs=args.jobs,
                       ray=args.ray, out=out)
    except SimError as exc:
        raise CliError(str(exc)) from None


def cmd_balance(args: argparse.Namespace) -> int:
    from dof.cli.balance import run_balance
    from dof.cli.files import claim
    from dof.cli.sim import SimError

    if not args.out and args.fmt == "html":
        raise CliError("--format html writes a file: add -o FILE")
    if args.out and args.fmt == "text":
        raise CliError("-o writes a json or html report: add --format json or --format html")
    out = claim(args.out, "-o", args.overwrite) if args.out else None
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        raise CliError(f"-o {args.out}: not a file in an existing folder")
    modded = load_game(args.mod)
    try:
        return run_balance(args.games, args.seed, args.bot, args.fmt, load_game(None), modded,
                           terminal(), args.mod, jobs=args.jobs, ray=args.ray, out=out)
    except SimError as exc:
        raise CliError(str(exc)) from None


def cmd_board(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dof.cli.board_svg import run_board
    from dof.cli.files import claim

    out = claim(args.out, "-o", args.overwrite)
    return run_board(Path(args.file), out, terminal(), *load_game(args.mod))


def cmd_lint(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dof.cli.lint import run_lint

    return run_lint([Path(p) for p in args.paths], args.fmt, args.strict, args.mod,
                    terminal(), jobs=args.jobs)


def cmd_cards(args: argparse.Namespace) -> int:
    from dof.cli.cards_view import run_cards

    return run_cards(args.query, args.fmt, args.mod, terminal())


def cmd_explain(args: argparse.Namespace) -> int:
    from dof.cli.explain import run_explain

    if bool(args.cards) == args.every:
        print("dof explain: name cards, boxes or wild cards, or give --all (not both)",
              file=sys.stderr)
        return 2
    return run_explain(args.cards, args.every, args.fmt, args.mod, terminal())


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dof.cli.scenario import run_scenarios

    return run_scenarios([Path(p) for p in args.paths], args.fmt, args.verbose,
                         *load_game(args.mod), terminal())


def cmd_lsp(args: argparse.Namespace) -> int:
    from dof.cli.lsp import run_lsp

    return run_lsp(args.mod)


# ---------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    """Run `dof`; returns the exit code (the console script exits with it)."""
    from dof.cli.files import printable_output

    printable_output()  # before argparse, whose messages may name a file too
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        print("\ndof: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of the output left (dof replay SAVE | head): nothing went wrong.
        # What is left unwritten goes nowhere, or Python's exit would report it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:
        if os.environ.get("DOF_DEBUG"):
            raise
        if isinstance(exc, user_errors()):
            print(f"dof: {exc}", file=sys.stderr)
            return 1
        print(f"dof: unexpected error: {type(exc).__name__}: {exc} "
              "(run with DOF_DEBUG=1 for the traceback)", file=sys.stderr)
        return 2


def user_errors() -> tuple[type[Exception], ...]:
    """The errors a user can cause, reported in one line (exit code 1).
    Imported once one is raised, not before: a command loads only its own
    modules."""
    from dof.cli.files import FileKept
    from dof.cli.play import SaveFailure
    from dof.cli.saves import LoadError
    from dof.cli.sim import SimFailure
    from dof.dsl.lalr import LarkMismatch
    from dof.engine.data.located import DataError

    return CliError, FileKept, LoadError, SaveFailure, SimFailure, DataError, LarkMismatch


if __name__ == "__main__":
    sys.exit(main())
