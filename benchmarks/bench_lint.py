"""Time to parse, check and compile card files.

    python benchmarks/bench_lint.py [N]          the built-in deck, median of N runs
    python benchmarks/bench_lint.py --big MB     `dof lint` on a generated MB-sized file

The first figure includes building the LALR parser once per process. The
second generates a valid card file of about MB megabytes (the built-in cards,
renumbered 201-999 and renamed, each event repeated to reach the size), then
runs `dof lint` on a quarter, a half and all of it in a fresh process each,
and prints wall and CPU time and peak memory: the growth should be linear.
A loop of ten million additions is timed too, as a yardstick for the machine.
"""

from __future__ import annotations

import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dof.dsl import builtin_cards_dir, load_deck
from dof.dsl.grammar import parser


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


def big_card_file(size: int) -> str:
    """About ``size`` bytes of valid cards: the built-in strategy cards as
    cards 201-999, named "<name> <number>", each event repeated."""
    text = "".join((builtin_cards_dir() / f"{period}.card").read_text(encoding="utf-8")
                   for period in ("early", "middle", "late"))
    cards = re.findall(r'^card \d+ "([^"]*)" \{\n(.*?)^\}\n', text, re.S | re.M)

    def build(repeat: int) -> str:
        out = []
        for i, number in enumerate(range(201, 1000)):
            name, body = cards[i % len(cards)]
            event = re.search(r"^    event \{\n(.*?)^    \}\n", body, re.S | re.M)
            if event:
                body = body[:event.start(1)] + event.group(1) * repeat + body[event.end(1):]
            out.append(f'card {number} "{name} {number}" {{\n{body}}}\n')
        return "\n".join(out)

    once, twice = len(build(1).encode()), len(build(2).encode())
    events = twice - once  # the file is (once - events) + events * repeat bytes
    return build(max(1, round((size - (once - events)) / events)))


def lint_in_a_process(path: Path) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds and peak memory (KB) of `dof lint PATH`, and its last line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "import sys; from cli.main import main; "
                           "sys.exit(main(sys.argv[1:]))", "lint", str(path)],
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = (done.stdout.strip().splitlines() or [done.stderr.strip()])[-1]
    return wall, cpu, after.ru_maxrss, last


def yardstick() -> float:
    start = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


def big(megabytes: float) -> None:
    text = big_card_file(int(megabytes * 1_000_000))
    chunks = text.split("\n\n")
    with tempfile.TemporaryDirectory() as tmp:
        for part in (4, 2, 1):
            path = Path(tmp) / f"big-{part}.card"
            path.write_text("\n\n".join(chunks[: len(chunks) // part]) + "\n", encoding="utf-8")
            size = path.stat().st_size / 1_000_000
            wall, cpu, peak, last = lint_in_a_process(path)
            print(f"dof lint {size:.2f} MB: {wall:.2f} s wall, {cpu:.2f} s CPU, "
                  f"peak {peak / 1024:.0f} MB ({cpu / size:.2f} s CPU per MB); {last}")
    print(f"yardstick: 10M Python additions take {yardstick():.2f} s CPU on this machine")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--big"]:
        big(float(sys.argv[2]) if len(sys.argv) > 2 else 5)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
