"""Card text read token by token as the parser reads it (dsl/scan.py): what
the editor highlights and completes, even in a file that does not parse."""

from __future__ import annotations

import re

import pytest
from dsl_helpers import CARD as TEST_CARD
from test_syntax_hints import CARD_LINES, STATEMENTS
from test_syntax_recovery import ALONE, ROUND_TABLE

from dof.dsl import builtin_cards_dir
from dof.dsl.diagnostics import Reporter
from dof.dsl.parser import parse_source
from dof.dsl.scan import accepted, category, tokens

CARD = 'card 111 "Round Table Returns" {\n    period late; side democrat; ops 2\n'


def words(text: str) -> list[tuple[str, str]]:
    return [(text[t.start:t.end], category(t.kind)) for t in tokens(text)
            if category(t.kind) != "punctuation"]


def test_a_card_reads_as_keywords_names_strings_numbers_and_comments():
    text = (CARD + "    event {  # the event\n"
            "        place 2 SP in East Germany and Gdansk\n    }\n}\n")
    assert words(text) == [
        ("card", "keyword"), ("111", "number"), ('"Round Table Returns"', "string"),
        ("period", "keyword"), ("late", "keyword"), ("side", "keyword"),
        ("democrat", "keyword"), ("ops", "keyword"), ("2", "number"), ("event", "keyword"),
        ("place", "keyword"), ("2", "number"), ("SP", "keyword"), ("in", "keyword"),
        ("East", "name"), ("Germany", "name"), ("and", "keyword"), ("Gdansk", "name")]
    assert [text[t.start:t.end] for t in tokens(text) if t.kind == "_LBRACE"][1] \
        == "{  # the event\n        "  # the comment inside is found by the editor's reader


@pytest.mark.parametrize("path", sorted(builtin_cards_dir().glob("*.card")), ids=lambda p: p.name)
def test_every_printed_card_file_reads_without_a_skip(path):
    text = path.read_text(encoding="utf-8")
    found = tokens(text)
    assert all(t.parsed for t in found)
    assert "".join(text[t.start:t.end] for t in found).replace(" ", "").replace("\t", "") \
        == text.replace(" ", "").replace("\t", "")  # every character but blanks is a token's


def test_a_line_that_does_not_parse_is_skipped_and_the_rest_read():
    text = (CARD + "    event {\n        democrat frobs 2 SP in Gdansk\n"
            "        remove 1 SP from Berlin\n    }\n}\n"
            'card 112 "Second" {\n    period late\n}\n')
    found = tokens(text)
    skipped = [(text[t.start:t.end], t.kind) for t in found if not t.parsed]
    assert skipped == [("frobs", "$LEX"), ("2", "INT"), ("SP", "SP"), ("in", "IN"),
                       ("Gdansk", "NAME")]  # from 'frobs', no word of the language, to the line end
    assert [text[t.start:t.end] for t in found if t.parsed and t.kind == "NAME"] == ["Berlin"]
    assert [text[t.start:t.end] for t in found if t.kind == "STRING"][-1] == '"Second"'


def test_a_stray_brace_starts_again_at_the_next_card():
    text = CARD + "    event { place 2 SP in } }\n}\n" + 'card 112 "Second" {\n    period late\n}\n'
    found = [(text[t.start:t.end], t.parsed) for t in tokens(text)
             if category(t.kind) != "punctuation"]
    assert found[-5:] == [("card", True), ("112", True), ('"Second"', True), ("period", True),
                          ("late", True)]


@pytest.mark.parametrize("before, wanted, unwanted", [
    ("    event {\n        place 2 SP in ", {"NAME", "EACH", "THE"}, {"PLACES", "STRING"}),
    ("    event {\n        place 2 SP in Gdansk and ", {"NAME", "THE"}, {"EACH"}),
    ("    event {\n        communist ", {"PLACES", "MAY", "DRAWS"}, {"NAME", "SUMMARY"}),
    ("    requires event ", {"STRING"}, {"NAME"}),
    ("    ", {"SUMMARY", "EVENT", "REQUIRES", "LASTING"}, {"PLACES"}),
    ("    event {\n        democrat frobs 2 SP\n        remove 2 SP from ", {"NAME"}, {"CARD"}),
    ("    event {\n        democrat puts 1 SP ", {"IN"}, {"_SEP", "_RBRACE", "FROM"}),
], ids=["after in", "after and", "after a player", "after requires event", "a clause",
        "after a mistake", "after a verb lint mends"])
def test_accepted_is_what_the_grammar_takes_at_the_cursor(before, wanted, unwanted):
    text = CARD + before
    found = accepted(text, len(text))
    assert wanted <= found and not unwanted & found


def test_accepted_reads_the_word_being_typed_as_a_look_ahead():
    text = CARD + "    event {\n        place 2 SP in Gdansk and Bu"
    assert accepted(text, len(text) - 2) == {"NAME", "THE"}


def test_a_name_of_any_script_is_a_name():
    text = CARD + "    event {\n        place 1 SP in Łódź; frob 1 SP in Plzeň\n    }\n}\n"
    assert [(text[t.start:t.end], t.parsed) for t in tokens(text) if t.kind == "NAME"] == [
        ("Łódź", True), ("Plzeň", False)]  # the second in a skipped line


def broken_files() -> list[str]:
    """The mistakes of the syntax tests, one a file, then many in one file."""
    right = TEST_CARD.format(body="        democrat gains 1 VP")
    texts = [TEST_CARD.format(body=f"        {mistake}\n        democrat gains 1 VP")
             for mistake, *_ in STATEMENTS + ALONE]
    texts += [right.replace(line, wrong, 1) for line, wrong, *_ in CARD_LINES]
    texts.append(TEST_CARD.format(body="\n".join(f"        {mistake}" for mistake, _ in ALONE
                                                 if not mistake.endswith("}"))))
    texts.append("\n".join(TEST_CARD.replace("201", str(201 + i)).replace("Test Card", f"T {i}")
                           .format(body=f"        {mistake}")
                           for i, (mistake, *_) in enumerate(STATEMENTS + ALONE)))
    return [*texts, ROUND_TABLE]


def lines_lint_reports(text: str) -> tuple[set[int], int | None]:
    """The lines `dof lint` reports a syntax error on (for a '{' never
    closed, the line its hint says the parser noticed it on), and the line
    of the first error past those it shows (CAP), if any."""
    reporter = Reporter()
    parse_source("broken.card", text, reporter)
    found, capped = set(), None
    for diag in reporter.diagnostics:
        noticed = re.search(r"noticed at (\d+):", diag.hint or "")
        if diag.message == "this '{' is never closed":  # noticed at a line, or at the end
            found |= {int(noticed[1])} if noticed else set()
        else:
            found.add(diag.span.line)
        if "more syntax error" in diag.message:
            capped = diag.span.line
    return found, capped


def stretches_marked(text: str) -> dict[int, str]:
    """Where each stretch of text the editor's reading did not parse starts:
    its line, and the text of its first token."""
    found: dict[int, str] = {}
    before = None
    for tok in tokens(text):
        if not tok.parsed and (before is None or before.parsed):
            found.setdefault(text.count("\n", 0, tok.start) + 1, text[tok.start:tok.end].strip())
        before = tok
    return found


@pytest.mark.parametrize("text", broken_files())
def test_the_editor_sees_a_mistake_where_lint_reports_one(text):
    """The editor reads with lint's own recovery: every line lint reports a
    syntax error on is one where the editor's reading stops parsing the
    text as written, and it stops on no other line, but for a '}' that a
    mistake before it made one too many (lint's one diagnostic is the
    mistake's) and the mistakes past those lint shows of a file."""
    reported, capped = lines_lint_reports(text)
    marked = stretches_marked(text)
    assert reported <= set(marked)
    assert [(line, first) for line, first in marked.items() if line not in reported
            and first != "}" and (capped is None or line < capped)] == []
