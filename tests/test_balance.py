"""`dof balance`: the same bot games with and without a mod, compared.

They read as examples of use: a mod that obviously helps the Democrat shows
as a rise in his win rate whose 95% interval is above zero; the report comes
as Rich tables, one JSON object or an HTML page with a plot.
"""

from __future__ import annotations

import io
import json
import sys
import xml.etree.ElementTree as ET

import pytest
from helpers import crash_at_seed
from rich.console import Console

from dof.cli import balance
from dof.cli.main import load_game, main

#: Three Democratic cards of the Early Year deck that random bots play in
#: nearly every game, each now worth 10 VP to the Democrat whoever plays it
#: (a Communist playing a Democratic card for Ops sets its event off).
GIFTS = """
card 17 "Roundtable Gift" {
    summary "The Democrat scores 10 VP."
    event { democrat gains 10 VP }
}
card 27 "Consumer Gift" {
    summary "The Democrat scores 10 VP."
    event { democrat gains 10 VP }
}
card 31 "Intelligentsia Gift" {
    summary "The Democrat scores 10 VP."
    event { democrat gains 10 VP }
}
"""
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def gifts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gifts")
    (folder / "gifts.card").write_text(GIFTS)
    return folder


def balance_json(tmp_path, *args: str) -> dict:
    """`dof balance --format json -o FILE ARGS`: the report without its timing."""
    out = tmp_path / "report.json"
    assert main(["balance", "--format", "json", "-o", str(out), *args]) == 0
    report = json.loads(out.read_text())
    del report["seconds"]
    return report


@pytest.fixture(scope="module")
def report(gifts, tmp_path_factory):
    """50 random games on seeds 0..49, with and without the gifts."""
    return balance_json(tmp_path_factory.mktemp("report"), "--mod", str(gifts),
                        "--games", "50", "--jobs", "2")


# ------------------------------------------------------------ the comparison
def test_a_mod_that_gives_the_democrat_vp_raises_his_win_rate(report):
    democrat, communist = report["sides"]["democrat"], report["sides"]["communist"]
    assert report["games"] == 50 and report["failures"] == []
    assert democrat["change"] > 0 and democrat["ci95"][0] > 0  # the interval excludes 0
    assert democrat["change"] == pytest.approx(democrat["mod"] - democrat["base"])
    # draws count half, so what one side gains the other loses
    assert communist["change"] == pytest.approx(-democrat["change"])
    assert communist["ci95"] == pytest.approx([-democrat["ci95"][1], -democrat["ci95"][0]])
    base, mod = report["arms"]["base"]["mean_vp_by_turn"], report["arms"]["mod"]["mean_vp_by_turn"]
    assert len(base) == len(mod) == 10 and mod[-1] > base[-1]


def test_the_card_table_lists_the_mod_cards_first_then_every_card(report):
    assert report["mod_cards"] == [17, 27, 31]
    rows = report["cards"]
    assert [(r["number"], r["name"], r["mod"]) for r in rows[:3]] == [
        (17, "Roundtable Gift", True), (27, "Consumer Gift", True),
        (31, "Intelligentsia Gift", True)]
    assert [r["number"] for r in rows[3:]] == [n for n in range(1, 111) if n not in (17, 27, 31)]
    gift = rows[0]  # the Democrat's own card: the Communist can only play it for Ops
    assert gift["event"]["democrat"] > 0 and gift["event"]["communist"] == 0
    assert gift["ops"]["communist"] > 0 and gift["event_win_rate"] > 0.5


def test_the_json_report_has_its_documented_keys(report, gifts):
    assert set(report) == {"mod", "bot", "seed", "games", "small_sample", "draws", "sides",
                           "arms", "mod_cards", "cards", "failures"}
    assert report["small_sample"] is False
    assert (report["mod"], report["bot"], report["seed"], report["draws"]) == (
        str(gifts), "random", 0, "half")
    assert set(report["sides"]["democrat"]) == {"base", "mod", "change", "ci95"}
    assert set(report["arms"]["mod"]) == {"winners", "endings", "mean_final_vp",
                                          "mean_vp_by_turn"}
    assert set(report["cards"][0]) == {"number", "name", "mod", "event", "ops",
                                       "event_games", "event_win_rate"}


def test_both_arms_play_the_same_seeds(gifts, monkeypatch):
    played = []

    def spy(batch, seed):
        record = real(batch, seed)
        played.append((batch.mod, seed))
        # each record has the VP at the end of every turn played
        assert len(record["vp_by_turn"]) == record["turn"]
        assert record["vp_by_turn"][-1] == record["vp"]
        return record

    real = balance.Batch.play
    monkeypatch.setattr(balance.Batch, "play", spy)
    screen = Console(file=io.StringIO(), width=80)
    assert balance.run_balance(3, 7, "random", "text", load_game(None), load_game(gifts),
                               screen, gifts, jobs=1) == 0
    # the base and the mod game of each seed, one after the other
    assert played == [(None, 7), (gifts, 7), (None, 8), (gifts, 8), (None, 9), (gifts, 9)]
    shown = screen.file.getvalue()
    assert "Win rates" in shown and "*17" in shown and "Roundtable Gift" in shown
    assert max(len(line) for line in shown.splitlines()) <= 80


def test_the_time_the_run_takes_is_said_before_it_starts(gifts):
    screen = Console(file=io.StringIO(), width=200)
    assert balance.run_balance(4, 0, "random", "text", load_game(None), load_game(gifts),
                               screen, gifts, jobs=2) == 0
    said = screen.file.getvalue().splitlines()[0]
    assert said.startswith("8 games of random against random (4 in each arm) on 2 "
                           "processes: about ")
    assert said.endswith(" s each)")


@pytest.mark.parametrize("seconds, said", [
    (0.2, "1 s"), (42, "42 s"), (89, "89 s"), (600, "10 min"), (5300, "88 min"),
    (9000, "2.5 h")])
def test_a_duration_is_said_as_a_person_says_it(seconds, said):
    assert balance.duration(seconds) == said


def test_two_processes_give_the_same_report_as_one(gifts, capsys):
    def printed(jobs: str) -> dict:
        assert main(["balance", "--mod", str(gifts), "--games", "4", "--seed", "20",
                     "--jobs", jobs, "--format", "json"]) == 0
        report = json.loads(capsys.readouterr().out)  # one JSON object on stdout
        del report["seconds"]
        return report

    assert printed("2") == printed("1")


def test_ray_plays_both_arms_with_sims_runner(gifts, monkeypatch, capsys):
    """--ray hands each arm to `dof sim`'s Ray runner, the same seeds each."""
    played = []

    def on_ray(batch, seeds, address, display):
        played.append((batch.mod, address, list(seeds)))
        return balance.play_here(batch, seeds, 1, display)

    monkeypatch.setattr(balance, "play_on_ray", on_ray)
    assert main(["balance", "--mod", str(gifts), "--games", "2", "--seed", "5", "--ray", "auto",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert played == [(None, "auto", [5, 6]), (gifts, "auto", [5, 6])]


def test_ray_not_installed_is_one_clear_line(gifts, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    assert main(["balance", "--mod", str(gifts), "--games", "2", "--ray", "auto"]) == 1
    assert capsys.readouterr().err == (
        "dof: --ray needs Ray, which is not installed: pip install 'dof[ray]'\n")


# ---------------------------------------------------------------------- html
def test_the_html_report_holds_the_vp_plot_and_the_card_table(gifts, tmp_path, capsys):
    out = tmp_path / "balance.html"
    assert main(["balance", "--mod", str(gifts), "--games", "3", "--jobs", "1",
                 "--format", "html", "-o", str(out)]) == 0
    assert f"Report written to {out}" in capsys.readouterr().out
    page = ET.fromstring(out.read_text().removeprefix("<!DOCTYPE html>\n"))
    [plot] = page.iter(f"{SVG}svg")
    lines = {p.get("class") for p in plot.iter(f"{SVG}path")}
    assert {"vp base", "vp mod"} <= lines
    [table] = (t for t in page.iter("table") if t.get("id") == "cards")
    rows = list(table.iter("tr"))
    assert len(rows) == 1 + 110  # a header, then every card
    assert [r.findall("td")[1].text for r in rows if r.get("class") == "mod"] == [
        "Roundtable Gift", "Consumer Gift", "Intelligentsia Gift"]


def test_html_needs_a_file(gifts, capsys):
    assert main(["balance", "--mod", str(gifts), "--games", "2", "--format", "html"]) == 1
    assert capsys.readouterr().err == "dof: --format html writes a file: add -o FILE\n"


# -------------------------------------------------------------------- errors
def test_a_seed_that_failed_is_left_out_and_listed(gifts, monkeypatch, capsys):
    crash_at_seed(monkeypatch, 4)
    assert main(["balance", "--mod", str(gifts), "--games", "3", "--seed", "3", "--jobs", "1",
                 "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2  # seeds 3 and 5
    assert [(f["arm"], f["seed"], f["replay"]) for f in report["failures"]] == [
        ("base", 4, "dof play --democrat random --communist random --seed 4"),
        ("mod", 4, f"dof play --democrat random --communist random --seed 4 --mod {gifts}")]


def test_a_mod_with_errors_stops_before_playing(tmp_path, capsys):
    (tmp_path / "bad.card").write_text(
        'card 31 "Intelligentsia" {\n    summary "A typo."\n'
        '    event { democrat places 2 SP in Gdnask }\n}\n')
    assert main(["balance", "--mod", str(tmp_path), "--games", "2"]) == 1
    err = capsys.readouterr().err
    assert "E101 unknown space or country 'Gdnask'" in err
    assert err.splitlines()[-1] == (
        f"dof: the cards have 1 error(s); see `dof lint --mod {tmp_path}`")


def test_a_sample_too_small_for_its_interval_says_so(gifts, capsys):
    """Issue 23: two games gave the interval '-196 .. +196'. A change of win
    rate is at most 100 points either way, and below 30 games the report
    says that its interval is a rough guess."""
    assert main(["balance", "--mod", str(gifts), "--games", "3", "--jobs", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Only 3 games: below 30 the normal approximation is a rough guess and the " \
        "interval says little; play --games 30 or more." in out
    assert "where the true change lies 19 times in 20" in out
    # Two seeds whose winners swap: changes -1 and +1, mean 0, 1.96 x sd / sqrt(2) = 1.96.
    base = [{"seed": i, "winner": w} for i, w in enumerate(["democrat", "communist"])]
    mod = [{"seed": i, "winner": w} for i, w in enumerate(["communist", "democrat"])]
    for side in ("democrat", "communist"):
        assert balance.paired_change(base, mod, side)["ci95"] == [-1.0, 1.0]
