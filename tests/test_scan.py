"""Card text read token by token as the parser reads it (dsl/scan.py): what
the editor highlights and completes, even in a file that does not parse."""

from __future__ import annotations

import pytest

from dof.dsl import builtin_cards_dir
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
    skipped = [text[t.start:t.end] for t in found if not t.parsed]
    assert skipped == ["2", "SP", "in", "Gdansk"]  # after 'frobs'; highlighted all the same
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
], ids=["after in", "after and", "after a player", "after requires event", "a clause",
        "after a mistake"])
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
