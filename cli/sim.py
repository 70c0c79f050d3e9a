"""`dof sim`: many bot games, for balance numbers and as a smoke test.

Game i uses seed S+i and its bots are seeded from that seed, so one seed
reproduces a whole batch however it is spread: one process, a pool of
processes (--jobs) or a Ray cluster (--ray). Each game becomes one plain
record (``Batch.play``) and the summary is computed from the records sorted
by seed, so it never depends on which game finished first; only the timing
differs between runs.

The progress bar and the summary table are imported when used: `dof sim
--games 1 --json` needs neither.
"""

from __future__ import annotations

import json
import logging
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from itertools import accumulate
from math import ceil
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from dof.cli.files import write_atomic
from dof.dsl.pieces import cores
from dof.engine.bots.agents import make_agent
from dof.engine.data.terms import SIDES
from dof.engine.game import Game

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

ENDINGS = ("automatic_victory", "final_scoring", "held_scoring_card", "new_years_eve")

#: Games per Ray task at most: enough to make a task's overhead (shipping
#: the batch, scheduling) small next to its games (about 30 ms each).
RAY_CHUNK = 25

Advance = Callable[[int], None]


class SimFailure(RuntimeError):
    """A game raised inside the engine; the message names its seed to replay it."""


class SimError(Exception):
    """The batch cannot run as asked (Ray missing or unreachable, --out not
    writable): one line for the user, exit 1."""


def bot_seed(seed: int, side: str) -> int:
    """Each side's bot seed for a game seed: distinct across games and sides."""
    return 2 * seed + SIDES.index(side)


def make_bots(seed: int, kinds: dict[str, str]) -> dict:
    return {side: make_agent(kinds[side], bot_seed(seed, side)) for side in SIDES}


def replay_command(seed: int, kinds: dict[str, str], mod=None) -> str:
    """The command that plays game ``seed`` of a batch again, move by move."""
    extra = f" --mod {mod}" if mod else ""
    return (f"dof play --democrat {kinds['democrat']} --communist {kinds['communist']} "
            f"--seed {seed}{extra}")


def play_one(data, events, seed: int, kinds: dict[str, str], mod=None) -> dict:
    """Play one bot game to the end and return its record: the seed, the
    game's result (winner, how, detail, vp, turn), the VP at the end of each
    turn, the cards played and the events that fired. SimFailure names the
    seed and the replay command."""
    try:
        game = Game.new(data, seed, events=events)
        game.play(make_bots(seed, kinds))
    except Exception as exc:
        raise SimFailure(
            f"game with seed {seed} failed: {type(exc).__name__}: {exc} "
            f"(replay: {replay_command(seed, kinds, mod)})"
        ) from exc
    if game.result is None:
        raise SimFailure(f"game with seed {seed} did not end "
                         f"(replay: {replay_command(seed, kinds, mod)})")
    fired = [{"card": e["card"], "for": e["player"]} for e in game.log if e["kind"] == "event"]
    return {"seed": seed, **game.result, "vp_by_turn": vp_by_turn(game),
            "plays": card_plays(game), "events": fired}


def vp_by_turn(game: Game) -> list[int]:
    """The VP at the end of each turn played, read from the game log's VP
    changes: entry i is turn i + 1's. Final scoring (at the end of the last
    turn) counts in the last entry, so it always equals the final VP."""
    assert game.result is not None, "the game is over"
    turns = game.result["turn"]
    change = [0] * turns
    for entry in game.log:
        if entry["kind"] == "vp":
            change[entry["turn"] - 1] += entry["delta"]
    return list(accumulate(change))


def card_plays(game: Game) -> list[dict]:
    """Each card played, by whom and as what, read from the game log:
    "scoring" for a Scoring card, "event" when the player's own event on it
    followed (also when box 8 gave him its Ops too), else "ops". An
    opponent's event that an Ops play set off is in the record's events."""
    plays: list[dict] = []
    for entry in game.log:
        if entry["kind"] == "play":
            card, by = entry["card"], entry["player"]
            scoring = game.data.cards[card].side == "scoring"
            plays.append({"card": card, "by": by, "as": "scoring" if scoring else "ops"})
        elif entry["kind"] == "event" and plays:
            last = plays[-1]
            if last["card"] == entry["card"] and last["by"] == entry["player"]:
                last["as"] = "event"
    return plays


@dataclass(frozen=True)
class Batch:
    """What every game of a batch shares. It is sent once to each worker
    process or Ray task: a pickle of about 130 kB, where loading and
    compiling the cards again takes about a second."""

    data: Any
    events: Any
    kinds: dict[str, str]
    mod: Path | None = None

    def play(self, seed: int) -> dict:
        """The record of game ``seed`` (play_one), or of its failure: seed,
        error and the command that replays it."""
        try:
            return play_one(self.data, self.events, seed, self.kinds, self.mod)
        except SimFailure as exc:
            cause = exc.__cause__ or exc
            return {"seed": seed, "error": f"{type(cause).__name__}: {cause}",
                    "replay": replay_command(seed, self.kinds, self.mod)}


def summarize(records: list[dict], seconds: float = 0.0) -> dict:
    """The JSON summary of a batch's records, whatever order they came in;
    every ending key is always present, and games that failed are listed
    with their seeds (they count in no total)."""
    records = sorted(records, key=lambda r: r["seed"])
    results = [r for r in records if "error" not in r]
    winners = Counter(r["winner"] or "draw" for r in results)
    endings = Counter(r["how"] for r in results)
    fired = Counter(e["card"] for r in results for e in r["events"])
    n = len(results)
    return {
        "games": n,
        "seed": records[0]["seed"] if records else 0,
        "winners": {k: winners.get(k, 0) for k in (*SIDES, "draw")},
        "endings": {k: endings.get(k, 0) for k in ENDINGS},
        "mean_final_vp": round(sum(r["vp"] for r in results) / n, 4) if n else 0.0,
        "events_fired": {str(card): fired[card] for card in sorted(fired)},
        "failures": [r for r in records if "error" in r],
        "seconds": round(seconds, 4),
        "games_per_second": round(n / seconds, 3) if seconds > 0 else None,
    }


def run_sim(games: int, seed: int, kinds: dict[str, str], data, events,
            console: Console | None, mod=None, jobs: int | None = None, ray: str | None = None,
            out: Path | None = None) -> int:
    """Play ``games`` games on ``jobs`` processes (default: every core) or on
    the Ray cluster at ``ray``, write one JSON line per game to ``out`` and
    print the summary (text on ``console``, or one JSON object on stdout
    when there is no console). A game that fails is
    reported with its seed and replay command and the batch goes on; the
    exit code is then 1."""
    batch = Batch(data, events, kinds, mod)
    seeds = range(seed, seed + games)
    display = progress_bar(console, games, console is not None and console.is_terminal)
    start = time.perf_counter()
    if ray is not None:
        records = play_on_ray(batch, seeds, ray, display)
    else:
        records = play_here(batch, seeds, min(jobs or cores(), games), display)
    summary = summarize(records, time.perf_counter() - start)
    if out is not None:
        write_records(out, records)
    if console is None:
        print(json.dumps(summary))
    else:
        console.print(summary_table(summary, kinds))
        for failure in summary["failures"]:
            console.print(f"Game with seed {failure['seed']} failed: {failure['error']}\n"
                          f"  replay: {failure['replay']}", style="bold red", markup=False,
                          highlight=False, soft_wrap=True)
    return 1 if summary["failures"] else 0


def write_records(path: Path, records: list[dict]) -> None:
    """One JSON line per game in seed order, written all at once: an old
    file survives a failure."""
    lines = "".join(json.dumps(r, separators=(",", ":")) + "\n"
                    for r in sorted(records, key=lambda r: r["seed"]))
    try:
        write_atomic(path, lines)
    except OSError as exc:
        raise SimError(f"cannot write {path}: {exc.strerror or exc}") from None


@contextmanager
def progress_bar(console: Console | None, total: int, shown: bool, label: str = "Simulating",
                 done: int = 0) -> Iterator[Advance]:
    """A way to count finished games: a Rich bar when ``shown``, with the
    time left at the pace of the last games (``done`` of them finished
    before it: they count in the bar, not in the pace). Each way of playing
    enters it only once its workers are started, so that no bar thread is
    running when a pool forks."""
    if not shown:
        yield lambda n: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(),
               TextColumn("time left"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("sim", total=total, completed=done)
        yield lambda n: progress.advance(task, n)


class Games(Protocol):
    """What a pool plays: a Batch's seeds, or anything whose items give a
    record each (`dof balance` plays both arms' seeds in one pool)."""

    def play(self, item: Any) -> dict: ...


# ------------------------------------------------ one process or a local pool
def play_here(batch: Games, seeds: Sequence, jobs: int,
              display: AbstractContextManager[Advance], chunk: int | None = None) -> list[dict]:
    """The games in this process (jobs 1: no pool at all) or on a pool of
    ``jobs`` worker processes, ``chunk`` games handed out at a time (by
    default a 16th of each worker's share: fast games need few hand-outs,
    slow ones a small chunk, so that no worker idles at the end)."""
    if jobs <= 1:
        records = []
        with display as advance:
            for seed in seeds:
                records.append(batch.play(seed))
                advance(1)
        return records
    # Imported for a pool only: one game in this process (`dof sim --games 1`)
    # would pay for it at start-up.
    import multiprocessing

    # fork starts a worker in milliseconds with everything already imported
    # (and the batch needs no pickling); elsewhere the platform's default.
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    chunk = chunk or max(1, len(seeds) // (16 * jobs))
    records = []
    with context.Pool(jobs, initializer=_start_worker, initargs=(batch,)) as pool, \
            display as advance:
        for record in pool.imap_unordered(_play_in_worker, seeds, chunksize=chunk):
            records.append(record)
            advance(1)
    return records


_worker_batch: Games | None = None


def _start_worker(batch: Games) -> None:
    """Pool initializer: keep the batch for all of this worker's games, and
    leave Ctrl-C to the parent, which terminates the pool (no traceback
    from every worker)."""
    global _worker_batch
    _worker_batch = batch
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(seed: Any) -> dict:
    assert _worker_batch is not None, "the pool's initializer set it"
    return _worker_batch.play(seed)


# ----------------------------------------------------------------------- Ray
def play_on_ray(batch: Batch, seeds: range, address: str,
                display: AbstractContextManager[Advance]) -> list[dict]:
    """The games as Ray tasks of up to RAY_CHUNK seeds each, on the cluster
    at ``address`` ("auto": the running one, "local": a new one here). A
    process already connected to Ray (dof used inside a Ray program) keeps
    its connection. Every node needs dof installed; the cards (and a mod's
    cards) travel with the batch."""
    try:
        import ray
    except ImportError:
        raise SimError("--ray needs Ray, which is not installed: pip install 'dof[ray]'") from None
    connected = ray.is_initialized()
    pending: list = []
    try:
        if not connected:
            try:
                with sigint_held():
                    ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
            except Exception as exc:  # ConnectionError, ValueError, ...: Ray's own message
                raise SimError(f"cannot connect to Ray at {address}: {exc}") from None
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, min(RAY_CHUNK, ceil(len(seeds) / (4 * cpus))))
        task = ray.remote(num_cpus=1)(_play_chunk)
        shared = ray.put(batch)
        pending = [task.remote(shared, list(seeds[i:i + size]))
                   for i in range(0, len(seeds), size)]
        records: list[dict] = []
        with display as advance:
            while pending:
                [done], pending = ray.wait(pending, num_returns=1)
                try:
                    chunk = ray.get(done)
                except ray.exceptions.RayError as exc:
                    raise SimError(f"a Ray task failed: {str(exc).strip().splitlines()[-1]}") \
                        from None
                records.extend(chunk)
                advance(len(chunk))
        return records
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if not connected:
            ray.shutdown()


@contextmanager
def sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back until the block ends. Ray crashes or leaves processes
    behind when interrupted while it starts; and the processes it starts
    inherit the held signal, so a later Ctrl-C reaches only dof, which then
    shuts them down."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _play_chunk(batch: Batch, seeds: list[int]) -> list[dict]:
    """One Ray task: a few consecutive games."""
    return [batch.play(seed) for seed in seeds]


# ------------------------------------------------------------------- output
def summary_table(summary: dict, kinds: dict[str, str]) -> Table:
    from rich.table import Table

    from dof.cli.board_view import HOW_TEXT

    n = summary["games"]
    table = Table(title=f"{n} games, seeds {summary['seed']}..{summary['seed'] + n - 1}",
                  caption=f"democrat {kinds['democrat']} vs communist {kinds['communist']}",
                  show_header=False, title_justify="left", caption_justify="left")
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column(justify="right", style="dim")

    def pct(k: int) -> str:
        return f"{100 * k / n:.1f}%" if n else ""

    styles = {"democrat": "blue", "communist": "red", "draw": ""}
    for who, k in summary["winners"].items():
        label = "Draws" if who == "draw" else f"{who.capitalize()} wins"
        table.add_row(f"[{styles[who]}]{label}[/]" if styles[who] else label, str(k), pct(k))
    for how, k in summary["endings"].items():
        table.add_row(f"Ended by {HOW_TEXT[how]}", str(k), pct(k))
    table.add_row("Mean final VP", f"{summary['mean_final_vp']:+.2f}", "")
    if summary["failures"]:
        table.add_row("[red]Failed games[/]", str(len(summary["failures"])), "")
    speed = summary["games_per_second"]
    table.add_row("Games per second", f"{speed:.2f}" if speed else "-",
                  f"{summary['seconds']:.2f} s")
    return table
