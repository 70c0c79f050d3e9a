"""W506: a branch of an 'if' chain that can never run."""

from __future__ import annotations

from dof.dsl.ast import Node
from dof.dsl.checker import Scope
from dof.dsl.diagnostics import Reporter, Span
from dof.dsl.lints.base import Lint, lint
from dof.dsl.lints.outcomes import WHAT, hits, subjects
from dof.dsl.names import Names


@lint
class DeadBranches(Lint):
    """A branch of an ``if ... otherwise if ... otherwise`` chain that can
    never run, because the conditions before it already take every die
    result or turn it could see."""

    code = "W506"

    def __init__(self, names: Names, reporter: Reporter) -> None:
        super().__init__(names, reporter)
        self._chained: set[int] = set()   # 'otherwise if' statements already seen in a chain

    def if_stmt(self, node: Node, scope: Scope) -> None:
        if id(node) in self._chained:
            return
        conds: list[Node] = []
        last: Node | None = None
        while True:
            cond, _, *rest = node.children
            conds.append(cond)
            if not rest or rest[0].kind != "if_stmt":
                last = rest[0] if rest else None
                break
            node = rest[0]
            self._chained.add(id(node))
        for subject, universe in subjects(scope, self.names.data.turns):
            left = set(universe)
            for cond in conds:
                found = hits(cond, subject, universe)
                if found is None:
                    break
                if found and not found & left:
                    self.report("this branch never runs: the conditions before it already take "
                                f"every {WHAT[subject]} it tests", cond.span)
                left -= found
            else:
                if last is not None and not left:
                    self.report("'otherwise' never runs: the conditions before it hold for "
                                f"every {WHAT[subject]}", self._otherwise(last.span),
                                "drop the last condition, or the 'otherwise'")

    def _otherwise(self, body: Span) -> Span:
        """The 'otherwise' before a body (the tree keeps no keywords), looked
        for back from the body over a few lines; the body itself if not found."""
        for line in range(body.line, max(0, body.line - 3), -1):
            text = self.reporter.line(body.path, line)
            end = body.col - 1 if line == body.line else len(text)
            col = text.rfind("otherwise", 0, end)
            if col >= 0:
                return Span(body.path, line, col + 1, line, col + 1 + len("otherwise"))
        return body
