"""Diagnostics: what lint reports about a card file, with stable codes.

Every problem found in a card file (syntax, names, types, ranges, metadata,
cross-references) becomes a :class:`Diagnostic` that points at
``path:line:col`` and carries the source line, so a modder never sees a
Python traceback for a mistake in a card file.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from dof.dsl.grammar import WORD

# The 'did you mean' of every message, for names and words alike.
from dof.engine.data.names import did_you_mean as did_you_mean

# Stable codes: tools and tests match on them, so never renumber. The one
# table of codes, for card files (`dof lint`, the language server) and for
# scenario and position files (``dof.cli.located``, E6xx), which share the
# E0xx-E3xx ones; docs/language.md and docs/scenarios.md document each.
CODES: dict[str, str] = {
    "E001": "syntax error",
    "E002": "unreadable file (binary or not UTF-8)",
    "E003": "empty file",
    "E004": "nesting too deep",
    "E005": "no card (or scenario) files where some are needed",
    "E101": "unknown space",
    "E102": "unknown card",
    "E103": "unknown country or region",
    "E104": "unknown space type",
    "E105": "unknown track box or power struggle card",
    "E201": "wrong type (a name or value of another kind than expected)",
    "E202": "an amount the verb cannot carry out",
    "E203": "more than one country where one is named",
    "E204": "'replaces' without whose SPs go and whose come",
    "E205": "'chooses one' with fewer than two options",
    "E206": "a reference to nothing before it",
    "E207": "a repeating trigger with no duration",
    "E208": "'end this effect' outside a lasting effect or trigger",
    "E209": "a card's phrase in a Tiananmen box",
    "E210": "the attacked suit outside a play to match",
    "E211": "a prerequisite that tests more than the game state",
    "E212": "a card that plays itself",
    "E213": "Power Struggle cards where no power struggle is fought",
    "E214": "drawn Power Struggle cards used as strategy cards",
    "E215": "a power struggle held during another",
    "E216": "a Scoring card's power struggle not held once, every time, in one country",
    "E217": "an Ops value on a Scoring card, or none on another card",
    "E301": "value out of range",
    "E401": "missing metadata",
    "E402": "duplicate number",
    "E403": "reference to a card not in the deck",
    "E404": "prerequisite never met",
    "E405": "duplicate clause",
    "E406": "duplicate card name",
    "E407": "empty event",
    "E601": "unknown key",
    "E602": "missing key",
    "E603": "duplicate key",
    "E604": "impossible position",
    "E611": "answer not among the options offered",
    "E612": "a question with no answer scripted",
    "E613": "answers left unused",
    "E614": "dice do not match the rolls",
    "E620": "expectation not met",
    "W501": "effect can never act",
    "W502": "lasting flag disagrees with the event",
    "W503": "statement indented as if inside a one-statement body",
    "W504": "a Tiananmen box disagrees with the game data",
    "W505": "no card files in a folder",
    "W506": "a branch that can never run",
    "W507": "the card's side does not act in its event",
    "W508": "a player removes his own SPs",
    "W509": "a '# dof: ignore' comment that ignores nothing",
    "W510": "a card's printed fact differs from strategy.yaml",
    "W511": "a card's summary names what its event does not",
    "W512": "a printed card written without its event",
    "E900": "internal error (a bug in dof, reported instead of raised)",
}


def severity(code: str) -> str:
    """'warning' for a W code (a '# dof: ignore' may silence it), else 'error'."""
    return "warning" if code.startswith("W") else "error"


#: Source lines longer than this are shown clipped around the error.
SOURCE_WIDTH = 100


class Span(NamedTuple):
    """Where a node comes from: 1-based line and column, end exclusive.

    A tuple, not a dataclass: the parser makes one for every node of every
    card, and a tuple is several times cheaper to build."""

    path: str
    line: int
    col: int
    end_line: int = 0
    end_col: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Diagnostic:
    """One finding: code, message, where, and an optional hint."""

    code: str
    message: str
    span: Span
    hint: str | None = None
    source_line: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.code not in CODES:  # a bug in dof: every code is in the one table
            raise ValueError(f"{self.code} is not a diagnostic code (see CODES)")

    @property
    def severity(self) -> str:
        return severity(self.code)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def caret(self) -> str:
        """The caret line under :attr:`source_line`, as wide as the span on one line."""
        return self.excerpt(None)[1]

    def excerpt(self, width: int | None = SOURCE_WIDTH) -> tuple[str, str]:
        """The source line and the caret line under it. A line longer than
        ``width`` is clipped around the column, with an ellipsis at each cut,
        so the caret still stands under the error."""
        line, col = self.source_line, self.span.col
        size = 1
        if self.span.end_line == self.span.line and self.span.end_col > col:
            size = self.span.end_col - col
        size = max(1, min(size, len(line) - col + 1))
        if width is not None and len(line) > width:
            start = max(0, min(col - 1 - width // 3, len(line) - width))
            end = start + width
            head = "…" if start > 0 else ""
            tail = "…" if end < len(line) else ""
            line = head + line[start:end] + tail
            col = col - start + len(head)
            size = min(size, width + len(head) - col + 1)
        pad = "".join(map(_blank, line[: col - 1]))
        return line, pad + "^" * max(1, len("".join(map(_blank, line[col - 1:col - 1 + size]))))

    def end(self) -> tuple[int, int]:
        """Where the finding ends (line, column, exclusive): the span's end, or
        for a bare position the end of the word there, so that an editor
        underlines a whole word."""
        span = self.span
        if (span.end_line, span.end_col) > (span.line, span.col):
            return span.end_line, span.end_col
        word = _WORD.match(self.source_line, span.col - 1)
        return span.line, span.col + (len(word.group()) if word else 1)

    def to_json(self) -> dict:
        end_line, end_col = self.end()
        return {
            "path": self.span.path,
            "line": self.span.line,
            "col": self.span.col,
            "end_line": end_line,
            "end_col": end_col,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
        }

    def format(self) -> str:
        """Plain text: ``PATH:LINE:COL: CODE message``, source, caret, hint."""
        lines = [f"{self.span}: {self.code} {self.message}"]
        if self.source_line:
            lines += list(self.excerpt())
        if self.hint:
            lines.append(f"hint: {self.hint}")
        return "\n".join(lines)


_WORD = re.compile(rf"{WORD}|\S")


def _blank(char: str) -> str:
    """What stands under ``char`` in the caret line, as wide as a terminal
    shows it: a tab stays a tab, an accent written apart (NFD) takes no
    column, a wide letter (東京) two."""
    if char == "\t":
        return char
    if unicodedata.combining(char):
        return ""
    return "  " if unicodedata.east_asian_width(char) in "WF" else " "


#: ``# dof: ignore W504`` or ``# dof: ignore W501, W503`` at the end of a line (a
#: remark about why goes after another ``#``).
IGNORE = re.compile(r"#[ \t]*dof:[ \t]*ignore\b([^#\n]*)")
_CODE = re.compile(r"[^\s,]+")


class Reporter:
    """Collects diagnostics for one or more files, filling in source lines and
    dropping warnings that a ``# dof: ignore`` comment on their line names."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self.errors = 0
        self._texts: dict[str, str] = {}
        self._sources: dict[str, list[str]] = {}
        self._ignored: dict[str, dict[int, set[str]]] = {}

    def add_source(self, path: str, text: str) -> None:
        if self._texts.get(path) is text:
            return
        self._texts[path] = text
        self._sources[path] = text.splitlines()
        self._ignored[path] = {}
        for line, col, codes in _ignore_comments(text):
            self._ignored[path][line] = {c for c, _ in codes if c in CODES and c[0] == "W"}
            for code, at in codes:
                if code not in CODES or code[0] != "W":
                    self.report("W509", _bad_ignore(code), Span(path, line, at, line,
                                                                at + len(code)))
            if not codes:
                self.report("W509", "'# dof: ignore' names no code", Span(path, line, col),
                            "name the warnings to ignore on this line, e.g. "
                            "'# dof: ignore W504'")

    def line(self, path: str, number: int) -> str:
        """Source line ``number`` (1-based) of ``path``, or '' if unknown."""
        lines = self._sources.get(path, [])
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def lines(self, path: str, first: int, last: int) -> list[str]:
        """Source lines ``first`` to ``last`` (1-based, inclusive) of ``path``;
        as many '' as lines when the source is unknown."""
        lines = self._sources.get(path)
        if lines is None or first < 1 or last > len(lines):
            return [self.line(path, n) for n in range(first, last + 1)]
        return lines[first - 1:last]

    def clone(self) -> Reporter:
        """A reporter with no findings that knows the same sources (their
        lines and '# dof: ignore' comments), for work whose findings are
        gathered apart and added later with :meth:`extend`."""
        other = Reporter()
        other._texts, other._sources, other._ignored = self._texts, self._sources, self._ignored
        return other

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Add findings another reporter made (see :meth:`clone`)."""
        for diagnostic in diagnostics:
            self.diagnostics.append(diagnostic)
            self.errors += diagnostic.is_error

    def report(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        if code in self._ignored.get(span.path, {}).get(span.line, ()):
            return
        self.diagnostics.append(Diagnostic(code, message, span, hint,
                                           self.line(span.path, span.line)))
        self.errors += code[0] != "W"

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.diagnostics, key=lambda d: (d.span.path, d.span.line, d.span.col))


def _ignore_comments(text: str) -> list[tuple[int, int, list[tuple[str, int]]]]:
    """(line, column, [(code, column)...]) of each ``# dof: ignore``, in one pass."""
    found = []
    line, last = 1, 0
    for m in IGNORE.finditer(text):
        line += text.count("\n", last, m.start())
        last = m.start()
        line_start = text.rfind("\n", 0, m.start()) + 1
        codes = [(c.group().upper(), c.start() - line_start + 1)
                 for c in _CODE.finditer(text, m.start(1), m.end(1))]
        found.append((line, m.start() - line_start + 1, codes))
    return found


def _bad_ignore(code: str) -> str:
    if code in CODES:
        return f"{code} is an error, and errors cannot be ignored: fix the card instead"
    return f"'{code}' is not a diagnostic code (a remark goes after another '#')"
