"""Card text read token by token as `dof lint` reads it, even where it does not parse.

An editor highlights each token by its kind and completes with the words
the grammar accepts at the cursor; both must agree with the parser, and
go past a mistake as lint does. So both come from the parser itself: the
machine (dsl/lalr.py) reads the text with the recovery lint uses
(dsl/recovery.py); to highlight, watched, keeping every token it reads
and every one it refuses; to complete, stopped at the cursor. An editor
and `dof lint` thus always agree on where a file's mistakes are and where
reading takes up again after each; the language server reads an open
file once for both its diagnostics and its highlighting (:func:`read`).
"""

from __future__ import annotations

import bisect
import re
from functools import cache
from typing import NamedTuple

from dof.dsl.ast import SourceFile
from dof.dsl.diagnostics import Reporter
from dof.dsl.lalr import Stop, machine
from dof.dsl.parser import parse_source, paused_gc
from dof.dsl.recovery import Reached, Recovery, bad_end

#: Terminals by what an editor shows them as (the rest are punctuation).
NUMBERS = frozenset({"INT", "SIGNED", "RANGE"})
#: Patterns that are keywords all the same (the joiners fold in what follows).
_WORD_PATTERNS = frozenset({"CONTROLLED_ADJ", "OR_MORE", "OR_LESS", "_NAME_AND", "_NAME_OR",
                    "_STR_AND", "_STR_OR", "_OTHERWISE"})
#: Comments inside the tokens that swallow blank lines ('{', '}', ';', line breaks).
COMMENT = re.compile(r"#[^\n]*")
#: What may be typed next where nothing is yet: a word, a name, a quoted text.
_NEXT = ("a", "A", '"')


class Token(NamedTuple):
    """A token of a card file: its terminal (``NAME``, ``STRING``, ``PLACES``,
    ``_SEP``...) and its place, as offsets in the text. ``parsed`` is False
    for text the parser did not read as written: a token it refused where it
    stands (even if it read it once a mark the text left out was put in
    before it), a line break it refused ("$LEX": where a '{' belongs), and
    each word of text it read past, named by the terminal it looks like
    ("$LEX" for one that looks like none)."""

    kind: str
    start: int
    end: int
    parsed: bool = True


def tokens(text: str, reading: Recovery | None = None) -> list[Token]:
    """Every token of ``text``, comments included, in order: every character
    but blanks is one token's. They are those of ``reading``, a watched
    reading of the text to its end (:func:`read`), when one is given; else
    the text is read now."""
    rest = len(text)  # where the reading stopped
    if reading is None:
        m = machine()
        reading = Recovery(m, "", text, watch=True)
        with paused_gc():
            try:
                m.parse("", text, recovery=reading)
            except Stop:  # nesting too deep: the rest is read past
                rest = reading.read[-1][2] if reading.read else 0
    new = tuple.__new__
    found = [new(Token, (*t, True)) for t in reading.read]
    if reading.refused:
        found = _past_mistakes(text, found, reading.refused)
    return found + _read_past(text, rest, len(text))


def read(path: str, text: str, reporter: Reporter) -> tuple[SourceFile | None, Recovery | None]:
    """A card file's tree and diagnostics, as `dof lint` reads it, and the
    reading that found them, watched (its tokens: :func:`tokens`), or None
    when the file was not read to its end (empty, or nesting too deep): one
    reading for what an editor checks and highlights after a keystroke."""
    reading = Recovery(machine(), path, text, watch=True)
    src = parse_source(path, text, reporter, reading)
    return src, reading if src is not None else None


def _past_mistakes(text: str, found: list[Token], refused: list[tuple[str, int, int]],
                   ) -> list[Token]:
    """The tokens read, and those refused: a token refused, then read after a
    mark put in before it, is marked; one never read is added, with the
    words of the text read past from there to the next token read."""
    starts = [t.start for t in found]
    again = {start for _, start, _ in refused}
    out = [t._replace(parsed=False) if t.start in again else t for t in found]
    covered = 0
    for kind, start, end in sorted(set(refused), key=lambda t: t[1]):
        i = bisect.bisect_left(starts, start)
        following = starts[i] if i < len(starts) else len(text)
        if covered <= start < following:
            if kind != "$LEX" or text[start].isspace():
                # A token refused, or a blank no terminal there reads (the line
                # break where a '{' belongs); any other text is read past.
                out.append(Token(kind, start, min(end, following), False))
                start = min(end, following)
            out += _read_past(text, start, following)
            covered = following
    out.sort(key=lambda t: t.start)
    return out


def _read_past(text: str, start: int, end: int) -> list[Token]:
    """The words of text the parser read past, each named by the terminal
    Lark's lexer reads it as in any context, or "$LEX"."""
    any_token, pos = machine().any_token, start
    out: list[Token] = []
    while True:
        while pos < end and text[pos].isspace():
            pos += 1
        if pos >= end:
            return out
        m = any_token(text, pos, end)
        if m is not None and m.end() > pos:
            kind, after = m.lastgroup or "$LEX", m.end()
        else:
            kind, after = "$LEX", min(bad_end(text, pos), end)
        out.append(Token(kind, pos, after, False))
        pos = after


def accepted(text: str, at: int) -> frozenset[str]:
    """The terminals the grammar accepts at offset ``at`` of ``text``, where
    the word being typed starts, past the mistakes before it as lint goes
    past them. The text from ``at`` on is that word; with none yet, the
    union of what may follow whatever is typed next (the joiner "and"
    before a name reads ahead: ``in Gdansk and |``). A reading whose
    look-ahead makes a mistake the others do not is left out."""
    typed, stop = text[at:], len(text[:at].rstrip(" \t"))
    m = machine()
    found: dict[int, set[str]] = {}
    for after in [typed] if typed else _NEXT:
        reading = Recovery(m, "", text[:at] + after, until=stop)
        try:
            m.parse("", reading.text, recovery=reading)
            states = [m.start]  # read to its end (whole definitions): another may follow
        except Reached as reached:
            states = reached.states
        except Stop:  # nesting too deep: nothing to offer
            continue
        found.setdefault(reading.last_error, set()).update(m.accepted(states) - {"$END"})
    return frozenset(found[min(found)]) if found else frozenset()


@cache
def keywords() -> dict[str, str]:
    """The keywords of the grammar: word -> its terminal."""
    from lark.lexer import PatternStr

    terminals, _, _ = machine().root
    return {t.pattern.value: t.name for t in terminals
            if isinstance(t.pattern, PatternStr) and t.pattern.value[:1].isalpha()}


@cache
def category(terminal: str) -> str:
    """What a terminal is to an editor: keyword, name, string, number,
    comment or punctuation."""
    if terminal == "NAME" or terminal == "STRING":
        return terminal.lower()
    if terminal in NUMBERS:
        return "number"
    if terminal == "COMMENT":
        return "comment"
    if terminal in _WORD_PATTERNS or terminal in _word_terminals():
        return "keyword"
    return "punctuation"


@cache
def _word_terminals() -> frozenset[str]:
    """Terminals of a fixed text with a letter in it: the keywords, and "'s"."""
    from lark.lexer import PatternStr

    terminals, _, _ = machine().root
    return frozenset(t.name for t in terminals if isinstance(t.pattern, PatternStr)
                     and any(c.isalpha() for c in t.pattern.value))
