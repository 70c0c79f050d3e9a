"""Scenario and position files, read with the place of every value by the
engine's reader of hand-written YAML (``dof.engine.data.located``), their
mistakes told as located diagnostics.

A scenario file's mistakes (a misspelt space, a key that does not exist, an
answer the game never offered) must point at the exact ``PATH:LINE:COL``
with the source line and a caret, like a card file's
(:class:`dsl.Diagnostic`). The codes (E6xx, and the E0xx-E3xx that card
files use too) are in the one table, ``dof.dsl.diagnostics.CODES``, which
every Diagnostic is checked against.
"""

from __future__ import annotations

from yaml.nodes import Node
from yaml.reader import Reader

from dof.dsl.diagnostics import Diagnostic, Span
from dof.engine.data.files import SCENARIO
from dof.engine.data.located import Place, YamlText
from dof.engine.data.positions import PositionError


class FileProblem(Exception):
    """A mistake in a hand-written file, as one located diagnostic."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class YamlFile(YamlText):
    """A scenario or position file; makes diagnostics that point into it."""

    kind = SCENARIO
    Mistake = FileProblem
    several = True

    def span(self, node: Node) -> Span:
        return Span(self.path, *self.place(node))

    def diagnostic(self, node: Node, code: str, message: str,
                   hint: str | None = None) -> Diagnostic:
        return self._diagnostic(code, message, self.place(node), hint)

    def mistaken(self, node: Node, error: PositionError) -> FileProblem:
        """``error``, found in the plain value of ``node`` (which says where
        as a path into it, engine/data/positions.py), at its place in the
        file; what it repeats is named by its line and column."""
        message = error.message
        if error.first is not None:
            first = self.place(self.node_at(node, error.first))
            message += f" (first at {first.line}:{first.column})"
        return FileProblem(self.diagnostic(self.node_at(node, error.at), error.code, message,
                                           error.hint))

    def mistake(self, code: str, message: str, place: Place | None,
                hint: str | None = None) -> FileProblem:
        return FileProblem(self._diagnostic(code, message, place, hint))

    def _diagnostic(self, code: str, message: str, place: Place | None,
                    hint: str | None) -> Diagnostic:
        """The diagnostic at ``place`` with its source line (none for the
        file as a whole)."""
        if place is None:
            return Diagnostic(code, message, Span(self.path, 1, 1), hint)
        source = self.lines[place.line - 1] if 0 < place.line <= len(self.lines) else ""
        # A control character would ring, or drive, the terminal it is shown on.
        source = Reader.NON_PRINTABLE.sub("\ufffd", source)
        return Diagnostic(code, message, Span(self.path, *place), hint, source)
