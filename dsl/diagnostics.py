"""Diagnostics: what lint reports about a card file, with stable codes.

Every problem found in a card file (syntax, names, types, ranges, metadata,
cross-references) becomes a :class:`Diagnostic` that points at
``path:line:col`` and carries the source line, so a modder never sees a
Python traceback for a mistake in a card file.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

# Stable codes: tools and tests match on them, so never renumber.
CODES: dict[str, str] = {
    "E001": "syntax error",
    "E002": "unreadable file (binary or not UTF-8)",
    "E003": "empty file",
    "E004": "nesting too deep",
    "E005": "no card files",
    "E101": "unknown space",
    "E102": "unknown card",
    "E103": "unknown country or region",
    "E104": "unknown space type",
    "E105": "unknown track box or power struggle card",
    "E201": "wrong type or arity",
    "E301": "value out of range",
    "E401": "missing metadata",
    "E402": "duplicate number",
    "E403": "reference to a card not in the deck",
    "E404": "prerequisite never met",
    "E405": "duplicate clause",
    "E406": "duplicate card name",
    "W501": "effect can never act",
    "W502": "lasting flag disagrees with the event",
    "W503": "statement indented as if inside a one-statement body",
    "W504": "metadata disagrees with the game data",
    "W505": "no card files in a folder",
    "E900": "internal error (a bug in dof, reported instead of raised)",
}


#: Source lines longer than this are shown clipped around the error.
SOURCE_WIDTH = 100


@dataclass(frozen=True, order=True)
class Span:
    """Where a node comes from: 1-based line and column, end exclusive."""

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

    @property
    def severity(self) -> str:
        return "warning" if self.code.startswith("W") else "error"

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
        pad = "".join(c if c == "\t" else " " for c in line[: col - 1])
        return line, pad + "^" * max(1, size)

    def to_json(self) -> dict:
        return {
            "path": self.span.path,
            "line": self.span.line,
            "col": self.span.col,
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


class Reporter:
    """Collects diagnostics for one or more files, filling in source lines."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self._sources: dict[str, list[str]] = {}

    def add_source(self, path: str, text: str) -> None:
        self._sources[path] = text.splitlines()

    def report(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        assert code in CODES, code
        lines = self._sources.get(span.path, [])
        source = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
        self.diagnostics.append(Diagnostic(code, message, span, hint, source))

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.diagnostics, key=lambda d: (d.span.path, d.span.line, d.span.col))


def did_you_mean(word: str, candidates: list[str] | tuple[str, ...]) -> str | None:
    """A 'did you mean' hint from the closest candidates (case-insensitive)."""
    lowered = {c.lower(): c for c in candidates}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=3, cutoff=0.6)
    if not close:
        return None
    quoted = [f"'{lowered[c]}'" for c in close]
    return "did you mean " + (quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or "
                              + quoted[-1]) + "?"
