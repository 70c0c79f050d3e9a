"""Which card files a deck is read from: the built-in folder, and the files
under the folders a user names, in a stable order.

Both dsl/deck.py, which compiles them, and the cache (dsl/cache.py), which
hashes them to find a compiled deck, list them here: a deck found in the
cache then costs no import of the compiler.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dof.dsl.diagnostics import Reporter

SUFFIX = ".card"


def builtin_cards_dir() -> Path:
    """The folder of card files shipped in the ``cards`` package."""
    return Path(str(resources.files("dof.cards")))


def card_files(paths: list[Path], reporter: Reporter | None = None,
               empty: str = "W505") -> list[Path]:
    """Card files named directly, or found (sorted) under directories; a
    folder without any is reported with ``empty`` (a warning for lint, an
    error for a mod, which must add or replace something)."""
    out: list[Path] = []
    for path in paths:
        if not path.is_dir():
            out.append(path)
            continue
        found = sorted(p for p in path.rglob("*" + SUFFIX) if p.is_file())
        if not found and reporter is not None:
            # Imported only here: a deck found in the cache needs no diagnostics.
            from dof.dsl.diagnostics import Span

            others = sorted(p.name for p in path.iterdir() if p.is_file())[:5]
            what = "mod folder" if empty == "E005" else "folder"
            reporter.report(empty, f"the {what} holds no card files (*{SUFFIX})",
                            Span(str(path), 1, 1),
                            f"card files end in {SUFFIX}" + (
                                f"; found {', '.join(others)}" if others else ""))
        out.extend(found)
    return out
