"""Random-versus-random games per second and decisions per game.

Run: python benchmarks/bench_games.py [--games N] [--seed S] [--no-events]
         [--baseline REV [--rounds R]] [--json]
Plays N complete games on one core with two random bots, through the public
API (docs/api.md: each bot answers from its view), with the card events written
in the card language (or, with --no-events, Operations only), and prints the
figures; nothing here is asserted by the tests. Times are CPU seconds of this
process (the machine is shared), the best of --repeat runs. With
``--baseline REV`` the same games are played by commit REV too, alternately
(benchmarks/baseline.py), and the ratio printed.
"""

from __future__ import annotations

import argparse
import time

from baseline import add_arguments, compared, report

import dof
from dof.engine import Game, RandomAgent, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-events", action="store_true", help="play cards for Ops only")
    parser.add_argument("--repeat", type=int, default=3,
                        help="play the same games this many times and report the best run")
    add_arguments(parser)
    args = parser.parse_args()
    if compared(args, __file__):
        return
    data, events = dof.load_rules()
    if args.no_events:
        events = None
    runs = []
    for _ in range(args.repeat):
        decisions = 0
        start = time.process_time()
        for i in range(args.games):
            seed = args.seed + i
            game = Game.new(data, seed, events=events)
            agents = {"democrat": RandomAgent(seed * 2 + 1),
                      "communist": RandomAgent(seed * 2 + 2)}
            play(game, agents)
            decisions += game.decisions
        runs.append(time.process_time() - start)
    seconds = min(runs)  # the least disturbed run on a shared machine
    report(args, {"games per CPU-second": (args.games / seconds, "higher"),
                  "decisions per game": (decisions / args.games, "same"),
                  "decisions per CPU-second": (decisions / seconds, "higher")}, [
        f"games: {args.games} ({'operations only' if args.no_events else 'with events'}), "
        f"best of {args.repeat} runs",
        f"CPU seconds: {seconds:.2f}",
        f"games per CPU-second: {args.games / seconds:.1f}",
        f"decisions per game: {decisions / args.games:.0f}",
        f"decisions per CPU-second: {decisions / seconds:.0f}"])


if __name__ == "__main__":
    main()
