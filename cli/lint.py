"""`dof lint`: check card files and report diagnostics (text or JSON)."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

from rich.console import Console
from rich.text import Text

from dof.dsl import Deck, Diagnostic, builtin_cards_dir
from dof.dsl.cache import load_deck_cached


def run_lint(paths: list[Path], fmt: str = "text", strict: bool = False,
             mod: Path | None = None, console: Console | None = None,
             jobs: int | None = None) -> int:
    """Lint card files; exit code 0 when clean (warnings allowed unless strict), else 1.

    No paths means the built-in ``cards/`` folder; ``mod`` adds or replaces
    cards by number on top of the linted ones; ``jobs`` processes read a
    large deck (see dsl/pieces.py).
    """
    console = console or Console(highlight=False)
    deck = load_deck_cached(list(paths) if paths else None, mod=mod, jobs=jobs)
    errors, warnings = deck.errors, deck.warnings
    # With no path the installed deck is checked, which may not be the
    # folder the user is editing: say which.
    checked = [str(p) for p in paths] if paths else [str(builtin_cards_dir())]
    if fmt == "json":
        console.print_json(json.dumps({
            "checked": checked,
            "diagnostics": [diagnostic_json(d) for d in deck.diagnostics],
            "cards": deck.compiled_cards, "boxes": deck.compiled_boxes,
            "errors": errors, "warnings": warnings}))
    else:
        if console.is_terminal:
            for diag in deck.diagnostics:
                print_diagnostic(console, diag)
        else:  # to a file or a pipe: the same text without Rich's cost per line
            console.file.write("".join(plain_diagnostic(d) + "\n" for d in deck.diagnostics))
        noun = "card" if deck.compiled_cards == 1 else "cards"
        boxes = "box" if deck.compiled_boxes == 1 else "boxes"
        style = "bold red" if errors else "bold yellow" if warnings else "bold green"
        console.print(Text(f"compiled {deck.compiled_cards} {noun} and {deck.compiled_boxes} "
                           f"Tiananmen {boxes}: {errors} error{'s' * (errors != 1)}, "
                           f"{warnings} warning{'s' * (warnings != 1)}", style=style))
        if not paths:
            console.print(Text(f"checked the installed deck in {checked[0]}", style="dim"),
                          soft_wrap=True)
    return 1 if errors or (strict and warnings) else 0


def display_path(path: str) -> str:
    """A path relative to the working directory when it lies under it."""
    return _relative(path, os.getcwd())


@cache
def _relative(path: str, cwd: str) -> str:
    """Once per path and folder: a large file's findings all name the same one."""
    try:
        relative = os.path.relpath(path, cwd)
    except ValueError:  # another drive
        return path
    return relative if Path(path).is_absolute() and not relative.startswith("..") else path


def diagnostic_json(diag: Diagnostic) -> dict:
    out = diag.to_json()
    out["path"] = display_path(out["path"])
    return out


def plain_diagnostic(diag: Diagnostic) -> str:
    """What print_diagnostic shows, as plain text: a file of 20,000 findings
    is written in a moment instead of Rich's half millisecond each."""
    lines = [f"{display_path(diag.span.path)}:{diag.span.line}:{diag.span.col}: "
             f"{diag.code} {diag.message}"]
    if diag.source_line:
        lines += diag.excerpt()
    if diag.hint:
        lines.append(f"hint: {diag.hint}")
    return "\n".join(lines)


def print_diagnostic(console: Console, diag: Diagnostic) -> None:
    colour = "red" if diag.is_error else "yellow"
    head = Text()
    head.append(f"{display_path(diag.span.path)}:{diag.span.line}:{diag.span.col}: ",
                style="bold")
    head.append(diag.code, style=f"bold {colour}")
    head.append(f" {diag.message}")
    # Never wrapped: a wrapped PATH:LINE:COL line or source line breaks
    # editors that parse it and moves the caret off its word.
    console.print(head, soft_wrap=True)
    if diag.source_line:
        source, caret = diag.excerpt()
        console.print(Text(source), soft_wrap=True)
        console.print(Text(caret, style=f"bold {colour}"), soft_wrap=True)
    if diag.hint:
        console.print(Text(f"hint: {diag.hint}", style="cyan"), soft_wrap=True)


def broken_mod(console: Console, deck: Deck, mod: Path, fmt: str) -> int:
    """A mod whose cards have errors: its diagnostics (text or JSON) and
    exit code 1, rather than what a command would make of half a deck."""
    error = f"the mod {mod} has {deck.errors} error(s); fix them first (dof lint --mod {mod})"
    if fmt == "json":
        console.print_json(json.dumps({"error": error, "diagnostics": [
            diagnostic_json(d) for d in deck.diagnostics]}))
        return 1
    for diagnostic in deck.diagnostics:
        print_diagnostic(console, diagnostic)
    console.print(Text(error, style="bold red"), soft_wrap=True)
    return 1
