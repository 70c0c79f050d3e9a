"""Highlighting from the language server (semantic tokens): each word of a
card file as the parser reads it.

The tokens are the parser's own (:mod:`dof.dsl.scan`: its table and
contextual lexer, past its mistakes as `dof lint` goes past them), so a
keyword is highlighted exactly where the grammar reads one. Names are looked up as the checker looks
them up: a run of capitalised words is a space, a country or region, or a
space type of the map; a quoted text that names a card of the deck is a
card. An unknown name is left plain: its diagnostic says why.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from dof.dsl.names import Names
from dof.dsl.scan import COMMENT, Token, category
from dof.engine.data.terms import key

#: The kinds of token, in the legend's order: what a theme colours.
TYPES = ("keyword", "comment", "number", "string", "class", "enumMember", "namespace", "type")
#: A card's own name in its header is its declaration.
MODIFIERS = ("declaration",)
LEGEND = lsp.SemanticTokensLegend(token_types=list(TYPES), token_modifiers=list(MODIFIERS))

_TYPE = {name: i for i, name in enumerate(TYPES)}
_PLACE = {"space": "enumMember", "country": "namespace", "region": "namespace"}

#: A highlighted piece of text: offsets in the text, kind, modifier bits.
Piece = tuple[int, int, str, int]


def pieces(text: str, found: list[Token], names: Names, cards: set[str]) -> list[Piece]:
    """The highlighted pieces of ``text``, whose tokens are ``found``, in
    order; ``cards`` are the name keys of the deck's cards."""
    out: list[Piece] = []
    i = 0
    while i < len(found):
        tok = found[i]
        kind = category(tok.kind)
        if kind == "name":
            last = i
            while last + 1 < len(found) and found[last + 1].kind == "NAME":
                last += 1
            place = name_kind(names, text[tok.start:found[last].end])
            if place:
                out.append((tok.start, found[last].end, place, 0))
            i = last + 1
            continue
        if kind == "string":
            named = key(text[tok.start + 1:tok.end - 1]) in cards
            header = i >= 2 and found[i - 1].kind == "INT" and found[i - 2].kind == "CARD"
            out.append((tok.start, tok.end, "class" if named else "string", int(header)))
        elif kind in ("keyword", "number", "comment"):
            out += _word(text, tok, kind)
        elif tok.end - tok.start > 1:  # a separator or brace that swallowed comments
            out += [(m.start(), m.end(), "comment", 0)
                    for m in COMMENT.finditer(text, tok.start, tok.end)]
        i += 1
    return out


def _word(text: str, tok: Token, kind: str) -> list[Piece]:
    """A keyword, number or comment; a keyword that takes in the blanks and
    comments before it ('otherwise') or between its words ('or more') is
    cut to its words."""
    if kind != "keyword" or not any(c.isspace() for c in text[tok.start:tok.end]):
        return [(tok.start, tok.end, kind, 0)]
    out: list[Piece] = [(m.start(), m.end(), "comment", 0)
                        for m in COMMENT.finditer(text, tok.start, tok.end)]
    start = tok.start
    while start < tok.end:
        while start < tok.end and (text[start].isspace() or text[start] == "#"):
            start = text.find("\n", start) if text[start] == "#" else start + 1
            start = tok.end if start < 0 else start
        end = start
        while end < tok.end and not text[end].isspace():
            end += 1
        if end > start:
            out.append((start, end, kind, 0))
        start = end
    return sorted(out)


def name_kind(names: Names, text: str) -> str | None:
    """What a capitalised name is on the map, as a token type; None if unknown."""
    found = names.resolve_place(text)
    if found is not None:
        return _PLACE[found[0]]
    return "type" if text in names.types else None


def encode(lines: list[str], found: list[Piece], units: UnitCounter) -> list[int]:
    """The pieces as the protocol sends them: for each, its line and start
    relative to the previous piece's, its length, type and modifiers; in the
    client's units, one piece per line of a piece that spans lines."""
    data: list[int] = []
    line = line_start = 0
    last_line = last_col = 0
    for start, end, kind, mods in found:
        while start >= line_start + len(lines[line]) + 1:
            line_start += len(lines[line]) + 1
            line += 1
        while start < end:
            row_end = min(end, line_start + len(lines[line]))
            text = lines[line]
            col = units(text, start - line_start)
            length = units(text, row_end - line_start) - col
            if length:
                data += [line - last_line, col - last_col if line == last_line else col,
                         length, _TYPE[kind], mods]
                last_line, last_col = line, col
            if row_end >= end:
                break
            line_start += len(lines[line]) + 1
            line += 1
            start = line_start
    return data


class UnitCounter:
    """Columns in the client's units (UTF-16 by default): a line of ASCII
    only, most of them, needs no counting."""

    def __init__(self, encoding: str) -> None:
        self.codec = {"utf-8": "utf-8", "utf-32": None}.get(encoding, "utf-16-le")

    def __call__(self, line: str, col: int) -> int:
        if self.codec is None or line.isascii():
            return col
        size = 1 if self.codec == "utf-8" else 2
        return len(line[:col].encode(self.codec)) // size
