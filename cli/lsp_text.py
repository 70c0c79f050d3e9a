"""Reading card text around the editor's cursor, even while it does not parse.

A file being typed is rarely valid, so hovers, completion and the outline
read the text itself: words, quoted names and capitalised names on a line,
and the headers of cards and boxes. Completion asks the grammar's own LALR
parser which tokens may come next, from the start of the card being written,
so it offers exactly the keywords that fit there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lark.exceptions import LarkError
from lark.lexer import PatternRE

from dof.dsl.grammar import NAME_CHAR, NAME_START, parser

#: A character of a word, keyword or name (accents written apart too).
_WORD_CHAR = rf"(?:\w|{NAME_CHAR})"

_TOKEN = re.compile(r'(?P<string>"[^"]*"?)|(?P<comment>#.*)|'
                    rf"(?P<word>[^\W\d_]{_WORD_CHAR}*(?<!\.))|\S")
HEADER = re.compile(
    r'^[ \t]*(?:card[ \t]+(?P<number>\d+)[ \t]+"(?P<name>[^"\n]*)"'
    r'|tiananmen[ \t]+box(?:es)?[ \t]+(?P<box>\d+)[ \t]+"(?P<dem>[^"\n]*)"[ \t]*/[ \t]*'
    r'"(?P<com>[^"\n]*)"'
    r'|power[ \t]+struggle[ \t]+cards?[ \t]+"(?P<ps>[^"\n]*)")', re.M)
#: Words after which a name is a space, country or region (``in Poland``).
PLACE_WORDS = frozenset({"in", "from", "to", "of", "against", "except", "adjacent"})
#: The word a line ends with, and a name's word before it (with its blanks).
_WORD_END = re.compile(f"{_WORD_CHAR}*$")
_NAME_BEFORE = re.compile(f"(?<!{_WORD_CHAR}){NAME_START}{_WORD_CHAR}*[ \t]+$")


@dataclass(frozen=True)
class Token:
    """A word or quoted text on one line: ``start``/``end`` are 0-based columns."""

    kind: str  # "word" or "string"
    text: str
    start: int
    end: int

    @property
    def capitalised(self) -> bool:
        return self.kind == "word" and starts_name(self.text)


def starts_name(text: str) -> bool:
    """Whether ``text`` starts as a name does (a capital, or a letter outside a-z)."""
    return re.match(NAME_START, text) is not None


def tokens(line: str) -> list[Token]:
    """The words and quoted texts of a line, up to its comment."""
    out = []
    for m in _TOKEN.finditer(line):
        if m.lastgroup == "comment":
            break
        if m.lastgroup in ("word", "string"):
            out.append(Token(m.lastgroup, m.group(), m.start(), m.end()))
    return out


def token_at(line: str, col: int) -> tuple[list[Token], int] | None:
    """The tokens of ``line`` and the index of the one under column ``col``
    (the cursor may stand just after it)."""
    found = tokens(line)
    for i, tok in enumerate(found):
        if tok.start <= col <= tok.end:
            return found, i
    return None


def name_runs(line: str, found: list[Token], index: int) -> list[tuple[str, int, int]]:
    """Capitalised names that include token ``index``, longest first: for
    ``Lutheran Church`` both the space and the type ``Church``."""
    first = last = index
    while first > 0 and _joined(line, found[first - 1], found[first]):
        first -= 1
    while last + 1 < len(found) and _joined(line, found[last], found[last + 1]):
        last += 1
    runs = [(a, b) for a in range(first, index + 1) for b in range(index, last + 1)]
    runs.sort(key=lambda ab: ab[0] - ab[1])
    return [(line[found[a].start:found[b].end], found[a].start, found[b].end) for a, b in runs]


def _joined(line: str, left: Token, right: Token) -> bool:
    return left.capitalised and right.capitalised and not line[left.end:right.start].strip()


def cursor_context(prefix: str) -> tuple[str, int]:
    """Where a cursor after ``prefix`` (its line up to the cursor) stands:
    ("comment", col), ("string", col of the open quote), or ("code", col where
    the word being typed starts, a capitalised name being one word)."""
    for m in _TOKEN.finditer(prefix):
        if m.lastgroup == "comment":
            return "comment", m.start()
        if m.lastgroup == "string" and m.end() == len(prefix) and (
                m.group() == '"' or not m.group().endswith('"')):
            return "string", m.start()
    word = _WORD_END.search(prefix)
    start = word.start() if word else len(prefix)
    if starts_name(prefix[start:]):
        while before := _NAME_BEFORE.search(prefix, 0, start):
            start = before.start()
    return "code", start


def previous_words(text: str, count: int = 2) -> list[str]:
    """The last words of ``text`` (outside quotes), last one last."""
    words = [m.group() for m in re.finditer(f'"[^"\n]*"|{_WORD_CHAR}+', text)]
    return words[-count:]


def item_start(text: str, offset: int) -> int:
    """Where the card, box or wild card holding ``offset`` starts."""
    start = 0
    for m in HEADER.finditer(text, 0, offset):
        start = m.start()
    return start


def expected(text: str) -> set[str] | None:
    """The terminals the grammar accepts after ``text``; None if it does not parse."""
    state = parser().parse_interactive(text)
    try:
        state.exhaust_lexer()
        return set(state.accepts())
    except LarkError:
        return None


@cache
def keyword_words() -> dict[str, tuple[str, ...]]:
    """The words a terminal of the grammar stands for, for its keywords only."""
    out: dict[str, tuple[str, ...]] = {}
    for term in parser().terminals:
        text = term.pattern.value
        if isinstance(term.pattern, PatternRE):
            text = re.sub(r"\\(.)", r"\1", text)
            if re.search(r"[\\\[\]()|*+?]", text):
                continue  # a real pattern (names, numbers, separators)
        if text[:1].isalpha():
            out[term.name] = (text,)
    out["CONTROLLED_ADJ"] = ("democrat-controlled", "communist-controlled")
    return out


def block_end(text: str, start: int) -> int:
    """The offset after the '}' closing the first '{' from ``start`` (quoted
    text and comments skipped); the next header or the end if none closes it."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == "#":
            i = text.find("\n", i)
            if i < 0:
                break
        elif c == '"':
            close = text.find('"', i + 1)
            newline = text.find("\n", i + 1)
            i = close if close >= 0 and (newline < 0 or close < newline) else i
        elif c == "{":
            depth += 1
        elif c == "}" and depth:
            depth -= 1
            if not depth:
                return i + 1
        i += 1
    newline = text.find("\n", start)
    following = HEADER.search(text, newline + 1) if newline >= 0 else None
    return len(text[:following.start() if following else len(text)].rstrip())
