"""Diagnostic codes: one table (``CODES``), used by the code and documented.

Card files (`dof lint`, the language server) and scenario and position files
(``dof.cli.located``) report codes from the same table; the docs' code
tables (docs/language.md for card files, docs/scenarios.md for scenario
files) document each of them, and nothing else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dof.dsl.diagnostics import CODES, Diagnostic, Span

ROOT = Path(__file__).parent.parent
CODE = re.compile(r"\b[EW]\d{3}\b")
TABLE_ROW = re.compile(r"^\| ([EW]\d{3}) \|", re.M)


def codes_in_sources() -> dict[str, list[str]]:
    """Each code written in dof's own Python files, with the files that write it."""
    found: dict[str, list[str]] = {}
    for folder in ("dsl", "cli", "engine"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for code in set(CODE.findall(path.read_text(encoding="utf-8"))):
                found.setdefault(code, []).append(path.relative_to(ROOT).as_posix())
    return found


def codes_in_doc_tables() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name in ("language.md", "scenarios.md"):
        for code in TABLE_ROW.findall((ROOT / "docs" / name).read_text(encoding="utf-8")):
            found.setdefault(code, []).append(name)
    return found


def test_every_code_in_the_sources_is_in_the_table():
    used = codes_in_sources()
    assert {code: files for code, files in used.items() if code not in CODES} == {}
    # The scenario codes are among them: cli/located.py has no table of its own.
    assert {"E601", "E611", "E620"} <= set(used)


def test_every_code_in_the_table_is_used():
    used = codes_in_sources()
    assert [code for code in CODES if code not in used] == []


def test_every_code_is_documented_in_a_docs_table():
    documented = codes_in_doc_tables()
    assert [code for code in CODES if code not in documented] == []
    assert documented["E601"] == ["scenarios.md"] and documented["W510"] == ["language.md"]


def test_the_docs_tables_document_only_codes_of_the_table():
    assert [code for code in codes_in_doc_tables() if code not in CODES] == []


def test_a_diagnostic_takes_only_a_code_of_the_table():
    span = Span("example.scenario.yaml", 3, 14)
    assert Diagnostic("E601", "unknown key 'posiiton'", span).is_error
    with pytest.raises(ValueError, match="E699 is not a diagnostic code"):
        Diagnostic("E699", "no such problem", span)
