"""Time to parse, check and compile the whole built-in deck (median of N runs).

    python benchmarks/bench_lint.py [N]

The first figure includes building the LALR parser once per process.
"""

from __future__ import annotations

import statistics
import sys
import time

from dsl import load_deck
from dsl.grammar import parser


def main(runs: int = 20) -> None:
    start = time.perf_counter()
    parser()
    build = time.perf_counter() - start
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        deck = load_deck()
        times.append(time.perf_counter() - start)
    print(f"parser build (once per process): {build * 1000:.1f} ms")
    print(f"load_deck: {deck.compiled_cards} cards, {deck.compiled_boxes} boxes, "
          f"{deck.errors} errors; median of {runs} runs {statistics.median(times) * 1000:.1f} ms "
          f"(min {min(times) * 1000:.1f} ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
