"""Nothing in lint may raise: random and mutated card text only ever gives diagnostics."""

from __future__ import annotations

import itertools
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dof.dsl import builtin_cards_dir
from dof.dsl.diagnostics import Reporter
from dof.dsl.lalr import Stop, machine
from dof.dsl.parser import decode_source
from dof.dsl.recovery import Recovery
from dof.dsl.scan import accepted, tokens

SOURCES = [p.read_text(encoding="utf-8") for p in sorted(builtin_cards_dir().glob("*.card"))]
TOKENS = sorted({t for src in SOURCES for t in re.findall(r'"[^"\n]*"|[\w\-.\']+|[^\s\w]', src)})


def lint_text(text: str | bytes, tmp_path) -> None:
    from dof.dsl import load_deck
    path = tmp_path / "fuzz.card"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    deck = load_deck([path])
    for diag in deck.diagnostics:  # formatting must not raise either
        diag.format()
        diag.to_json()
    internal = [d.format() for d in deck.diagnostics if d.code == "E900"]
    assert internal == [], internal


@st.composite
def mutated(draw):
    src = draw(st.sampled_from(SOURCES))
    start = draw(st.integers(0, max(0, len(src) - 1)))
    chunk = src[start: start + draw(st.integers(50, 1500))]
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["delete", "insert", "swap", "token", "dup_line"]))
        pos = draw(st.integers(0, max(0, len(chunk))))
        if kind == "delete":
            chunk = chunk[:pos] + chunk[pos + draw(st.integers(1, 8)):]
        elif kind == "insert":
            chunk = chunk[:pos] + draw(st.text(max_size=4)) + chunk[pos:]
        elif kind == "swap" and len(chunk) > 2:
            a, b = sorted(draw(st.tuples(st.integers(0, len(chunk) - 1),
                                         st.integers(0, len(chunk) - 1))))
            chunk = chunk[:a] + chunk[b] + chunk[a + 1:b] + chunk[a] + chunk[b + 1:]
        elif kind == "token":
            chunk = chunk[:pos] + " " + draw(st.sampled_from(TOKENS)) + " " + chunk[pos:]
        else:
            lines = chunk.splitlines(keepends=True)
            if lines:
                i = draw(st.integers(0, len(lines) - 1))
                lines.insert(i, lines[i])
                chunk = "".join(lines)
    return chunk


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(mutated())
def test_mutated_card_files_never_raise(tmp_path, text):
    lint_text(text, tmp_path)


@settings(max_examples=200, deadline=None)
@given(mutated())
def test_a_text_gets_a_syntax_error_exactly_when_it_does_not_parse(text):
    """Recovering from errors never hides the only one, nor finds one in a
    text that parses; the first error it meets is the one the parser that
    stops at the first error meets, at the same place."""
    recovery = Recovery(machine(), "fuzz.card", text)
    try:
        machine().parse("fuzz.card", text, recovery=recovery)
    except Stop:
        return  # nesting too deep: E004, whichever parser reads it
    try:
        machine().parse("fuzz.card", text)
    except Stop as stop:
        assert stop.error is not None and recovery.slips
        first = recovery.slips[0].error
        assert (first.line, first.column) == (stop.error.line, stop.error.column)
    else:
        assert recovery.slips == []


def visible(text: str) -> str:
    return "".join(c for c in text if not c.isspace())


@settings(max_examples=150, deadline=None)
@given(mutated(), st.data())
def test_the_editor_reads_any_text_past_its_mistakes(text, data):
    """The editor's reading (dsl/scan.py, lint's recovery watched) never
    raises either: its tokens follow one another and hold every character
    but blanks; none is marked as not parsed in a text that parses; and it
    accepts something of the grammar at any point."""
    found = tokens(text)
    assert all(a.end <= b.start for a, b in itertools.pairwise(found))
    assert visible("".join(text[t.start:t.end] for t in found)) == visible(text)
    try:
        machine().parse("fuzz.card", text)
    except Stop:
        pass
    else:
        assert all(t.parsed for t in found)
    at = data.draw(st.integers(0, len(text)))
    assert accepted(text[:at], at)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=300), st.binary(max_size=200)))
def test_random_text_and_bytes_never_raise(tmp_path, text):
    lint_text(text, tmp_path)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(TOKENS), max_size=40))
def test_random_token_soup_never_raises(tmp_path, tokens):
    lint_text('card 201 "Fuzz" { period early; side democrat; ops 2; summary "f"\n event {\n'
              + " ".join(tokens) + "\n } }\n", tmp_path)


def test_decode_never_raises_on_odd_bytes():
    for data in (b"\xff\xfe", b"\xef\xbb\xbfcard", b"\x00", "é".encode("latin-1")):
        decode_source("x.card", data, Reporter())
