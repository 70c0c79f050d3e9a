"""Every ```card example in docs/language.md and docs/modding.md compiles (see
the docs for the harness), and every ```python example in docs/api.md runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dsl_helpers import CARD, deck_of

DOCS = Path(__file__).parent.parent / "docs"
BLOCKS = [block for doc in ("language.md", "modding.md") for block in re.findall(
    r"```(card|card-error)\n(.*?)```", (DOCS / doc).read_text(encoding="utf-8"), re.S)]
PYTHON = re.findall(r"```python\n(.*?)```", (DOCS / "api.md").read_text(encoding="utf-8"),
                    re.S)


def as_file(text: str) -> str:
    """Whole cards and boxes stand alone; fragments go into a test card's event."""
    if re.match(r"(\s*#[^\n]*\n)*\s*(card \d|tiananmen box|power struggle card)", text):
        return text
    return CARD.format(body="\n".join("        " + line for line in text.splitlines()))


def test_the_doc_has_examples():
    assert len(BLOCKS) > 20
    assert len(PYTHON) >= 6


@pytest.mark.parametrize("kind, text", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_compiles(tmp_path, kind, text):
    deck = deck_of(tmp_path, as_file(text))
    errors = [d.format() for d in deck.diagnostics if d.is_error]
    if kind == "card":
        assert errors == []
    else:
        code = re.match(r"#\s*(\w+)", text).group(1)
        assert any(d.code == code for d in deck.diagnostics), errors


@pytest.mark.parametrize("text", PYTHON, ids=[f"api{i}" for i in range(len(PYTHON))])
def test_api_example_runs(text, capsys):
    """Each block stands alone, as a reader would paste it."""
    exec(compile(text, "docs/api.md", "exec"), {"__name__": "api_example"})
    assert capsys.readouterr().out or "assert" in text
