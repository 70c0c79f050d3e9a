"""Time to parse, check and compile card files.

    python benchmarks/bench_lint.py [N]          the built-in deck, median of N runs
    python benchmarks/bench_lint.py --big MB [--rounds R]   `dof lint` on a generated MB-sized file
    python benchmarks/bench_lint.py --big MB --typos    the same, every event misspelling a space
    python benchmarks/bench_lint.py --phases PATH       `load_deck` alone, as JSON (--big runs it)
    ... [--baseline REV [--rounds R]] [--json]          against commit REV's build, with ratios

The first figure includes building the LALR parser once per process. The
second generates a valid card file of about MB megabytes (the built-in cards,
renumbered 201-999 and renamed, each event repeated to reach the size), then
runs `dof lint` on a quarter, a half and all of it in a fresh process each,
as a modder meets it: the parser's table cached by an earlier run, the file
new (a private cache folder, warmed by linting the built-in deck). It prints
wall and CPU time (this process and its workers) and peak memory: the growth
should be linear. Then the whole file read in pieces (every core, see
dsl/pieces.py) against one process (`--jobs 1`), alternating, R rounds
(default 3): the median wall times and their ratio decide whether the
pieces pay (issue 20 kept them for winning 1.3x or more on 2 idle cores;
another busy process takes the gain away: check the load printed). Then
the CPU time of `load_deck` alone on the whole file in one process (parsing and checking, without
printing the diagnostics), and how much of it is parsing.
With --typos each copy of an event first places an SP in a misspelt space
(a different slip on each card), so the file has thousands of E101s, each
with a "did you mean": it should lint in about the time of the clean file.
A loop of ten million additions is timed too, as a yardstick for the machine.

With ``--baseline REV`` the same measures run under this build and commit
REV's, built in its own venv, alternately (benchmarks/baseline.py; --rounds
then counts the rounds of both builds), each figure with its ratio; with
--big each build generates the file from its own built-in cards.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from baseline import add_arguments, compared, report

from dof.dsl import builtin_cards_dir, load_deck
from dof.dsl import deck as deck_module
from dof.dsl.grammar import parser
from dof.dsl.parser import parse_source
from dof.dsl.pieces import cores
from dof.engine.data import load_data


def deck(runs: int) -> tuple[dict, list[str]]:
    start = time.perf_counter()
    parser()
    build = time.perf_counter() - start
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        loaded = load_deck()
        times.append(time.perf_counter() - start)
    return {"parser build ms": (build * 1000, "lower"),
            "load_deck median ms": (statistics.median(times) * 1000, "lower")}, [
        f"parser build (once per process): {build * 1000:.1f} ms",
        f"load_deck: {loaded.compiled_cards} cards, {loaded.compiled_boxes} boxes, "
        f"{loaded.errors} errors; median of {runs} runs {statistics.median(times) * 1000:.1f} ms "
        f"(min {min(times) * 1000:.1f} ms)"]


def big_card_file(size: int, typos: bool = False) -> str:
    """About ``size`` bytes of valid cards: the built-in strategy cards as
    cards 201-999, named "<name> <number>", each event repeated. With
    ``typos`` each copy of an event starts by placing an SP in a misspelt
    space (:func:`misspelt`), the same one throughout a card."""
    text = "".join((builtin_cards_dir() / f"{period}.card").read_text(encoding="utf-8")
                   for period in ("early", "middle", "late"))
    cards = re.findall(r'^card \d+ "([^"]*)" \{\n(.*?)^\}\n', text, re.S | re.M)
    spaces = [space.name for space in load_data().spaces]

    def build(repeat: int) -> str:
        out = []
        for i, number in enumerate(range(201, 1000)):
            name, body = cards[i % len(cards)]
            event = re.search(r"^    event \{\n(.*?)^    \}\n", body, re.S | re.M)
            if event:
                once = event.group(1)
                if typos:
                    once = f"        democrat places 1 SP in {misspelt(spaces, i)}\n" + once
                body = body[:event.start(1)] + once * repeat + body[event.end(1):]
            out.append(f'card {number} "{name} {number}" {{\n{body}}}\n')
        return "\n".join(out)

    once, twice = len(build(1).encode()), len(build(2).encode())
    events = twice - once  # the file is (once - events) + events * repeat bytes
    return build(max(1, round((size - (once - events)) / events)))


def misspelt(spaces: list[str], seed: int) -> str:
    """A slip of the pen in one of ``spaces``: a letter after the first one
    replaced by another, different for each ``seed`` (no other name results)."""
    space = spaces[seed % len(spaces)]
    letters = [i for i, c in enumerate(space) if i and c.isascii() and c.islower()]
    at = letters[seed // len(spaces) % len(letters)]
    other = "abcdefghijklmnopqrstuvwxyz".replace(space[at], "")[seed % 25]
    slip = space[:at] + other + space[at + 1:]
    assert slip not in spaces, slip
    return slip


def lint_in_a_process(path: Path | None, cache: str,
                      *options: str) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds and peak memory (KB) of `dof lint PATH`, and its last line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "import sys; from dof.cli.main import main; "
                           "sys.exit(main(sys.argv[1:]))", "lint", *options,
                           *([str(path)] if path else [])],
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "DOF_CACHE_DIR": cache})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = (done.stdout.strip().splitlines() or [done.stderr.strip()])[-1]
    return wall, cpu, after.ru_maxrss, last


def phases(path: Path) -> None:
    """Print the CPU seconds `load_deck` takes for a file, and how much of it
    is parsing (the rest is checking and compiling), as JSON: run in a fresh
    process by :func:`big`, so that printing diagnostics is not counted."""
    parsing = 0.0

    def timed_parse(*args: object) -> object:
        nonlocal parsing
        start = time.process_time()
        try:
            return parse_source(*args)
        finally:
            parsing += time.process_time() - start

    deck_module.parse_source = timed_parse
    start = time.process_time()
    deck = load_deck([path], jobs=1)
    print(json.dumps({"load_deck": time.process_time() - start, "parse": parsing,
                      "diagnostics": len(deck.diagnostics)}))


def load_in_a_process(path: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--phases", str(path)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def yardstick() -> float:
    start = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


def against_one(path: Path, cache: str, rounds: int) -> tuple[dict, str]:
    """`dof lint PATH` (in pieces) and `dof lint --jobs 1 PATH`, alternating."""
    times: dict[tuple[str, ...], list[tuple[float, float]]] = {(): [], ("--jobs", "1"): []}
    load = os.getloadavg()[0]
    for run in range(rounds):
        for options in sorted(times, reverse=run % 2 == 1):
            wall, cpu, _, _ = lint_in_a_process(path, cache, *options)
            times[options].append((wall, cpu))
    (pieces, cpu_pieces), (one, cpu_one) = (
        (statistics.median(w for w, _ in times[o]), statistics.median(c for _, c in times[o]))
        for o in ((), ("--jobs", "1")))
    return {"in pieces, wall s": (pieces, "lower"), "--jobs 1, wall s": (one, "lower")}, (
        f"in pieces on {cores()} cores: {pieces:.2f} s wall, {cpu_pieces:.2f} s CPU; "
        f"--jobs 1: {one:.2f} s wall, {cpu_one:.2f} s CPU (medians of {rounds}, alternating): "
        f"{one / pieces:.2f}x the wall time in pieces; load average {load:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after")


def big(megabytes: float, typos: bool = False, rounds: int = 3) -> tuple[dict, list[str]]:
    text = big_card_file(int(megabytes * 1_000_000), typos)
    chunks = text.split("\n\n")
    figures: dict[str, tuple[float, str]] = {}
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        cache = str(Path(tmp) / "cache")
        lint_in_a_process(None, cache)  # the parser's table, as any earlier run leaves it
        for part in (4, 2, 1):
            path = Path(tmp) / f"big-{part}.card"
            path.write_text("\n\n".join(chunks[: len(chunks) // part]) + "\n", encoding="utf-8")
            size = path.stat().st_size / 1_000_000
            wall, cpu, peak, last = lint_in_a_process(path, cache)
            figures[f"dof lint 1/{part} of the file, CPU s per MB"] = (cpu / size, "lower")
            figures[f"dof lint 1/{part} of the file, peak MB"] = (peak / 1024, "lower")
            lines.append(f"dof lint {size:.2f} MB: {wall:.2f} s wall, {cpu:.2f} s CPU, "
                         f"peak {peak / 1024:.0f} MB ({cpu / size:.2f} s CPU per MB); {last}")
        alternated, line = against_one(path, cache, rounds)
        figures.update(alternated)
        lines.append(line)
        found = load_in_a_process(path)
        figures["load_deck CPU s"] = (found["load_deck"], "lower")
        figures["parsing CPU s"] = (found["parse"], "lower")
        lines.append(f"load_deck {size:.2f} MB (no output): {found['load_deck']:.2f} s CPU, of "
                     f"which parsing {found['parse']:.2f} s; {found['diagnostics']} diagnostics")
    stick = yardstick()
    figures["yardstick s"] = (stick, "same")
    lines.append(f"yardstick: 10M Python additions take {stick:.2f} s CPU on this machine")
    return figures, lines


def main() -> None:
    parser_ = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser_.add_argument("runs", nargs="?", type=int, default=20,
                         help="load_deck runs on the built-in deck (default 20)")
    parser_.add_argument("--big", type=float, metavar="MB", help="lint a generated file instead")
    parser_.add_argument("--typos", action="store_true", help="with --big: a slip in every event")
    parser_.add_argument("--phases", type=Path, metavar="PATH", help=argparse.SUPPRESS)
    add_arguments(parser_)
    args = parser_.parse_args()
    if args.phases:
        phases(args.phases)
    elif not compared(args, __file__):
        figures, lines = (big(args.big, args.typos, args.rounds) if args.big is not None
                          else deck(args.runs))
        report(args, figures, lines)


if __name__ == "__main__":
    main()
