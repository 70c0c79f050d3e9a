"""The language's own words for what a modder writes otherwise.

A syntax error's hint comes from here: the words of the language nearest
an unknown one (the language's word for an English synonym, the same word
in lowercase, a close spelling, another preposition), and the language's
spelling of a construct written as in English ('gains 1 VP for each ...').
Nothing here is offered untried: dsl/recovery.py tries each word on the
parser's table and dsl/parser.py parses each spelling, so that a hint only
ever offers what parses there.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable

#: English words a modder may write, and the language's words for them
#: (verbs in both forms, as the language takes both: 'places', 'place').
SYNONYMS: dict[str, tuple[str, ...]] = {
    **{english: ("places",) for english in (
        "puts", "adds", "deploys", "assigns", "plants")},
    **{english: ("place",) for english in ("put", "add", "deploy", "assign", "plant")},
    **{english: ("removes",) for english in (
        "subtracts", "deletes", "kills", "erases", "loses")},
    **{english: ("remove",) for english in ("subtract", "delete", "kill", "erase", "lose")},
    **{english: ("replaces",) for english in ("swaps", "exchanges", "converts", "flips")},
    **{english: ("replace",) for english in ("swap", "exchange", "convert", "flip")},
    **{english: ("moves",) for english in ("shifts", "transfers", "relocates")},
    **{english: ("move",) for english in ("shift", "transfer", "relocate")},
    **{english: ("gains",) for english in ("scores", "earns", "wins", "receives", "gets")},
    **{english: ("gain",) for english in ("earn", "win", "receive", "get")},
    **{english: ("chooses",) for english in ("picks", "selects", "names", "targets")},
    **{english: ("choose",) for english in ("pick", "select", "target")},
    "throws": ("rolls",), "throw": ("roll",),
    "shows": ("reveals",), "show": ("reveal",),
    "steals": ("takes",), "steal": ("take",), "grabs": ("takes",),
    "hands": ("gives",), "passes": ("gives",),
    "triggers": ("plays",), "executes": ("plays",),
    "performs": ("makes",), "conducts": ("makes",),
    "spends": ("uses",), "spend": ("use",),
    "stops": ("ends",), "finishes": ("ends",),
    "negates": ("cancel",), "cancels": ("cancel",),
    "else": ("otherwise",), "elif": ("otherwise if",), "then": (":",),
    "equals": ("is",), "==": ("is",), "=": ("is",), "!=": ("is not",),
    ">=": ("is at least",), "=>": ("is at least",), "<=": ("is at most",),
    "=<": ("is at most",), ">": ("is greater than",), "<": ("is less than",),
    "&&": ("and",), "&": ("and",), "||": ("or",), "|": ("or",),
    ",": (";",), "and": (";",), "with": ("using",), "dice": ("die",),
    "two": ("2",), "three": ("3",), "four": ("4",), "five": ("5",), "six": ("6",),
}

#: Words that say where: one written for another is a common slip
#: ('places 2 SP to Gdansk').
PREPOSITIONS = frozenset(
    ("in", "into", "to", "onto", "on", "at", "from", "with", "of", "by", "against"))


def nearest(word: str, words: Iterable[str]) -> list[str]:
    """The language's words (or phrases) that may stand for ``word`` where
    ``words`` may: its synonyms, itself in lowercase, close spellings,
    another preposition; best first."""
    words = set(words)
    lower = word.lower()
    found = [phrase for phrase in SYNONYMS.get(lower, SYNONYMS.get(word, ()))
             if phrase.split()[0] in words]
    found += sorted(w for w in words if w.lower() == lower and w != word)
    found += difflib.get_close_matches(lower, sorted(words), n=3, cutoff=0.6)
    if lower in PREPOSITIONS:
        found += sorted(w for w in words if w in PREPOSITIONS)
    return list(dict.fromkeys(found))


#: Constructs written as in English, and the language's spelling: a
#: pattern of the statement, what to write instead, and why.
CONSTRUCTS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str], str]] = [
    (re.compile(r"^(.*?\b(?:gains?|draws?|discards?|advances?))\s+(\d+)\s+(.+?)\s+"
                r"for\s+each\s+(.+)$"),
     r"\1 (\2 for each \4) \3",
     "an amount counted for each of something is written in parentheses"),
    (re.compile(r"^(.*?\b(?:places?|removes?))\s+(\d+)\s+(.*?SPs?)\s+(in|from)\s+(.+?)\s+"
                r"for\s+each\s+(.+)$"),
     r"\1 (\2 for each \6) \3 \4 \5",
     "an amount counted for each of something is written in parentheses"),
    (re.compile(r"^(democrat|communist)\s+loses\s+(\d+)\s+VPs?$"),
     lambda m: f"{'communist' if m[1] == 'democrat' else 'democrat'} gains {m[2]} VP",
     "a player loses VP as the other gains them (one VP track, rule 10.1)"),
    (re.compile(r"^(.*?)\s+until\s+(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?turn$"),
     r"for the rest of the turn: \1",
     "a lasting effect starts with its duration"),
    (re.compile(r"^until\s+(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?turn\b"),
     "for the rest of the turn", "the language's words for a turn's duration (rule 7.2)"),
    (re.compile(r"\b(in|from)\s+(.+?)\s+(and|or)\s+\1\s+"), r"\1 \2 \3 ",
     "names in a list share their 'in' or 'from'"),
    (re.compile(r"^(period|side|ops|summary|requires|cancels)\s*:\s*"), r"\1 ",
     "a clause is written without ':'"),
    (re.compile(r'^requires\s+("[^"]*")$'), r"requires event \1",
     "a card that needs another's event requires the event"),
    (re.compile(r"\b[Vv]ictory\s+[Pp]oints?\b"), "VP", "victory points are written VP"),
    (re.compile(r"\b[Ss]upport\s+[Pp]oints?\b"), "SP", "support points are written SP"),
    (re.compile(r"^if\s+(.+?)\s+then\s+(.+)$"), r"if \1: \2",
     "a condition is followed by ':' and one statement, or by a { block }"),
    (re.compile(r"^(.*?\bdraws?\s+.+?\s+cards?)\s+from\s+(?:the\s+)?(?:draw\s+)?(?:deck|pile)$"),
     r"\1", "cards are drawn from the draw deck: the statement need not say so"),
]


def respell(statement: str) -> list[tuple[str, str]]:
    """The language's spellings of ``statement`` (written as in English),
    each with why: what the caller then parses to keep only what does."""
    out = []
    for pattern, spelling, why in CONSTRUCTS:
        respelt, found = pattern.subn(spelling, statement)
        if found:
            out.append((respelt, why))
    return out
