"""This build against an older one, measured in the same run.

The machine is shared: a figure taken today and one taken yesterday differ
by 2-3x with the load alone. So a speed claim is a ratio between this build
and a baseline build of an older commit, measured in one run, alternating
the two, each figure the best of several rounds (CPU time: the least
disturbed round is the truest).

A benchmark script that takes ``--baseline REV`` (see :func:`add_arguments`)
builds REV once, in its own virtual environment under
``$XDG_CACHE_HOME/dof-baselines/SHA`` (a plain, non-editable install of that
commit's tree), then runs itself with ``--json`` in both interpreters,
alternately: this checkout's Python runs this build, the baseline's Python
the old one, both the same script, which must use only the public API
(``dof`` and ``dof.engine``'s names) for that to hold. It prints each figure
of both with their ratio.

A script reports its figures with :func:`report`: a name, a value, and
whether higher or lower is better.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dof-baselines"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--baseline REV``, ``--rounds N`` and ``--json`` for a benchmark script."""
    parser.add_argument("--baseline", metavar="REV",
                        help="also measure commit REV, built in its own venv, alternating "
                             "with this build; print both and their ratio")
    parser.add_argument("--rounds", type=int, default=3,
                        help="with --baseline: rounds of both builds, best of each (default 3)")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object (what --baseline reads)")


def compared(args: argparse.Namespace, script: str) -> bool:
    """With ``--baseline``: run ``script`` (the caller's ``__file__``) under
    both builds as :func:`compare` does, with the command line's other
    arguments, and say so (the caller then has nothing more to do)."""
    if not args.baseline:
        return False
    argv, skip = [], 0
    for word in sys.argv[1:]:
        if skip:
            skip -= 1
        elif word in ("--baseline", "--rounds"):
            skip = 1
        elif not word.startswith(("--baseline=", "--rounds=")) and word != "--json":
            argv.append(word)
    compare(script, argv, args.baseline, args.rounds)
    return True


def report(args: argparse.Namespace, figures: dict[str, tuple[float, str]],
           lines: list[str]) -> None:
    """Print the figures: ``lines`` for a reader, or with --json the
    ``figures`` ({name: (value, "higher" | "lower" is better, or "same":
    not a speed, to compare as it is)}) for :func:`compare`."""
    if args.json:
        print(json.dumps({name: {"value": value, "better": better}
                          for name, (value, better) in figures.items()}))
    else:
        print("\n".join(lines))


def build(rev: str) -> Path:
    """The Python of a venv holding dof at commit ``rev`` (built once)."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                         capture_output=True, text=True, check=True).stdout.strip()
    home = CACHE / sha
    python = home / "venv" / "bin" / "python"
    if (home / "built").exists():
        return python
    source = home / "src"
    source.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    print(f"building {rev} ({sha[:10]}) in {home} ...", file=sys.stderr)
    venv.create(home / "venv", with_pip=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(source)], check=True)
    (home / "built").write_text(sha + "\n", encoding="utf-8")
    return python


def _figures(python: str | Path, script: Path, argv: list[str]) -> dict[str, dict]:
    out = subprocess.run([str(python), str(script), *argv, "--json"], capture_output=True,
                         text=True, cwd="/", check=False)
    if out.returncode != 0:
        raise SystemExit(f"{python} {script.name} failed:\n{out.stderr.strip()}")
    figures: dict[str, dict] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def compare(script: str, argv: list[str], rev: str, rounds: int) -> None:
    """Run ``script`` with ``argv`` under this build and the baseline,
    alternately for ``rounds`` rounds (each round's order reversed from the
    last), and print the best of each figure and their ratio."""
    old = build(rev)
    path = Path(script).resolve()
    runs: dict[str, list[dict[str, dict]]] = {"new": [], "old": []}
    order = [("new", sys.executable), ("old", old)]
    started = time.perf_counter()
    for r in range(rounds):
        for which, python in order if r % 2 == 0 else order[::-1]:
            runs[which].append(_figures(python, path, argv))
    print(f"{path.name} {' '.join(argv)}: this build against {rev}, {rounds} round(s) "
          f"alternated, best of each ({time.perf_counter() - started:.0f} s; load "
          f"{os.getloadavg()[0]:.1f})")
    width = max(len(name) for name in runs["new"][0])
    for name, first in runs["new"][0].items():
        better = first["better"]
        pick = max if better == "higher" else min
        new = pick(run[name]["value"] for run in runs["new"])
        base = pick(run[name]["value"] for run in runs["old"])
        ratio = (base / new if better == "lower" else new / base) if new and base else float("nan")
        how = "x" if better != "same" else "new/old "
        print(f"  {name:<{width}}  {new:10.4g}  baseline {base:10.4g}  {how}{ratio:.2f}")
