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
alternately, both the same script, which must use only the public API
(``dof`` and ``dof.engine``'s names) for that to hold. It prints each figure
of both with their ratio.

This checkout is measured as a plain install too, never through the
development venv: an editable install finds ``dof`` through a finder hook
that every process pays for at start-up (some 10 ms, a third of
``dof --help``), which the baseline does not, so the two would not be alike.
The checkout's files (tracked, and untracked ones git does not ignore:
what a commit of the tree would hold, edits included) are copied to
``$XDG_CACHE_HOME/dof-baselines/tree-KEY/src`` and installed in that folder's
venv, one venv per checkout; it is installed again only when the files'
contents change (their hash is kept in ``built``).

A script reports its figures with :func:`report`: a name, a value, and
whether higher or lower is better.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
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


def build_checkout() -> Path:
    """The Python of a venv holding this checkout's files as they are now, a
    plain install (see the module's docstring for why), built again only
    when they change."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], capture_output=True, check=True).stdout
    files = sorted(name for name in listed.decode().split("\0")
                   if name and (ROOT / name).is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    key = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    home = CACHE / f"tree-{key}"
    python = home / "venv" / "bin" / "python"
    stamp = home / "built"
    if stamp.exists() and stamp.read_text(encoding="utf-8").strip() == digest.hexdigest():
        return python
    print(f"building this checkout ({ROOT}) in {home} ...", file=sys.stderr)
    source = home / "src"
    shutil.rmtree(source, ignore_errors=True)
    for name in files:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    if not python.exists():
        venv.create(home / "venv", with_pip=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(source)], check=True)
    stamp.write_text(digest.hexdigest() + "\n", encoding="utf-8")
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
    new = build_checkout()
    path = Path(script).resolve()
    runs: dict[str, list[dict[str, dict]]] = {"new": [], "old": []}
    order = [("new", new), ("old", old)]
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
