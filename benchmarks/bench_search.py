"""The search bot against another bot: win rate and seconds per decision.

Run: python benchmarks/bench_search.py [--games N] [--seed S] [--bot search:96]
         [--opponent greedy] [--side democrat|communist|both] [--jobs 2]
Plays the games `dof sim` plays for the same seeds and bots (game i has seed
S+i, the bots' seeds come from it), with the bot on one side and the
opponent on the other, and times each of the bot's decisions: CPU seconds
of its own process (the machine is shared) and wall-clock seconds. Prints
the bot's win rate (draws half) with a 95% interval (Wilson's) and the mean
and largest time a decision took; nothing is asserted by the tests.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time
from typing import Any

import dof
from dof.cli.sim import bot_seed
from dof.engine import Game, play
from dof.engine.bots.agents import make_agent
from dof.engine.rules.board import opponent

Job = tuple[int, str, str, str]  # seed, the bot's side, bot, opponent


class Timed:
    """An agent that times another's every answer."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def choose(self, view, decision):
        cpu, wall = time.process_time(), time.perf_counter()
        answer = self.agent.choose(view, decision)
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return answer


def one_game(job: Job) -> dict:
    seed, side, bot, rival = job
    data, events = dof.load_rules()
    game = Game.new(data, seed, events=events)
    timed = Timed(make_agent(bot, bot_seed(seed, side)))
    other = opponent(side)
    play(game, {side: timed, other: make_agent(rival, bot_seed(seed, other))})
    result = game.result
    score = 0.5 if result["winner"] is None else float(result["winner"] == side)
    return {"score": score, "vp": result["vp"], "how": result["how"], "cpu": timed.cpu,
            "wall": timed.wall}


def wilson(rate: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate over ``n`` games: unlike the normal
    approximation, not a single point at 0% or 100%."""
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def report(side: str, records: list[dict], bot: str, rival: str) -> None:
    n = len(records)
    rate = sum(r["score"] for r in records) / n
    low, high = wilson(rate, n)
    cpu = [t for r in records for t in r["cpu"]]
    wall = [t for r in records for t in r["wall"]]
    ends: dict[str, int] = {}
    for r in records:
        ends[r["how"]] = ends.get(r["how"], 0) + 1
    print(f"{bot} as the {side} against {rival}: {n} games, win rate {100 * rate:.1f}% "
          f"(95% interval {100 * low:.1f}..{100 * high:.1f}%), "
          f"mean final VP {sum(r['vp'] for r in records) / n:+.1f}, endings {ends}")
    print(f"  its {len(cpu)} decisions: CPU s mean {sum(cpu) / len(cpu):.3f} max {max(cpu):.2f}; "
          f"wall s mean {sum(wall) / len(wall):.3f} max {max(wall):.2f}; "
          f"CPU s per game {sum(cpu) / n:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--bot", default="search")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--side", choices=("democrat", "communist", "both"), default="both")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    sides = ("democrat", "communist") if args.side == "both" else (args.side,)
    context = multiprocessing.get_context("fork")
    for side in sides:
        jobs = [(args.seed + i, side, args.bot, args.opponent) for i in range(args.games)]
        with context.Pool(args.jobs) as pool:
            records = pool.map(one_game, jobs, chunksize=1)
        report(side, records, args.bot, args.opponent)


if __name__ == "__main__":
    main()
