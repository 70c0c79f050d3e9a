"""The Lark parser for ``effects.lark``, built once per process.

Building an LALR table takes a few hundred milliseconds, so the parser is
cached at module level, and on disk between processes in dof's cache folder
(:mod:`dof.dsl.store`). Lark itself is imported only when a parser is needed:
a command that finds its compiled deck in the cache never parses.
"""

from __future__ import annotations

import hashlib
import io
import sys
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Lark

GRAMMAR_FILE = "effects.lark"

#: The characters of a name as the grammar's NAME terminal reads them, for the
#: tools that read card text without parsing it (the language server, `dof
#: cards`' colours, the parser's hints; tests/test_printed_names.py keeps them
#: the terminal's): a name starts with a letter no keyword starts with (a
#: capital, or any letter outside a-z: Łódź) and goes on with letters of any
#: script, digits, '-', '/', '.', and the combining accents of text written
#: decomposed (NFD).
NAME_START = r"[^\W\d_a-z]"
NAME_CHAR = r"(?:[^\W_]|[\-/.\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f])"

#: A word of card text as a modder reads it, whatever the lexer makes of it
#: (what a caret underlines, a hint quotes): the characters of a name, and
#: "'" and '_', with the accents of text written decomposed; never ending
#: with a '.' (a word at the end of a sentence).
WORD = rf"(?:{NAME_CHAR}|['_])+(?<!\.)"

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

#: How a quoted text reads there, by the rule that would take it (see
#: :meth:`dof.dsl.lalr.Machine.taken_by`); any other holds a card's name.
_QUOTED = {
    "box": 'the box\'s name for each side, quoted (e.g. "Students Rally" / "Students Dispersed")',
    "summary": 'a quoted summary (e.g. "Four Democratic SPs anywhere in Poland.")',
    "option": 'the option\'s label, quoted (e.g. "operations")',
    "ussr": 'a box of the U.S.S.R. track, quoted (e.g. "Sajudis")',
}


def grammar_text() -> str:
    return resources.files("dof.dsl").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


@cache
def parser() -> Lark:
    """The shared LALR parser (positions kept for spans). The built table is
    kept in the cache folder under the grammar's hash and the Lark and Python
    versions: the next process loads it in a fraction of the time."""
    import lark

    from dof.dsl.store import read_entry, write_entry

    text = grammar_text()
    name = "lark-{}-py{}{}-{}.pickle".format(
        lark.__version__, *sys.version_info[:2],
        hashlib.sha256(text.encode()).hexdigest()[:32])
    stored = read_entry(name)
    if stored is not None:
        try:
            return lark.Lark.load(io.BytesIO(stored))
        except Exception:  # a corrupt entry of any kind is rebuilt
            pass
    built = lark.Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=False)
    out = io.BytesIO()
    built.save(out)
    write_entry(name, out.getvalue())
    return built


@cache
def friendly(terminal: str, taken_by: frozenset[str] = frozenset()) -> str:
    """A terminal as a user would write it: 'places', a number, end of line;
    a quoted text as what the rules ``taken_by`` would take it for there (a
    summary, a card's name...)."""
    from lark.lexer import PatternStr

    if terminal == "STRING" and taken_by:
        return " or ".join(sorted({_QUOTED.get(kind, _FRIENDLY["STRING"]) for kind in taken_by}))
    if terminal in _FRIENDLY:
        return _FRIENDLY[terminal]
    for term in parser().terminals:
        if term.name == terminal and isinstance(term.pattern, PatternStr):
            return f"'{term.pattern.value}'"
    return terminal.lower().strip("_")


def keyword(terminal: str) -> str | None:
    """The literal word of a keyword terminal, or None for patterns."""
    from lark.lexer import PatternStr

    for term in parser().terminals:
        if term.name == terminal and isinstance(term.pattern, PatternStr):
            return term.pattern.value
    return None
