"""The game loop's costs: random games per CPU-second, greedy games per
CPU-second, a profile of the play alone, and memory over many games.

Run: python benchmarks/bench_loop.py [speed|split|kinds|greedy|profile|memory] [--games N]
         [--baseline REV [--rounds R]] [--json]

- ``speed``: N random-vs-random games, best CPU time of --repeat runs (the
  machine is shared: the least disturbed run is the truest).
- ``split``: the same N random games with bots and with their answers given
  straight to the game: what views and bots cost against the rules.
- ``kinds``: the same N random games, each answer timed by the kind of
  decision it answers (the rules run from that answer to the next decision),
  and what a view and a bot's choice cost a decision: where a decision's
  time goes, kind by kind (wall clock around each call, best of --repeat).
- ``greedy``: N greedy-vs-greedy games (GreedyAgent), best CPU time of
  --repeat runs, with what the games came to (decisions, final VP), which
  tells whether two builds played the same games.
- ``profile``: cProfile of N games of --kind bots, card loading left out;
  the top --top functions by their own time.
- ``memory``: N random games in one process, as a batch plays them (no
  forced garbage collection), under tracemalloc unless --no-trace: the
  traced memory after each quarter of them, its peak so far (both should
  stay flat) and the resident set size.

With ``--baseline REV`` a mode (all but profile) runs under this build and
under commit REV, alternately (benchmarks/baseline.py), and prints each
figure with its ratio; the script uses only the public API (``dof``,
``dof.engine``) so that older builds run it too. Nothing here is asserted by
the tests.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import resource
import time
import tracemalloc
from collections import Counter
from pathlib import Path

from baseline import add_arguments, compared, report

import dof
from dof.engine import Game, GreedyAgent, RandomAgent, view


def play(data, events, seed: int, kind: str = "random") -> Game:
    """One game of two bots of ``kind``, seeded as bench_games.py does."""
    bot = RandomAgent if kind == "random" else GreedyAgent
    game = Game.new(data, seed, events=events)
    game.play({"democrat": bot(seed * 2 + 1), "communist": bot(seed * 2 + 2)})
    return game


def seeds(args) -> range:
    return range(args.seed, args.seed + args.games)


def speed(data, events, args) -> tuple[dict, list[str]]:
    runs, decisions = [], 0
    for _ in range(args.repeat):
        decisions = 0
        start = time.process_time()
        for seed in seeds(args):
            decisions += play(data, events, seed).decisions
        runs.append(time.process_time() - start)
    best = min(runs)
    return {"random games per CPU-second": (args.games / best, "higher"),
            "decisions per game": (decisions / args.games, "same")}, [
        f"{args.games} random games, best of {args.repeat}: {best:.2f} CPU s, "
        f"{args.games / best:.1f} games per CPU-second, "
        f"{decisions / args.games:.0f} decisions per game, "
        f"{best / decisions * 1e6:.1f} us per decision"]


def greedy(data, events, args) -> tuple[dict, list[str]]:
    runs, walls, decisions, vp = [], [], 0, 0
    for _ in range(args.repeat):
        decisions = vp = 0
        start, wall = time.process_time(), time.perf_counter()
        for seed in seeds(args):
            game = play(data, events, seed, "greedy")
            decisions += game.decisions
            vp += game.state["vp"]
        runs.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
    cpu = min(runs)
    return {"greedy games per CPU-second": (args.games / cpu, "higher"),
            "greedy decisions per CPU-second": (decisions / cpu, "higher"),
            "decisions per game": (decisions / args.games, "same"),
            "final VP per game": (vp / args.games, "same")}, [
        f"{args.games} greedy games, best of {args.repeat}: {cpu:.2f} CPU s "
        f"({min(walls):.2f} s wall), {args.games / cpu:.2f} games per CPU-second, "
        f"{decisions / args.games:.0f} decisions per game, final VP {vp / args.games:+.2f} "
        "on average"]


class Recorder:
    """A random bot that keeps its answers, to give them again."""

    def __init__(self, seed: int, answers: list) -> None:
        self.bot, self.answers = RandomAgent(seed), answers

    def choose(self, seen, decision):
        answer = self.bot.choose(seen, decision)
        self.answers.append(answer)
        return answer


def split(data, events, args) -> tuple[dict, list[str]]:
    """The same random games played by bots through their views, then with
    their recorded answers given straight to Game.answer: the difference is
    what the views and the bots cost, the rest is the rules."""
    answers: list[list] = []
    for seed in seeds(args):
        given: list = []
        game = Game.new(data, seed, events=events)
        game.play({"democrat": Recorder(seed * 2 + 1, given),
                   "communist": Recorder(seed * 2 + 2, given)})
        answers.append(given)
    bots, rules = [], []
    for _ in range(args.repeat):
        start = time.process_time()
        for seed in seeds(args):
            play(data, events, seed)
        bots.append(time.process_time() - start)
        start = time.process_time()
        for seed, given in zip(seeds(args), answers, strict=True):
            game = Game.new(data, seed, events=events)
            for answer in given:
                game.answer(answer)
        rules.append(time.process_time() - start)
    with_bots, straight = args.games / min(bots), args.games / min(rules)
    return {"games per CPU-second, bots and views": (with_bots, "higher"),
            "games per CPU-second, answers given": (straight, "higher")}, [
        f"{args.games} random games, best of {args.repeat}: {with_bots:.1f} games per "
        f"CPU-second with bots and views, {straight:.1f} with the answers given straight "
        "to the game"]


def kinds(data, events, args) -> tuple[dict, list[str]]:
    clock = time.perf_counter
    best: dict[str, float] = {}
    counts: Counter[str] = Counter()
    seen_best = float("inf")
    for _ in range(args.repeat):
        spent: Counter[str] = Counter()
        counts = Counter()
        seeing = 0.0
        for seed in seeds(args):
            game = Game.new(data, seed, events=events)
            bots = {"democrat": RandomAgent(seed * 2 + 1), "communist": RandomAgent(seed * 2 + 2)}
            while (pending := game.pending) is not None:
                start = clock()
                seen = view(game, pending.player)
                answer = bots[pending.player].choose(seen, seen.decision)
                middle = clock()
                game.answer(answer)
                seeing += middle - start
                spent[pending.kind] += clock() - middle
                counts[pending.kind] += 1
        seen_best = min(seen_best, seeing)
        best = {k: min(best.get(k, v), v) for k, v in spent.items()}
    decisions = sum(counts.values())
    rules = sum(best.values())
    figures = {"rules ms a game": (rules / args.games * 1e3, "lower"),
               "views and bots us a decision": (seen_best / decisions * 1e6, "lower")}
    lines = [f"{args.games} random games, {decisions / args.games:.0f} decisions a game; "
             f"best of {args.repeat}, per game: rules {rules / args.games * 1e3:.2f} ms, "
             f"views and bots {seen_best / args.games * 1e3:.2f} ms "
             f"({seen_best / decisions * 1e6:.1f} us a decision)",
             f"{'decision':<18}{'a game':>8}{'us each':>9}{'ms a game':>11}"]
    for kind in sorted(best, key=best.__getitem__, reverse=True):
        n = counts[kind]
        figures[f"{kind} us each"] = (best[kind] / n * 1e6, "lower")
        lines.append(f"{kind:<18}{n / args.games:>8.1f}{best[kind] / n * 1e6:>9.1f}"
                     f"{best[kind] / args.games * 1e3:>11.2f}")
    return figures, lines


def profile(data, events, args) -> tuple[dict, list[str]]:
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds(args):
        play(data, events, seed, args.kind)
    profiler.disable()
    pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
    return {}, []


def resident_mb() -> float:
    """The resident set size now, in MB (the peak where /proc is missing)."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        return int(statm.read_text().split()[1]) * resource.getpagesize() / 1e6
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def memory(data, events, args) -> tuple[dict, list[str]]:
    if not args.no_trace:
        tracemalloc.start()
    quarter = max(1, args.games // 4)
    lines, traced, rss = [], [], []
    for n, seed in enumerate(seeds(args), 1):
        play(data, events, seed)
        if n % quarter == 0:
            current, peak = tracemalloc.get_traced_memory()
            traced.append(current / 1e6)
            rss.append(resident_mb())
            traced_now = "" if args.no_trace else \
                f"{current / 1e6:.2f} MB traced, peak {peak / 1e6:.2f} MB, "
            lines.append(f"after {n} games: {traced_now}RSS {rss[-1]:.0f} MB, "
                         f"{gc.get_stats()[2]['collections']} full collections")
    _, peak = tracemalloc.get_traced_memory()
    figures = {"RSS MB after all games": (rss[-1], "lower"),
               "RSS MB growth, first quarter to last": (rss[-1] - rss[0], "same")}
    if not args.no_trace:
        figures = {"traced MB after all games": (traced[-1], "lower"),
                   "peak traced MB": (peak / 1e6, "lower"),
                   "traced MB growth, first quarter to last": (traced[-1] - traced[0], "same"),
                   **figures}
    return figures, lines


MODES = {"speed": speed, "split": split, "kinds": kinds, "greedy": greedy, "profile": profile,
         "memory": memory}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="speed", choices=list(MODES))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--kind", default="random", choices=["random", "greedy"],
                        help="the bots a profile plays")
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--no-trace", action="store_true",
                        help="memory: without tracemalloc (the resident set size alone)")
    add_arguments(parser)
    args = parser.parse_args()
    if args.what == "profile" and (args.baseline or args.json):
        parser.error("a profile prints a table: it takes neither --baseline nor --json")
    if compared(args, __file__):
        return
    data, events = dof.load_rules()
    figures, lines = MODES[args.what](data, events, args)
    if figures:
        report(args, figures, lines)


if __name__ == "__main__":
    main()
