"""CPU time of short `dof` commands, each run as a whole process.

    python benchmarks/bench_startup.py [RUNS] [--baseline REV [--rounds R]] [--json]

Start-up is what a user waits for on every command, so each command runs in a
fresh process and the figure is the child's CPU time (user + system, from
``os.wait4``): wall time on a shared machine mostly measures the neighbours.
A cold run gets empty cache folders (dof's, and the temporary folder where
older versions kept Lark's table); warm runs share one cache folder that a
first, untimed run has filled. Prints the best and the median of RUNS runs.

Python may write its bytecode files (PYTHONDONTWRITEBYTECODE is dropped), as
an installed package has them: compiling dof's sources on every run would
otherwise cost more than the start-up being measured.

With ``--baseline REV`` the same commands of commit REV's ``dof``, built in
its own venv, run alternately with this build's (benchmarks/baseline.py),
and each figure is printed with its ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from baseline import add_arguments, compared, report

COMMANDS = {
    "dof --help": ["--help"],
    "dof lint": ["lint"],
    "dof sim --games 1 --json": ["sim", "--games", "1", "--json"],
}


def dof_command() -> list[str]:
    """The installed console script next to this Python, else ``python -m dof``."""
    script = Path(sys.executable).with_name("dof")
    return [str(script)] if script.exists() else [sys.executable, "-m", "dof"]


def cpu_ms(argv: list[str], env: dict[str, str]) -> float:
    """User + system CPU milliseconds of one run of ``argv``."""
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):  # lint exits 1 for a deck with errors
        raise SystemExit(f"{' '.join(argv)} failed with exit code {child.returncode}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def cache_env(root: Path) -> dict[str, str]:
    """An environment whose caches all live under ``root``."""
    for sub in ("dof", "xdg", "tmp"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "DOF_CACHE_DIR": str(root / "dof"),
            "XDG_CACHE_HOME": str(root / "xdg"), "TMPDIR": str(root / "tmp")}


def measure(args: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Cold and warm CPU times of ``dof ARGS``."""
    argv = dof_command() + args
    with tempfile.TemporaryDirectory() as scratch:
        cpu_ms(argv, cache_env(Path(scratch) / "bytecode"))  # Python's own caches
        cold = []
        for i in range(runs):
            cold.append(cpu_ms(argv, cache_env(Path(scratch) / f"cold{i}")))
            shutil.rmtree(Path(scratch) / f"cold{i}")
        warm_env = cache_env(Path(scratch) / "warm")
        cpu_ms(argv, warm_env)
        warm = [cpu_ms(argv, warm_env) for _ in range(runs)]
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=7, help="runs of each (default 7)")
    add_arguments(parser)
    args = parser.parse_args()
    if compared(args, __file__):
        return
    figures = {}
    lines = [f"CPU ms (user+sys) of {args.runs} runs each: best / median",
             f"{'command':28} {'cold cache':>18} {'warm cache':>18}"]
    for label, argv in COMMANDS.items():
        cold, warm = measure(argv, args.runs)
        figures[f"{label}, cold cache, best ms"] = (min(cold), "lower")
        figures[f"{label}, warm cache, best ms"] = (min(warm), "lower")
        lines.append(f"{label:28} {min(cold):8.0f} / {statistics.median(cold):6.0f} "
                     f"{min(warm):8.0f} / {statistics.median(warm):6.0f}")
    report(args, figures, lines)


if __name__ == "__main__":
    main()
