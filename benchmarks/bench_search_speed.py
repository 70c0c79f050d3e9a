"""Search against search: CPU seconds a game.

Run: python benchmarks/bench_search_speed.py [--games N] [--seed S] [--playouts P]
         [--baseline REV [--rounds R]] [--json]
Plays N whole games on one core with the search bot on both sides (its
default budget unless --playouts is given; game i has seed S+i and the bots
the seeds `dof sim` gives them), through the public API only, and prints the
CPU seconds a game and a decision; nothing here is asserted by the tests.
With ``--baseline REV`` the same games are played by commit REV too,
alternately (benchmarks/baseline.py), and the ratio printed: the speed-up
of the strong bot, where users wait (`dof balance --bot search`).
"""

from __future__ import annotations

import argparse
import time

from baseline import add_arguments, compared, report

import dof
from dof.engine import Game, SearchAgent, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, help="the bots' budget (default: theirs)")
    add_arguments(parser)
    args = parser.parse_args()
    if compared(args, __file__):
        return
    data, events = dof.load_rules()
    budget = {} if args.playouts is None else {"playouts": args.playouts}
    decisions = 0
    vp = []
    start = time.process_time()
    for i in range(args.games):
        seed = args.seed + i
        game = Game.new(data, seed, events=events)
        # The bots' seeds as `dof sim` gives them (cli/sim.py bot_seed).
        play(game, {"democrat": SearchAgent(2 * seed, **budget),
                    "communist": SearchAgent(2 * seed + 1, **budget)})
        decisions += game.decisions
        vp.append(game.state["vp"])
    seconds = time.process_time() - start
    report(args, {"CPU s a game": (seconds / args.games, "lower"),
                  "CPU ms a decision": (1000 * seconds / decisions, "lower"),
                  "decisions per game": (decisions / args.games, "same")}, [
        f"search against search{'' if args.playouts is None else f' ({args.playouts} playouts)'}"
        f": {args.games} games from seed {args.seed}, final VP {vp}",
        f"CPU seconds a game: {seconds / args.games:.2f}",
        f"CPU ms a decision: {1000 * seconds / decisions:.1f}",
        f"decisions per game: {decisions / args.games:.0f}"])


if __name__ == "__main__":
    main()
