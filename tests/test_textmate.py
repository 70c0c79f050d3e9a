"""The TextMate grammar of docs/editors/vscode (VS Code's highlighting, and
most editors') reads every printed card file as the parser does: each
keyword, name, quoted text, number and comment gets the scope of its kind.

TextMate grammars are regular expressions in Oniguruma's syntax; this one
keeps to what Python's ``re`` reads alike (classes, ``\\w``, ``\\d``,
``\\s``, fixed-width look-behind, look-ahead), so a small runner of its
``match`` rules stands in for the editor here.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from editor_helpers import read_as

from dof.dsl import builtin_cards_dir
from dof.dsl.scan import keywords

GRAMMAR = Path(__file__).parent.parent / "docs/editors/vscode/syntaxes/card.tmLanguage.json"
#: What a scope says of a character, by its first words.
KINDS = {"comment": "comment", "string": "string", "constant.numeric": "number",
         "keyword": "keyword", "variable.other.constant": "name"}


def rules(grammar: dict, patterns: list[dict]) -> list[dict]:
    """The ``match`` rules in the order TextMate tries them, includes unfolded."""
    out = []
    for rule in patterns:
        if "include" in rule:
            rule = grammar["repository"][rule["include"].removeprefix("#")]
        if "patterns" in rule:
            out += rules(grammar, rule["patterns"])
        else:
            out.append({**rule, "regex": re.compile(rule["match"])})
    return out


def scopes(grammar: dict, text: str) -> list[str | None]:
    """Each character's scope, as TextMate gives it: at each place, the rule
    whose match starts first (the earlier rule on a tie) takes its text."""
    found = rules(grammar, grammar["patterns"])
    out: list[str | None] = []
    for line in text.split("\n"):
        shown: list[str | None] = [None] * len(line)
        pos = 0
        while pos < len(line):
            matches = [(m.start(), i, m) for i, rule in enumerate(found)
                       if (m := rule["regex"].search(line, pos))]
            if not matches:
                break
            _, i, m = min(matches, key=lambda t: t[:2])
            if "name" in found[i]:
                shown[m.start():m.end()] = [found[i]["name"]] * (m.end() - m.start())
            for group, capture in found[i].get("captures", {}).items():
                start, end = m.span(int(group))
                shown[start:end] = [capture["name"]] * (end - start)
            pos = max(m.end(), pos + 1)
        out += shown + [None]
    return out[:len(text)]


def kind(scope: str | None) -> str | None:
    return next((k for prefix, k in KINDS.items() if scope and scope.startswith(prefix)), None)


@pytest.fixture(scope="module")
def grammar() -> dict:
    return json.loads(GRAMMAR.read_text(encoding="utf-8"))


def test_the_grammar_names_every_keyword_of_the_language_and_no_other(grammar):
    listed = set()
    for part in ("control", "keyword"):
        alternation = re.search(r"\(\?:(.*?)\)\(", grammar["repository"][part]["match"])[1]
        listed |= {re.sub(r"\\(.)", r"\1", w) for w in alternation.split("|")}
    # The words of the grammar's patterns: 'or more', 'or fewer', 'otherwise'...
    patterns = {f"{who}-controlled" for who in ("democrat", "communist", "opponent", "your")}
    patterns |= {"otherwise", "more", "less", "fewer"}
    assert listed == set(keywords()) | patterns


@pytest.mark.parametrize("path", sorted(builtin_cards_dir().glob("*.card")), ids=lambda p: p.name)
def test_every_printed_card_file_is_scoped_as_the_parser_reads_it(grammar, path):
    text = path.read_text(encoding="utf-8")
    shown = [kind(s) for s in scopes(grammar, text)]
    parsed = read_as(text)
    differ = [(text.count("\n", 0, i) + 1, text[i], parsed[i], shown[i])
              for i in range(len(text)) if not text[i].isspace() and parsed[i] != shown[i]]
    assert differ == []


def test_names_of_any_script_are_names_as_the_parser_reads_them(grammar):
    decomposed = unicodedata.normalize("NFD", "Łódź")
    text = ('card 201 "Test" {\n    event {\n'
            f"        place 1 SP in Łódź and {decomposed}; remove 1 SP from Plzeň\n"
            "    }\n}\n")
    shown = [kind(s) for s in scopes(grammar, text)]
    parsed = read_as(text)
    assert [(text[i], parsed[i], shown[i]) for i in range(len(text))
            if not text[i].isspace() and parsed[i] != shown[i]] == []
    assert shown[text.index("Plzeň") + 4] == "name"


def test_a_cards_own_name_is_a_name_in_its_header(grammar):
    text = 'card 7 "State Run Media" {\n    cancels "The Wall"\n}\n'
    found = scopes(grammar, text)
    assert found[text.index("State")] == "string.quoted.double.card entity.name.type.card"
    assert found[text.index("The Wall")] == "string.quoted.double.card"


def test_the_vs_code_extension_uses_the_grammar_for_card_files(grammar):
    extension = json.loads((GRAMMAR.parent.parent / "package.json").read_text(encoding="utf-8"))
    [language] = extension["contributes"]["languages"]
    [uses] = extension["contributes"]["grammars"]
    assert language["id"] == uses["language"] == "card" and language["extensions"] == [".card"]
    assert uses["scopeName"] == grammar["scopeName"] == "source.card"
    assert (GRAMMAR.parent.parent / uses["path"]).resolve() == GRAMMAR.resolve()
