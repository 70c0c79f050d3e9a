"""Card text -> syntax tree, turning every failure into a diagnostic.

Reading and parsing never raise for a bad card file: undecodable or binary
bytes, empty files and Lark syntax errors all become diagnostics (E001-E003)
with a precise position and an "expected one of ..." message.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from dsl.ast import BoxDef, CardDef, CardName, Name, Node, PsCardDef, SourceFile
from dsl.diagnostics import Reporter, Span, did_you_mean
from dsl.grammar import friendly, keyword, parser


class Num(int):
    """An integer literal that remembers where it was written."""

    span: Span


class Signed(Num):
    """A signed modifier literal ("+1", "-2")."""


class Text(str):
    """A range literal ("1-2") that remembers where it was written."""

    span: Span


def read_source(path: Path, reporter: Reporter) -> str | None:
    """The text of a card file, or None (with a diagnostic) if unusable."""
    name = str(path)
    try:
        data = path.read_bytes()
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


def parse_source(name: str, text: str, reporter: Reporter) -> SourceFile | None:
    """Parse card text; None (with diagnostics) on a syntax error."""
    reporter.add_source(name, text)
    if not re.sub(r"#[^\n]*", "", text).strip():
        reporter.report("E003", "file is empty: no card or Tiananmen box defined",
                        Span(name, 1, 1), 'start with: card 1 "Name" { ... }')
        return None
    try:
        tree = parser().parse(text)
    except UnexpectedInput as exc:
        _syntax_error(name, text, exc, reporter)
        return None
    if _too_deep(name, tree, reporter):
        return None
    try:
        return _Build(name).build(tree, text)
    except Exception as exc:  # noqa: BLE001 - a bug in dof, reported, never raised
        reporter.report("E900", f"internal error while reading this file: {exc!r}",
                        Span(name, 1, 1), "this is a bug in dof; please report it with the file")
        return None


#: Levels of the syntax tree a card may nest (the built-in cards need under
#: 20); deeper trees would exhaust Python's stack in the tools that walk them.
MAX_DEPTH = 120


def _too_deep(name: str, tree: Tree, reporter: Reporter) -> bool:
    """E004 for nesting beyond MAX_DEPTH, found without recursion."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            meta = node.meta if isinstance(node, Tree) else None
            line = getattr(meta, "line", None) or getattr(node, "line", 1) or 1
            col = getattr(meta, "column", None) or getattr(node, "column", 1) or 1
            reporter.report("E004", "blocks, conditions or parentheses nest too deeply here",
                            Span(name, line, col),
                            "split the event into simpler statements; a card may nest "
                            f"{MAX_DEPTH} levels of its syntax")
            return True
        if isinstance(node, Tree):
            stack.extend((child, depth + 1) for child in node.children)
    return False


# ------------------------------------------------------------------ errors


def _expected(terminals: set[str] | frozenset[str]) -> list[str]:
    words = sorted({friendly(t) for t in terminals if not t.startswith("__")})
    return words


def _expected_text(terminals: set[str] | frozenset[str], near: str = "") -> str:
    """The expected tokens; a long list is cut to those most like ``near``."""
    words = _expected(terminals)
    if len(words) > 12:
        def likeness(w: str) -> float:
            return -difflib.SequenceMatcher(None, near.lower(), w.strip("'")).ratio()
        words = sorted(words, key=likeness)[:10] + ["..."]
    return ", ".join(words)


def _keyword_hint(word: str, terminals: set[str] | frozenset[str]) -> str | None:
    kws = [k for k in (keyword(t) for t in terminals) if k]
    return did_you_mean(word, kws)


def _syntax_error(name: str, text: str, exc: UnexpectedInput, reporter: Reporter) -> None:
    """Map Lark's three error kinds to E001 with friendly wording."""
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END" or isinstance(
            exc, UnexpectedEOF):
        lines = text.rstrip().splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
        expected = _expected_text(getattr(exc, "expected", set()))
        hint = "is a closing '}' missing?" if text.count("{") > text.count("}") else None
        reporter.report("E001", f"unexpected end of file; expected {expected}",
                        Span(name, line, col), hint)
        return
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        shown = _describe_token(tok)
        expected = exc.expected
        span = Span(name, tok.line, tok.column, tok.end_line or tok.line,
                    tok.end_column or tok.column + 1)
        if tok.type in ("_SEP", "_RBRACE", "_COLON", "_COMMA", "_LBRACE", "_OTHERWISE"):
            # These tokens swallow blank space; point at their first visible character.
            offset = next((i for i, c in enumerate(str(tok)) if not c.isspace()), 0)
            span = _advance(span, str(tok)[:offset])
        hint = _keyword_hint(str(tok), expected) if tok.type != "NAME" else None
        if tok.type == "NAME" and any(keyword(t) for t in expected):
            hint = hint or "names start with a capital letter; keywords are lowercase"
        reporter.report("E001", f"unexpected {shown}; expected one of: "
                        f"{_expected_text(expected, str(tok).strip())}",
                        span, hint)
        return
    if isinstance(exc, UnexpectedCharacters):
        match = re.match(r"[\w'\-]+", text[exc.pos_in_stream:])
        word = match.group(0) if match else text[exc.pos_in_stream]
        allowed = exc.allowed or set()
        end = exc.column + len(word)
        what = f"word '{word}'" if match else f"character {word!r}"
        hint = _keyword_hint(word, allowed) if match else None
        if word in ('"',):
            hint = "a quoted name must end on the same line"
        reporter.report("E001", f"unexpected {what}; expected one of: "
                        f"{_expected_text(allowed, word)}",
                        Span(name, exc.line, exc.column, exc.line, end), hint)
        return
    reporter.report("E001", "syntax error", Span(name, getattr(exc, "line", 1) or 1,
                                                  getattr(exc, "column", 1) or 1))


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


# ------------------------------------------------------------------ tree -> AST


class _Build(Transformer):
    """Builds :mod:`dsl.ast` nodes from the Lark tree, keeping spans."""

    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=True)
        self.path = path

    def build(self, tree: Tree, text: str) -> SourceFile:
        out = self.transform(tree)
        src = SourceFile(self.path, text)
        for item in out.children:
            if isinstance(item, CardDef):
                src.cards.append(item)
            elif isinstance(item, BoxDef):
                src.boxes.append(item)
            elif isinstance(item, PsCardDef):
                src.ps_cards.append(item)
        return src

    def _span(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 0, 0)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    # tokens
    def INT(self, tok: Token) -> Num:
        n = Num(int(tok))
        n.span = Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)
        return n

    def SIGNED(self, tok: Token) -> Signed:
        n = Signed(int(tok))
        n.span = Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)
        return n

    def RANGE(self, tok: Token) -> Text:
        t = Text(str(tok))
        t.span = Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)
        return t

    def STRING(self, tok: Token) -> CardName:
        return CardName(str(tok)[1:-1],
                        Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column))

    def CONTROLLED_ADJ(self, tok: Token) -> str:
        return str(tok).split("-")[0]

    def OR_MORE(self, tok: Token) -> str:
        return "or_more"

    def OR_LESS(self, tok: Token) -> str:
        return "or_less"

    # structure
    def __default__(self, data, children, meta) -> Node:
        kind = data.value if isinstance(data, Token) else str(data)
        span = self._span(meta)
        node = Node(kind, span, [c for c in children if not isinstance(c, Token)])
        if not span.line:
            inner = [c.span for c in node.children if hasattr(c, "span") and c.span.line]
            if inner:
                node.span = inner[0]
        return node

    def name(self, children) -> Name:
        toks = [c for c in children if isinstance(c, Token) and c.type == "NAME"]
        first, last = toks[0], toks[-1]
        return Name(" ".join(str(t) for t in toks),
                    Span(self.path, first.line, first.column, last.end_line, last.end_column))

    @v_args(meta=True)
    def card(self, meta, children) -> CardDef:
        number, title, *clauses = [c for c in children if not isinstance(c, Token)]
        span = Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)
        return CardDef(int(number), title.text, span, [c for c in clauses if isinstance(c, Node)])

    @v_args(meta=True)
    def ps_card(self, meta, children) -> PsCardDef:
        title, *clauses = [c for c in children if not isinstance(c, Token)]
        span = Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)
        return PsCardDef(title.text, span, [c for c in clauses if isinstance(c, Node)])

    @v_args(meta=True)
    def box(self, meta, children) -> BoxDef:
        number, dem, com, *clauses = [c for c in children if not isinstance(c, Token)]
        span = Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)
        return BoxDef(int(number), {"democrat": dem.text, "communist": com.text}, span,
                      [c for c in clauses if isinstance(c, Node)])

