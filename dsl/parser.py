"""Card text -> syntax tree, turning every failure into a diagnostic.

Reading and parsing never raise for a bad card file: undecodable or binary
bytes, empty files and syntax errors all become diagnostics (E001-E004)
with a precise position and an "expected one of ..." message.

The grammar (``effects.lark``) is the specification and Lark builds its LALR
table; dsl/lalr.py drives it and builds the syntax tree. What a syntax error
says is decided here, from the error Lark's parser would raise.

Lark is imported when the first file is parsed, not with this module: a
command whose compiled deck comes from the cache never needs it; dof's
recovery from syntax errors, only for a file that has one.
"""

from __future__ import annotations

import difflib
import gc
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

from dof.dsl.ast import SourceFile
from dof.dsl.diagnostics import Reporter, Span
from dof.dsl.grammar import NAME_CHAR, NAME_START, WORD, friendly, keyword, parser
from dof.dsl.lalr import MAX_DEPTH, LarkMismatch, Stop, machine
from dof.engine.data.files import CARDS, read_limited

if TYPE_CHECKING:
    from lark import Token
    from lark.exceptions import UnexpectedCharacters

    from dof.dsl.recovery import Recovery, Slip


def read_source(path: Path, reporter: Reporter) -> str | None:
    """The text of a card file, or None (with a diagnostic) if unusable."""
    name = str(path)
    try:
        data = read_limited(path, CARDS)
    except OSError as exc:
        reporter.report("E002", f"cannot read file: {exc.strerror or exc}", Span(name, 1, 1))
        return None
    return decode_source(name, data, reporter)


def decode_source(name: str, data: bytes, reporter: Reporter) -> str | None:
    """Decode UTF-8 card text; binary or undecodable input gets E002."""
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        reporter.report("E002", "file contains NUL bytes: it looks binary, not a card file",
                        Span(name, line, 1), "card files are UTF-8 text")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        reporter.report("E002", f"byte 0x{data[exc.start]:02x} is not valid UTF-8",
                        Span(name, line, col), "save the file as UTF-8 text")
        return None
    reporter.add_source(name, text)
    return text


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a while.

    Parsing and checking make millions of small objects and no reference
    cycles; the collector would rescan all of them at each of its passes,
    which doubles the time to lint a large file."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_source(name: str, text: str, reporter: Reporter,
                 reading: Recovery | None = None) -> SourceFile | None:
    """Parse card text, reporting every syntax error (E001, at most CAP a
    file, then how many more). The tree holds every definition; one whose
    text has an error is marked ``syntax_error`` (see dsl/recovery.py).
    None when nothing can be read: an empty file, nesting too deep.

    A file is read once as it is; only one with a syntax error is read
    again, going on after each: a clean file never pays for recovering.
    With a ``reading`` (a watched recovery, dsl/scan.py) the file is read
    once, with it, mistakes or not."""
    reporter.add_source(name, text)
    if empty_file(name, text, reporter):
        return None
    if reading is not None:
        return _parse_recovering(name, text, reporter, reading)
    try:
        with paused_gc():
            return machine().parse(name, text)
    except Stop as stop:
        if stop.error is None:
            _too_deep(stop, reporter)
            return None
    except LarkMismatch:
        raise  # the installed Lark, not this file: one message for the whole run
    except Exception as exc:  # a bug in dof, reported, never raised
        _internal_error(name, exc, reporter)
        return None
    from dof.dsl.recovery import Recovery  # only for a file with a syntax error

    return _parse_recovering(name, text, reporter, Recovery(machine(), name, text))


def _parse_recovering(name: str, text: str, reporter: Reporter,
                      recovery: Recovery) -> SourceFile | None:
    try:
        with paused_gc():
            return machine().parse(name, text, recovery=recovery)
    except Stop as stop:  # nesting too deep: the one error the parse cannot go on after
        _too_deep(stop, reporter)
        return None
    except Exception as exc:  # a bug in dof, reported, never raised
        _internal_error(name, exc, reporter)
        return None
    finally:
        _report_slips(name, text, recovery, reporter)


def _too_deep(stop: Stop, reporter: Reporter) -> None:
    assert stop.span is not None  # a stop without an error is one for nesting
    reporter.report("E004", "blocks, conditions or parentheses nest too deeply here",
                    stop.span, "split the event into simpler statements; a card may "
                    f"nest {MAX_DEPTH} levels of its syntax")


def _internal_error(name: str, exc: Exception, reporter: Reporter) -> None:
    reporter.report("E900", f"internal error while reading this file: {exc!r}",
                    Span(name, 1, 1), "this is a bug in dof; please report it with the file")


def empty_file(name: str, text: str, reporter: Reporter) -> bool:
    """Whether card text holds nothing but comments and blanks (E003)."""
    if re.sub(r"#[^\n]*", "", text).strip():
        return False
    reporter.report("E003", "file is empty: no card or Tiananmen box defined",
                    Span(name, 1, 1), 'start with: card 1 "Name" { ... }')
    return True


def prepare() -> None:
    """Build the parsing machine now: processes forked afterwards share it
    instead of each building or loading Lark's table."""
    machine()


def parse_piece(name: str, text: str, start: int, end: int, line: int) -> SourceFile | None:
    """Parse ``text[start:end]``, a run of whole cards, boxes and wild cards
    starting at the beginning of line ``line``, with spans in the whole file.
    None when that run does not parse on its own: the caller parses the whole
    file with :func:`parse_source` for the diagnostic (see dsl/pieces.py)."""
    try:
        with paused_gc():
            src = machine().parse(name, text[start:end], line)
    except Exception:  # any failure: the whole file is parsed again
        return None
    src.text = text  # the cards' source excerpts come from the whole file's lines
    return src


# ------------------------------------------------------------------ errors


def _expected_text(terminals: set[str] | frozenset[str], states: list[int], near: str = "",
                   first: list[str] | None = None) -> str:
    """The expected tokens, each as what the grammar takes it for on the
    parser's ``states`` (a quoted text is a summary after 'summary'); a long
    list is cut to ``first`` and those most like ``near``."""
    words = sorted({friendly(t, machine().taken_by(states, t) if t == "STRING" else frozenset())
                    for t in terminals if not t.startswith("__")})
    if len(words) > 12:
        ahead = {f"'{w}'": i for i, w in enumerate(first or [])}

        def likeness(w: str) -> tuple[int, float]:
            return (ahead.get(w, len(ahead)),
                    -difflib.SequenceMatcher(None, near.lower(), w.strip("'")).ratio())
        words = sorted(words, key=likeness)[:10] + ["..."]
    return ", ".join(words)


def _report_slips(name: str, text: str, recovery: Recovery, reporter: Reporter) -> None:
    for slip in recovery.slips:
        try:
            if slip.fix == "close":
                _report_unclosed(name, text, slip, reporter)
            else:
                reporter.report("E001", *_syntax_error(name, text, slip))
        except Exception as exc:  # a bug in dof, reported, never raised
            reporter.report("E900", f"internal error while describing a syntax error: {exc!r}",
                            Span(name, slip.error.line or 1, slip.error.column or 1),
                            "this is a bug in dof; please report it with the file")
    if recovery.more_at is not None:
        more = recovery.more
        reporter.report("E001", f"{more} more syntax error{'s' * (more != 1)} in this file, "
                        "not shown", recovery.more_at,
                        f"dof shows the first {len(recovery.slips)} of a file: mend these "
                        "and lint again")


def _syntax_error(name: str, text: str, slip: Slip) -> _Found:
    """Map Lark's error kinds to E001 with friendly wording; the common slips
    (a lasting rule with no duration, a missing ';', ':' or '{', curly
    quotes, invisible spaces, negative amounts, commas between names) get a
    message of their own instead of a list of expected words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    exc = slip.error
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        lines = text.rstrip().splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
        expected = _expected_text(getattr(exc, "expected", set()), slip.states)
        return f"unexpected end of file; expected {expected}", Span(name, line, col), None
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        span = Span(name, tok.line, tok.column, tok.end_line or tok.line,
                    tok.end_column or tok.column + 1)
        if tok.type in ("_SEP", "_RBRACE", "_COLON", "_COMMA", "_LBRACE", "_OTHERWISE"):
            # These tokens swallow blank space; point at their visible characters.
            offset = next((i for i, c in enumerate(str(tok)) if not c.isspace()), 0)
            span = _advance(span, str(tok)[:offset])
            visible = str(tok).strip().split("\n")[0]
            if visible:
                span = Span(name, span.line, span.col, span.line, span.col + len(visible))
        return (_missing_mark(tok, span, slip)
                or _no_duration(name, text, _token_pos(tok))
                or _sign_slip(name, text, tok, span, exc.expected)
                or _comma_between_names(name, text, tok)
                or _unexpected_token(text, tok, span, slip))
    if isinstance(exc, UnexpectedCharacters):
        return (_odd_character(name, text, exc)
                or _no_duration(name, text, _lex_pos(exc))
                or _glued_word(name, text, exc, slip)
                or _unexpected_word(name, text, exc, slip))
    return ("syntax error", Span(name, getattr(exc, "line", 1) or 1,
                                 getattr(exc, "column", 1) or 1), None)


_Found = tuple[str, Span, str | None]


def _token_pos(tok: Token) -> int:
    """Where a token starts in the text (Lark's Token may not know; the
    machine's tokens always do)."""
    assert tok.start_pos is not None
    return tok.start_pos


def _lex_pos(exc: UnexpectedCharacters) -> int:
    """Where the lexer stopped. Lark declares ``pos_in_stream`` by its class
    default, None; every UnexpectedCharacters sets it."""
    return cast(int, exc.pos_in_stream)


def _unexpected_token(text: str, tok: Token, span: Span, slip: Slip) -> _Found:
    expected = slip.error.expected  # type: ignore[attr-defined]  # an UnexpectedToken's
    word = str(tok).strip()
    hint, first = _vocabulary_hint(text, slip, word, expected)
    if hint is None and tok.type == "NAME" and any(keyword(t) for t in expected):
        hint = "names start with a capital letter; keywords are lowercase"
    hint = hint or _cut_by_comment(text, _token_pos(tok)) or _early_close(text, _token_pos(tok))
    return (f"unexpected {_describe_token(tok)}; expected one of: "
            f"{_expected_text(expected, slip.states, word, first)}", span, hint)


#: A strategy card's header line (not a box's or a wild card's).
_CARD_HEADER = re.compile(r"[ \t]*card\b")

#: A line's code, then a comment: quoted texts may hold a '#'.
_CODE_THEN_COMMENT = re.compile(r'(?:[^"#\n]|"[^"\n]*")*(#[^\n]*)')


def _cut_by_comment(text: str, pos: int) -> str | None:
    """The hint for a line that ends too soon because a '#' began a comment
    in the middle of what was meant ('card #111 "Name" {')."""
    start = text.rfind("\n", 0, pos) + 1
    m = _CODE_THEN_COMMENT.match(text, start)
    if m is None or m.start(1) >= pos or not text[start:m.start(1)].strip():
        return None
    return f"'#' starts a comment, so '{m.group(1).strip()}' is not read"


def _unexpected_word(name: str, text: str, exc: UnexpectedCharacters, slip: Slip) -> _Found:
    from dof.dsl.recovery import BAD_TEXT  # as recovering did: only for a syntax error

    pos = _lex_pos(exc)
    match = BAD_TEXT.match(text, pos)
    word = match.group(0) if match else text[pos]
    span = Span(name, exc.line, exc.column, exc.line, exc.column + len(word))
    allowed = exc.allowed or set()
    hint, first = _vocabulary_hint(text, slip, word, allowed)
    if word[0] == '"' and (len(word) == 1 or word[-1] != '"'):
        closed = f": {slip.edits[0][2]}" if slip.edits else ""
        return "this quote is never closed", span, f"close it on its line{closed}"
    if word[0] == "'":
        return f"{word} is in single quotes", span, hint
    what = (f"word '{word}'" if match and word[0].isalnum() else f"'{word}'" if match
            else f"character {word!r}")
    return (f"unexpected {what}; expected one of: "
            f"{_expected_text(allowed, slip.states, word, first)}",
            span, hint)


#: A word, as a caret underlines it and a hint quotes it (whatever the lexer
#: made of it); or else the one character.
_WORD = re.compile(WORD)
_WORD_OR_MARK = re.compile(rf"{WORD}|\S")


def _vocabulary_hint(text: str, slip: Slip, word: str,
                     expected: set[str] | frozenset[str]) -> tuple[str | None, list[str]]:
    """What to write instead of ``word``, from the language's words, and the
    words to list first among those expected. Best: what the parse went on
    with (dsl/recovery.py); else the language's spelling of the statement
    (:func:`dof.dsl.spelling.respell`), parsed; else its nearest words."""
    if slip.edits:
        return _edits_hint(text, slip.edits), [phrase for _, _, phrase in slip.edits]
    respelt = _respelt(text, slip)
    if respelt is not None:
        return respelt, []
    if slip.fix == "header":
        if _CARD_HEADER.match(text, _offset(text, slip.error.line or 1, 1)):
            return ("a header holds only the number and name: 'card 7 \"State Run Media\" {'; "
                    "side, ops and period are clauses between the braces"), []
        return "a header holds only its number and names; the rest are clauses between the " \
            "braces", []
    if slip.fix == "delete":
        at = _offset(text, slip.error.line or 1, slip.error.column or 1)
        before = _WORD_OR_MARK.findall(text, 0, at)
        if before and before[-1] == word:
            return f"'{word}' is written twice", []
        if word in ".," and not text[at + 1:_line_end(text, at)].strip():
            return ("a statement ends at the end of its line (or at ';'): "
                    f"leave out the '{word}'"), []
        return "is it one too many? the line reads on without it", []
    from dof.dsl.spelling import nearest  # as recovering did: only for a syntax error

    words = nearest(word, [k for k in (keyword(t) for t in expected) if k])
    hint = _did_you_mean(words[:3]) if words else None
    if hint and word[:1].isupper() and any(w == word.lower() for w in words):
        hint += " (keywords are lowercase)"
    return hint, words


def _early_close(text: str, pos: int) -> str | None:
    """A '}' after a statement on the line before ('democrat gains 1 VP }')
    closed the block the line at ``pos`` is indented as part of."""
    if not _first_on_line(text, pos):
        return None
    line_start = text.rfind("\n", 0, pos) + 1
    before = text.rfind("\n", 0, max(line_start - 1, 0)) + 1
    closes = [m.start() for m in _BRACES.finditer(text, before, line_start) if m.group() == "}"]
    if not closes or _first_on_line(text, closes[-1]) or _indent(text, pos) < _indent(
            text, closes[-1]):
        return None
    at = _span_at("", text, closes[-1])
    return (f"the '}}' at {at.line}:{at.col} closed the block this line is indented in: "
            "is it one too many?")


def _did_you_mean(words: list[str]) -> str:
    quoted = [f"'{w}'" for w in words]
    return "did you mean " + (quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or "
                              + quoted[-1]) + "?"


def _edits_hint(text: str, edits: list[tuple[int, int, str]]) -> str:
    """'did you mean ...?' for the words the parse went on with: the word,
    or the phrase it makes with the words around it."""
    start, end, phrase = edits[0]
    written = text[start:end]
    if len(edits) == 1 and not written:  # a word put in: show it with the next
        following = _WORD.match(text, end)
        return f"did you mean '{phrase}{following.group() if following else ''}'?"
    if len(edits) == 1 and phrase == '"' + written.strip("\"'").strip() + '"':
        return f"write it between double quotes: {phrase}"
    if len(edits) == 1 and written == f'"{phrase}"':
        return f"only card names are quoted: write {phrase}"
    if len(edits) == 1:
        if phrase.lower() == written.lower() and phrase not in _keywords():
            return f"names start with a capital letter: did you mean '{phrase}'?"
        lowercase = " (keywords are lowercase)" if phrase == written.lower() else ""
        return f"did you mean '{phrase}'?{lowercase}"
    first, last = edits[0][0], max(e for _, e, _ in edits)
    line_start = text.rfind("\n", 0, first) + 1
    line = text[line_start:_line_end(text, last)]
    for start, end, phrase in sorted(edits, reverse=True):
        line = line[:start - line_start] + phrase + line[end - line_start:]
    line = re.sub(r"\s+([:;,])", r"\1", line.split("#")[0]).strip().strip("{}").strip()
    return f"did you mean '{line}'?"


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


#: Characters that look like a quote or a space but are not the ones the language reads.
_QUOTES = "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2018\u2019\u201a\u201b\u2032\u2033"


def _odd_character(name: str, text: str, exc: UnexpectedCharacters) -> _Found | None:
    """Curly quotes from a word processor; no-break, zero-width and other
    invisible spaces pasted from a web page."""
    pos = _lex_pos(exc)
    char = text[pos]
    span = Span(name, exc.line, exc.column, exc.line, exc.column + 1)
    if char in _QUOTES:
        line = text[pos - exc.column + 1:].split("\n", 1)[0]
        quoted = re.search(f"[{_QUOTES}]([^{_QUOTES}\n]*)[{_QUOTES}]", line)
        example = f'"{quoted.group(1)}"' if quoted else '"The Wall"'
        return (f"curly quote '{char}': card names are written between straight double "
                'quotes (")', span, f"write {example}")
    category = unicodedata.category(char)
    if char != " " and (category in ("Zs", "Cf") or char in "\u00a0\u2028\u2029"):
        described = unicodedata.name(char, "an invisible character").lower()
        if category == "Zs":
            return (f"a {described} (U+{ord(char):04X}) stands here instead of a space",
                    span, "replace it with an ordinary space")
        return (f"an invisible {described} (U+{ord(char):04X}) stands here", span,
                "delete it: it is not part of the card text")
    return None


def _glued_word(name: str, text: str, exc: UnexpectedCharacters, slip: Slip) -> _Found | None:
    """A keyword with letters after it ('democrats', 'placed'): the lexer took
    the keyword and stumbled on the rest; show the whole word, and the
    keyword when the line parses with it (else the word nearest it)."""
    pos = _lex_pos(exc)
    start = pos
    while start > 0 and _WORD.match(text, start - 1):
        start -= 1
    if start == pos or not text[pos].isalnum():
        return None
    match = _WORD.match(text, start)
    assert match is not None  # text[start] is a word's
    word = match.group(0)
    prefix = text[start:pos]
    if prefix not in _keywords():
        return None
    col = exc.column - (pos - start)
    from dof.dsl.spelling import nearest

    words = [prefix] if slip.fix == "delete" else nearest(word, _keywords())[:3]
    return (f"unexpected word '{word}'", Span(name, exc.line, col, exc.line, col + len(word)),
            _did_you_mean(words) if words else None)


@cache
def _keywords() -> frozenset[str]:
    return frozenset(k for k in (keyword(t.name) for t in parser().terminals) if k)


def _sign_slip(name: str, text: str, tok: Token, span: Span,
               expected: set[str]) -> _Found | None:
    """A signed number where an amount goes ('places -2 SP', 'gains +1 VP'),
    or a bare number where a modifier needs its sign ('get 1')."""
    if tok.type == "SIGNED" and "INT" in expected:
        number = str(tok)
        if number.startswith("+"):
            return (f"'{number}' has a sign, but an amount is a plain number", span,
                    f"write '{number[1:]}'")
        before = text[:_token_pos(tok)].split()[-1:] or [""]
        hint = {"places": "to take SPs away, write 'removes N SP from ...'",
                "place": "to take SPs away, write 'removes N SP from ...'",
                "gains": "the other player gains the VP instead: e.g. 'opponent gains 1 VP'",
                "gain": "the other player gains the VP instead: e.g. 'opponent gains 1 VP'",
                }.get(before[0], "amounts count from 1 up; say what happens with a verb")
        return f"a negative amount '{number}': amounts are never negative", span, hint
    if tok.type == "INT" and "SIGNED" in expected and "INT" not in expected:
        return (f"a modifier needs its sign: '+{tok}' or '-{tok}'", span,
                f"write e.g. 'get +{tok}'")
    return None


def _comma_between_names(name: str, text: str, tok: Token) -> _Found | None:
    """'in Gdansk, Krakow': names are joined with 'and' / 'or' (a comma
    there reads as the start of ', at most N per space')."""
    if tok.type != "NAME":
        return None
    before = text[:_token_pos(tok)].rstrip(" \t")
    if not before.endswith(","):
        return None
    one = f"{NAME_START}{NAME_CHAR}*"
    previous = re.search(f"({one}(?:[ \t]+{one})*)[ \t]*,$", before)
    if previous is None:
        return None
    comma = len(before) - 1
    col = comma - (text.rfind("\n", 0, comma) + 1) + 1
    line = text.count("\n", 0, comma) + 1
    return ("names in a list are joined with 'and' or 'or', not with ','",
            Span(name, line, col, line, col + 1),
            f"write '{previous.group(1)} and {tok}' (or 'or')")


#: What a mark the text left out is for, by its terminal.
_MARKS = {
    "_COLON": (":", "a condition or trigger is followed by ':' and one statement, "
                    "or by a { block }"),
    "_SEP": (";", "statements and clauses on one line are separated by ';'"),
    "_LBRACE": ("{", "a block of statements is written between '{' and '}'"),
    "_COMMA": (",", "a ',' comes before 'at most N per space', 'each with +N' and "
                    "'even without ...'"),
}


def _missing_mark(tok: Token, span: Span, slip: Slip) -> _Found | None:
    """A ';', ':' or '{' left out ('period early side democrat', 'if the turn
    is 3 democrat gains 1 VP', 'event' with its block on the next lines):
    the parse went on once it was put back (dsl/recovery.py)."""
    if slip.fix not in ("insert", "replace") or slip.edits or slip.marks[:1] not in [
            (m,) for m in _MARKS]:
        return None
    mark, why = _MARKS[slip.marks[0]]
    if slip.fix == "replace":  # a line break where the mark belongs
        return f"missing '{mark}' at the end of the line", span, why
    return f"missing '{mark}' before {_describe_token(tok)}", span, why


def _report_unclosed(name: str, text: str, slip: Slip, reporter: Reporter) -> None:
    """A block never closed: reported at its '{', and where the parser
    noticed (the next definition's header, a clause, the end of the file)."""
    from lark.exceptions import UnexpectedToken

    from dof.dsl.recovery import HEADER  # as recovering did: only for a syntax error

    exc = slip.error
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        noticed, at = "the parser noticed at the end of the file", len(text)
    else:
        line, col = exc.line, exc.column
        at = _offset(text, line, col)
        word = _WORD_OR_MARK.match(text, at)
        what = word.group() if word else "?"
        where = ("where the next definition starts" if HEADER.match(text, at)
                 else f"'{what}' belongs outside the block")
        noticed = f"the parser noticed at {line}:{col}, {where}"
    for brace in _unclosed_braces(name, text, slip, at):
        reporter.report("E001", "this '{' is never closed", brace,
                        f"close it with '}}': {noticed}")


#: What the brace matching reads: strings and comments (skipped) and braces.
_BRACES = re.compile(r'"[^"\n]*"?|#[^\n]*|[{}]')


def _unclosed_braces(name: str, text: str, slip: Slip, at: int) -> list[Span]:
    """The '{' a repair closed, as the layout shows them: a '}' first on its
    line closes the '{' of the line indented as much, and any '{' opened
    after that one is left open; so is a '{' still open whose line is
    indented as much as the line the parser noticed the error on, or more.
    When the layout does not tell as many, the parser's innermost ones."""
    opened = slip.open_braces
    closed = opened[-slip.closed:]
    if not opened:
        return closed
    still: list[tuple[int, int]] = []  # (offset, indentation) of each open '{'
    found: list[int] = []
    for m in _BRACES.finditer(text, _offset(text, opened[0].line, opened[0].col), at):
        if m.group() == "{":
            still.append((m.start(), _indent(text, m.start())))
        elif m.group() == "}" and still:
            indent = _indent(text, m.start()) if _first_on_line(text, m.start()) else None
            match = next((i for i in range(len(still) - 1, -1, -1) if still[i][1] == indent),
                         len(still) - 1)
            found += [pos for pos, _ in still[match + 1:]]
            del still[match:]
    if _first_on_line(text, at) or at == len(text):
        noticed = _indent(text, at) if at < len(text) else 0
        found += [pos for pos, indent in still if indent >= noticed]
    if len(found) != len(closed):
        return closed
    return [_span_at(name, text, pos) for pos in sorted(found)]


def _offset(text: str, line: int, col: int) -> int:
    start = 0
    for _ in range(line - 1):
        start = text.index("\n", start) + 1
    return start + col - 1


def _indent(text: str, pos: int) -> int:
    start = text.rfind("\n", 0, pos) + 1
    return len(text[start:pos]) - len(text[start:pos].lstrip(" \t"))


def _first_on_line(text: str, pos: int) -> bool:
    return not text[text.rfind("\n", 0, pos) + 1:pos].strip()


def _span_at(name: str, text: str, pos: int) -> Span:
    line = text.count("\n", 0, pos) + 1
    col = pos - text.rfind("\n", 0, pos)
    return Span(name, line, col, line, col + 1)


def _no_duration(name: str, text: str, pos: int) -> _Found | None:
    """A lasting rule written as a statement ('cards played by democrat get +1
    ops'): it parses as a rule, so it only lacks its duration."""
    found = _statement_at(text, pos)
    if found is None or not _parses_in_event(f"for the rest of the turn: {found[1]}"):
        return None
    start, statement = found
    col = start - text.rfind("\n", 0, start)
    lineno = text.count("\n", 0, start) + 1
    return ("a lasting rule needs a duration",
            Span(name, lineno, col, lineno, col + len(statement)),
            "put it inside e.g. 'for the rest of the turn: ...' or 'until cancelled { ... }' "
            "(rule 7.2)")


def _respelt(text: str, slip: Slip) -> str | None:
    """The language's spelling of a statement written as in English ('gains 1
    VP for each ...'), when it parses (:func:`dof.dsl.spelling.respell`)."""
    exc = slip.error
    if exc.line is None or getattr(getattr(exc, "token", None), "type", "") == "$END":
        return None
    from dof.dsl.spelling import respell

    pos = _offset(text, exc.line, exc.column)
    for after in ("{;:", "{;"):  # a statement; or a clause, which ':' does not start
        found = _statement_at(text, pos, after)
        for spelling, why in respell(found[1]) if found else ():
            if _parses_in_event(spelling) or _parses_in_card(spelling):
                return f"write '{spelling}': {why}"
    return None


def _statement_at(text: str, pos: int, after: str = "{;:") -> tuple[int, str] | None:
    """Where the statement holding ``pos`` starts, and its text: from the
    last of ``after`` before it on its line to the next ';', '#' or '}'."""
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    line = text[line_start: len(text) if line_end < 0 else line_end]
    head = max(line.rfind(c, 0, pos - line_start) for c in after)
    start = line_start + head + 1
    statement = text[start: line_start + len(line)].split(";")[0].split("#")[0]
    statement = statement.rstrip().rstrip("}").rstrip()
    stripped = statement.lstrip()
    if not stripped or start + len(statement) < pos:
        return None
    return start + len(statement) - len(stripped), stripped


def _parses_in_event(statement: str) -> bool:
    return _parses(f'card 1 "x" {{ event {{ {statement} }} }}')


def _parses_in_card(clause: str) -> bool:
    return _parses(f'card 1 "x" {{ {clause} }}')


def _parses(text: str) -> bool:
    try:
        machine().parse("", text)
    except Stop:
        return False
    return True


def _describe_token(tok: Token) -> str:
    if tok.type in ("_SEP",):
        return "end of line"
    if tok.type == "NAME":
        return f"name '{tok}'"
    if tok.type in ("INT", "SIGNED", "RANGE"):
        return f"number '{tok}'"
    if tok.type == "STRING":
        return f"card name {tok}"
    return f"'{str(tok).strip()}'"


def _advance(span: Span, skipped: str) -> Span:
    """Move a span start past leading blank text (which may hold newlines)."""
    if "\n" not in skipped:
        return Span(span.path, span.line, span.col + len(skipped), span.end_line, span.end_col)
    line = span.line + skipped.count("\n")
    col = len(skipped) - skipped.rfind("\n")
    return Span(span.path, line, col, line, col + 1)


