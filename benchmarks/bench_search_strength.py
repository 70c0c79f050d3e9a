"""This build's search bot against the search bot of commit 6ef4a8d, in the same games.

Run: python benchmarks/bench_search_strength.py [--games N] [--seed S] [--bot search:P]
         [--jobs 2]
A faster search must not be a weaker one. The old bot is kept frozen as a
fixture (benchmarks/search_6ef4a8d.py), so both play in one process: each
seed is played twice, the new bot once on each side (game seeds S, S+1, ...;
the bots' seeds as `dof sim` gives them), so that neither side's advantage
nor a seed's luck favours one bot. Prints the new bot's score (a win 1, a
draw 1/2) with its 95% interval (Wilson's), by side too, and the CPU
seconds each bot spent a game in the same games; nothing is asserted by the
tests. A score whose interval lies wholly below 50% tells a weaker bot.
A bot that answers as the old one does scores exactly 50%: each seed's two
games are then one game, won by one side.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time

from bench_search import Timed, wilson
from search_6ef4a8d import SearchAgent as OldSearchAgent

import dof
from dof.cli.sim import bot_seed
from dof.engine import Game, play
from dof.engine.bots.agents import make_agent
from dof.engine.rules.board import opponent

Job = tuple[int, str, str]  # the game's seed, the new bot's side, the new bot


def one_game(job: Job) -> dict:
    seed, side, bot = job
    data, events = dof.load_rules()
    game = Game.new(data, seed, events=events)
    other = opponent(side)
    new = Timed(make_agent(bot, bot_seed(seed, side)))
    old = Timed(OldSearchAgent(bot_seed(seed, other)))
    play(game, {side: new, other: old})
    winner = game.result["winner"]
    return {"side": side, "score": 0.5 if winner is None else float(winner == side),
            "new": sum(new.cpu), "old": sum(old.cpu)}


def line(label: str, records: list[dict]) -> str:
    n = len(records)
    score = sum(r["score"] for r in records) / n
    low, high = wilson(score, n)
    return (f"{label}: {n} games, score {100 * score:.1f}% "
            f"(95% interval {100 * low:.1f}..{100 * high:.1f}%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="an even number: two a seed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="search", help="this build's bot (default: search)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.seed + i // 2, ("democrat", "communist")[i % 2], args.bot)
            for i in range(args.games)]
    started = time.perf_counter()
    records = []
    context = multiprocessing.get_context("fork")
    with context.Pool(args.jobs) as pool:
        for record in pool.imap_unordered(one_game, jobs):
            records.append(record)
            print(f"\r{len(records)}/{len(jobs)} games, "
                  f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    print(line(f"{args.bot} (this build) against search (6ef4a8d)", records))
    for side in ("democrat", "communist"):
        print("  " + line(f"as the {side}", [r for r in records if r["side"] == side]))
    new = sum(r["new"] for r in records) / len(records)
    old = sum(r["old"] for r in records) / len(records)
    print(f"  CPU s a game: this build's bot {new:.2f}, 6ef4a8d's {old:.2f} "
          f"(x{old / new:.2f}); {time.perf_counter() - started:.0f} s in all on "
          f"{args.jobs} processes")


if __name__ == "__main__":
    main()
