"""`dof balance`: does a mod change who wins?

The same seeds are played twice with the same bots, once with the built-in
deck and once with the mod (sim's Batch and process pool), so each game with
the mod has a twin without it. The change in a side's win rate is the mean
of the per-seed differences of that side's outcome (a win 1, a draw 1/2, a
loss 0), and its 95% confidence interval the normal approximation around
that mean: pairing removes the games' shared luck from the error. Draws
counting half make the two sides' changes exact opposites; the draw rates
are reported too. A seed whose game failed in either arm is left out of
every figure and listed with its replay command.
"""

from __future__ import annotations

import html
import json
import math
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any

import drawsvg as dw
from rich.console import Console
from rich.table import Table

from dof.cli.board_view import HOW_TEXT
from dof.cli.files import shown, write_atomic
from dof.cli.sim import (
    Batch,
    SimError,
    play_here,
    play_on_ray,
    progress_bar,
    summarize,
)
from dof.dsl.pieces import cores
from dof.engine.data.terms import SIDES

#: z for a two-sided 95% interval (about 1.96).
Z95 = NormalDist().inv_cdf(0.975)
#: Below this many games the normal approximation of the mean paired
#: difference is a rough guess (the usual rule of thumb for the central limit
#: theorem): the report says so rather than let an interval look precise.
MIN_GAMES = 30
ARMS = ("base", "mod")
SIDE_COLOURS = {"democrat": "blue", "communist": "red"}
PLOT_COLOURS = {"base": "#8a8a8a", "mod": "#d9731a"}

Loaded = tuple[Any, Any]  # (data, events) as cli.main.load_game builds them


# ------------------------------------------------------------------ playing
#: Seconds of games played here, before the pool starts, to time the bots
#: for the estimate (at least one seed in both arms; at most a 20th of the run).
SAMPLE_SECONDS = 1.0


@dataclass(frozen=True)
class Arms:
    """Both arms' batches, so that one pool plays their games interleaved
    (the base and the mod game of a seed one after the other): one bar and
    one time left for the whole run, and no core idle between the arms."""

    base: Batch
    mod: Batch

    def play(self, job: tuple[str, int]) -> dict:
        arm, seed = job
        return {"arm": arm, **(self.base if arm == "base" else self.mod).play(seed)}


def run_balance(games: int, seed: int, bot: str, fmt: str, base: Loaded, modded: Loaded,
                console: Console, mod: Path, jobs: int | None = None, ray: str | None = None,
                out: Path | None = None) -> int:
    """Play seeds ``seed``..``seed + games - 1`` with ``bot`` on both sides,
    without and with the mod (on ``jobs`` processes or the Ray cluster at
    ``ray``, as sim plays them), and show (text) or write (json, html; to
    ``out`` or, for json, stdout) the comparison. On processes here, the
    time the run will take is said first (unless the console carries the
    JSON report). Exit code 1 when a game failed (it is listed with its
    replay command), else 0."""
    kinds = {side: bot for side in SIDES}
    seeds = range(seed, seed + games)
    jobs = min(jobs or cores(), games)
    talk = fmt != "json" or out is not None
    bar = console.is_terminal and talk
    start = time.perf_counter()
    batches = {"base": Batch(*base, kinds), "mod": Batch(*modded, kinds, mod)}
    records: dict[str, list[dict]] = {arm: [] for arm in ARMS}
    if ray is None:
        arms = Arms(batches["base"], batches["mod"])
        work = [(arm, s) for s in seeds for arm in ARMS]
        first, pace = timed_start(arms, work)
        if talk:
            console.print(estimate(len(work), len(first), pace, jobs, bot), markup=False,
                          highlight=False)
        display = progress_bar(console, len(work), bar, "Playing", done=len(first))
        chunk = max(1, min(len(work) // (16 * jobs), round(1 / max(pace, 1e-3))))
        for record in first + play_here(arms, work[len(first):], jobs, display, chunk):
            records[record.pop("arm")].append(record)
    else:
        for arm, batch in batches.items():
            records[arm] = play_on_ray(batch, seeds, ray, progress_bar(console, games, bar))
    report = compare(records["base"], records["mod"], modded[0],
                     mod_cards(base[1].deck, modded[1].deck))
    report = {"mod": shown(mod), "bot": bot, "seed": seed, **report,
              "seconds": round(time.perf_counter() - start, 4)}
    if out is not None:
        write_report(out, json.dumps(report, indent=1) if fmt == "json" else html_report(report))
        show(report, console, cards=False)
        console.print(f"Report written to {out}", markup=False, highlight=False, soft_wrap=True)
    elif fmt == "json":
        print(json.dumps(report))
    else:
        show(report, console)
    return 1 if report["failures"] else 0


def timed_start(arms: Arms, work: list[tuple[str, int]]) -> tuple[list[dict], float]:
    """The first games of ``work``, played here for SAMPLE_SECONDS (a seed
    in both arms at least), and the seconds a game took: the run's pace."""
    played: list[dict] = []
    began = time.perf_counter()
    most = max(2, len(work) // 20)
    while len(played) < min(most, len(work)) and (
            len(played) < 2 or time.perf_counter() - began < SAMPLE_SECONDS):
        played.append(arms.play(work[len(played)]))
    return played, (time.perf_counter() - began) / max(1, len(played))


def estimate(total: int, done: int, pace: float, jobs: int, bot: str) -> str:
    """What the run will take, said before it starts."""
    left = (total - done) * pace / jobs
    return (f"{total} games of {bot} against {bot} ({total // 2} in each arm) on {jobs} "
            f"process{'es' if jobs > 1 else ''}: about {duration(left)} "
            f"(the first {done} took {pace:.2f} s each)")


def duration(seconds: float) -> str:
    """A rough time, as a person says it."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"


def write_report(path: Path, text: str) -> None:
    """The whole report or nothing: an old file survives a failure."""
    try:
        write_atomic(path, text + "\n")
    except OSError as exc:
        raise SimError(f"cannot write {path}: {exc.strerror or exc}") from None


def mod_cards(base_deck, mod_deck) -> list[int]:
    """The numbers the mod adds or replaces: a card defined elsewhere than
    in the built-in deck."""
    return sorted(n for n, card in mod_deck.cards.items()
                  if n not in base_deck.cards or card.span != base_deck.cards[n].span)


# ---------------------------------------------------------------- comparing
def score(record: dict, side: str) -> float:
    """A game's outcome for ``side``: a win 1, a draw 1/2, a loss 0."""
    winner = record["winner"]
    return 0.5 if winner is None else float(winner == side)


def paired_change(base: list[dict], mod: list[dict], side: str) -> dict:
    """Win rate of ``side`` in each arm and the mean paired difference with
    its 95% interval (normal approximation; none below two games)."""
    n = len(base)
    diffs = [score(m, side) - score(b, side) for b, m in zip(base, mod, strict=True)]
    mean = sum(diffs) / n if n else 0.0
    ci = None
    if n >= 2:
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        half = Z95 * sd / math.sqrt(n)
        # A rate moves by 100 points at most either way: no wider than that.
        ci = [round(max(-1.0, mean - half), 4), round(min(1.0, mean + half), 4)]

    def rate(records: list[dict]) -> float:
        return round(sum(score(r, side) for r in records) / n, 4) if n else 0.0

    return {"base": rate(base), "mod": rate(mod), "change": round(mean, 4), "ci95": ci}


def mean_vp_by_turn(records: list[dict], turns: int) -> list[float]:
    """Mean VP at the end of each turn; a game that ended early keeps its
    final VP for the turns it did not play."""
    if not records:
        return []
    totals = [0.0] * turns
    for r in records:
        vps = r["vp_by_turn"]
        for t in range(turns):
            totals[t] += vps[min(t, len(vps) - 1)]
    return [round(total / len(records), 3) for total in totals]


def card_table(records: list[dict], data, first: list[int]) -> list[dict]:
    """One row per card of the deck, the mod's cards first: how often each
    side played it as its event and for Ops (a Scoring card's play counts as
    its event), and the share of the games where a side played it as event
    that this side won (draws half)."""
    counts: Counter = Counter()
    outcomes: dict[int, list[float]] = {}
    for r in records:
        played_as_event = set()
        for play in r["plays"]:
            kind = "ops" if play["as"] == "ops" else "event"
            counts[play["card"], kind, play["by"]] += 1
            if kind == "event":
                played_as_event.add((play["card"], play["by"]))
        for card, side in played_as_event:
            outcomes.setdefault(card, []).append(score(r, side))
    rows = []
    for number in [*first, *(n for n in sorted(data.cards) if n not in first)]:
        wins = outcomes.get(number, [])
        rows.append({
            "number": number, "name": data.cards[number].name, "mod": number in first,
            **{kind: {side: counts[number, kind, side] for side in SIDES}
               for kind in ("event", "ops")},
            "event_games": len(wins),
            "event_win_rate": round(sum(wins) / len(wins), 4) if wins else None,
        })
    return rows


def compare(base: list[dict], mod: list[dict], data, cards: list[int]) -> dict:
    """The comparison of two arms' records (any order): per side the change
    in win rate, per arm the results and mean VP by turn, and the mod arm's
    card table. Only seeds that played in both arms count."""
    failed = {r["seed"] for r in (*base, *mod) if "error" in r}
    arms = {arm: sorted((r for r in records if r["seed"] not in failed),
                        key=lambda r: r["seed"])
            for arm, records in zip(ARMS, (base, mod), strict=True)}
    results = {}
    for arm, records in arms.items():
        summary = summarize(records)
        results[arm] = {"winners": summary["winners"], "endings": summary["endings"],
                        "mean_final_vp": summary["mean_final_vp"],
                        "mean_vp_by_turn": mean_vp_by_turn(records, data.turns)}
    return {
        "games": len(arms["mod"]),
        "small_sample": len(arms["mod"]) < MIN_GAMES,
        "draws": "half",
        "sides": {side: paired_change(arms["base"], arms["mod"], side) for side in SIDES},
        "arms": results,
        "mod_cards": cards,
        "cards": card_table(arms["mod"], data, cards),
        "failures": [{"arm": arm, **r} for arm, records in zip(ARMS, (base, mod), strict=True)
                     for r in sorted(records, key=lambda r: r["seed"]) if "error" in r],
    }


# ------------------------------------------------------------------- output
def pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def points(change: float) -> str:
    """A change of rate in percentage points."""
    return f"{100 * change:+.1f}"


def ci_text(ci: list[float] | None) -> str:
    return f"{points(ci[0])} .. {points(ci[1])}" if ci else "-"


def method(report: dict) -> str:
    """How the figures were made, and what the interval means."""
    n = report["games"]
    last = report["seed"] + n - 1
    return (f"{n} games with and without the mod, seeds {report['seed']}..{last}, "
            f"{report['bot']} bots. Draws count half a win. Change in percentage points; "
            "95% interval: where the true change lies 19 times in 20, from the seeds' paired "
            "differences (mean ± 1.96 sd / sqrt(N), a normal approximation), within ±100."
            + (f" {too_few(n)}" if n < MIN_GAMES else ""))


def too_few(n: int) -> str:
    """Why an interval from fewer than MIN_GAMES games says little."""
    return (f"Only {n} game{'' if n == 1 else 's'}: below {MIN_GAMES} the normal "
            "approximation is a rough guess and the interval says little; play "
            f"--games {MIN_GAMES} or more.")


def sides_table(report: dict) -> Table:
    table = Table(title=f"Win rates: {report['mod']}", caption=method(report),
                  title_justify="left", caption_justify="left")
    table.add_column("")
    for head in ("Base", "Mod", "Change", "95% interval"):
        table.add_column(head, justify="right")
    for side, row in report["sides"].items():
        table.add_row(f"[{SIDE_COLOURS[side]}]{side.capitalize()}[/]", pct(row["base"]),
                      pct(row["mod"]), points(row["change"]), ci_text(row["ci95"]))
    base, mod = (report["arms"][arm] for arm in ARMS)
    n = report["games"] or 1
    table.add_row("Draws", pct(base["winners"]["draw"] / n), pct(mod["winners"]["draw"] / n),
                  "", "", style="dim")
    for how in HOW_TEXT:
        table.add_row(f"By {HOW_TEXT[how]}", pct(base["endings"][how] / n),
                      pct(mod["endings"][how] / n), "", "", style="dim")
    table.add_row("Mean final VP", f"{base['mean_final_vp']:+.2f}",
                  f"{mod['mean_final_vp']:+.2f}", "", "", style="dim")
    return table


def cards_table(report: dict) -> Table:
    table = Table(title="Cards played in the games with the mod (* the mod's cards)",
                  caption="Event win: how often the side that played the card as its event "
                          "won that game.", title_justify="left", caption_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Card", overflow="ellipsis", no_wrap=True, max_width=26)
    for head in ("D event", "D ops", "C event", "C ops", "Event win"):
        table.add_column(head, justify="right")
    for row in report["cards"]:
        win = row["event_win_rate"]
        table.add_row(f"{'*' if row['mod'] else ''}{row['number']}", row["name"],
                      str(row["event"]["democrat"]), str(row["ops"]["democrat"]),
                      str(row["event"]["communist"]), str(row["ops"]["communist"]),
                      "-" if win is None else pct(win), style="bold" if row["mod"] else None)
    return table


def show(report: dict, console: Console, cards: bool = True) -> None:
    """The report as Rich tables (and its failures, as sim shows them)."""
    console.print(sides_table(report))
    if cards:
        console.print(cards_table(report))
    for failure in report["failures"]:
        console.print(f"Game with seed {failure['seed']} ({failure['arm']}) failed: "
                      f"{failure['error']}\n  replay: {failure['replay']}", style="bold red",
                      markup=False, highlight=False, soft_wrap=True)


# --------------------------------------------------------------------- html
PLOT_W, PLOT_H = 720, 320
PLOT_MARGIN = {"left": 56, "right": 150, "top": 20, "bottom": 44}


def vp_plot(report: dict) -> str:
    """Mean VP at the end of each turn, base and mod, as an inline SVG."""
    series = {arm: report["arms"][arm]["mean_vp_by_turn"] for arm in ARMS}
    turns = max((len(s) for s in series.values()), default=0) or 1
    values = [v for s in series.values() for v in s] or [0.0]
    low, high = math.floor(min(0.0, *values)) - 1, math.ceil(max(0.0, *values)) + 1
    left, top = PLOT_MARGIN["left"], PLOT_MARGIN["top"]
    width = PLOT_W - left - PLOT_MARGIN["right"]
    height = PLOT_H - top - PLOT_MARGIN["bottom"]

    def x(turn: int) -> float:
        return left + (turn - 1) * width / max(1, turns - 1)

    def y(vp: float) -> float:
        return top + (high - vp) * height / (high - low)

    d = dw.Drawing(PLOT_W, PLOT_H, font_family="sans-serif", font_size=12)
    d.append(dw.Rectangle(left, top, width, height, fill="white", stroke="#ccc"))
    step = max(1, math.ceil((high - low) / 8))
    for vp in range(math.ceil(low / step) * step, high + 1, step):
        d.append(dw.Line(left, y(vp), left + width, y(vp),
                         stroke="#555" if vp == 0 else "#e4e4e4"))
        d.append(dw.Text(f"{vp:+d}" if vp else "0", 11, left - 6, y(vp) + 4, text_anchor="end"))
    for turn in range(1, turns + 1):
        d.append(dw.Text(str(turn), 11, x(turn), top + height + 16, text_anchor="middle"))
    d.append(dw.Text("turn", 12, left + width / 2, PLOT_H - 8, text_anchor="middle"))
    d.append(dw.Text("mean VP (+ Democrat)", 12, 14, top + height / 2, text_anchor="middle",
                     transform=f"rotate(-90 14 {top + height / 2})"))
    for i, (arm, vps) in enumerate(series.items()):
        colour = PLOT_COLOURS[arm]
        coords = [c for t, vp in enumerate(vps, 1) for c in (x(t), y(vp))]
        if coords:
            d.append(dw.Lines(*coords, close=False, fill="none", stroke=colour,
                              stroke_width=2.5, class_=f"vp {arm}"))
        for t, vp in enumerate(vps, 1):
            d.append(dw.Circle(x(t), y(vp), 3, fill=colour))
        ly = top + 14 + 20 * i
        d.append(dw.Line(left + width + 14, ly, left + width + 38, ly, stroke=colour,
                         stroke_width=2.5))
        d.append(dw.Text("with the mod" if arm == "mod" else "base deck", 12,
                         left + width + 44, ly + 4))
    return d.as_svg(header="")


STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: 2px 10px; text-align: right; border-bottom: 1px solid #ddd; }
th:first-child, td:first-child, td.name { text-align: left; }
tr.mod { font-weight: bold; background: #fdf0e4; }
.note { color: #666; font-size: 90%; }
"""


def html_report(report: dict) -> str:
    """A self-contained page (well-formed XHTML): win rates, the VP plot and
    the card table."""
    e = html.escape

    def row(cells: list[str], cls: str = "", head: bool = False) -> str:
        tag = "th" if head else "td"
        attr = f' class="{cls}"' if cls else ""
        return f"<tr{attr}>" + "".join(f"<{tag}>{c}</{tag}>" for c in cells) + "</tr>"

    sides = [row(["", "Base", "Mod", "Change", "95% interval"], head=True)]
    for side, r in report["sides"].items():
        sides.append(row([side.capitalize(), pct(r["base"]), pct(r["mod"]), points(r["change"]),
                          ci_text(r["ci95"])]))
    cards = [row(["#", "Card", "Democrat event", "Democrat ops", "Communist event",
                  "Communist ops", "Event win"], head=True)]
    for c in report["cards"]:
        win = c["event_win_rate"]
        cards.append(row([str(c["number"]), e(c["name"]), str(c["event"]["democrat"]),
                          str(c["ops"]["democrat"]), str(c["event"]["communist"]),
                          str(c["ops"]["communist"]), "-" if win is None else pct(win)],
                         "mod" if c["mod"] else ""))
    failures = "".join(f"<li>seed {f['seed']} ({f['arm']}): {e(f['error'])}; replay: "
                       f"<code>{e(f['replay'])}</code></li>" for f in report["failures"])
    title = f"Balance: {e(report['mod'])}"
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"/>',
        f"<title>{title}</title><style>{STYLE}</style></head><body>",
        f"<h1>{title}</h1>",
        f'<p class="note">{e(method(report))}</p>',
        f'<table id="sides">{"".join(sides)}</table>',
        "<h2>Mean VP at the end of each turn</h2>",
        '<p class="note">A game that ended early keeps its final VP for the later turns.</p>',
        f'<figure id="vp-plot">{vp_plot(report)}</figure>',
        "<h2>Cards played with the mod</h2>",
        '<p class="note">The mod\'s cards first (highlighted). A Scoring card\'s play counts '
        "as its event. Event win: how often the side that played the card as its event won "
        "that game (draws half).</p>",
        f'<table id="cards">{"".join(cards)}</table>',
        f'<h2>Failed games</h2><ul id="failures">{failures}</ul>' if failures else "",
        "</body></html>",
    ])
