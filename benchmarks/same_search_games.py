"""Search against search: the digest of each game, to tell that a faster
search plays the same games, byte for byte.

Run: python benchmarks/same_search_games.py [--seeds 1 2 3] [--playouts 8 32 96]
         [--save FILE | --compare FILE]
Plays a whole game for each seed and budget with the search bot on both
sides (the seeds `dof sim` gives the bots, as bench_search_speed.py plays
them) and prints a digest of its final state and log. ``--save`` writes the
digests to FILE; ``--compare`` reads them back, prints the games that
differ and exits non-zero if any does. A change that should not change an
answer (a faster policy, a cache) is checked by saving before it and
comparing after.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import dof
from dof.engine import Game, SearchAgent, play


def digest(obj: object) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--playouts", type=int, nargs="+", default=[8, 32, 96])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--save", type=Path, help="write the digests to this file")
    where.add_argument("--compare", type=Path, help="compare with the digests in this file")
    args = parser.parse_args()
    data, events = dof.load_rules()
    games = {}
    for playouts in args.playouts:
        for seed in args.seeds:
            game = Game.new(data, seed, events=events)
            play(game, {"democrat": SearchAgent(2 * seed, playouts=playouts),
                        "communist": SearchAgent(2 * seed + 1, playouts=playouts)})
            name = f"seed {seed}, {playouts} playouts"
            games[name] = {"decisions": game.decisions, "vp": game.state["vp"],
                           "state": digest(game.state), "log": digest(game.log)}
            print(f"{name}: {games[name]}", flush=True)
    if args.save:
        args.save.write_text(json.dumps(games, indent=1) + "\n")
    if args.compare:
        before = json.loads(args.compare.read_text())
        differ = [name for name in games if before.get(name) != games[name]]
        for name in differ:
            print(f"DIFFERS: {name}: was {before.get(name)}")
        print(f"{len(games) - len(differ)} of {len(games)} games the same")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
