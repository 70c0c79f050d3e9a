"""`dof sim` at scale: a pool of processes (--jobs), a Ray cluster (--ray)
and one JSON line per game (--out).

They read as examples of use: however the games are spread, the same seed
gives the same records and the same summary (only the timing differs).
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import sys

import pytest
from helpers import crash_at_seed
from rich.console import Console

from dof.cli.main import load_game, main
from dof.cli.sim import run_sim, summarize

TIMING = ("seconds", "games_per_second")
KINDS = {"democrat": "random", "communist": "random"}


def sim_json(capsys, *args: str) -> dict:
    """`dof sim --json ARGS`: the summary without its timing."""
    assert main(["sim", "--json", *args]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in TIMING:
        del summary[key]
    return summary


def read_records(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# ------------------------------------------------------------------- --jobs
def test_two_processes_give_the_same_games_as_one(capsys, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    alone = sim_json(capsys, "--games", "6", "--seed", "3", "--jobs", "1", "--out", str(one))
    pooled = sim_json(capsys, "--games", "6", "--seed", "3", "--jobs", "2", "--out", str(two))
    assert pooled == alone and alone["games"] == 6
    assert two.read_text() == one.read_text()  # game by game, in seed order


def test_one_job_plays_in_this_process(capsys, monkeypatch):
    def no_pool(*args):
        raise AssertionError("--jobs 1 started a pool")

    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    assert sim_json(capsys, "--games", "2", "--jobs", "1")["games"] == 2


@pytest.mark.skipif(sys.platform != "linux",
                    reason="the patched engine reaches pool workers only when they fork")
def test_a_failing_game_in_the_pool_is_reported_with_its_seed(capsys, monkeypatch, tmp_path):
    crash_at_seed(monkeypatch, 4)
    out = tmp_path / "games.jsonl"
    assert main(["sim", "--games", "3", "--seed", "3", "--jobs", "2", "--json",
                 "--out", str(out)]) == 1
    [failure] = json.loads(capsys.readouterr().out)["failures"]
    assert failure == {"seed": 4, "error": "IndexError: tuple index out of range",
                       "replay": "dof play --democrat random --communist random --seed 4"}
    assert [r["seed"] for r in read_records(out)] == [3, 4, 5]


def test_the_progress_bar_counts_pool_games_on_a_terminal():
    screen = Console(file=io.StringIO(), force_terminal=True, width=100)
    assert run_sim(3, 0, KINDS, *load_game(None), screen, jobs=2) == 0
    shown = screen.file.getvalue()
    assert "Simulating" in shown and "3 games, seeds 0..2" in shown


@pytest.mark.parametrize("jobs", ["0", "x", "-2"])
def test_jobs_must_be_a_whole_number_of_at_least_one(jobs, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["sim", "--games", "2", "--jobs", jobs])
    assert exit_.value.code == 2
    assert "argument --jobs: expected a whole number of at least 1" in capsys.readouterr().err


# -------------------------------------------------------------------- --out
def test_out_has_one_line_per_game_and_the_summary_comes_from_them(capsys, tmp_path):
    out = tmp_path / "results.jsonl"
    printed = sim_json(capsys, "--games", "4", "--seed", "7", "--out", str(out))
    records = read_records(out)
    assert [r["seed"] for r in records] == [7, 8, 9, 10]
    first = records[0]
    assert set(first) == {"seed", "winner", "how", "detail", "vp", "turn", "vp_by_turn",
                          "plays", "events"}
    assert {p["as"] for r in records for p in r["plays"]} == {"event", "ops", "scoring"}
    for play in first["plays"]:
        assert play["by"] in ("democrat", "communist")
        if play["as"] == "event":  # the player's own event fired
            assert {"card": play["card"], "for": play["by"]} in first["events"]
    recomputed = summarize(records)
    for key in TIMING:
        del recomputed[key]
    assert recomputed == printed


def test_out_keeps_the_old_file_when_the_disk_is_full(capsys, monkeypatch, tmp_path):
    out = tmp_path / "results.jsonl"
    out.write_text("old results\n")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["sim", "--games", "2", "--json", "--out", str(out), "--overwrite"]) == 1
    assert f"dof: cannot write {out}: No space left on device" in capsys.readouterr().err
    assert out.read_text() == "old results\n"
    assert [p.name for p in tmp_path.iterdir()] == ["results.jsonl"]  # no temporary left


def test_out_in_a_missing_folder_stops_before_playing(capsys, tmp_path):
    assert main(["sim", "--games", "2", "--out", str(tmp_path / "no" / "r.jsonl")]) == 1
    assert "not a file in an existing folder" in capsys.readouterr().err


# -------------------------------------------------------------------- --ray
def test_ray_not_installed_is_one_clear_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    assert main(["sim", "--games", "2", "--ray", "auto"]) == 1
    assert capsys.readouterr().err == (
        "dof: --ray needs Ray, which is not installed: pip install 'dof[ray]'\n")


@pytest.fixture(scope="module")
def local_ray():
    """A small Ray instance in this process; `dof sim --ray` uses it."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'dof[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_plays_the_same_games(local_ray, capsys, tmp_path):
    here, there = tmp_path / "here.jsonl", tmp_path / "ray.jsonl"
    alone = sim_json(capsys, "--games", "5", "--seed", "3", "--jobs", "1", "--out", str(here))
    on_ray = sim_json(capsys, "--games", "5", "--seed", "3", "--ray", "auto", "--out", str(there))
    assert on_ray == alone and alone["games"] == 5
    assert there.read_text() == here.read_text()
