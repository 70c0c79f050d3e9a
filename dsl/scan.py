"""Card text read token by token as the parser reads it, even where it does not parse.

An editor highlights each token by its kind and completes with the words
the grammar accepts at the cursor; both must agree with the parser. So both
come from the parser's own table and contextual lexer (the pieces
:class:`dsl.lalr.Machine` reads of Lark: ``actions``, ``gotos``,
``matchers``, ``token_kind``), driven here without building a tree.

A file being typed rarely parses. Where the grammar refuses a token, the
rest of its line (up to a ';' or a line break) is skipped, read word by word
only to be highlighted, and parsing takes up again where the statement or
clause that failed began; a slip that leaves a '{' or '}' in the skipped
text starts again at the next card, box or wild card header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from dof.dsl.grammar import NAME_CHAR, NAME_START
from dof.dsl.lalr import Machine, machine

#: Terminals by what an editor shows them as (the rest are punctuation).
NUMBERS = frozenset({"INT", "SIGNED", "RANGE"})
#: Patterns that are keywords all the same (the joiners fold in what follows).
_WORD_PATTERNS = frozenset({"CONTROLLED_ADJ", "OR_MORE", "OR_LESS", "_NAME_AND", "_NAME_OR",
                    "_STR_AND", "_STR_OR", "_OTHERWISE"})
#: Text a card, box or wild card begins with, at the start of a line.
_HEADER = re.compile(r'^[ \t]*(?:card[ \t]+\d|tiananmen[ \t]+box|power[ \t]+struggle[ \t]+card)',
                     re.M)
#: Where a skipped line ends: a ';' or a line break outside quotes.
_LINE_END = re.compile(r'"[^"\n]*"?|[;\n]')
#: Blanks, separators and comments between statements.
_BLANKS = re.compile(r"(?:[ \t\r\n;]|#[^\n]*)*")
#: Skipped text, word by word, to be highlighted all the same.
_LOOSE = re.compile(r'(?P<STRING>"[^"\n]*"?)|(?P<COMMENT>#[^\n]*)|(?P<RANGE>\d+-\d+)'
                    rf"|(?P<SIGNED>[+-]\d+)|(?P<INT>\d+)|(?P<NAME>{NAME_START}{NAME_CHAR}*(?<!\.))"
                    r"|(?P<word>[^\W\d][\w\-]*(?:'s)?)")
#: Comments inside the tokens that swallow blank lines ('{', '}', ';', line breaks).
COMMENT = re.compile(r"#[^\n]*")


@dataclass(frozen=True, slots=True)
class Token:
    """A token of a card file: its terminal (``NAME``, ``STRING``, ``PLACES``,
    ``_SEP``...) and its place, as offsets in the text; ``parsed`` is False
    for a word of a skipped line, named by the terminal it looks like."""

    kind: str
    start: int
    end: int
    parsed: bool = True


def tokens(text: str) -> list[Token]:
    """Every token of ``text``, comments included, in order."""
    return _Reader(text).read().found


def accepted(text: str, at: int) -> frozenset[str]:
    """The terminals the grammar accepts at offset ``at`` of ``text``, where
    the word being typed starts. The text from ``at`` on is that word; with
    none yet, the union of what may follow whatever is typed next (the
    joiner "and" before a name reads ahead: ``in Gdansk and |``)."""
    typed = text[at:]
    readers = [_Reader(text[:at] + after, until=at).read()
               for after in ([typed] if typed else ["", "A", '"'])]
    first = min(r.failed for r in readers)  # a reading the look-ahead broke is left out
    return frozenset(t for r in readers if r.failed == first for t in r.expected())


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


class _Reader:
    """The parser's stack of states over a text, with the places to take up
    again after a syntax error: one per open '{' (the stack before the last
    separator in that block, or just after the '{'), the outermost being the
    file's start."""

    def __init__(self, text: str, until: int | None = None) -> None:
        self.m: Machine = machine()
        self.text = text
        self.until = len(text) if until is None else until
        self.states = [self.m.start]
        self.marks: list[tuple[list[int], bool]] = [([self.m.start], False)]
        self.found: list[Token] = []
        self.failed = -1  # where the last syntax error was: a second one there skips more

    def read(self) -> _Reader:
        m, text, until = self.m, self.text, self.until
        matchers, kinds = m.matchers, m.token_kind
        pos = 0
        while pos < until:
            match = matchers[self.states[-1]](text, pos)
            if match is None:
                pos = self.recover(pos)
                continue
            typ = match.lastgroup
            assert typ is not None  # one of the terminals' named groups matched
            start, end = match.span(typ)
            if start >= until:
                break
            if kinds[typ] & 4:  # a comment, or blanks before a word no terminal matches
                if typ == "COMMENT":
                    self.found.append(Token(typ, start, end))
            elif self.feed(typ):
                self.found.append(Token(typ, start, end))
            else:
                pos = self.recover(start)
                continue
            pos = end
        return self

    def feed(self, typ: str) -> bool:
        """Shift a token of kind ``typ``, after the reductions it calls for;
        False if the grammar has no action for it here."""
        states = self.states
        act = self.reduce(states, typ)
        if act is None:
            return False
        if typ == "_SEP":
            self.marks[-1] = (list(states), False)
        elif typ == "_RBRACE" and len(self.marks) > 1:
            self.marks.pop()
        states.append(act)
        if typ == "_LBRACE":
            self.marks.append((list(states), True))
        return True

    def recover(self, pos: int) -> int:
        """Skip what the grammar refuses at ``pos``; where to read on."""
        text, until = self.text, self.until
        end = pos
        while (found := _LINE_END.search(text, end, until)) is not None \
                and found.group() not in (";", "\n"):
            end = found.end()
        stop = found.start() if found else until
        skipped = COMMENT.sub("", re.sub(r'"[^"\n]*"?', "", text[pos:stop]))
        if "{" in skipped or "}" in skipped or len(self.marks) == 1 or pos <= self.failed:
            header = _HEADER.search(text, max(stop, pos + 1), until)
            stop = header.start() if header else until
            self.loose(pos, stop)
            self.states = [self.m.start]
            self.marks = [([self.m.start], False)]
            return stop
        self.failed = pos
        self.loose(pos, stop)
        states, after_brace = self.marks[-1]
        self.states = list(states)
        if not after_brace:  # the separator or '}' at ``stop`` follows the last statement
            return stop
        blanks = _BLANKS.match(text, stop, until)
        assert blanks is not None  # it matches nothing at worst
        self.loose(stop, blanks.end())
        return blanks.end()

    def loose(self, start: int, end: int) -> None:
        """The words of skipped text, named by the terminal each looks like."""
        words = keywords()
        for m in _LOOSE.finditer(self.text, start, end):
            kind = m.lastgroup
            if kind in ("word", "NAME"):  # SP and VP are keywords, not names
                kind = words.get(m.group(), None if kind == "word" else kind)
            if kind is not None:
                self.found.append(Token(kind, m.start(), m.end(), parsed=False))

    def expected(self) -> set[str]:
        """The terminals the grammar accepts next: each that the state's row
        names and that, after the reductions it calls for, is shifted."""
        return {typ for typ in self.m.actions[self.states[-1]]
                if self.reduce(list(self.states), typ) is not None}

    def reduce(self, states: list[int], typ: str) -> int | None:
        """Reduce ``states`` as a token of kind ``typ`` calls for; the state
        it shifts to then, or None if the grammar refuses it."""
        actions, gotos = self.m.actions, self.m.gotos
        while True:
            act = actions[states[-1]].get(typ)
            if act is None or isinstance(act, int):
                return act
            if act.size:
                del states[-act.size:]
            states.append(gotos[states[-1]][act.goto])
