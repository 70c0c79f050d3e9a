"""W503: a line indented as if it were inside a one-statement body."""

from __future__ import annotations

from dof.dsl.ast import Node
from dof.dsl.lints.base import Lint, lint


@lint
class Indentation(Lint):
    """A line indented under a one-statement ``:`` body, as if it were
    inside it: a ``:`` takes one statement, the next line runs after it."""

    code = "W503"

    def next_statement(self, stmt: Node, following: Node) -> None:
        if stmt.span.end_line == stmt.span.line:
            return  # a body below its statement's first line: none on one line
        bodies = [b for b in stmt.nodes("body") if b.children and b.children[0].kind != "block"]
        for body in bodies:
            inner = body.children[0]
            if (inner.span.line > stmt.span.line and following.span.line > inner.span.line
                    and following.span.col > stmt.span.col):
                self.report("this line is indented as if it were inside the ':' above, but a "
                            "':' takes one statement", following.span,
                            "wrap the statements in { ... } to run them together")
