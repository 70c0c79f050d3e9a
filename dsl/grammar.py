"""The Lark parser for ``effects.lark``, built once per process.

Building an LALR table takes a few hundred milliseconds, so the parser is
cached at module level, and on disk between processes (Lark's ``cache``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from lark import Lark
from lark.lexer import PatternStr

GRAMMAR_FILE = "effects.lark"

# How named terminals read in "expected one of ..." messages.
_FRIENDLY = {
    "NAME": "a name (e.g. Gdansk, Poland, Worker)",
    "STRING": 'a quoted card name (e.g. "The Wall")',
    "INT": "a number",
    "SIGNED": "a signed number (e.g. +1)",
    "RANGE": "a range (e.g. 1-2)",
    "CONTROLLED_ADJ": "'democrat-controlled' or 'communist-controlled'",
    "OR_MORE": "'or more'",
    "OR_LESS": "'or less'",
    "_SEP": "end of line",
    "_LBRACE": "'{'",
    "_RBRACE": "'}'",
    "_COLON": "':'",
    "_COMMA": "','",
    "_OTHERWISE": "'otherwise'",
    "_NAME_AND": "'and'",
    "_NAME_OR": "'or'",
    "_STR_AND": "'and'",
    "_STR_OR": "'or'",
    "$END": "end of file",
}


def grammar_text() -> str:
    return resources.files("dof.dsl").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


@cache
def parser() -> Lark:
    """The shared LALR parser (positions kept for spans). Lark keeps the built
    table in a file in the temporary folder, keyed by the grammar's hash: the
    next process loads it in a tenth of the time."""
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False,
                cache=True)


@cache
def friendly(terminal: str) -> str:
    """A terminal as a user would write it: 'places', a number, end of line."""
    if terminal in _FRIENDLY:
        return _FRIENDLY[terminal]
    for term in parser().terminals:
        if term.name == terminal and isinstance(term.pattern, PatternStr):
            return f"'{term.pattern.value}'"
    return terminal.lower().strip("_")


def keyword(terminal: str) -> str | None:
    """The literal word of a keyword terminal, or None for patterns."""
    for term in parser().terminals:
        if term.name == terminal and isinstance(term.pattern, PatternStr):
            return term.pattern.value
    return None
