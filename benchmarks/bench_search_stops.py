"""When the search may stop: each stopping rule replayed on whole-budget searches.

Run: python benchmarks/bench_search_stops.py [--games N] [--seed S] [--playouts P]
Plays N games of search against search that spend the whole budget on every
searched decision (the search of 6ef4a8d plays the same games), and after
each pass of each search asks every rule below whether it would have
stopped there, and with which line. Prints, for each rule, the share of
playouts it would have saved and how often its line is the one the whole
budget chose: the figures behind engine/bots/search.py's SEPARATION and
MIN_PASSES. Nothing here is asserted by the tests. A rule that keeps the
whole budget's line less often is not wrong there (the whole budget's line
is itself a noisy pick), but it plays other games: its strength is
measured by benchmarks/bench_search_strength.py.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import dof
from dof.engine import Game, SearchAgent, play
from dof.engine.bots import search

RULES = [(errors, passes) for errors in (1.5, 2.0, 2.5, 3.0) for passes in (4, 6, 8, 12)]


@dataclass
class Decision:
    """One searched decision as the rules saw it, pass by pass."""

    values: Sequence[list[float]]  # each line's judgements, pass by pass
    spent: int = 0  # playouts so far
    leader: int = -1  # the line with the best total so far
    stops: dict[tuple[float, int], tuple[int, int]] = field(default_factory=dict)


class Recorder:
    """Stands in for search.separated: never stops a search, but notes where
    each rule would have stopped it (``separated``: the search's own test)."""

    def __init__(self, separated: Callable[..., bool]) -> None:
        self.separated = separated
        self.done: list[Decision] = []
        self.now: Decision | None = None

    def __call__(self, values: Sequence[list[float]], total: Sequence[float],
                 alive: Sequence[int], errors: float, passes: int) -> bool:
        if self.now is None or self.now.values is not values:
            self.finish()
            self.now = Decision(values)
        now = self.now
        now.spent = sum(len(v) for v in values)
        now.leader = max(alive, key=total.__getitem__)
        for rule in RULES:
            if rule not in now.stops and self.separated(values, total, alive, *rule):
                now.stops[rule] = (now.spent, now.leader)
        return False

    def finish(self) -> None:
        """The decision in hand is over: the line it chose is its last leader."""
        if self.now is not None:
            self.done.append(self.now)
            self.now = None


def alike_throughout(values: Sequence[list[float]]) -> bool:
    """Whether every sample judged every line played on it alike."""
    passes = max(len(v) for v in values)
    return all(len({v[k] for v in values if len(v) > k}) == 1 for k in range(passes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=search.PLAYOUTS)
    args = parser.parse_args()
    recorder = Recorder(search.separated)
    search.separated = recorder  # type: ignore[assignment]
    data, events = dof.load_rules()
    for i in range(args.games):
        seed = args.seed + i
        game = Game.new(data, seed, events=events)
        play(game, {"democrat": SearchAgent(2 * seed, args.playouts),
                     "communist": SearchAgent(2 * seed + 1, args.playouts)})
    recorder.finish()
    done = recorder.done
    spent = sum(d.spent for d in done)
    alike = sum(1 for d in done if alike_throughout(d.values))
    print(f"{len(done)} searched decisions of {args.games} games from seed {args.seed}, "
          f"{spent} playouts; {alike} judged every line alike on every sample")
    print("errors  passes  playouts saved  whole budget's line kept")
    for rule in RULES:
        saved = kept = 0
        for d in done:
            stop = d.stops.get(rule)
            if stop is None:
                kept += 1
                continue
            saved += d.spent - stop[0]
            kept += stop[1] == d.leader
        marker = "  <- the search's" if rule == (search.SEPARATION, search.MIN_PASSES) else ""
        print(f"{rule[0]:6.1f}  {rule[1]:6d}  {100 * saved / spent:13.1f}%  "
              f"{100 * kept / len(done):23.1f}%{marker}")


if __name__ == "__main__":
    main()
