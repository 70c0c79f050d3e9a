"""Every ```card example in docs/language.md compiles (see the doc for the harness)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dsl_helpers import CARD, deck_of

DOCS = Path(__file__).parent.parent / "docs"
BLOCKS = [block for doc in ("language.md", "modding.md") for block in re.findall(
    r"```(card|card-error)\n(.*?)```", (DOCS / doc).read_text(encoding="utf-8"), re.S)]


def as_file(text: str) -> str:
    """Whole cards and boxes stand alone; fragments go into a test card's event."""
    if re.match(r"(\s*#[^\n]*\n)*\s*(card \d|tiananmen box|power struggle card)", text):
        return text
    return CARD.format(body="\n".join("        " + line for line in text.splitlines()))


def test_the_doc_has_examples():
    assert len(BLOCKS) > 20


@pytest.mark.parametrize("kind, text", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_compiles(tmp_path, kind, text):
    deck = deck_of(tmp_path, as_file(text))
    errors = [d.format() for d in deck.diagnostics if d.is_error]
    if kind == "card":
        assert errors == []
    else:
        code = re.match(r"#\s*(\w+)", text).group(1)
        assert any(d.code == code for d in deck.diagnostics), errors
