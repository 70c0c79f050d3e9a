"""What the editor tests share: the mod card they edit, and what Lark's own
parser reads each character of a card file as, which an editor's
highlighting (the server's semantic tokens, the TextMate grammar) must agree
with. Lark's interactive parser, not dof's loop, lexes here."""

from __future__ import annotations

import re

from dof.dsl.grammar import keyword, parser

#: Terminals that are keywords though they are patterns.
WORDY = {"CONTROLLED_ADJ", "OR_MORE", "OR_LESS", "_NAME_AND", "_NAME_OR", "_STR_AND",
         "_STR_OR", "_OTHERWISE"}
KINDS = {"NAME": "name", "STRING": "string", "INT": "number", "SIGNED": "number",
         "RANGE": "number"}
COMMENT = re.compile(r"#[^\n]*")

#: A mod card as a modder writes it in an editor, with an unknown space (Gdnask).
MOD_CARD = """\
card 111 "Round Table Returns" {
    period late; side democrat; ops 2; removed after event
    summary "Democrat places SPs in Poland."
    requires event "The Wall Must Go!"
    event {
        democrat places 2 SP in Gdnask
        democrat places 1 SP in each Worker space in East Germany
    }
}
"""


def read_as(text: str) -> list[str | None]:
    """For each character of ``text``: keyword, name, string, number,
    comment, or None (blanks and punctuation)."""
    out: list[str | None] = [None] * len(text)
    covered = 0
    for tok in parser().parse_interactive(text).iter_parse():
        if tok.type == "$END":
            break
        _comments(text, covered, tok.start_pos, out)
        kind = KINDS.get(tok.type)
        fixed = keyword(tok.type) or ""  # a keyword's text ("places", "'s")
        if kind is None and (tok.type in WORDY or any(c.isalpha() for c in fixed)):
            kind = "keyword"
        for i in range(tok.start_pos, tok.end_pos):
            out[i] = kind if kind and not text[i].isspace() else None
        if kind in (None, "keyword"):
            _comments(text, tok.start_pos, tok.end_pos, out)
        covered = tok.end_pos
    _comments(text, covered, len(text), out)
    return out


def _comments(text: str, start: int, end: int, out: list[str | None]) -> None:
    for m in COMMENT.finditer(text, start, end):
        out[m.start():m.end()] = ["comment" if not c.isspace() else None for c in m.group()]
