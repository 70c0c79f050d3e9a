"""The game loop's costs: random games per CPU-second, greedy games per
second, a profile of the play alone, and memory over many games.

Run: python benchmarks/bench_loop.py [speed|split|kinds|greedy|profile|memory] [--games N]

- ``speed``: N random-vs-random games, best CPU time of --repeat runs (the
  machine is shared: the least disturbed run is the truest).
- ``split``: the same N random games with bots and with their answers given
  straight to the game: what views and bots cost against the rules.
- ``kinds``: the same N random games, each answer timed by the kind of
  decision it answers (the rules run from that answer to the next decision),
  and what a view and a bot's choice cost a decision: where a decision's
  time goes, kind by kind (wall clock around each call, best of --repeat).
- ``greedy``: N greedy-vs-greedy games (the bot of engine.agents), CPU time.
- ``profile``: cProfile of N random games, card loading left out; the top
  --top functions by their own time.
- ``memory``: N random games in one process under tracemalloc, as a batch
  plays them (no forced garbage collection): the traced memory after each
  quarter of them, its peak so far (both should stay flat) and the RSS.

Nothing here is asserted by the tests.
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

from dof.dsl import load_deck
from dof.engine.api import view
from dof.engine.bots.agents import GreedyAgent, RandomAgent
from dof.engine.data import load_data
from dof.engine.game import Game
from dof.engine.programs.events import EventRunner


def play(data, events, seed: int, kind: str = "random") -> Game:
    """One game of two bots of ``kind``, seeded as bench_games.py does."""
    bot = RandomAgent if kind == "random" else GreedyAgent
    game = Game.new(data, seed, events=events)
    game.play({"democrat": bot(seed * 2 + 1), "communist": bot(seed * 2 + 2)})
    return game


def speed(data, events, args) -> None:
    runs, decisions = [], 0
    for _ in range(args.repeat):
        decisions = 0
        start = time.process_time()
        for seed in range(args.seed, args.seed + args.games):
            decisions += play(data, events, seed).decisions
        runs.append(time.process_time() - start)
    best = min(runs)
    print(f"{args.games} random games, best of {args.repeat}: {best:.2f} CPU s, "
          f"{args.games / best:.1f} games per CPU-second, "
          f"{decisions / args.games:.0f} decisions per game, "
          f"{best / decisions * 1e6:.1f} us per decision")


def greedy(data, events, args) -> None:
    start, wall = time.process_time(), time.perf_counter()
    decisions = 0
    for seed in range(args.seed, args.seed + args.games):
        decisions += play(data, events, seed, "greedy").decisions
    cpu, wall = time.process_time() - start, time.perf_counter() - wall
    print(f"{args.games} greedy games: {cpu:.2f} CPU s ({wall:.2f} s wall), "
          f"{args.games / cpu:.2f} games per CPU-second, "
          f"{decisions / args.games:.0f} decisions per game")


def split(data, events, args) -> None:
    """The same random games played by bots through their views, then with
    their recorded answers given straight to Game.answer: the difference is
    what the views and the bots cost, the rest is the rules."""
    answers = [list(play(data, events, seed)._history)
               for seed in range(args.seed, args.seed + args.games)]
    bots, rules = [], []
    for _ in range(args.repeat):
        start = time.process_time()
        for seed in range(args.seed, args.seed + args.games):
            play(data, events, seed)
        bots.append(time.process_time() - start)
        start = time.process_time()
        for seed, given in zip(range(args.seed, args.seed + args.games), answers, strict=True):
            game = Game.new(data, seed, events=events)
            for answer in given:
                game.answer(answer)
        rules.append(time.process_time() - start)
    print(f"{args.games} random games, best of {args.repeat}: "
          f"{args.games / min(bots):.1f} games per CPU-second with bots and views, "
          f"{args.games / min(rules):.1f} with the answers given straight to the game")


def kinds(data, events, args) -> None:
    clock = time.perf_counter
    best: dict[str, float] = {}
    counts: Counter[str] = Counter()
    seen_best = float("inf")
    for _ in range(args.repeat):
        spent: Counter[str] = Counter()
        counts = Counter()
        seeing = 0.0
        for seed in range(args.seed, args.seed + args.games):
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
    print(f"{args.games} random games, {decisions / args.games:.0f} decisions a game; "
          f"best of {args.repeat}, per game: rules {rules / args.games * 1e3:.2f} ms, "
          f"views and bots {seen_best / args.games * 1e3:.2f} ms "
          f"({seen_best / decisions * 1e6:.1f} us a decision)")
    print(f"{'decision':<18}{'a game':>8}{'us each':>9}{'ms a game':>11}")
    for kind in sorted(best, key=best.__getitem__, reverse=True):
        n = counts[kind]
        print(f"{kind:<18}{n / args.games:>8.1f}{best[kind] / n * 1e6:>9.1f}"
              f"{best[kind] / args.games * 1e3:>11.2f}")


def profile(data, events, args) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(args.seed, args.seed + args.games):
        play(data, events, seed, args.kind)
    profiler.disable()
    pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)


def memory(data, events, args) -> None:
    tracemalloc.start()
    quarter = max(1, args.games // 4)
    for n, seed in enumerate(range(args.seed, args.seed + args.games), 1):
        play(data, events, seed)
        if n % quarter == 0:
            current, peak = tracemalloc.get_traced_memory()
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
            print(f"after {n} games: {current / 1e6:.2f} MB traced, peak {peak / 1e6:.2f} MB, "
                  f"max RSS {rss:.0f} MB, {gc.get_stats()[2]['collections']} full collections")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="speed",
                        choices=["speed", "split", "kinds", "greedy", "profile", "memory"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--kind", default="random", choices=["random", "greedy"],
                        help="the bots a profile plays")
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    data, events = load_data(), EventRunner(load_deck())
    {"speed": speed, "split": split, "kinds": kinds, "greedy": greedy, "profile": profile,
     "memory": memory}[args.what](data, events, args)


if __name__ == "__main__":
    main()
