"""`dof sim`: many bot games, for balance numbers and as a smoke test.

Game i uses seed S+i and its bots are seeded from that seed, so one seed
reproduces a whole batch (only the timing differs between runs).
"""

from __future__ import annotations

import json
import time
from collections import Counter

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cli.board_view import HOW_TEXT
from engine.agents import make_agent
from engine.game import Game

SIDES = ("democrat", "communist")
ENDINGS = ("automatic_victory", "final_scoring", "held_scoring_card", "new_years_eve")


class SimFailure(RuntimeError):
    """A game raised inside the engine; the message names its seed to replay it."""


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
    """Play one bot game to the end and return its result; SimFailure names
    the seed and the command that replays it."""
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
    events = [e["card"] for e in game.log if e["kind"] == "event"]
    return {**game.result, "events": events}


def summarize(results: list[dict], seed: int, seconds: float,
              failures: list[dict] | None = None) -> dict:
    """The JSON summary of a batch; every ending key is always present, and
    games that failed are listed with their seeds (they count in no total)."""
    winners = Counter(r["winner"] or "draw" for r in results)
    endings = Counter(r["how"] for r in results)
    fired = Counter(card for r in results for card in r.get("events", ()))
    n = len(results)
    return {
        "games": n,
        "seed": seed,
        "winners": {k: winners.get(k, 0) for k in (*SIDES, "draw")},
        "endings": {k: endings.get(k, 0) for k in ENDINGS},
        "mean_final_vp": round(sum(r["vp"] for r in results) / n, 4) if n else 0.0,
        "events_fired": {str(card): fired[card] for card in sorted(fired)},
        "failures": failures or [],
        "seconds": round(seconds, 4),
        "games_per_second": round(n / seconds, 3) if seconds > 0 else None,
    }


def run_sim(games: int, seed: int, kinds: dict[str, str], as_json: bool, data, events,
            console: Console, mod=None) -> int:
    """Play ``games`` games and print the summary (text, or one JSON object).
    A game that fails is reported with its seed and replay command and the
    batch goes on; the exit code is then 1."""
    results: list[dict] = []
    failures: list[dict] = []

    def one(i: int) -> None:
        try:
            results.append(play_one(data, events, seed + i, kinds, mod))
        except SimFailure as exc:
            cause = exc.__cause__ or exc
            failures.append({"seed": seed + i, "error": f"{type(cause).__name__}: {cause}",
                             "replay": replay_command(seed + i, kinds, mod)})

    start = time.perf_counter()
    if console.is_terminal and not as_json:
        columns = (TextColumn("Simulating"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("sim", total=games)
            for i in range(games):
                one(i)
                progress.advance(task)
    else:
        for i in range(games):
            one(i)
    summary = summarize(results, seed, time.perf_counter() - start, failures)
    if as_json:
        print(json.dumps(summary))
    else:
        console.print(summary_table(summary, kinds))
        for failure in failures:
            console.print(f"Game with seed {failure['seed']} failed: {failure['error']}\n"
                          f"  replay: {failure['replay']}", style="bold red", markup=False,
                          highlight=False, soft_wrap=True)
    return 1 if failures else 0


def summary_table(summary: dict, kinds: dict[str, str]) -> Table:
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
