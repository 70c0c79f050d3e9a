"""Helpers for the card-language tests: wrap a fragment in a card and compile it."""

from __future__ import annotations

from pathlib import Path

from dof.dsl import Deck, load_deck

CARD = '''card 201 "Test Card" {{
    period early; side democrat; ops 2
    summary "A card made up for a test."
    event {{
{body}
    }}
}}
'''


def deck_of(tmp_path: Path, text: str, name: str = "test.card") -> Deck:
    """Load a deck made of one card file holding ``text``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_deck([path])


def event(tmp_path: Path, body: str) -> Deck:
    """A deck with one test card whose event is ``body`` (one statement a line)."""
    lines = "\n".join("        " + line for line in body.strip("\n").splitlines())
    return deck_of(tmp_path, CARD.format(body=lines))


def program(tmp_path: Path, body: str) -> list[dict]:
    """The compiled event of a fragment, asserting it compiled cleanly."""
    deck = event(tmp_path, body)
    assert [d.format() for d in deck.diagnostics if d.is_error] == []
    return deck.card(201).event


def strip_at(ops):
    """Compiled operations without their source positions (easier to compare)."""
    if isinstance(ops, list):
        return [strip_at(o) for o in ops]
    if isinstance(ops, dict):
        return {k: strip_at(v) for k, v in ops.items() if k != "at"}
    return ops
